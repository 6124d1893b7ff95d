"""Crop marks long enough to line a cut up in a trimmer (issue 34, section 3): read back
from every bundled game's PDFs, each mark is 5 mm long wherever the paper has that room
outside the printer margin, and where it has not (a card a page is worth more) it runs to
the printer margin and no further; every mark stays clear of the bleed, on the line of a
cut."""

from __future__ import annotations

from collections import defaultdict

import pdfplumber
import pytest
from pdfread import manifest

from pnp import BUNDLED_GAMES
from pnp.load.game import load_game
from pnp.sheets.tiles import TILE_MARGIN

PT = 25.4 / 72
TOL = 0.05
MARGIN = 5.0  # the printer margin by default
BLEED = 3.0
GAP = 1.0  # a crop mark starts this far beyond the bleed
LONG = 5.0  # what a trimmer needs
GAMES = sorted(p.name for p in BUNDLED_GAMES.iterdir() if (p / "game.yaml").is_file())
TILED = ("playmat", "theater-mats", "board")
CLEAR = {"tokens": 2.0 + 1.5, "dice": 1.5}  # bleed and what a block without marks keeps


def crop_marks(pdf_path) -> list:
    """Per page: its size and its crop marks [(x0, y0, x1, y1)] in mm from the bottom left:
    black undashed 0.5 pt straight lines (tile targets, 7 mm crosses, are left out)."""
    out = []
    with pdfplumber.open(pdf_path) as pdf:
        for page in pdf.pages:
            h = float(page.height)
            marks = []
            for ln in page.lines:
                dash = (ln.get("dash") or ([], 0))[0]
                if round(float(ln["linewidth"]), 2) != 0.5 or dash or \
                        tuple(ln.get("stroking_color") or ()) not in ((0,), (0, 0, 0)):
                    continue
                x0, x1 = float(ln["x0"]) * PT, float(ln["x1"]) * PT
                y0, y1 = (h - float(ln["bottom"])) * PT, (h - float(ln["top"])) * PT
                if min(x1 - x0, y1 - y0) < 0.01 and max(x1 - x0, y1 - y0) < 6.9:
                    marks.append((x0, y0, x1, y1))
            out.append(((float(page.width) * PT, h * PT), marks))
    return out


def pieces_by_page(folder) -> dict:
    found: dict = defaultdict(list)
    for entry in manifest(folder)["items"]:
        found[entry["file"], entry["page"]].append((entry["component"], entry["trim"]))
    return found


def room_to_margin(mark, page) -> float:
    """How far the mark's outer end is from the printer margin, along the mark."""
    (x0, y0, x1, y1), (pw, ph) = mark, page
    return min(x0, y0, pw - x1, ph - y1) - MARGIN


def outside_bleed(mark, rects) -> bool:
    """Clear of every piece's bleed: a card's or sheet's by GAP, a token's (2 mm bleed) or
    a die net's (none) by the 1.5 mm kept round a block without crop marks."""
    x0, y0, x1, y1 = mark
    return all(x1 <= x - grow + TOL or x0 >= x + w + grow - TOL or y1 <= y - grow + TOL
               or y0 >= y + h + grow - TOL for (x, y, w, h), grow in rects)


@pytest.mark.parametrize("paper", ["a4", "letter", "a3"])
@pytest.mark.parametrize("game", GAMES)
def test_crop_marks_are_5_mm_where_the_margin_allows(build, game, paper):
    folder, _ = build(BUNDLED_GAMES / game, paper=paper)
    placed = pieces_by_page(folder)
    kinds = {comp.id: comp.kind for comp in load_game(BUNDLED_GAMES / game).components}
    checked = 0
    for pdf in sorted(folder.glob("*.pdf")):
        for number, (page, marks) in enumerate(crop_marks(pdf), start=1):
            on_page = placed[pdf.name, number]
            if not on_page or on_page[0][0] in TILED:
                continue  # tiles: test_tile_marks_are_5_mm below
            rects = [trim for _, trim in on_page]
            clear = [(trim, CLEAR.get(kinds[comp], BLEED + GAP)) for comp, trim in on_page]
            cuts_x = {round(v, 2) for x, _, w, _ in rects for v in (x, x + w)}
            cuts_y = {round(v, 2) for _, y, _, h in rects for v in (y, y + h)}
            for mark in marks:
                x0, y0, x1, y1 = mark
                where = f"{pdf.name} p{number} {tuple(round(v, 2) for v in mark)}"
                length = max(x1 - x0, y1 - y0)
                # on the line of a cut, clear of every bleed, outside the printer margin
                on = cuts_x if x1 - x0 < 0.01 else cuts_y
                assert any(abs((x0 if x1 - x0 < 0.01 else y0) - c) < TOL for c in on), where
                assert outside_bleed(mark, clear), where
                assert room_to_margin(mark, page) >= -TOL, where
                # 5 mm, or as far as the printer margin lets it run
                assert length >= LONG - TOL or room_to_margin(mark, page) < TOL, \
                    (where, round(length, 2))
                checked += 1
    assert checked


def test_the_ninth_card_is_kept_on_a4(build):
    """Poker cards on A4: 3 across leave 1.5 mm for the marks at the sides (5 mm marks
    would leave 2 across, 6 cards a page): the 9 cards are kept, the marks are shorter."""
    folder, _ = build(BUNDLED_GAMES / "above-top-secret", paper="a4")
    counts = defaultdict(int)
    for entry in manifest(folder)["items"]:
        if entry["file"] == "cards.pdf" and entry["side"] == "front":
            counts[entry["page"]] += 1
    assert max(counts.values()) == 9
    page, marks = crop_marks(folder / "cards.pdf")[0]
    sides = [x1 - x0 for x0, y0, x1, y1 in marks if y1 - y0 < 0.01]
    ends = [y1 - y0 for x0, y0, x1, y1 in marks if x1 - x0 < 0.01]
    assert min(sides) == pytest.approx(1.5, abs=TOL)
    assert min(ends) == pytest.approx(LONG, abs=TOL)


def test_long_crop_marks_are_5_mm_everywhere_at_the_cost_of_the_ninth_card(build):
    """--crop-marks long (or print: crop_marks: long): the layout keeps room for 5 mm
    marks at every edge, so poker cards on A4 go 8 a page and every mark of a card page
    is 5 mm, clear of the printer margin."""
    folder, _ = build(BUNDLED_GAMES / "above-top-secret", paper="a4", crop_marks="long")
    counts = defaultdict(int)
    for entry in manifest(folder)["items"]:
        if entry["file"] == "cards.pdf" and entry["side"] == "front":
            counts[entry["page"]] += 1
    assert max(counts.values()) == 8
    for page, marks in crop_marks(folder / "cards.pdf"):
        assert marks and min(max(x1 - x0, y1 - y0) for x0, y0, x1, y1 in marks) >= LONG - TOL
        assert min(room_to_margin(mark, page) for mark in marks) >= -TOL


@pytest.mark.parametrize("game, file", [("geheime-mission", "chips.pdf"),
                                        ("against-all-tyrants", "tokens.pdf")])
def test_marks_between_stacked_blocks_grow_to_5_mm(build, game, file):
    """A block stacked under another (Geheime Mission's standee under its chips; Against
    All Tyrants' cards under its tokens): the page's spare height goes to the marks
    between them and towards the paper edge (3 mm between blocks before)."""
    folder, _ = build(BUNDLED_GAMES / game, paper="a4")
    ends = [y1 - y0 for _, marks in crop_marks(folder / file) for x0, y0, x1, y1 in marks
            if x1 - x0 < 0.01]
    assert ends and min(ends) >= LONG - TOL


def test_tile_marks_are_5_mm(build):
    folder, _ = build(BUNDLED_GAMES / "above-top-secret", paper="a4")
    for (pw, ph), marks in crop_marks(folder / "playmat.pdf"):
        window = (TILE_MARGIN, TILE_MARGIN, pw - TILE_MARGIN, ph - TILE_MARGIN)
        outside = [m for m in marks if m[2] <= window[0] + TOL or m[0] >= window[2] - TOL
                   or m[3] <= window[1] + TOL or m[1] >= window[3] - TOL]
        assert outside
        for x0, y0, x1, y1 in outside:
            assert max(x1 - x0, y1 - y0) == pytest.approx(LONG, abs=TOL)
            assert min(x0, y0, pw - x1, ph - y1) >= MARGIN - TOL
