"""Soft hyphens (U+00AD): never drawn, a break opportunity that shows "-" only at a break."""

from __future__ import annotations

from itertools import pairwise

import pdfplumber
import pytest
from conftest import EXAMPLE
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from pnp.draw.renderer import DEFAULT_STYLE, Renderer
from pnp.draw.text import Word, fit, parse, wrap
from pnp.load.errors import Problems
from pnp.load.fonts import BUNDLED_FONTS, font_name
from pnp.load.game import load_game

SHY = "\u00ad"
REGULAR = font_name(BUNDLED_FONTS, "sans")
BOLD = font_name(BUNDLED_FONTS, "sans", bold=True)
ITALIC = font_name(BUNDLED_FONTS, "sans", italic=True)
FONTS = (REGULAR, BOLD, ITALIC, font_name(BUNDLED_FONTS, "sans", bold=True, italic=True))
SPACE1 = stringWidth(" ", REGULAR, 1)
SIZE = 10.0
WORD = f"Geheim{SHY}dienst{SHY}akte"


def words(text: str, tracking: float = 0.0, upper: bool = False) -> list:
    return parse(text, FONTS, True, {"star": []}, tracking, upper)


def width1(text: str, font: str = REGULAR) -> float:
    return stringWidth(text, font, 1)


def shown(lines: list) -> list[str]:
    return ["".join(" " if f is None else f.text or f":{f.icon}:" for f in frags)
            for frags, _ in lines]


def lines_at(text: str, box1: float) -> list:
    """Wrapped at SIZE into a box as wide as `box1` at 1 pt (plus a hair for rounding)."""
    return wrap(words(text), SIZE, box1 * SIZE + 1e-9, SPACE1)


# -- parse ---------------------------------------------------------------------


def test_parse_drops_soft_hyphens_from_text_and_width():
    [word] = words(WORD)
    assert [f.text for f in word] == ["Geheim", "dienst", "akte"]
    assert sum(f.width1 for f in word) == pytest.approx(width1("Geheimdienstakte"))
    assert isinstance(word, Word)
    assert [(i, round(head, 9)) for i, head, _ in word.breaks] == [
        (1, round(width1("Geheim"), 9)), (2, round(width1("Geheimdienst"), 9))]
    hyphen = word.breaks[0][2]
    assert (hyphen.text, hyphen.font, hyphen.icon) == ("-", REGULAR, None)
    assert hyphen.width1 == pytest.approx(width1("-"))
    [plain] = parse(WORD, FONTS, False, {}, 0.0)  # without markup too
    assert [f.text for f in plain] == ["Geheim", "dienst", "akte"] and plain.breaks


def test_parse_keeps_words_without_soft_hyphens_plain_lists():
    assert all(type(w) is list for w in words("Look at **the** top :star: card."))


def test_parse_ignores_soft_hyphens_at_word_ends_and_repeated():
    [word] = words(f"{SHY}Ab{SHY}{SHY}cd{SHY}")
    assert [f.text for f in word] == ["Ab", "cd"]
    assert [i for i, _, _ in word.breaks] == [1]
    assert words(f"x {SHY} y") == words("x y")


def test_parse_markup_breaks_between_fonts_with_the_hyphen_in_the_font_before():
    word = words(f"**Geheim**{SHY}dienst *ak{SHY}te*")[0]
    assert [(f.text, f.font) for f in word] == [("Geheim", BOLD), ("dienst", REGULAR)]
    assert word.breaks[0][2].font == BOLD
    [word] = words(f"Geheim{SHY}**dienst**")
    assert [(f.text, f.font) for f in word] == [("Geheim", REGULAR), ("dienst", BOLD)]
    assert [i for i, _, _ in word.breaks] == [1]
    assert word.breaks[0][2].font == REGULAR
    italic = words(f"x *ak{SHY}te*")[1]
    assert italic.breaks[0][2].font == ITALIC
    [word] = words(f"Ge**heim**{SHY}dienst")
    assert word.breaks[0][2].font == BOLD


def test_parse_icons_are_whole_and_may_sit_next_to_a_break():
    [word] = words(f"Kraft{SHY}:star:{SHY}wert")
    assert [(f.text, f.icon) for f in word] == [("Kraft", None), ("", "star"), ("wert", None)]
    assert [i for i, _, _ in word.breaks] == [1, 2]


def test_parse_upper_and_tracking():
    [word] = words(f"stra{SHY}ße", upper=True, tracking=2)
    assert [f.text for f in word] == ["STRA", "SSE"]
    assert word[1].width1 == pytest.approx(width1("SSE") + 3 * 0.2)  # 0.2 em per glyph
    assert word.breaks[0][2].width1 == pytest.approx(width1("-") + 0.2)


# -- wrap ----------------------------------------------------------------------


def test_wide_box_draws_no_hyphen_and_measures_like_the_plain_text():
    text = f"Die {WORD} liegt **be{SHY}reit**"
    [(frags, w)] = lines_at(text, 100)
    assert shown([(frags, w)]) == ["Die Geheimdienstakte liegt bereit"]
    [(_, plain_w)] = lines_at("Die Geheimdienstakte liegt **bereit**", 100)
    assert w == pytest.approx(plain_w)


def test_break_keeps_the_most_that_fits_and_counts_the_hyphen():
    head = width1("Die Geheimdienst-")
    lines = lines_at(f"Die {WORD}", head)
    assert shown(lines) == ["Die Geheimdienst-", "akte"]
    assert lines[0][0][-1].text == "-"
    assert lines[0][1] == pytest.approx(head)
    assert lines[1][1] == pytest.approx(width1("akte"))
    # without room for the "-" after "Geheimdienst", the break falls back to "Geheim"
    lines = lines_at(f"Die {WORD}", head - 0.01)
    assert shown(lines) == ["Die Geheim-", "dienstakte"]
    assert lines[0][1] == pytest.approx(width1("Die Geheim-"))


def test_rest_that_still_overflows_breaks_again():
    lines = lines_at(WORD, width1("Geheim-"))
    assert shown(lines) == ["Geheim-", "dienst-", "akte"]
    assert [w for _, w in lines] == pytest.approx([width1(t) for t in shown(lines)])


def test_no_fitting_break_behaves_as_without_soft_hyphens():
    narrow = width1("Geheim-") - 0.01
    assert shown(lines_at(f"Die {WORD}", narrow)) == ["Die", "Geheimdienstakte"]
    box = width1("Geheimdienst-")
    assert width1("Akten Geheim-") > box  # no break fits after "Akten": the word moves on
    assert shown(lines_at(f"Akten {WORD}", box)) == ["Akten", "Geheimdienst-", "akte"]


def test_break_in_bold_adds_a_bold_hyphen():
    lines = lines_at(f"Die **{WORD}**", width1("Die ") + width1("Geheim-", BOLD))
    assert shown(lines) == ["Die Geheim-", "dienstakte"]
    assert [(f.text, f.font) for f in lines[0][0][-2:]] == [("Geheim", BOLD), ("-", BOLD)]


def test_break_after_an_icon_needs_room_for_the_hyphen():
    lines = lines_at(f"Wert:star:{SHY}Kraft", width1("Wert") + 1.1)
    assert shown(lines) == ["Wert:star:Kraft"]  # "-" does not fit after the icon: no break
    lines = lines_at(f"Wert:star:{SHY}Kraft", width1("Wert-") + 1.1)
    assert shown(lines) == ["Wert:star:-", "Kraft"]


# -- fit -----------------------------------------------------------------------


def fitted(text: str, box_w1: float, lines: int):
    height = (lines - 1) * SIZE * 1.2 + SIZE * 0.9
    return fit(words(text), SPACE1, box_w1 * SIZE, height + 1e-6, SIZE, 4.0, 1.2, 0.9)


def test_fit_keeps_the_size_a_break_makes_room_for():
    box = width1("Geheimdienst-") + 0.01
    plain = fitted("Geheimdienstakte", box, 2)
    assert plain.fits and plain.size < SIZE  # without soft hyphens it must shrink
    hyphenated = fitted(WORD, box, 2)
    assert hyphenated.fits and hyphenated.size == SIZE
    assert shown(hyphenated.lines) == ["Geheimdienst-", "akte"]


def test_fit_counts_the_hyphen_in_the_widest_line():
    box = width1("Geheimdienst") + 0.001  # the word's head fits, with its "-" it does not
    result = fitted(f"Geheimdienst{SHY}akte", box, 2)
    assert result.size < SIZE
    assert max(w for _, w in result.lines) * result.size <= box * SIZE + 1e-6


# -- end to end: drawn into a PDF and read back ----------------------------------


@pytest.fixture(scope="module")
def draw_box(tmp_path_factory):
    """draw_box(text, box_w_mm, **style) -> the text lines read back from the PDF."""
    game = load_game(EXAMPLE)
    folder = tmp_path_factory.mktemp("shy")

    def draw(text: str, box_w: float, **style) -> list[str]:
        path = folder / "box.pdf"
        canvas = Canvas(str(path), pagesize=(120 * mm, 80 * mm))
        warnings: list = []
        renderer = Renderer(game, Problems(), warnings.append)
        renderer.c, renderer.where = canvas, "test"
        canvas.translate(0, 80 * mm)  # text_box draws from a top-left origin, y down
        style = {**DEFAULT_STYLE, "size": 10.0, "min_size": 10.0, **style}
        renderer.text_box(text, style, 5, 5, box_w, 60, True)
        canvas.save()
        assert not warnings
        with pdfplumber.open(path) as pdf:
            page = pdf.pages[0]
            chars = page.chars
            text_out = page.extract_text(x_tolerance=1.5)
        assert SHY not in "".join(c["text"] for c in chars) and SHY not in text_out
        for before, char in pairwise(chars):
            if char["text"] == "-":  # set right after its word's end, in that end's font
                assert char["fontname"] == before["fontname"]
                gap = style["tracking"] * style["size"] / 10
                assert char["x0"] - before["x1"] == pytest.approx(gap, abs=0.01)
        return text_out.splitlines()

    return draw


def test_pdf_shows_a_hyphen_only_where_a_word_breaks(draw_box):
    text = f"Die {WORD} im **Panzer{SHY}schrank**."
    assert draw_box(text, 100) == ["Die Geheimdienstakte im Panzerschrank."]
    box = width1("Die Geheimdienst-") * 10 / mm + 0.2
    assert draw_box(text, box) == ["Die Geheimdienst-", "akte im Panzer-", "schrank."]
    box = width1("schrank.", BOLD) * 10 / mm + 0.2
    assert draw_box(text, box) == ["Die", "Geheim-", "dienst-", "akte im", "Panzer-", "schrank."]


def test_pdf_hyphen_with_upper_and_tracking(draw_box):
    text = f"Stra{SHY}ßen{SHY}kreu{SHY}zung"
    assert draw_box(text, 100, upper=True, tracking=1) == ["STRASSENKREUZUNG"]
    box = (width1("STRASSEN-") + 9 * 0.1) * 10 / mm + 0.2
    assert draw_box(text, box, upper=True, tracking=1) == ["STRASSEN-", "KREUZUNG"]
