"""The lines of YAML (or the CSV row) that drew a piece, for `pnp preview`'s click on
a piece: from the mark the loader gave the item to where its block ends."""

from __future__ import annotations

from pathlib import Path

MOST = 40  # lines shown of one block


def indent(line: str) -> int:
    return len(line) - len(line.lstrip(" "))


class Sources:
    """The blocks of one refresh, each file read once however many pieces it holds."""

    def __init__(self):
        self.files: dict = {}

    def lines(self, path: str) -> list:
        if path not in self.files:
            try:
                self.files[path] = Path(path).read_text(encoding="utf-8-sig").splitlines()
            except (OSError, UnicodeDecodeError):
                self.files[path] = []
        return self.files[path]

    def block(self, path: str, line: int) -> list:
        """[[number, text]] of the block that starts at `line` (1-based): that line and
        the lines below indented deeper than it (a list entry's `- ` counts as its
        indent); a line of a spreadsheet alone."""
        lines = self.lines(path)
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

    def item(self, mark) -> dict:
        """Where a piece is written: its file, line and lines."""
        return {"file": mark.file, "line": mark.line, "lines": self.block(mark.file, mark.line)}

    def layouts(self, game, names) -> dict:
        """{name: its file, line and lines} of the layouts `names`."""
        found = {}
        for name in names:
            layout = game.layouts.get(name)
            if layout is not None:
                found[name] = {"name": name, **self.item(layout.mark)}
        return found


def block(path: str, line: int) -> list:
    return Sources().block(path, line)
