"""Input problems, collected so that one run reports all of them."""

from __future__ import annotations

import difflib
from dataclasses import dataclass
from pathlib import Path
from typing import NamedTuple


@dataclass(frozen=True, order=True)
class Problem:
    file: str
    line: int
    col: int
    message: str
    cell: str = ""  # a spreadsheet's place, shown instead of line:col (Mark.cell)

    def __str__(self) -> str:
        where = self.cell or f"{self.line}:{self.col}"
        return f"{self.file}:{where}: {printable(self.message)}"


def printable(text: str) -> str:
    """Control and line-separator characters shown as escapes, so that one problem
    stays one line of output whatever a file holds."""
    if text.isprintable():
        return text
    return "".join(ch if ch.isprintable() else f"\\u{ord(ch):04x}" for ch in text)


class InvalidInput(Exception):
    """Raised once loading is done, carrying every problem found."""

    def __init__(self, problems: list[Problem]):
        self.problems = sorted(set(problems))
        super().__init__("\n".join(map(str, self.problems)))

    def __reduce__(self):  # raised in a worker process, it crosses back whole
        return InvalidInput, (self.problems,)


class Mark(NamedTuple):
    """Where a value came from: file and 1-based line and column (a tuple: a loaded
    deck holds one per value, and tuples are the cheapest to make). A spreadsheet's
    value says where as spreadsheet users do (`cell`): "14: column 'power'" for a
    CSV row, "Sheet1!C14" for an XLSX cell."""

    file: str
    line: int
    col: int
    cell: str = ""

    def problem(self, message: str) -> Problem:
        return Problem(self.file, self.line, self.col, message, self.cell)


def file_mark(path: Path | str) -> Mark:
    return Mark(str(path), 1, 1)


class Problems:
    """A collector: validators add to it, the loader raises at the end."""

    def __init__(self) -> None:
        self.items: list[Problem] = []
        self.seen: set = set()
        self.repeats = 0  # problems added again at the same place: see `since`

    def add(self, mark: Mark, message: str) -> None:
        """Each problem once at its place (a player's copies of a piece share theirs)."""
        if (mark, message) in self.seen:
            self.repeats += 1
        else:
            self.seen.add((mark, message))
            self.items.append(mark.problem(message))

    def extend(self, found) -> None:
        """Problems found elsewhere (another collector, a file's InvalidInput)."""
        for problem in found:
            mark = Mark(problem.file, problem.line, problem.col, problem.cell)
            self.add(mark, problem.message)

    @property
    def raised(self) -> int:
        """Every problem added so far, repeats included."""
        return len(self.items) + self.repeats

    def since(self, raised: int) -> bool:
        """Whether anything was wrong since `raised` was read. A value checked twice
        (a YAML alias, a data file two components share) repeats its problem, which
        is listed once but still counts here: a value that failed once fails always,
        so no later step sees it."""
        return self.raised > raised

    def raise_if_any(self) -> None:
        if self.items:
            raise InvalidInput(self.items)


def rel(path: Path) -> str:
    """A path as the user will recognise it: relative to the working folder if inside."""
    try:
        return str(Path(path).resolve().relative_to(Path.cwd().resolve()))
    except (OSError, RuntimeError, ValueError):  # outside; a loop of links (3.11's resolve)
        return str(path)


def unknown_ref(kind: str, name: str, known) -> str:
    """An unknown name's message, with the closest known one as a hint."""
    close = difflib.get_close_matches(str(name), list(map(str, known)), n=1)
    hint = f"; did you mean '{close[0]}'?" if close else ""
    return f"unknown {kind} '{name}'{hint}"
