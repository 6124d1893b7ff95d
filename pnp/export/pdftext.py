"""Where a text-showing operator paints, for the CMYK converter (cmykpage.py): the
font's advance widths and its height, read from the PDF's font dictionaries, give the
box of a run of glyphs and how far it moves the text position. Boxes are generous
(the font's bounding box in height, a fifth of the size more on each side) so that a
test of what lies under the text errs on the side of "not one flat colour"."""

from __future__ import annotations

from dataclasses import dataclass, field

from pikepdf import String

OVERHANG = 0.2  # of the font size, added left and right of a run (italics, swashes)


@dataclass
class Font:
    widths: dict = field(default_factory=dict)  # code -> advance in text space units
    default: float = 1.0  # a code the font does not list (unknown fonts: one em)
    ascent: float = 1.0
    descent: float = -0.3
    two_byte: bool = False


def font(dictionary) -> Font:
    """The metrics of a font dictionary (simple fonts and Type0 fonts)."""
    if dictionary is None:
        return Font()
    if dictionary.get("/Subtype") == "/Type0":
        (descendant,) = dictionary.DescendantFonts
        metrics = Font(default=float(descendant.get("/DW", 1000)) / 1000, two_byte=True)
        _cid_widths(descendant.get("/W"), metrics.widths)
        _height(descendant.get("/FontDescriptor"), metrics)
        return metrics
    metrics = Font()
    widths = dictionary.get("/Widths")
    descriptor = dictionary.get("/FontDescriptor")
    if widths is not None:
        first = int(dictionary.get("/FirstChar", 0))
        metrics.widths = {first + i: float(w) / 1000 for i, w in enumerate(widths)}
        missing = descriptor.get("/MissingWidth") if descriptor is not None else None
        metrics.default = float(missing) / 1000 if missing is not None else 1.0
    _height(descriptor, metrics)
    return metrics


def _cid_widths(array, widths: dict) -> None:
    items = list(array or [])
    at = 0
    while at + 1 < len(items):
        first, then = int(items[at]), items[at + 1]
        if hasattr(then, "__len__") and not isinstance(then, int | float):
            for i, w in enumerate(then):
                widths[first + i] = float(w) / 1000
            at += 2
        else:
            for code in range(first, int(then) + 1):
                widths[code] = float(items[at + 2]) / 1000
            at += 3


def _height(descriptor, metrics: Font) -> None:
    if descriptor is None:
        return
    box = descriptor.get("/FontBBox")
    if box is not None:
        metrics.descent = min(metrics.descent, float(box[1]) / 1000)
        metrics.ascent = max(metrics.ascent, float(box[3]) / 1000)


def run(metrics: Font, operands, op: str, size: float, char_space: float,
        word_space: float, hscale: float) -> tuple:
    """(leftmost x, rightmost x, advance) of a Tj/TJ/'/" run in unscaled text space."""
    pieces = operands[0] if op == "TJ" else operands[-1:]
    x = low = high = 0.0
    for piece in pieces:
        if not isinstance(piece, String):
            x -= float(piece) / 1000 * size * hscale
        else:
            data = bytes(piece)
            codes = ([data[i] << 8 | data[i + 1] for i in range(0, len(data) - 1, 2)]
                     if metrics.two_byte else data)
            for code in codes:
                spacing = word_space if code == 32 and not metrics.two_byte else 0.0
                x += (metrics.widths.get(code, metrics.default) * size + char_space
                      + spacing) * hscale
                low, high = min(low, x), max(high, x)
        low, high = min(low, x), max(high, x)
    return low - OVERHANG * size, high + OVERHANG * size, x
