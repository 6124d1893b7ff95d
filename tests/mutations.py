"""Mutations of a game folder, for fuzzing (tests/test_fuzz.py, tests/fuzz_campaign.py).

`mutate(rng, folder, times)` changes one thing (or `times` things, one after the
other) in the folder's YAML files (or a file itself) and returns what it did, as a
line to reproduce it by. The same
`random.Random` state gives the same mutation. Kinds, with their weights:

- value: a scalar replaced in place, at its span in the text (the rest of the file
  stays as written), by a nasty value (out of range, wrong type, a template, an
  expression, a path, a date, a huge number, control characters) or by another scalar
  of the same game (a layout name where a colour goes, an id where a number goes);
- number: a number made another number (zero, negative, scaled a thousandfold, a
  fraction, just beyond a limit);
- template: a `{field}` (of the game's, or none, or a path into one) put into a text;
- prose: a printed text given markup, inline icons, long words, soft hyphens,
  joiners, emoji, combining accents, right-to-left marks;
- element: a layout element given an extreme value its type takes (zero, negative,
  the page's size, an expression, a condition), sometimes another type;
- type: a value (scalar, list or mapping) replaced in place by another type;
- structure: the loaded data changed and written back whole: a key deleted, renamed
  (misspelt) or added, a list item deleted or doubled, two values swapped, a value
  wrapped in a list or emptied;
- text: raw text salted with YAML's special characters, cut, a line doubled, moved
  or re-indented, the file truncated, a BOM, CRLF, a NUL, an anchor or alias;
- file: a file removed, emptied, replaced by bytes that are not UTF-8, by a folder,
  or by a link (outside the folder, or to itself).
"""

from __future__ import annotations

import math
import os
import random
import shutil
from pathlib import Path

import yaml

NASTY = [
    None, True, False, 0, -1, 1, 7, 9, 10, 100, 1001, 20001, -(10**6), 10**15 + 1, 10**400,
    0.5, -0.5, 1e-9, 1e300, math.inf, -math.inf, math.nan, "", " ", "0", "007", "1e5", "0x1F",
    "1_000", "1:20", "-3mm", "3 mm", "2in", "12pt", "5furlong", "100%", "{name}", "{nope}",
    "{", "}", "{}", "{{x}}", "{id} {id}", "w / 0", "w - 6", "h * 1e300", "2 ** 2000",
    "not x", "x >= 3 and", "'a' in", ":star:", ":nope:", "**bold", "*", "#ff00ff", "#fff",
    "#12345", "#gggggg", "none", "navy", "rebeccapurple", "transparent", "red;", "poker",
    "a4", "page", "round", "hex", "square", "deck", "sheet", "tokens", "dice", "yes", "off",
    "../x", "../../etc/passwd", "/etc/hostname", "art/nope.png", "nope.svg", "x.yaml", ".",
    "a\u0000b", "\u00ad", "\u202e", "\ufeff", "漢字", "🂡", "\t", "a\nb", "x" * 300,
    "2001-02-31", "2024-01-02", "12:30:00", "~", "null", "[", "]", "- x", "&a", "*a", "!x",
    "%", "@", "`", "|", ">", "? x", "<<", "w / (h - h)", "{power} * 2", "a.b.c", "x[0]",
    "x[99]", "len(x)", "__import__('os')", "1 if 2 else 3", "x ==", "(" * 60 + "1" + ")" * 60,
    "1" * 600, "-w", "bleed * 1e308", "level >= 3 and 'Stealth' in attributes",
]
NUMBERS = [0, -1, 0.001, 1e-6, 41, 201, 1001, 1999, 2001, 20000, 20001, 10**15, 10**15 + 1]
PROSE = ["**", "*", "__", ":star:", ":nope:", "::", "\n\n\n", "x" * 200, "\u00ad" * 10,
         "\u200d", "\u200b", "🂡🂢", "\ufdfa", "e" + "\u0301" * 20, "\t", "{", "}", "\\",
         "<b>", "&amp;", "%s", "\r", "- ", "1. ", "> ", "# ", "  ", "**a *b** c*", "漢字かな",
         "\u202e", "\U0001f600", "\x7f", "'", '"', "–", "…"]
SALT = ":{}[],&*!|>'\"%@`#-?\t\n\r\x00\x85\u2028\ufeff \\/<=~"
TYPES = ["[]", "{}", "[a]", "{a: 1}", "[[[[1]]]]", "{a: {b: {c: [d]}}}", "~", "12", "text",
         "true", "[1, 2, 3]", "{id: x}", "''"]


class Loader(yaml.SafeLoader):
    """The pure-Python safe loader: its marks count characters of the text."""


def mutate(rng: random.Random, folder: Path, times: int = 1) -> str:
    """`times` mutations, one after the other; what each did, joined by ' + '."""
    return " + ".join(mutate_once(rng, folder) for _ in range(times))


def mutate_once(rng: random.Random, folder: Path) -> str:
    files = sorted(p for p in folder.rglob("*.yaml") if p.is_file())
    path = rng.choice(files)
    kind = rng.choices(list(KINDS), weights=[KINDS[k][1] for k in KINDS])[0]
    try:
        done = KINDS[kind][0](rng, folder, path)
    except (yaml.YAMLError, UnicodeDecodeError, ValueError, RecursionError, IndexError):
        done = None  # a file this kind cannot read: salt its text instead
    if done is None:
        kind, done = "text", text(rng, folder, path)
    return f"{kind}: {path.relative_to(folder)}: {done}"


def nodes(text: str) -> list:
    """Every node of the document with its span (start, end) in the text."""
    root = yaml.compose(text, Loader=Loader)
    found, stack, seen = [], [root] if root is not None else [], set()
    while stack:
        node = stack.pop()
        if id(node) in seen:
            continue
        seen.add(id(node))
        found.append(node)
        if isinstance(node, yaml.SequenceNode):
            stack.extend(node.value)
        elif isinstance(node, yaml.MappingNode):
            for key, value in node.value:
                stack.extend((key, value))
    return found


def flow(value) -> str:
    """A value as YAML text that fits in place of another on one line."""
    dumped = yaml.safe_dump(value, default_flow_style=True, width=10**9, allow_unicode=True)
    return dumped.removesuffix("\n").removesuffix("\n...").strip()


def replace_span(path: Path, text: str, node, new: str) -> str:
    old = text[node.start_mark.index:node.end_mark.index]
    path.write_text(text[:node.start_mark.index] + new + text[node.end_mark.index:],
                    encoding="utf-8")
    return f"line {node.start_mark.line + 1}: {shorten(old)} -> {shorten(new)}"


def value(rng: random.Random, folder: Path, path: Path) -> str | None:
    text = path.read_text(encoding="utf-8")
    scalars = [n for n in nodes(text) if isinstance(n, yaml.ScalarNode)]
    if not scalars:
        return None
    target = rng.choice(scalars)
    if rng.random() < 0.3:  # a value of the game's own, in the wrong place
        other = rng.choice(sorted(folder.glob("*.yaml")))
        pool = [n for n in nodes(other.read_text(encoding="utf-8"))
                if isinstance(n, yaml.ScalarNode) and "\n" not in n.value]
        new = flow(rng.choice(pool).value) if pool else flow(rng.choice(NASTY))
    else:
        new = flow(rng.choice(NASTY))
    return replace_span(path, text, target, new)


def number(rng: random.Random, folder: Path, path: Path) -> str | None:
    """A number made another that is still a number: zero, negative, a thousand times
    larger or smaller, a fraction where a whole number goes, just beyond a limit."""
    text = path.read_text(encoding="utf-8")
    found = [n for n in nodes(text) if isinstance(n, yaml.ScalarNode) and
             n.tag.endswith((":int", ":float"))]
    if not found:
        return None
    target = rng.choice(found)
    try:
        old = float(target.value)
    except ValueError:
        old = 1.0
    choices = [-old, old * 1000, old / 1000, old + 0.5, int(old) * 7, *NUMBERS]
    return replace_span(path, text, target, flow(rng.choice(choices)))


def template(rng: random.Random, folder: Path, path: Path) -> str | None:
    """A text gets a template: a field of the game's (or none), a path into one."""
    text = path.read_text(encoding="utf-8")
    found = nodes(text)
    words = [n.value for n in found if isinstance(n, yaml.ScalarNode) and n.tag.endswith(":str")
             and n.style is None and "\n" not in n.value]
    if not words:
        return None
    target = rng.choice([n for n in found if isinstance(n, yaml.ScalarNode) and
                         n.tag.endswith(":str") and n.style is None and "\n" not in n.value])
    name = rng.choice([*words, "nope", "id", "index", "copies", "game", "component"])
    name += rng.choice(["", "", ".x", "[0]", "[9]", "}", "{"])
    at = rng.randrange(len(target.value) + 1)
    return replace_span(path, text, target,
                        flow(target.value[:at] + "{" + name + "}" + target.value[at:]))


def prose(rng: random.Random, folder: Path, path: Path) -> str | None:
    """A text that is printed (words with spaces) gets markup, inline icons, long
    words, soft hyphens, joiners, emoji, combining accents, right-to-left marks."""
    text = path.read_text(encoding="utf-8")
    found = [n for n in nodes(text) if isinstance(n, yaml.ScalarNode) and
             n.tag.endswith(":str") and " " in n.value]
    if not found:
        return None
    target = rng.choice(found)
    at = rng.randrange(len(target.value) + 1)
    inserted = "".join(rng.choice(PROSE) for _ in range(rng.randint(1, 3)))
    return replace_span(path, text, target,
                        flow(target.value[:at] + inserted + target.value[at:]))


ELEMENT = {  # a layout element's key -> values its type takes, extreme ones
    ("x", "y", "w", "h", "cx", "cy", "r", "radius", "stroke_width", "gap", "icon_size"):
        [0, 0.01, -5, 1999, "w", "h", "w * 2", "h - 1000", "-w", "w / 3", "2in", "1e-9"],
    ("size",): [0.5, 1, 400, 1999, "w", "w * 2"],
    ("rotate",): [-360, 360, 90, 45, 0.1],
    ("min_size", "leading", "tracking", "max_lines"): [1, 3, 0.5, 400, -2, 20, 500],
    ("rows", "cols", "columns", "start", "stop", "step"): [1, 2, 200, 1000, -1000000, 1000000],
    ("fill", "stroke", "color", "highlight_fill"): ["#00000000", "none", "#fff", "navy"],
    ("text", "value", "label"): ["{id}", "", "{nope}", "x" * 400, 0, [1, 2], {"a": 1}],
    ("when",): [True, False, "index > 1", "copies == 0", "nope", "id in ['x']"],
    ("fit",): ["cover", "contain", "stretch"], ("anchor",): ["top-left", "bottom-right"],
    ("align",): ["left", "right"], ("valign",): ["top", "bottom"],
    ("shape",): ["hex", "shield", "diamond", "{id}"], ("dash",): [[], [0], [100] * 8, [1, 0]],
    ("crop",): [[0, 0, 1, 1], [0, 0, 0, 0], [10**6, 0, 1, 1]],
    ("points",): [[[0, 0], [0, 0]], [[0, 0], ["w", "h"], [0, "h"]], [[-1999, 0], [1999, 0]]],
}


def element(rng: random.Random, folder: Path, path: Path) -> str | None:
    """A layout element given another value its type takes, at an extreme (zero,
    negative, the page's size, an expression), or a new element of another type."""
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    found = [box for _, box in containers(data) if isinstance(box, dict) and "type" in box]
    if not found:
        return None
    target = rng.choice(found)
    keys, values = rng.choice(list(ELEMENT.items()))
    key, new = rng.choice(keys), rng.choice(values)
    if rng.random() < 0.2:
        target["type"] = rng.choice(["rect", "text", "icon", "badge", "track", "grid", "line",
                                     "polygon", "circle", "richtext", "hexgrid", "image"])
    target[key] = new
    path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False, width=10**9),
                    encoding="utf-8")
    return f"{target['type']} element: {key} = {shorten(repr(new))}"


def kind_of(rng: random.Random, folder: Path, path: Path) -> str | None:
    text = path.read_text(encoding="utf-8")
    found = nodes(text)[1:]  # not the whole document
    if not found:
        return None
    return replace_span(path, text, rng.choice(found), rng.choice(TYPES))


def structure(rng: random.Random, folder: Path, path: Path) -> str | None:
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    places = list(containers(data))
    if not places:
        return None
    where, box = rng.choice(places)
    what = rng.choice(["delete", "rename", "add", "double", "swap", "wrap", "empty"])
    keys = list(box) if isinstance(box, dict) else list(range(len(box)))
    if not keys and what != "add":
        what = "add"
    key = rng.choice(keys) if keys else None
    if what == "delete":
        del box[key]
    elif what == "rename" and isinstance(box, dict):
        box[misspelt(rng, str(key))] = box.pop(key)
    elif what == "add" or what == "rename":
        if isinstance(box, dict):
            box[rng.choice(["nope", "id", "copies", "size", "when", "extends", "x"])] = \
                rng.choice(NASTY)
        else:
            box.append(rng.choice(NASTY))
    elif what == "double":
        if isinstance(box, dict):
            box[f"{key}2"] = box[key]
        else:
            box.insert(key, box[key])
    elif what == "swap" and len(keys) > 1:
        a, b = rng.sample(keys, 2)
        box[a], box[b] = box[b], box[a]
    elif what == "wrap":
        box[key] = [box[key]]
    else:
        box[key] = type(box[key])() if isinstance(box[key], (list, dict, str)) else None
    path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False, width=10**9),
                    encoding="utf-8")
    return f"{what} {'/'.join(map(str, where))}{'/' + str(key) if key is not None else ''}"


def containers(data, where=()):
    if isinstance(data, (dict, list)):
        yield where, data
        for key, item in (data.items() if isinstance(data, dict) else enumerate(data)):
            yield from containers(item, (*where, key))


def misspelt(rng: random.Random, word: str) -> str:
    if len(word) < 2:
        return word + "x"
    at = rng.randrange(len(word) - 1)
    return word[:at] + word[at + 1] + word[at] + word[at + 2:]


def text(rng: random.Random, folder: Path, path: Path) -> str:
    raw = path.read_bytes().decode("utf-8", "replace")
    lines = raw.splitlines(keepends=True) or [""]
    what = rng.choice(["salt", "cut", "double", "move", "indent", "truncate", "bom", "crlf",
                       "nul", "anchor", "directive"])
    at = rng.randrange(len(raw) + 1)
    line = rng.randrange(len(lines))
    if what == "salt":
        raw = raw[:at] + "".join(rng.choice(SALT) for _ in range(rng.randint(1, 4))) + raw[at:]
    elif what == "cut":
        raw = raw[:at] + raw[at + rng.randint(1, 40):]
    elif what == "double":
        lines.insert(line, lines[line])
        raw = "".join(lines)
    elif what == "move":
        lines.insert(rng.randrange(len(lines) + 1), lines.pop(line))
        raw = "".join(lines)
    elif what == "indent":
        lines[line] = rng.choice(["  ", " ", "\t", "    "]) + lines[line] if rng.random() < 0.6 \
            else lines[line][rng.randint(1, 4):]
        raw = "".join(lines)
    elif what == "truncate":
        raw = raw[:at]
    elif what == "bom":
        raw = "\ufeff" + raw
    elif what == "crlf":
        raw = raw.replace("\n", "\r\n")
    elif what == "nul":
        raw = raw[:at] + "\x00" + raw[at:]
    elif what == "anchor":
        raw = raw[:at] + rng.choice([" &a ", " *a ", " *nope ", "<<: *a\n", " !!str ",
                                     " !!python/object/apply:os.system [x] ", " !x ",
                                     " !!binary ", " !!set ", " &a [*a] "]) + raw[at:]
    else:
        raw = rng.choice(["%YAML 1.1\n---\n", "---\n", "...\n", "%TAG ! tag:x,2000:\n---\n"]) \
            + raw
    path.write_text(raw, encoding="utf-8", newline="")
    return f"{what} at {at} (line {line + 1})"


def whole_file(rng: random.Random, folder: Path, path: Path) -> str:
    what = rng.choice(["remove", "empty", "bytes", "folder", "link-out", "link-loop"])
    path.unlink()
    if what == "empty":
        path.write_bytes(b"")
    elif what == "bytes":
        path.write_bytes(bytes(rng.randrange(256) for _ in range(rng.randint(1, 300))))
    elif what == "folder":
        path.mkdir()
    elif what == "link-out":
        os.symlink("/etc/hostname", path)
    elif what == "link-loop":
        os.symlink(path.name, path)
    return what


def shorten(text: str, size: int = 50) -> str:
    text = repr(text)
    return text if len(text) <= size else text[:size - 3] + "..."


KINDS = {"value": (value, 24), "number": (number, 13), "template": (template, 8),
         "prose": (prose, 8), "element": (element, 10), "type": (kind_of, 8),
         "structure": (structure, 13), "text": (text, 12), "file": (whole_file, 4)}


def copy_game(source: Path, target: Path) -> Path:
    shutil.copytree(source, target, symlinks=True)
    return target
