"""The lines of YAML (or the CSV row) that drew a piece, for `pnp preview`'s click on
a piece: from the mark the loader gave the item to where its block ends."""

from __future__ import annotations

from pathlib import Path

MOST = 40  # lines shown of one block


def indent(line: str) -> int:
    return len(line) - len(line.lstrip(" "))


def block(path: str, line: int) -> list:
    """[[number, text]] of the block that starts at `line` (1-based): that line and the
    lines below indented deeper than it (a list entry's `- ` counts as its indent);
    a line of a spreadsheet alone."""
    try:
        lines = Path(path).read_text(encoding="utf-8-sig").splitlines()
    except (OSError, UnicodeDecodeError):
        return []
    if not 1 <= line <= len(lines):
        return []
    first = lines[line - 1]
    shown = [[line, first]]
    if Path(path).suffix.lower() not in (".yaml", ".yml"):
        return shown
    depth = indent(first)
    for number in range(line, min(len(lines), line - 1 + MOST)):
        text = lines[number]
        if text.strip() and indent(text) <= depth:
            break
        shown.append([number + 1, text])
    while len(shown) > 1 and not shown[-1][1].strip():
        shown.pop()
    return shown


def item_source(item_mark, layout) -> dict:
    """What drew a piece: its own lines, and its layout's name and lines."""
    found = {"file": item_mark.file, "line": item_mark.line,
             "lines": block(item_mark.file, item_mark.line)}
    if layout is not None:
        found["layout"] = {"name": layout.name, "file": layout.mark.file,
                           "line": layout.mark.line,
                           "lines": block(layout.mark.file, layout.mark.line)}
    return found
