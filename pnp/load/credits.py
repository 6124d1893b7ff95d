"""A game's picture credits: one table in its CREDITS.md, the single place they are
written (`pnp icons add` adds its rows), read on load so that a layout prints them
(`{credits.text}`, `{credits.authors}`, `each: credits.by_author`, `each: credits.rows`)
and a shared game never loses its attributions."""

from __future__ import annotations

import re
from pathlib import Path

from pnp.load.errors import Mark, Problems

FILE = "CREDITS.md"
COLUMNS = ("icon", "picture", "author", "source", "licence")
SPELLINGS = {"license": "licence"}
SEPARATOR_CELL = re.compile(r":?-{3,}:?")
EMPTY = {"text": "", "authors": "", "by_author": [], "rows": []}


class Table:
    """The credits table of a CREDITS.md: its lines, where the table is, its rows."""

    def __init__(self, lines: list[str]):
        self.lines = lines
        self.header = self.end = None  # line indexes: the header, just past the last row
        self.columns: list[str] = []
        self.rows: list[tuple[int, dict]] = []  # (line index, {column: cell})
        self.bad: list[tuple[int, str]] = []  # (line index, what is wrong)
        for at, line in enumerate(lines):
            cells = _cells(line)
            names = [SPELLINGS.get(c.lower(), c.lower()) for c in cells or ()]
            if cells and set(COLUMNS) <= set(names) and at + 1 < len(lines) and all(
                    SEPARATOR_CELL.fullmatch(c) for c in _cells(lines[at + 1]) or ["x"]):
                self.header, self.columns = at, names
                break
        if self.header is None:
            return
        self.end = self.header + 2
        while self.end < len(lines) and lines[self.end].lstrip().startswith("|"):
            cells = _cells(lines[self.end])
            if len(cells) != len(self.columns):
                self.bad.append((self.end, f"a credits row needs {len(self.columns)} cells "
                                 f"({' | '.join(self.columns)}); this one has {len(cells)}"))
            else:
                self.rows.append((self.end, dict(zip(self.columns, cells, strict=True))))
            self.end += 1

    def row_line(self, row: dict) -> str:
        return "| " + " | ".join(_escape(row.get(c, "")) for c in self.columns) + " |"

    def put(self, rows: list[dict]) -> None:
        """Each row in place of the row for the same icon, or after the last row."""
        where = {cells["icon"]: at for at, cells in self.rows}
        for row in rows:
            if row["icon"] in where:
                self.lines[where[row["icon"]]] = self.row_line(row)
            else:
                self.lines.insert(self.end, self.row_line(row))
                self.rows.append((self.end, row))
                where[row["icon"]] = self.end
                self.end += 1


def _cells(line: str) -> list[str] | None:
    """The cells of a Markdown table line (`\\|` is a bar inside a cell), or None."""
    text = line.strip()
    if not text.startswith("|"):
        return None
    text = text[1:]
    if text.endswith("|") and not text.endswith("\\|"):
        text = text[:-1]
    return [p.strip().replace("\\|", "|") for p in re.split(r"(?<!\\)\|", text)]


def _escape(text: str) -> str:
    return str(text).replace("|", "\\|").replace("\n", " ")


def read(root: Path, problems: Problems | None = None, shown: str = FILE) -> dict:
    """The credits of the game in `root`, for its layouts: `text` (every picture, by
    source and licence, then author), `authors` and `rows`. No file or no table: empty.
    A row with the wrong number of cells is a problem at its line."""
    path = root / FILE
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return dict(EMPTY)
    except (OSError, UnicodeDecodeError) as exc:
        if problems is not None:
            problems.add(Mark(shown, 1, 1), f"cannot be read: "
                         f"{getattr(exc, 'strerror', None) or exc}")
        return dict(EMPTY)
    table = Table(text.splitlines())
    if problems is not None:
        for at, message in table.bad:
            problems.add(Mark(shown, at + 1, 1), message)
    rows = [row for _, row in table.rows]
    return {"text": summary(rows), "authors": authors(rows), "by_author": by_author(rows),
            "rows": rows}


def summary(rows: list[dict]) -> str:
    """'game-icons.net, CC BY 3.0: Lorc: anchor, tank; Delapouite: mole.' One sentence
    per source and licence, each picture once, its id's hyphens as spaces."""
    groups: dict = {}
    for row in rows:
        people = groups.setdefault((row["source"], row["licence"]), {})
        people.setdefault(row["author"], {})[row["picture"].replace("-", " ")] = None
    sentences = []
    for (source, licence), people in groups.items():
        who = "; ".join(f"{author}: {', '.join(pictures)}" for author, pictures in
                        people.items())
        head = ", ".join(part for part in (source, licence) if part)
        sentences.append(f"{head}: {who}." if head else f"{who}.")
    return " ".join(sentences)


def by_author(rows: list[dict]) -> list[dict]:
    """One entry per author, source and licence, in the table's order: {author, source,
    licence, pictures}, the pictures' ids (hyphens as spaces) joined by commas; a layout
    prints a paragraph each (`each: credits.by_author`)."""
    groups: dict = {}
    for row in rows:
        key = (row["author"], row["source"], row["licence"])
        groups.setdefault(key, {})[row["picture"].replace("-", " ")] = None
    return [{"author": author, "source": source, "licence": licence,
             "pictures": ", ".join(pictures)}
            for (author, source, licence), pictures in groups.items()]


def authors(rows: list[dict]) -> str:
    return ", ".join(dict.fromkeys(row["author"] for row in rows if row["author"]))


def with_rows(text: str | None, rows: list[dict], title: str, notes: str) -> str:
    """CREDITS.md's text with these rows put in its table; a file without the table
    gets one (a new file: a title, the table and `notes`)."""
    if text is None:
        text = (f"# {title}\n\nThe rules reference prints these credits; keep them when "
                f"you share the game.\n\n")
        lines = [*text.splitlines(), *_new_table(), "", *notes.splitlines()]
    else:
        lines = text.splitlines()
        if Table(lines).header is None:
            lines += ["", "## Pictures", "", *_new_table(), "", *notes.splitlines()]
    table = Table(lines)
    if table.bad:
        at, message = table.bad[0]
        raise ValueError(f"{FILE}:{at + 1}: {message}")
    table.put(rows)
    return "\n".join(table.lines) + "\n"


def _new_table() -> list[str]:
    return ["| " + " | ".join(COLUMNS) + " |", "| " + " | ".join("---" for _ in COLUMNS) + " |"]
