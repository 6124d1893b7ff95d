"""Geheime Mission's print set: the deck of GM-DECK, every piece, both languages, legible."""

from __future__ import annotations

import re
from collections import Counter

import pdfplumber
import pytest
from pdfread import PT, manifest, pages

from pnp import BUNDLED_GAMES
from pnp.load.game import load_game
from pnp.sheets.build import Options, build_games, check_game

GM = BUNDLED_GAMES / "geheime-mission"
# docs/rulings/geheime-mission.md, GM-DECK: (find, attack, defence) of A01..A40, in this order
DECK = [(1, 5, 9), (1, 6, 8), (1, 7, 7), (1, 9, 5), (2, 4, 9), (2, 6, 7), (2, 7, 6), (2, 9, 4),
        (3, 4, 8), (3, 5, 7), (3, 6, 6), (3, 8, 4), (3, 9, 3), (4, 2, 9), (4, 3, 8), (4, 6, 5),
        (4, 7, 4), (4, 8, 3), (5, 1, 9), (5, 2, 8), (5, 3, 7), (5, 8, 2), (5, 9, 1), (6, 1, 8),
        (6, 3, 6), (6, 7, 2), (6, 8, 1), (7, 1, 7), (7, 2, 6), (7, 5, 3), (7, 7, 1), (8, 2, 5),
        (8, 3, 4), (8, 4, 3), (8, 5, 2), (9, 1, 5), (9, 2, 4), (9, 3, 3), (9, 4, 2), (9, 5, 1)]
SIZES = {"agents": (63.0, 88.0), "board": (399.0, 182.0), "chips": (24.0, 24.0),
         "officer": (44.0, 124.0), "reference": (180.0, 250.0)}
ITEM_SIZES: dict = {}  # items of a size their component does not give


@pytest.fixture(scope="module")
def games():
    return {lang: load_game(GM, lang=lang) for lang in ("de", "en")}


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """Both languages built on A4 into one output folder: {lang: folder}."""
    out = tmp_path_factory.mktemp("gm")
    results = build_games([load_game(GM), load_game(GM, lang="en")], out, Options())
    assert all(not r.warnings for r in results), [r.warnings for r in results]
    return {"de": results[0].folder, "en": results[1].folder}


def agents(game):
    return game.component("agents").items


# -- the deck -------------------------------------------------------------------

def test_the_deck_is_exactly_gm_deck_in_id_order(games):
    cards = agents(games["de"])
    assert [c.id for c in cards] == [f"A{n:02d}" for n in range(1, 41)]
    assert [(c.fields["find"], c.fields["attack"], c.fields["defence"]) for c in cards] == DECK
    assert all(c.copies == 1 for c in cards)


def test_every_value_is_1_to_9_and_every_card_adds_up_to_15(games):
    for card in agents(games["de"]):
        values = [card.fields[k] for k in ("find", "attack", "defence")]
        assert all(isinstance(v, int) and 1 <= v <= 9 for v in values), card.id
        assert sum(values) == 15, card.id
    for field in ("find", "attack", "defence"):  # GM-DECK: each number four or five times
        counts = Counter(c.fields[field] for c in agents(games["de"]))
        assert set(counts) == set(range(1, 10)) and set(counts.values()) <= {4, 5}, field


def test_the_fields_the_engine_reads(games):
    comp = games["de"].component("agents")
    assert set(comp.fields) == {"name", "call", "find", "attack", "defence"}
    assert (comp.kind, comp.size) == ("deck", (63.0, 88.0))


def test_names_and_three_digit_calls_are_unique_and_009_exists(games):
    for game in games.values():
        cards = agents(game)
        calls = [c.fields["call"] for c in cards]
        assert all(re.fullmatch(r"\d{3}", call) for call in calls)
        assert len(set(calls)) == 40 and len({c.fields["name"] for c in cards}) == 40
        assert "009" in calls
    de = {c.id: c.fields["name"] for c in agents(games["de"])}
    en = {c.id: c.fields["name"] for c in agents(games["en"])}
    assert de["A19"] == "Schildkröte" and en["A19"] == "Tortoise"
    assert de["A40"] == "Weißer Fuchs" and en["A38"] == de["A38"] == "Martini"


@pytest.mark.parametrize("old, new, message", [
    ("find: 9, attack: 5", "find: 10, attack: 5", "10 is above the maximum 9"),
    ("defence: 9, name", "defence: 0, name", "0 is below the minimum 1"),
    ('call: "017"', 'call: "104"', "'call' must be unique in 'agents': '104'"),
    ('name: {de: "Igel", en: "Hedgehog"}', 'name: {de: "Maulwurf", en: "Hedgehog"}',
     "'name' must be unique in 'agents': 'Maulwurf'"),
    ("  - {id: A40", "  - {id: A41, call: \"998\", find: 5, attack: 5, defence: 5, name: X}\n"
     "  - {id: A40", "'agents' must have 40 cards, has 41"),
])
def test_check_enforces_the_deck_rules(tmp_path, old, new, message):
    import shutil

    from pnp.load.errors import InvalidInput

    game = tmp_path / "gm"
    shutil.copytree(GM, game)
    data = game / "agents.yaml"
    text = data.read_text()
    assert old in text
    data.write_text(text.replace(old, new, 1))
    with pytest.raises(InvalidInput) as caught:
        load_game(game)
    assert message in "\n".join(map(str, caught.value.problems))


# -- the other pieces ------------------------------------------------------------

def test_ten_suitcases_six_door_chips_one_officer_one_board(games):
    game = games["de"]
    chips = {item.id: item for item in game.component("chips").items}
    assert chips["case"].copies == 10 and chips["case"].front == chips["case"].back
    doors = [(item.fields["door"], item.copies) for item in chips.values() if item.id != "case"]
    assert sorted(doors) == [(1, 2), (2, 2), (3, 2)]
    backs = {item.back or game.component("chips").back for item in chips.values()
             if item.id != "case"}
    assert backs == {"door-chip-back"}  # one back for every door: face down it tells nothing
    assert sum(i.copies for i in game.component("officer").items) == 1
    assert sum(i.copies for i in game.component("board").items) == 1
    assert [c.id for c in game.components] == ["agents", "board", "chips", "officer",
                                               "reference"]


def test_door_colours_follow_gm_door(games):
    fills = games["de"].vars["door_fill"]
    assert (fills[1], fills[2], fills[3]) == ("#e8c547", "#6a3d9a", "#f5f3ee")
    assert [games["de"].vars["door_name"][n] for n in (1, 2, 3)] == ["gelb", "violett", "weiß"]
    assert [games["en"].vars["door_name"][n] for n in (1, 2, 3)] == ["yellow", "violet", "white"]


def luminance(hex_colour: str) -> float:
    channels = [int(hex_colour[i:i + 2], 16) / 255 for i in (1, 3, 5)]
    linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast(a: str, b: str) -> float:
    hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def test_text_colours_meet_wcag_aa(games):
    v = games["de"].vars
    for ground in (v["blue"], v["red"], v["green"], v["ink"]):  # white digits and labels
        assert contrast(ground, "#ffffff") >= 4.5, ground
    for ink in (v["ink"], v["blue"], v["stamp"], v["muted"]):  # text on the cream paper
        assert contrast(ink, v["paper"]) >= 4.5, ink
    for n in (1, 2, 3):
        assert contrast(v["door_fill"][n], v["door_text"][n]) >= 4.5, n


# -- the built PDFs ----------------------------------------------------------------

def test_both_languages_build_with_every_piece_at_its_size(built):
    for lang, folder in built.items():
        data = manifest(folder)
        assert data.get("language") == lang
        counts = Counter((i["component"], i["side"]) for i in data["items"])
        assert counts[("agents", "front")] == counts[("agents", "back")] == 40
        assert counts[("chips", "front")] == counts[("chips", "back")] == 16
        assert counts[("officer", "front")] == 1 and counts[("reference", "front")] == 1
        assert counts[("reference", "back")] == 1  # the picture credits, behind the rules
        assert counts[("board", "front")] == 2  # two tiles
        for item in data["items"]:
            w, h = item["trim"][2:]
            want = ITEM_SIZES.get(item["item"], SIZES[item["component"]])
            assert (round(w, 1), round(h, 1)) == want, item
    assert built["en"] == built["de"] / "en"


def text_of(folder, name) -> str:
    """The text of every page holding a piece of component `name`."""
    where = {(e["file"], e["page"]) for e in manifest(folder)["items"] if e["component"] == name}
    return "\n".join(pages(str(folder / file))[page - 1]["text"] for file, page in sorted(where))


def test_german_text_keeps_umlauts_and_sharp_s_and_english_is_english(built):
    de = "".join(text_of(built["de"], n) for n in SIZES)
    for letter in "äöüß":
        assert letter in de, letter
    for word in ("Schildkröte", "Weißer Fuchs", "Botschaft", "Regeln in Kürze", "außen"):
        assert word in de, word
    en = "".join(text_of(built["en"], n) for n in SIZES)
    for word in ("Secret Mission", "Tortoise", "Embassy", "Rules at a glance", "DEFENCE"):
        assert word in en, word
    assert "Botschaft" not in en and "Kürze" not in en and not set("äöüß") & set(en)


def card_chars(pdf_path, trims_by_page, margin=0.0):
    """(char, size in pt, distance to the nearest trim edge in mm) of every character
    drawn inside a piece's trim box and `margin` mm or more from the paper's edge (a
    tile's trim box reaches beyond its page, into the tiling aids)."""
    out = []
    with pdfplumber.open(pdf_path) as pdf:
        for number, page in enumerate(pdf.pages, start=1):
            height, width = float(page.height), float(page.width)
            for c in page.chars:
                if min(float(c["x0"]), width - float(c["x1"]), float(c["top"]),
                       height - float(c["bottom"])) * PT < margin:
                    continue
                x0, x1 = float(c["x0"]) * PT, float(c["x1"]) * PT
                y0, y1 = (height - float(c["bottom"])) * PT, (height - float(c["top"])) * PT
                for tx, ty, tw, th in trims_by_page.get(number, []):
                    if tx <= x0 and x1 <= tx + tw and ty <= y0 and y1 <= ty + th:
                        edge = min(x0 - tx, tx + tw - x1, y0 - ty, ty + th - y1)
                        # text turned a quarter: its font size is the box's width
                        size = float(c["size"] if c["upright"] else c["width"])
                        out.append((c["text"], round(size, 2), edge))
    return out


@pytest.mark.parametrize("component, body_pt", [("agents", 7), ("reference", 9),
                                                ("officer", 7), ("board", 9)])
def test_text_sizes_and_safe_zone(built, component, body_pt):
    """No text within 3 mm of a trim edge; body text at least 7 pt on cards, 9 pt on
    reference sheets (the board's door label, a 7.5 pt caption, is the one exception)."""
    for folder in built.values():
        trims: dict = {}
        files = set()
        for item in manifest(folder)["items"]:
            if item["component"] == component:
                trims.setdefault(item["page"], []).append(item["trim"])
                files.add(item["file"])
        (file,) = files
        chars = card_chars(str(folder / file), trims,
                           margin=10.0 if component == "board" else 0.0)
        assert chars, component
        assert min(edge for *_, edge in chars) >= 3.0
        sizes = Counter(size for _, size, _ in chars)
        small = {s for s in sizes if s < body_pt}
        assert small <= ({7.5} if component == "board" else set()), sorted(sizes)


def test_one_title_size_and_big_values_on_the_cards(built):
    chars = pages(str(built["de"] / "agents.pdf"))[0]["chars"]
    sizes = Counter(round(size, 2) for _, size, *_ in chars)
    assert sizes[42.0] == 9 and sizes[32.0] == 18  # city, attack and defence of 9 cards
    name_fonts = {font for _, size, *_, font in chars if round(size, 2) == 11.0}
    assert len(name_fonts) == 1  # every code name in one font at one size


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_check_passes_without_warnings(games, paper):
    for game in games.values():
        assert check_game(game, Options(paper=paper)).warnings == []
