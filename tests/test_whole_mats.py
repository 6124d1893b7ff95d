"""A board or mat on one sheet where the paper allows (issue 34, section 3): Above Top
Secret's playmat, Against All Tyrants' theater mats and Geheime Mission's board, built on
A3 and US Tabloid and read back from the PDF: each piece whole on a page of its own, cut
at its size, its crop marks outside its bleed and nothing drawn within the 5 mm printer
margin; its text at the sheets' 9 pt; the board's card spaces take a sleeved card."""

from __future__ import annotations

from collections import Counter

import pdfplumber
import pytest
from pdfread import manifest

from pnp import BUNDLED_GAMES
from pnp.cli.games import only_components
from pnp.load.game import load_game
from pnp.load.players import for_players
from pnp.sheets.build import Options, build_game

PT = 25.4 / 72
TOL = 0.05
MARGIN, BLEED, GAP = 5.0, 3.0, 1.0  # printer margin, bleed, bleed to crop mark (defaults)
# The published paper sizes (mm, landscape), written out rather than read from the code.
PAPER = {"a3": (420.0, 297.0), "tabloid": (431.8, 279.4)}
PIECES = {"above-top-secret": "playmat", "against-all-tyrants": "theater-mats",
          "geheime-mission": "board"}
SHEET_PT = 9.0
SMALL_OK = {"geheime-mission": {7.5}}  # the board's door word (tests/test_gm_print.py)
SLEEVED = (91.0, 66.0)  # a poker card in a standard sleeve, lying across


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """built(game, paper) -> (folder, pages read back), each built once."""
    cache: dict = {}

    def make(game_id: str, paper: str):
        if (game_id, paper) not in cache:
            game = only_components([load_game(BUNDLED_GAMES / game_id)],
                                   (PIECES[game_id],))[0]
            out = tmp_path_factory.mktemp(f"{game_id}-{paper}")
            build_game(game, out, Options(paper=paper))
            folder = out / game.id
            cache[game_id, paper] = (folder, read(folder / f"{PIECES[game_id]}.pdf"))
        return cache[game_id, paper]

    return make


def read(path) -> list:
    """Per page: its size and every drawn object's box (x0, y0, x1, y1), in mm from the
    bottom left, with the crop marks (black undashed 0.5 pt lines) apart."""
    out = []
    with pdfplumber.open(path) as pdf:
        for page in pdf.pages:
            h = float(page.height)

            def box(o, h=h):
                return (float(o["x0"]) * PT, (h - float(o["bottom"])) * PT,
                        float(o["x1"]) * PT, (h - float(o["top"])) * PT)

            marks = [box(ln) for ln in page.lines
                     if round(float(ln["linewidth"]), 2) == 0.5 and not (ln.get("dash") or
                     ([], 0))[0] and tuple(ln.get("stroking_color") or ()) in ((0,), (0, 0, 0))]
            drawn = [box(o) for kind in ("chars", "rects", "curves", "lines", "images")
                     for o in getattr(page, kind)]
            out.append({"size": (float(page.width) * PT, h * PT), "marks": marks,
                        "drawn": drawn, "fills": [box(o) for o in page.rects + page.curves
                                                  if o.get("fill")],
                        # text turned a quarter: its font size is its box's width
                        "chars": [(float(c["size"] if c["upright"] else c["width"]), box(c))
                                  for c in page.chars],
                        "slots": [(o, box(o)) for o in page.rects + page.curves
                                  if o.get("stroke")]})
    return out


def size_of(game_id: str) -> tuple:
    return tuple(load_game(BUNDLED_GAMES / game_id).component(PIECES[game_id]).size)


def printed(game_id: str) -> int:
    """How many of the piece a build prints (a playmat for each player)."""
    game = for_players(load_game(BUNDLED_GAMES / game_id), None)
    return sum(i.copies for i in game.component(PIECES[game_id]).items)


@pytest.mark.parametrize("paper", sorted(PAPER))
@pytest.mark.parametrize("game_id", sorted(PIECES))
def test_the_piece_is_whole_on_one_page_inside_the_printer_margin(built, game_id, paper):
    folder, pages = built(game_id, paper)
    entries = [e for e in manifest(folder)["items"] if e["component"] == PIECES[game_id]]
    copies = Counter((e["item"], e.get("player"), e["copy"]) for e in entries)
    assert len(copies) == printed(game_id) and set(copies.values()) == {1}, copies  # no tiles
    assert len(pages) == len(entries) == len({e["page"] for e in entries})
    w, h = size_of(game_id)
    for number, page in enumerate(pages, start=1):
        pw, ph = page["size"]
        assert (pw, ph) == pytest.approx(PAPER[paper], abs=0.1), number  # turned to hold it
        # the cuts: crop marks on both ends of each edge, the piece's size apart
        xs = sorted({round(x0, 2) for x0, y0, x1, y1 in page["marks"] if x1 - x0 < 0.01})
        ys = sorted({round(y0, 2) for x0, y0, x1, y1 in page["marks"] if y1 - y0 < 0.01})
        assert len(xs) == 2 and len(ys) == 2, (number, xs, ys)
        assert (xs[1] - xs[0], ys[1] - ys[0]) == pytest.approx((w, h), abs=TOL)
        left, bottom = xs[0], ys[0]
        bleed = (left - BLEED, bottom - BLEED, left + w + BLEED, bottom + h + BLEED)
        for x0, y0, x1, y1 in page["marks"]:  # outside the bleed by the gap
            assert (x1 <= bleed[0] - GAP + TOL or x0 >= bleed[2] + GAP - TOL
                    or y1 <= bleed[1] - GAP + TOL or y0 >= bleed[3] + GAP - TOL), (x0, y0)
        # the ground runs to the bleed edge, and nothing is drawn in the printer margin
        widest = max(page["fills"], key=lambda b: (b[2] - b[0]) * (b[3] - b[1]))
        assert widest == pytest.approx(bleed, abs=0.1)
        for x0, y0, x1, y1 in page["drawn"]:
            assert min(x0, y0, pw - x1, ph - y1) >= MARGIN - TOL, (number, (x0, y0, x1, y1))


@pytest.mark.parametrize("game_id", sorted(PIECES))
def test_the_pieces_text_is_at_the_sheets_9_pt(built, game_id):
    _, pages = built(game_id, "a3")
    x, y, w, h = next(e["trim"] for e in manifest(built(game_id, "a3")[0])["items"])
    on_piece = [round(size, 1) for page in pages for size, (x0, y0, x1, y1) in page["chars"]
                if x <= x0 and x1 <= x + w and y <= y0 and y1 <= y + h]
    assert on_piece
    small = {s for s in on_piece if s < SHEET_PT - 0.01}
    assert small <= SMALL_OK.get(game_id, set()), sorted(small)


def test_the_boards_card_spaces_take_a_sleeved_card(built):
    """Geheime Mission: the two embassies' spaces (a card facing its owner) and the city
    centre's (lying across), each with room round a sleeved poker card inside its line."""
    _, (page,) = built("geheime-mission", "a3")
    spaces = []
    for obj, (x0, y0, x1, y1) in page["slots"]:
        line = float(obj.get("linewidth") or 0) * PT
        inner = sorted((x1 - x0 - line, y1 - y0 - line), reverse=True)
        if 60 < inner[1] < 100 and inner[0] < 120:
            spaces.append(((x1 - x0) > (y1 - y0), inner))
    assert sorted(across for across, _ in spaces) == [False, True, True], spaces
    for _, (long, short) in spaces:
        assert long >= SLEEVED[0] + 1 and short >= SLEEVED[1] + 1, (long, short)
