"""A study's progress on the terminal (`pnp simulate`): one line on standard error,
written over as the games are played, with the time so far and an estimate of the time
left, then wiped before the report. A study of thousands of games takes a minute or
more, and a silent minute looks like a hang; where standard error is not a terminal
(a log, a pipe, a test) nothing is written, so no log fills with lines."""

from __future__ import annotations

import os
import sys
import time


class StudyLine:
    """`line(played)` after each game or count; `line.close()` wipes it. `every` seconds
    at most between two writes, so a fast game's thousands of games a second cost no
    more than a few writes."""

    def __init__(self, label: str, games: int, stream=None, clock=time.monotonic,
                 every: float = 0.2):
        self.stream = sys.stderr if stream is None else stream
        self.label, self.games, self.clock, self.every = label, games, clock, every
        self.start = clock()
        self.shown = ""  # the line on the terminal now
        self.last = None  # when it was written

    def __call__(self, played: int) -> None:
        now = self.clock()
        if self.last is not None and now - self.last < self.every and played < self.games:
            return
        self.last = now
        self.write(self.text(played, now - self.start))

    def text(self, played: int, seconds: float) -> str:
        words = f"{self.label}: {played:,} of {self.games:,} games, {seconds:.0f} s"
        if 0 < played < self.games and seconds >= 1:
            left = seconds * (self.games - played) / played
            words += f", about {max(1, round(left))} s left"
        return words

    def write(self, text: str) -> None:
        # no wider than the terminal (a wrapped line is not written over: \r goes back
        # to the start of its last row); spaces over what a longer line left behind
        width = max(20, self.columns() - 1)
        if len(text) > width:  # the estimate goes first, then the end of the words
            text = text.split(", about")[0][:width]
        pad = " " * max(0, len(self.shown) - len(text))
        self.stream.write(f"\r{text}{pad}")
        self.stream.flush()
        self.shown = text

    def columns(self) -> int:
        try:
            return os.get_terminal_size(self.stream.fileno()).columns
        except (AttributeError, OSError, ValueError):  # no terminal behind it (a test's)
            return 80

    def close(self) -> None:
        if self.shown:
            self.stream.write("\r" + " " * len(self.shown) + "\r")
            self.stream.flush()
            self.shown = ""


def study_line(label: str, games: int, stream=None) -> StudyLine | None:
    """A StudyLine where `stream` (standard error) is a terminal, else None."""
    stream = sys.stderr if stream is None else stream
    isatty = getattr(stream, "isatty", None)
    return StudyLine(label, games, stream) if isatty is not None and isatty() else None
