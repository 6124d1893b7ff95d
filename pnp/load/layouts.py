"""Layouts, validated: `extends` chains flattened, `hide` and every element
checked, and every name a layout reads resolved against each component that
uses it, so a misspelt field is an error at its line, not a silent blank.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass
from pathlib import PurePosixPath

from pnp.load.errors import Mark, Problems, unknown_ref
from pnp.load.expr import Arith, Condition, ExprError
from pnp.load.schema import is_template, unknown_key
from pnp.load.specs import ELEMENT_SPECS, MAX_BOXES
from pnp.load.template import Line, unbalanced
from pnp.load.unread import Layouts, Unread, unread_files

FIRST_NAME = re.compile(r"\{([^{}.\s]+)")  # first segment of each `{path}` template
# Names every piece may read besides its fields and variables (see build.ComponentPdf).
BUILTIN = frozenset({"game", "component", "id", "index", "copy", "copies", "side", "shape",
                     "w", "h", "bleed", "credits"})
DICE = frozenset({"face", "label"})


@dataclass
class Layout:
    name: str
    elements: list  # validated element dicts with '_when', '_mark' and '_marks'
    mark: Mark


def resolve_layouts(loader, layouts: dict, game) -> dict:
    """Flatten `extends` chains into Layouts; problems go to loader.problems. Names
    that a layout or icon file with problems of its own would define are not
    reported unknown as well (pnp.load.unread)."""
    flat: dict = {}
    unread = Unread()
    if loader.problems.items:
        from pnp.load.origins import raw_game

        unread = unread_files(loader.root, raw_game(game), loader.problems)

    def flatten(name: str, chain: tuple) -> list:
        if name in flat:
            return flat[name].elements
        value, raw, mark = layouts[name]
        elements: list = []
        parent = value.get("extends")
        if parent:
            if parent in chain or parent == name:
                loader.problems.add(raw.mark_of("extends"), "layout 'extends' cycle: "
                                    + " -> ".join((*chain, name, parent)))
            elif parent not in layouts:
                if not unread.may_define("layout", parent):
                    loader.problems.add(raw.mark_of("extends"),
                                        unknown_ref("layout", parent, layouts))
            else:
                elements = list(flatten(parent, (*chain, name)))
        if not (parent and parent not in layouts):  # else its ids are unknown
            check_hide(loader.problems, value.get("hide") or [], raw, elements, parent)
        hidden = set(value.get("hide") or [])
        elements = [e for e in elements if e.get("id") not in hidden]
        raw_elements = raw.get("elements") or []
        for i, element in enumerate(value.get("elements") or []):
            emark = raw_elements.marks[i] if hasattr(raw_elements, "marks") else mark
            checked = check_element(loader, element, emark, game, unread)
            if checked is None:  # still replaces the inherited one: no problems of that
                if isinstance(element, dict) and element.get("id") is not None:
                    elements = [e for e in elements if e.get("id") != element["id"]]
                continue
            same = [j for j, old in enumerate(elements)
                    if checked.get("id") and old.get("id") == checked["id"]]
            for j in same:
                elements[j] = checked
            if not same:
                elements.append(checked)
        flat[name] = Layout(name, elements, mark)
        return elements

    for name in layouts:
        flatten(name, ())
    found = Layouts(flat)
    found.unread = unread
    return found


def check_hide(problems: Problems, hide: list, raw, inherited: list, parent) -> None:
    """`hide` names elements of the layout this one extends; anything else is a typo."""
    ids = [e["id"] for e in inherited if e.get("id")]
    marks = raw["hide"].marks if "hide" in raw and hasattr(raw["hide"], "marks") else []
    for i, name in enumerate(hide):
        if name in ids:
            continue
        mark = marks[i] if i < len(marks) else raw.mark
        if not parent:
            problems.add(mark, f"hide: '{name}' names no element: this layout extends none")
            continue
        close = difflib.get_close_matches(str(name), ids, n=1)
        hint = f"; did you mean '{close[0]}'?" if close else ""
        problems.add(mark, f"hide: '{name}' names no element of '{parent}'{hint} "
                     f"(ids: {', '.join(ids) or 'none'})")


def check_element(loader, element, mark: Mark, game, unread: Unread | None = None):
    if not isinstance(element, dict):
        loader.problems.add(mark, "expected a layout element (a mapping with 'type')")
        return None
    kind = element.get("type")
    if not isinstance(kind, str) or kind not in ELEMENT_SPECS:  # a list or mapping too
        loader.problems.add(element.mark_of("type") if "type" in element else mark,
                            f"unknown element type '{kind}'"
                            + unknown_key(kind, ELEMENT_SPECS, "element types")[
                                len(f"unknown key '{kind}' in element types"):])
        return None
    checked = loader.checked(ELEMENT_SPECS[kind], element, mark)
    if checked is None:
        return None
    # keep keys given as 'none' (no paint); drop the ones never given
    checked = {k: v for k, v in checked.items() if v is not None or k in element}
    checked["_mark"] = mark
    checked["_marks"] = {k: element.mark_of(k) for k in element}
    checked["_when"] = None
    if "when" in checked:
        try:
            checked["_when"] = Condition(checked["when"])
        except ExprError as exc:
            loader.problems.add(element.mark_of("when"), str(exc))
            return None
    if kind in ("text", "richtext") and not check_lines(loader, checked, element, mark):
        return None
    check_braces(loader.problems, element)
    if kind == "track":
        boxes = abs(checked["stop"] - checked["start"]) // max(1, abs(checked["step"] or 1)) + 1
        if boxes > MAX_BOXES:
            loader.problems.add(mark, f"a track of {boxes} boxes; the limit is {MAX_BOXES}")
            return None
    unread = unread or Unread()
    for key in ("style", "label_style"):
        name = checked.get(key)
        if name and not is_template(name) and name not in game.styles \
                and not unread.may_define("style", name):
            loader.problems.add(element.mark_of(key), unknown_ref("style", name, game.styles))
    if kind == "icon" and not is_template(checked["name"]) \
            and checked["name"] not in game.icons and not unread.may_define("icon",
                                                                            checked["name"]):
        loader.problems.add(element.mark_of("name"),
                            unknown_ref("icon", checked["name"], game.icons))
    for key in ("src", "image"):
        if key in checked and not is_template(checked[key]):
            missing = missing_image(loader.root, checked[key])
            if missing:  # a picture not drawn yet: refused, or a placeholder, when drawn
                loader.pictures_missing.append((element.mark_of(key), missing))
            else:
                loader.inside(checked[key], element.mark_of(key), "image")
    return checked


def check_braces(problems: Problems, element) -> None:
    """A template's braces must pair: an unclosed `{title` would print literally."""
    for key, value in element.items():
        values = value if key == "lines" and isinstance(value, list) else [value]
        marks = value.marks if key == "lines" and hasattr(value, "marks") else None
        for i, text in enumerate(values):
            text = text.get("text") if isinstance(text, dict) else text
            if key == "when" or not isinstance(text, str) or not set("{}") & set(text):
                continue
            wrong = unbalanced(text)
            if wrong:
                mark = marks[i] if marks else element.mark_of(key)
                shown = f"line {i + 1}: " if marks else ""
                problems.add(mark, f"{key}: {shown}'{text[:60]}': {wrong}")


def check_lines(loader, checked: dict, element, mark: Mark) -> bool:
    """A text element has `text` or `lines`; each line's condition is read now."""
    if ("text" in checked) == ("lines" in checked):
        loader.problems.add(mark, "a text element needs 'text' or 'lines' (one of the two)")
        return False
    if "lines" not in checked:
        return True
    compiled = []
    for i, line in enumerate(checked["lines"]):
        line = {"text": line} if isinstance(line, str) else line
        when = None
        if line.get("when") is not None:
            try:
                when = Condition(line["when"])
            except ExprError as exc:
                loader.problems.add(element["lines"].marks[i], f"line {i + 1}: {exc}")
                return False
        compiled.append(Line(line["text"], when, line.get("each")))
    checked["_lines"] = compiled
    return True


def names_read(element: dict) -> dict:
    """{first segment of every name the element reads: the key it is read in}."""
    found: dict = {}
    if element["_when"] is not None:
        for path in element["_when"].names:
            found.setdefault(path.split(".")[0], "when")
    for line in element.get("_lines", ()):
        names = [p.split(".")[0] for p in line.when.names] if line.when else []
        names += [line.each.split(".")[0]] if line.each else _names_in(line.text)
        for name in names:  # an `each` line's text reads its entries' keys
            found.setdefault(name, "lines")
    for key, value in element.items():
        if key.startswith("_") or key in ("type", "id", "when", "lines"):
            continue
        for name in _names_in(value):
            found.setdefault(name, key)
    return found


def _names_in(value) -> list:
    if isinstance(value, Arith):
        return [path.split(".")[0] for path in value.names]
    if isinstance(value, str) and "{" in value:
        return FIRST_NAME.findall(value)
    if isinstance(value, list):
        return [name for item in value for name in _names_in(item)]
    if isinstance(value, dict):
        return [name for item in value.values() for name in _names_in(item)]
    return []


def check_names(game, problems: Problems) -> None:
    """Every name a used layout reads must be a builtin, a declared field of the
    component using it, or a game or component variable. Reported once per place."""
    reported = set()
    for comp in game.components:
        known = set(BUILTIN) | set(comp.fields) | set(game.vars) | set(comp.vars)
        if comp.per_player and game.player_sets:
            known.add(game.player_sets.var)
        if comp.kind == "dice":
            known |= DICE | {k for item in comp.items for face in item.faces
                             if isinstance(face, dict) for k in face}
        used = {comp.front, comp.back, comp.face} | {
            name for item in comp.items for name in (item.front, item.back)}
        for layout_name in sorted(n for n in used if n and game.layouts.get(n)):
            for element in game.layouts[layout_name].elements:
                texts = texts_read(element)
                for name, key in names_read(element).items():
                    if name in known:
                        continue
                    mark = element["_marks"].get(key, element["_mark"])
                    if (mark, name) in reported:
                        continue
                    reported.add((mark, name))
                    hint = name_hint(name, known, key == "when", name in texts)
                    problems.add(mark, f"'{name}' in {key} names no field or variable of "
                                 f"component '{comp.id}'{hint}")


NEAR = 0.8  # how alike a name must be to a known one to beat "quote it" (difflib ratio)


def name_hint(name: str, known, condition: bool, texty: bool) -> str:
    """The likeliest fix for an unknown name: a close name, or quotes where text is
    probably meant (`kind == leer`: 'bleed' is far-fetched; `titel == 'x'`: 'title')."""
    close = difflib.get_close_matches(name, sorted(known), n=1)
    near = close and difflib.SequenceMatcher(None, name, close[0]).ratio() >= NEAR
    if texty and near:
        return f"; did you mean '{close[0]}'? (if it is text, quote it: '{name}')"
    if texty or (condition and not close):
        return f"; quote it: '{name}'"
    return f"; did you mean '{close[0]}'?" if close else ""


def texts_read(element: dict) -> frozenset:
    """Bare names of the element's conditions that stand where text is likely meant."""
    conditions = [element["_when"]] + [line.when for line in element.get("_lines", ())]
    return frozenset().union(*(c.texts for c in conditions if c is not None))


def missing_image(root, text: str) -> str | None:
    """'image 'x' not found; did you mean ...?' for a path inside the game folder that
    names no file (other problems are Loader.inside's)."""
    try:
        path = (root / text).resolve()
        if not path.is_relative_to(root) or path.is_file():
            return None
    except (OSError, RuntimeError, ValueError):
        return None
    return f"image '{text}' not found{close_files(root, text)} (looked for {path})"


def close_files(root, src: str) -> str:
    """"; did you mean 'art/Portrait.PNG'?" for an image path that names no file: each
    part that is not there replaced by the one of its folder that differs only in case,
    or else is close; "" when some part has none."""
    parts = PurePosixPath(str(src).replace("\\", "/")).parts
    here, fixed = root, []
    for i, part in enumerate(parts):
        last = i == len(parts) - 1
        if part in ("/", ".", ".."):
            return ""
        try:
            if not last and (here / part).is_dir():
                here, fixed = here / part, [*fixed, part]
                continue
            names = sorted(p.name for p in here.iterdir()
                           if (p.is_file() if last else p.is_dir()))
        except OSError:
            return ""
        match = [n for n in names if n.lower() == part.lower()] or \
            (close_name(part, names) if last else difflib.get_close_matches(part, names, n=1))
        if not match:
            return ""
        here, fixed = here / match[0], [*fixed, match[0]]
    found = "/".join(fixed)
    return f"; did you mean '{found}'?" if found and found != src else ""


def close_name(name: str, names: list) -> list:
    """The file a mistyped file name probably means: one of the same extension whose
    name is close (`Navigatr.png` -> `Navigator.png`); never one that only shares the
    extension and a letter (`Raid.png` is not `back.png`)."""
    stem, suffix = PurePosixPath(name).stem.lower(), PurePosixPath(name).suffix.lower()
    same = {PurePosixPath(n).stem.lower(): n for n in names
            if PurePosixPath(n).suffix.lower() == suffix}
    close = difflib.get_close_matches(stem, list(same), n=1, cutoff=0.75)
    return [same[close[0]]] if close else []

