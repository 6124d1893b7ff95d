"""Text boxes written directly (pnp.draw.textout) give the very PDF reportlab's own calls
give, byte for byte; the text caches stay bounded."""

from __future__ import annotations

import io
from collections import OrderedDict

import pytest
from conftest import EXAMPLE
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from pnp.draw import textout, typeset
from pnp.draw.colors import color
from pnp.draw.renderer import DEFAULT_STYLE, Renderer
from pnp.load.errors import Problems
from pnp.load.fonts import BUNDLED_FONTS, font_name
from pnp.load.game import load_game


def letters(first: int, last: int) -> str:
    """Every letter from `first` to `last`, in words of six."""
    chars = [chr(c) for c in range(first, last + 1) if chr(c).isalpha()]
    return " ".join("".join(chars[i:i + 6]) for i in range(0, len(chars), 6))


GREEK, CYRILLIC, LATIN = letters(0x391, 0x3C9), letters(0x410, 0x44F), letters(0x100, 0x17F)
BOXES = [  # (text, style): together more than 256 glyphs, so a second font subset
    ("A plain paragraph of words that wraps onto a few lines in its box.", {}),
    ("**Bold** and *italic* (parenthesised) \\ back\u00a0slash", {"align": "center"}),
    ("TRACKED TITLE", {"tracking": 1.5, "size": 14, "bold": True, "valign": "middle"}),
    (f"{LATIN} {GREEK}", {"align": "right", "size": 5, "min_size": 3}),
    (f"{CYRILLIC} mixed with ascii, {GREEK[:5]} again", {"valign": "bottom"}),
    ("A plain paragraph of words that wraps onto a few lines in its box.", {"size": 7}),
]


def drawn(direct: bool, monkeypatch, boxes=BOXES) -> bytes:
    """The PDF of the boxes drawn by one renderer on two pages, directly or not."""
    with monkeypatch.context() as patch:
        written = []
        real = textout.box_code
        patch.setattr(textout, "box_code", lambda *a: written.append(1) or real(*a))
        if not direct:
            patch.setattr(textout, "fits", lambda *a: False)
        out = io.BytesIO()
        canvas = Canvas(out, pagesize=(120 * mm, 200 * mm), invariant=1, pageCompression=1)
        renderer = Renderer(load_game(EXAMPLE), Problems(), pytest.fail)
        renderer.c, renderer.where, renderer.element = canvas, "test", {}
        for page in range(2):
            canvas.translate(0, 200 * mm)
            for n, (text, style) in enumerate(boxes):
                renderer.text_box(text, {**DEFAULT_STYLE, **style}, 5, 5 + 30 * n, 60 + page,
                                  28, True)
            canvas.showPage()
        canvas.save()
        assert bool(written) == direct
        return out.getvalue()


def test_text_written_directly_is_what_reportlab_writes(monkeypatch):
    assert drawn(True, monkeypatch) == drawn(False, monkeypatch)


def test_a_second_font_subset_is_written_as_reportlab_does(monkeypatch):
    pdf = drawn(True, monkeypatch)
    assert b"+1" in pdf  # a font's second subset: the boxes use more than 256 glyphs


@pytest.mark.parametrize(("rotate", "colour"), [(90, "#000000"), (0, "#ff000080")])
def test_turned_or_translucent_text_goes_through_reportlab(rotate, colour):
    canvas = Canvas(io.BytesIO())
    encoder = textout.Encoder(canvas._doc)
    runs = [[0.0, 0.0, font_name(BUNDLED_FONTS, "sans"), ["word"]]]
    assert textout.fits(canvas, color("#000000"), runs, 0, encoder)
    assert not textout.fits(canvas, color(colour), runs, rotate, encoder)


def test_text_caches_keep_the_recent_texts_and_no_more():
    cache: OrderedDict = OrderedDict()
    for n in range(typeset.CACHED + 10):
        typeset.keep(cache, n, str(n))
        assert typeset.recent(cache, 0) == "0"  # used again: kept
    assert len(cache) == typeset.CACHED
    assert typeset.recent(cache, 1) is None  # the least recently used went first
    assert typeset.recent(cache, typeset.CACHED + 9) == str(typeset.CACHED + 9)
