"""Rich text that wraps and shrinks to fit its box.

Markup: `**bold**`, `*italic*`, `:icon-name:` (drawn inline at text size), and
line breaks. Layout is a greedy line breaker over word widths measured once
at 1 pt and scaled, with a binary search over font sizes in 0.25 pt steps.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from reportlab.pdfbase.pdfmetrics import getAscentDescent, stringWidth

TOKEN = re.compile(r"(\*\*|\*|:[a-z0-9][a-z0-9-]*:|\n|[ \t]+)")


@dataclass(frozen=True)
class Frag:
    text: str  # "" for an icon
    font: str
    icon: str | None = None
    width1: float = 0.0  # width at 1 pt


@dataclass
class Fitted:
    lines: list  # list of (list[Frag], width1)
    size: float
    fits: bool


def parse(text: str, fonts: tuple, markup: bool, icons: dict, tracking: float,
          upper: bool = False) -> list:
    """Split text into words; each word is a list of fragments. None marks a
    paragraph break. `fonts` is (regular, bold, italic, bold-italic)."""
    words, word, bold, italic = [], [], False, False
    parts = TOKEN.split(text) if markup else re.split(r"(\n|[ \t]+)", text)
    for part in parts:
        if not part:
            continue
        if part == "\n" or part[0] in " \t":
            if word:
                words.append(word)
                word = []
            if part == "\n":
                words.append(None)
            continue
        if markup and part == "**":
            bold = not bold
            continue
        if markup and part == "*":
            italic = not italic
            continue
        font = fonts[bold + 2 * italic]
        if markup and part.startswith(":") and part.endswith(":") and part[1:-1] in icons:
            word.append(Frag("", font, part[1:-1], 1.1))
            continue
        if upper:
            part = part.upper()
        width = stringWidth(part, font, 1) + tracking / 10 * len(part)
        word.append(Frag(part, font, None, width))
    if word:
        words.append(word)
    return words


def wrap(words: list, size: float, width: float, space1: float) -> list:
    lines, line, line_w = [], [], 0.0
    for word in words:
        if word is None:
            lines.append((line, line_w))
            line, line_w = [], 0.0
            continue
        w = sum(f.width1 for f in word)
        if line and (line_w + space1 + w) * size > width:
            lines.append((line, line_w))
            line, line_w = [], 0.0
        if line:
            line.append(None)
            line_w += space1
        line.extend(word)
        line_w += w
    if line or not lines:
        lines.append((line, line_w))
    return lines


def fit(words: list, space1: float, width: float, height: float, size: float,
        min_size: float, leading: float, ascent1: float, max_lines: int | None = None) -> Fitted:
    """The largest size (<= size, >= min_size) at which the words fit the box."""

    def attempt(s: float):
        lines = wrap(words, s, width, space1)
        widest = max((w for _, w in lines), default=0.0) * s
        tall = (len(lines) - 1) * s * leading + s * ascent1
        short = max_lines is None or len(lines) <= max_lines
        return lines, short and widest <= width + 1e-6 and tall <= height + 1e-6

    lines, ok = attempt(size)
    if ok:
        return Fitted(lines, size, True)
    low, high = 0, int((size - min_size) / 0.25)
    best = None
    while low <= high:
        mid = (low + high) // 2
        s = min_size + mid * 0.25
        lines, ok = attempt(s)
        if ok:
            best = (lines, s)
            low = mid + 1
        else:
            high = mid - 1
    if best:
        return Fitted(best[0], best[1], True)
    return Fitted(attempt(min_size)[0], min_size, False)


def ascent_ratio(font: str) -> float:
    ascent, _ = getAscentDescent(font, 1)
    return ascent
