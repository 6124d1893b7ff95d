"""Rich text that wraps and shrinks to fit its box.

Markup: `**bold**`, `*italic*`, `:icon-name:` (drawn inline at text size), and
line breaks. Layout is a greedy line breaker over word widths measured once
at 1 pt and scaled, with a binary search over font sizes in 0.25 pt steps.
A soft hyphen (U+00AD) is never drawn: it marks where a word that does not
fit may break, and only there is a visible "-" added.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from reportlab.pdfbase.pdfmetrics import getAscentDescent, stringWidth

TOKEN = re.compile(r"(\*\*|\*|:[a-z0-9][a-z0-9-]*:|\n|[ \t]+)")
SHY = "\u00ad"


@dataclass(frozen=True)
class Frag:
    text: str  # "" for an icon
    font: str
    icon: str | None = None
    width1: float = 0.0  # width at 1 pt


class Word(list):
    """A word's fragments that may break at soft hyphens. Each break is (index of the
    fragment after it, width1 of the fragments before it, the "-" to draw there), all
    measured in `parse` so that wrapping needs no font metrics."""

    __slots__ = ("breaks",)


@dataclass
class Fitted:
    lines: list  # list of (list[Frag], width1)
    size: float
    fits: bool


def parse(text: str, fonts: tuple, markup: bool, icons: dict, tracking: float,
          upper: bool = False) -> list:
    """Split text into words; each word is a list of fragments (a `Word` when it has
    soft hyphens, which are dropped from the text). None marks a paragraph break.
    `fonts` is (regular, bold, italic, bold-italic)."""
    words, word, breaks, bold, italic = [], [], [], False, False
    shy = False  # a soft hyphen since the word's last fragment (none before its first)
    parts = TOKEN.split(text) if markup else re.split(r"(\n|[ \t]+)", text)
    for part in parts:
        if not part:
            continue
        if part == "\n" or part[0] in " \t":
            if word:
                if breaks:
                    words.append(_word(word, breaks, tracking))
                    breaks = []
                else:
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
            if shy and word:
                breaks.append(len(word))
            shy = False
            word.append(Frag("", font, part[1:-1], 1.1))
            continue
        if upper:
            part = part.upper()  # leaves U+00AD alone
        if shy or SHY in part:  # break before each piece but the word's first
            *heads, part = part.split(SHY)
            for head in heads:
                if head:
                    if shy and word:
                        breaks.append(len(word))
                    word.append(_frag(head, font, tracking))
                shy = True
            if not part:
                continue
            if shy and word:
                breaks.append(len(word))
            shy = False
        word.append(_frag(part, font, tracking))
    if word:
        words.append(_word(word, breaks, tracking) if breaks else word)
    return words


@lru_cache(maxsize=16384)
def _frag(text: str, font: str, tracking: float) -> Frag:
    """A measured piece of text; shared, since a deck repeats its words thousands of times."""
    return Frag(text, font, None, stringWidth(text, font, 1) + tracking / 10 * len(text))


def _word(frags: list, breaks: list, tracking: float) -> Word:
    word = Word(frags)
    word.breaks = tuple(
        (i, sum(f.width1 for f in frags[:i]),
         _frag("-", frags[i - 1].font, tracking))
        for i in breaks)
    return word


def wrap(words: list, size: float, width: float, space1: float) -> list:
    lines, line, line_w = [], [], 0.0
    for word in words:
        if word is None:
            lines.append((line, line_w))
            line, line_w = [], 0.0
            continue
        w = sum(f.width1 for f in word)
        if line:
            if (line_w + space1 + w) * size <= width:
                line.append(None)
                line_w += space1
            else:
                if isinstance(word, Word):
                    word, w = _hyphenate(lines, line, line_w, word, w, size, width, space1)
                else:
                    lines.append((line, line_w))
                line, line_w = [], 0.0
        elif w * size > width and isinstance(word, Word):
            word, w = _hyphenate(lines, [], 0.0, word, w, size, width, space1)
        line.extend(word)
        line_w += w
    if line or not lines:
        lines.append((line, line_w))
    return lines


def _hyphenate(lines: list, line: list, line_w: float, word: Word, w: float, size: float,
               width: float, space1: float) -> tuple:
    """Break an overflowing word at its soft hyphens, ending `line` and any further full
    lines, each at the last break whose head and "-" still fit. Returns the rest of the
    word and its width1 to start a fresh line: the whole word if no break fits, as before."""
    start, done = 0, 0.0  # the rest starts at fragment `start`, after width1 `done`
    while line or (w - done) * size > width:
        gap = space1 if line else 0.0
        best = None
        for brk in word.breaks:
            if brk[0] > start and (line_w + gap + brk[1] - done + brk[2].width1) * size <= width:
                best = brk
        if best:
            i, head, hyphen = best
            if line:
                line.append(None)
            line.extend(word[start:i])
            line.append(hyphen)
            lines.append((line, line_w + gap + head - done + hyphen.width1))
            start, done = i, head
        elif line:
            lines.append((line, line_w))
        else:
            break
        line, line_w = [], 0.0
    return word[start:], w - done


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


@lru_cache(maxsize=256)
def ascent_ratio(font: str) -> float:
    ascent, _ = getAscentDescent(font, 1)
    return ascent


@lru_cache(maxsize=256)
def space_width(font: str) -> float:
    """A space's width at 1 pt."""
    return stringWidth(" ", font, 1)
