"""Icon files edited as text, so that `pnp icons add` keeps a designer's comments,
order and hand-drawn shapes: an icon is appended to the `icons:` mapping, or its
entry (from its key to the last of its own lines) is replaced in place."""

from __future__ import annotations

import yaml

_Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class IconFileError(ValueError):
    """The icon file is not one this editor can change safely (the message says why)."""


def number(value: float) -> str:
    text = f"{value:.1f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def entry(name: str, rings: list, comment: str, indent: str = "  ") -> list[str]:
    """One icon's lines: its key with a comment, one `path:` shape on one line."""
    points = ", ".join("[" + ", ".join(f"[{number(x)}, {number(y)}]" for x, y in ring) + "]"
                       for ring in rings)
    return [f"{indent}{name}:  # {comment}", f"{indent}  - path: [{points}]"]


def entries(text: str, where: str) -> tuple[dict, int | None, str]:
    """The icons of an icon file's text: ({name: (first line, line past its end)}, the
    line to append after (the end of the mapping), the indentation of its keys)."""
    try:
        root = yaml.compose(text, Loader=_Loader)
    except yaml.YAMLError as exc:
        raise IconFileError(f"{where} is not valid YAML ({exc.problem or exc})") from None
    lines = text.splitlines()
    if root is None:
        return {}, None, "  "
    icons = _icons_node(root, where)
    if icons is None:  # `icons:` with nothing after it
        key = next(k for k, _ in root.value if k.value == "icons")
        return {}, key.start_mark.line + 1, "  "
    if not isinstance(icons, yaml.MappingNode) or icons.flow_style:
        raise IconFileError(f"{where}: `icons:` is not a block mapping (one icon a line, "
                            "not {...}); `pnp icons add` adds only to one")
    found, keys = {}, [k for k, _ in icons.value]
    for i, key in enumerate(keys):
        start, column = key.start_mark.line, key.start_mark.column
        limit = keys[i + 1].start_mark.line if i + 1 < len(keys) else len(lines)
        stop = start + 1
        while stop < limit and (_trailing(lines[stop]) or _indent(lines[stop]) > column):
            stop += 1
        while stop > start + 1 and _trailing(lines[stop - 1]):
            stop -= 1
        found[key.value] = (start, stop)
    end = max((stop for _, stop in found.values()), default=None)
    indent = " " * keys[0].start_mark.column if keys else "  "
    return found, end, indent


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip(" "))


def _trailing(line: str) -> bool:
    """A blank or comment line: it belongs to what follows, not to the icon before."""
    return not line.strip() or line.lstrip().startswith("#")


def _icons_node(root, where: str):
    if not isinstance(root, yaml.MappingNode):
        raise IconFileError(f"{where}: an icon file is a mapping with `icons:` at the top")
    for key, value in root.value:
        if key.value == "icons":
            if isinstance(value, yaml.ScalarNode) and value.value in ("", "~", "null"):
                return None
            return value
    raise IconFileError(f"{where}: no `icons:` in this file")


def with_icons(text: str | None, new: dict[str, tuple[list, str]], where: str,
               header: str) -> str:
    """The icon file's text with each `new` icon (name -> (rings, comment)) in place of
    the icon of that name, or appended. A file that does not exist yet starts with
    `header` (comment lines)."""
    if text is None or not text.strip():
        text = f"{header}\nicons:\n"
    found, end, indent = entries(text, where)
    lines = text.splitlines()
    if end is None:
        lines.append("icons:")
        end = len(lines)
    added = []
    for name in sorted(new, key=lambda n: -found[n][0] if n in found else 0):
        body = entry(name, *new[name], indent=indent)
        if name in found:
            start, stop = found[name]
            lines[start:stop] = body
            end += len(body) - (stop - start)
        else:
            added += body
    lines[end:end] = added
    out = "\n".join(lines) + "\n"
    check = yaml.load(out, Loader=_Loader)
    icons = check.get("icons") if isinstance(check, dict) else None
    missing = [n for n in new if not (isinstance(icons, dict) and n in icons)]
    if missing:
        raise IconFileError(f"{where}: editing it would lose {', '.join(missing)}")
    return out
