"""Top-Secret's print set (docs/rulings/top-secret.md), read back from the built PDFs: the
board's 59 spaces where TS-BOARD puts them, to 0.1 mm, its drop spaces, Field, spawn row and
score track; every token by component (47 Intel, 24 agents, 8 blockades, 6 pins, 2 score
markers) with its size and what it shows; the six Intel dice and their parity arrows; the
two handbooks; and the data the rules engine reads (game.yaml's vars and the fields)."""

from __future__ import annotations

import functools
import math
import re
import types
from collections import Counter

import pdfplumber
import pytest

from pnp import BUNDLED_GAMES
from pnp.load.game import load_game
from pnp.sheets.build import Options, check_game
from tests.pdfread import PT, manifest
from tests.test_contrast import contrast
from tests.test_hexgrid import centre, close, hexagons, on_piece

TS = BUNDLED_GAMES / "top-secret"
COLOURS = ["codes", "signals", "finance", "science", "naval", "politics"]
KINDS = ["double-agent", "comms", "analyst", "smuggler", "hacker", "engineer"]
ORIGIN = (7.0, 46.0)  # the grid's top-left on the board (board.yaml)
GAP = 1.2  # between the drawn spaces


@pytest.fixture(scope="module")
def game():
    return load_game(TS)


@pytest.fixture(scope="module")
def a4(build):
    folder, result = build(TS)
    assert result.warnings == []
    return folder


@pytest.fixture(scope="module")
def fronts(a4):
    return [e for e in manifest(a4)["items"] if e["side"] == "front"]


def chars_in(pdf_path, page_no: int, trim) -> list[tuple]:
    """(text, size pt, x, y) of every char inside the trim box, mm from its top-left."""
    page, chars = page_chars(str(pdf_path), page_no)
    mm = on_piece(page, trim)
    found = [(c["text"], round(float(c["size"]), 2), *centre(c, mm)) for c in chars]
    return [c for c in found if 0 <= c[2] <= trim[2] and 0 <= c[3] <= trim[3]]


@functools.cache
def page_chars(pdf_path: str, page_no: int) -> tuple:
    """A page's size and its chars, read once: a sheet holds many pieces."""
    with pdfplumber.open(pdf_path) as pdf:
        page = pdf.pages[page_no - 1]
        return types.SimpleNamespace(height=page.height), list(page.chars)


# -- the data the rules engine reads ---------------------------------------------------

def test_the_data_contract(game):
    v = game.vars
    assert v["board"] == {"rows": 9, "long": 7, "drops": ["A2", "A6"],
                          "field": ["E", "F", "G", "H", "I"], "spawn": "I"}
    assert v["limits"] == {"win": 20, "rounds": 40, "actions": 3, "on_board": 3, "carry": 3,
                           "blockades": 8}
    assert list(v["colours"]) == COLOURS  # in die order
    for colour in v["colours"].values():
        assert {"name", "fill", "ink", "symbol"} <= set(colour)
        assert colour["symbol"] in game.icons
    assert list(v["teams"]) == ["black", "white"]
    assert list(v["kinds"]) == KINDS
    assert all({"name", "short"} <= set(kind) for kind in v["kinds"].values())
    intel, agents = game.component("intel"), game.component("agents")
    assert {"colour", "value", "honeypot"} <= set(intel.fields)
    assert {"team", "kind"} <= set(agents.fields)
    for item in intel.items:
        f = item.fields
        want = f"{f['colour']}-honeypot" if f["honeypot"] else \
            rf"{f['colour']}-{f['value']}[ab]"
        assert re.fullmatch(want, item.id) and item.copies == 1
    for item in agents.items:
        assert re.fullmatch(rf"{item.fields['team']}-{item.fields['kind']}-[12]", item.id)


def test_ts_intel_and_ts_agents(game):
    intel = [i.fields for i in game.component("intel").items]
    assert len(intel) == 47
    for colour in COLOURS:
        mine = [f for f in intel if f["colour"] == colour]
        assert sorted(f["value"] for f in mine if not f["honeypot"]) == [1, 1, 2, 2, 3, 3, 4]
        assert sum(f["honeypot"] for f in mine) == (0 if colour == "codes" else 1)
    assert all(f["value"] == 0 for f in intel if f["honeypot"])
    agents = Counter((i.fields["team"], i.fields["kind"]) for i in game.component("agents").items)
    assert agents == {(team, kind): 2 for team in ("black", "white") for kind in KINDS}


# -- the board ---------------------------------------------------------------------------

def expected_spaces(game) -> dict:
    """TS-BOARD: space (row r, column c) at x = 2(c - 1) half-spaces in a long row, 2c - 1
    in a short one; rows 0.75 of a space apart."""
    size, board = game.vars["hex"], game.vars["board"]
    flats = size * math.sqrt(3) / 2
    found = {}
    for r in range(board["rows"]):
        long = r % 2 == 0
        for c in range(1, board["long"] + (1 if long else 0)):
            half = 2 * (c - 1) if long else 2 * c - 1
            found[f"{'ABCDEFGHI'[r]}{c}"] = (ORIGIN[0] + flats / 2 + half * flats / 2,
                                              ORIGIN[1] + size / 2 + r * 0.75 * size)
    return found


@pytest.fixture(scope="module")
def board(a4):
    entries = [e for e in manifest(a4)["items"] if e["component"] == "board"]
    assert [e["page"] for e in entries] == [1, 2, 3, 4]  # four tiles, 2 x 2
    assert all(e["trim"][2:] == [360.0, 452.0] for e in entries)
    return a4 / "board.pdf", entries[0]


def test_the_board_has_59_spaces_where_ts_board_puts_them(game, board):
    pdf, entry = board
    found = hexagons(pdf, entry["page"], entry["trim"])
    spaces = expected_spaces(game)
    assert len(spaces) == 59 and len(found) == 59
    by_place = {(round(f["cx"], 1), round(f["cy"], 1)): f for f in found}
    drawn = game.vars["hex"] / 2 - GAP / math.sqrt(3)
    for name, (x, y) in spaces.items():
        shape = by_place.get((round(x, 1), round(y, 1)))
        assert shape is not None, name
        assert shape["r"] * 2 == pytest.approx(2 * drawn, abs=0.1), name  # 52.6 across
        assert shape["angle"] == pytest.approx(270, abs=0.1), name  # a corner on top
    # neighbours in a row, and down-left / down-right, are 46.8 mm apart: a space wide
    flats = game.vars["hex"] * math.sqrt(3) / 2
    assert math.dist(spaces["A1"], spaces["A2"]) == pytest.approx(flats, abs=0.1)
    assert math.dist(spaces["A2"], spaces["B1"]) == pytest.approx(flats, abs=0.1)
    assert math.dist(spaces["A2"], spaces["B2"]) == pytest.approx(flats, abs=0.1)
    assert flats == pytest.approx(46.8, abs=0.05)


def test_the_field_is_violet_and_the_drop_spaces_are_marked(game, board):
    pdf, entry = board
    v = game.vars
    found = {(round(f["cx"], 1), round(f["cy"], 1)): f for f in
             hexagons(pdf, entry["page"], entry["trim"])}
    for name, (x, y) in expected_spaces(game).items():
        shape = found[(round(x, 1), round(y, 1))]
        in_field = name[0] in v["board"]["field"]
        assert close(shape["fill"], v["field"] if in_field else v["paper_light"]), name
        drop = name in v["board"]["drops"]
        assert close(shape["stroke"], v["stamp"] if drop else
                     v["field_dark"] if in_field else v["ink"]), name
        assert shape["width"] == pytest.approx(1.2 if drop else 0.5, abs=0.01), name
    assert sum(n[0] in v["board"]["field"] for n in expected_spaces(game)) == 33
    # a drop arrow over each drop space, and one in it
    spaces = expected_spaces(game)
    with pdfplumber.open(pdf) as doc:
        page = doc.pages[0]
        mm = on_piece(page, entry["trim"])
        arrows = [(*centre(c, mm), c["non_stroking_color"]) for c in page.curves
                  if len(c["pts"]) == 8 and c["fill"]]
    for drop in v["board"]["drops"]:
        x, y = spaces[drop]
        above = [a for a in arrows if abs(a[0] - x) < 0.1 and a[1] < ORIGIN[1]
                 and close(a[2], v["stamp"])]
        inside = [a for a in arrows if abs(a[0] - x) < 0.1 and abs(a[1] - y) < 10]
        assert len(above) == 1 and len(inside) == 1, drop


def test_every_space_is_named_and_row_i_is_marked_for_spawning(game, board):
    pdf, entry = board
    v = game.vars
    with pdfplumber.open(pdf) as doc:
        words = {w["text"] for page in doc.pages for w in page.extract_words()}
        page = doc.pages[0]
        mm = on_piece(page, entry["trim"])
        spokes = [centre(o, mm) for o in page.objects.get("line", []) + page.curves
                  if o.get("stroke") and close(o.get("stroking_color"), v["hazard"])]
    spaces = expected_spaces(game)
    assert set(spaces) <= words
    spawn = [n for n in spaces if n[0] == v["board"]["spawn"]]
    assert len(spawn) == 7
    for name in spawn:  # the * of TS-FIELD: three strokes through the space's centre
        x, y = spaces[name]
        assert sum(math.dist(s, (x, y)) < 0.2 for s in spokes) == 3, name
    assert len(spokes) == 21


def test_the_score_track_runs_0_to_20_beside_the_spaces(game, board):
    pdf, entry = board
    field_h = game.vars["hex"] * (1 + 0.75 * (game.vars["board"]["rows"] - 1))
    with pdfplumber.open(pdf) as doc:
        page = doc.pages[0]
        mm = on_piece(page, entry["trim"])
        cells = sorted((round(mm(r["x0"], r["top"])[1], 1), round(mm(r["x0"], r["top"])[0], 1),
                        round(float(r["width"]) * PT, 1), round(float(r["height"]) * PT, 1))
                       for r in page.rects if abs(float(r["width"]) * PT - 14) < 0.05)
    assert len(cells) == 21
    right = ORIGIN[0] + game.vars["board"]["long"] * game.vars["hex"] * math.sqrt(3) / 2
    assert {c[1] for c in cells} == {round(right + 5, 1)}
    assert {c[3] for c in cells} == {round(field_h / 21, 1)}  # 18 mm a point
    assert cells[0][0] == ORIGIN[1] and cells[-1][0] + cells[-1][3] == pytest.approx(
        ORIGIN[1] + field_h, abs=0.1)
    digits = chars_in(pdf, 1, entry["trim"])
    track = "".join(t for t, size, x, _ in digits if x > right + 5 and size == 13)
    assert track == "".join(str(n) for n in range(20, -1, -1))


def test_an_agent_and_three_intel_fit_on_one_space(game):
    """TS-OVERLOAD: an agent carries up to 3 Intel; on the board they lie beside it in
    the space's lower corners. The disc that fits a corner beside the agent (tangent to
    the agent's side and the space's two sides) must take an Intel tile."""
    radius = game.vars["hex"] / 2
    agent = game.component("agents").items[0].size * math.sqrt(3) / 4  # its inner radius
    corner = 2 * (radius - agent) * math.sin(math.radians(60)) / (1 + math.sin(
        math.radians(60)))
    intel = {i.size for i in game.component("intel").items}
    assert intel == {13.0} and corner >= 13.0 - 0.05
    blockade = next(i for i in game.component("markers").items if i.id == "blockade")
    assert blockade.size <= 2 * radius * math.sqrt(3) / 2 - 2 * GAP  # inside a space


# -- the tokens --------------------------------------------------------------------------

@pytest.mark.parametrize("component, item, count, size", [
    ("intel", None, 47, (13.0, 13.0)),
    ("agents", None, 24, (30.0, 25.981)),
    ("markers", "blockade", 8, (34.0, 34.0)),
    ("markers", "pin", 6, (12.0, 12.0)),
    ("markers", "score-", 2, (12.0, 12.0)),
])
def test_token_counts_and_sizes(fronts, a4, component, item, count, size):
    mine = [e for e in fronts if e["component"] == component
            and (item is None or e["item"].startswith(item))]
    assert len(mine) == count
    for entry in mine:
        assert entry["trim"][2:] == pytest.approx(list(size), abs=0.05), entry["item"]
    backs = [e for e in manifest(a4)["items"] if e["component"] == component
             and e["side"] == "back" and (item is None or e["item"].startswith(item))]
    assert len(backs) == count  # every token has its back


def test_each_intel_shows_its_colour_value_and_symbol(game, a4, fronts):
    v = game.vars["colours"]
    items = {i.id: i.fields for i in game.component("intel").items}
    intel = [e for e in fronts if e["component"] == "intel"]
    shapes_on, page_h = {}, 0.0  # (file, page) -> [(x, y from the top, fill)]
    for file, number in {(e["file"], e["page"]) for e in intel}:
        with pdfplumber.open(a4 / file) as pdf:
            page = pdf.pages[number - 1]
            page_h = float(page.height) * PT
            mm = on_piece(page, [0, page_h, 0, 0])  # mm from the page's top-left
            shapes_on[file, number] = [(*centre(o, mm), o.get("non_stroking_color"))
                                       for o in page.curves + page.rects if o.get("fill")]
    for entry in intel:
        f = items[entry["item"]]
        x0, y0, w, h = entry["trim"]
        shapes = shapes_on[entry["file"], entry["page"]]
        text = [(t, s) for t, s, _, _ in chars_in(a4 / entry["file"], entry["page"],
                                                  entry["trim"])]
        assert text == ([] if f["honeypot"] else [(str(f["value"]), 15.0)]), entry["item"]
        inside = [c for x, y, c in shapes if x0 < x < x0 + w and y0 < page_h - y < y0 + h]
        colour = v[f["colour"]]
        assert any(close(c, colour["fill"]) for c in inside), entry["item"]
        assert any(close(c, colour["ink"]) for c in inside), entry["item"]  # the symbol
        assert any(close(c, game.vars["heart"]) for c in inside) == f["honeypot"]
    for colour in v.values():  # the value and symbol read on their ground (WCAG AA)
        assert contrast(colour["ink"], colour["fill"]) >= 4.5, colour["name"]


def test_each_agent_shows_its_side_kind_and_ability_at_7_pt_or_more(game, a4, fronts):
    items = {i.id: i.fields for i in game.component("agents").items}
    for entry in (e for e in fronts if e["component"] == "agents"):
        f = items[entry["item"]]
        chars = chars_in(a4 / entry["file"], entry["page"], entry["trim"])
        assert chars and min(size for _, size, _, _ in chars) >= 7.0, entry["item"]
        text = "".join(t for t, _, _, _ in chars if t.strip())
        kind = game.vars["kinds"][f["kind"]]
        assert kind["name"].replace(" ", "") in text, entry["item"]
        plain = re.sub(r"[*\s]", "", kind["short"])
        assert plain == text.replace(kind["name"].replace(" ", ""), "", 1), entry["item"]
    for team in game.vars["teams"].values():
        assert contrast(team["ink"], team["fill"]) >= 4.5


def test_tokens_print_no_text_under_7_pt(a4, fronts):
    for entry in fronts:
        if entry["component"] in ("intel", "agents", "markers"):
            sizes = [s for _, s, _, _ in chars_in(a4 / entry["file"], entry["page"],
                                                  entry["trim"])]
            assert not sizes or min(sizes) >= 7.0, entry["item"]


def test_blockades_say_who_placed_them(a4):
    entries = [e for e in manifest(a4)["items"] if e["item"] == "blockade"]
    for entry in entries:
        text = "".join(t for t, _, _, _ in chars_in(a4 / entry["file"], entry["page"],
                                                    entry["trim"]) if t.strip())
        placer, other = ("Black", "White") if entry["side"] == "front" else ("White", "Black")
        assert text.startswith(f"BLOCKADE{placer}'s"), text
        assert f"until{other}'snextturnends" in text, text


# -- the dice ----------------------------------------------------------------------------

NET = {1: (1, 0), 3: (0, 1), 2: (1, 1), 4: (2, 1), 5: (3, 1), 6: (1, 2)}  # face: cell


def test_six_intel_dice_with_their_faces_and_parity_arrows(game, a4, fronts):
    dice = [e for e in fronts if e["component"] == "dice"]
    assert [e["item"] for e in dice] == [f"{c}-die" for c in COLOURS]
    edge = 20.0
    for entry in dice:
        w, h = entry["trim"][2:]
        assert (w, h) == pytest.approx((4 * edge + 5, 3 * edge), abs=0.05)  # net + glue tab
        colour = game.vars["colours"][entry["item"][:-4]]
        with pdfplumber.open(a4 / entry["file"]) as pdf:
            page = pdf.pages[entry["page"] - 1]
            mm = on_piece(page, entry["trim"])
            arrows = [(*centre(c, mm), c["non_stroking_color"]) for c in page.curves
                      if len(c["pts"]) == 8 and c["fill"]]
        digits = chars_in(a4 / entry["file"], entry["page"], entry["trim"])
        assert sorted(t for t, _, _, _ in digits) == list("123456")
        for text, size, x, y in digits:
            face = int(text)
            col, row = NET[face]
            assert size == 22.0
            assert col * edge < x < (col + 1) * edge and row * edge < y < (row + 1) * edge
            mine = [(ax, ay, c) for ax, ay, c in arrows
                    if col * edge < ax < (col + 1) * edge and row * edge < ay < (row + 1) * edge]
            assert len(mine) == 1, (entry["item"], face)  # one arrow a face
            ax, ay, c = mine[0]
            middle = (col + 0.5) * edge
            assert (ax < middle) == (face % 2 == 1), (entry["item"], face)  # odd: left
            assert ay > (row + 0.5) * edge  # pointing down, at the foot of the face
            assert close(c, colour["ink"])


# -- the handbooks -----------------------------------------------------------------------

def test_a_handbook_for_each_player(game, a4, fronts):
    sheets = [e for e in fronts if e["component"] == "reference"]
    assert [(e["item"], e["page"]) for e in sheets] == [("handbook-black", 1),
                                                        ("handbook-white", 2)]
    for entry, side in zip(sheets, ("BLACK", "WHITE"), strict=True):
        assert entry["trim"][2:] == [180.0, 250.0]
        chars = chars_in(a4 / "reference.pdf", entry["page"], entry["trim"])
        assert min(size for _, size, _, _ in chars) >= 9.0  # a reference sheet's body
        with pdfplumber.open(a4 / "reference.pdf") as pdf:
            text = pdf.pages[entry["page"] - 1].extract_text()
        flat = "".join(text.split())  # words as printed, spaces aside
        assert side in flat
        for needed in ("1. Trickle", "2. Spawn", "3. Up to 3 actions", "Move", "Transfer",
                       "Retire", "20 points", "odd", "even", "Honeypot",
                       "game-icons.net, CC BY 3.0", "Lorc", "Delapouite", "Skoll", "Sbed"):
            assert needed.replace(" ", "") in flat, (side, needed)
        for kind in game.vars["kinds"].values():
            assert f"{kind['name']}:{kind['cost']}".replace(" ", "") in flat, kind["name"]
        for colour in game.vars["colours"].values():
            assert colour["name"] in flat


def test_credits_name_every_picture(game):
    credits = (TS / "CREDITS.md").read_text()
    pictures = re.findall(r"^  ([a-z-]+):  # .*: '([a-z-]+)' by (\w+)$",
                          (TS / "icons.yaml").read_text(), re.MULTILINE)
    assert len(pictures) == 16
    for name, source, author in pictures:
        assert f"| {name} | {source} | {author} |" in credits, name
    assert "CC BY 3.0" in credits and "@iconify-json/game-icons" in credits


# -- on US Letter ------------------------------------------------------------------------

def test_letter_builds_the_same_pieces_without_a_warning(build, a4):
    letter, result = build(TS, paper="letter")
    assert result.warnings == []
    count = Counter((e["component"], e["side"]) for e in manifest(letter)["items"])
    assert count == Counter((e["component"], e["side"]) for e in manifest(a4)["items"])
    assert count[("board", "front")] == 4  # 2 x 2 tiles on Letter too


def test_check_passes_on_both_papers(game):
    for paper in ("a4", "letter"):
        assert check_game(game, Options(paper=paper)).warnings == []
