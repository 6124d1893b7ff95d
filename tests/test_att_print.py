"""Attack the Tower's print set (docs/rulings/attack-the-tower.md), read back from the built
PDFs: the data the rules engine reads (game.yaml's vars, the four decks' fields, the rulings'
card texts); 25 bases and 25 abilities an army, the Robots once for each player set, the
Corsairs once; what every base and ability card shows, at 7 pt or more with one title size
a deck, in its troop type's colour and picture on both armies; backs that tell bases from
abilities and one Robots copy from the other; 9 two-sided troop counters an army and set;
each player's board (the palace with its power, three territories of three base slots and
the four piles, every slot a sleeved poker card's, tiled on four pages of A4 and Letter);
each player's reference sheet with the turn, the battle and both armies' troops."""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from itertools import combinations

import pdfplumber
import pytest
import yaml
from PIL import Image, ImageChops, ImageStat

from pnp import BUNDLED_GAMES, REPO_ROOT
from pnp.export.writer import ExportOptions, export_games
from pnp.load.game import load_game
from pnp.sheets.build import Options, check_game
from tests.pdfread import manifest
from tests.test_aat_print import (
    drawn,  # noqa: F401  (a fixture: every icon drawn, on our game)
    entries,
    lines_of,
    piece_chars,
    squash,
    text_of,
)
from tests.test_contrast import contrast
from tests.test_hexgrid import close, on_piece

ATT = BUNDLED_GAMES / "attack-the-tower"
RULINGS = REPO_ROOT / "docs" / "rulings" / "attack-the-tower.md"
TYPES = ["light", "shooter", "heavy", "cavalry", "siege"]
ARMIES = ["robots", "corsairs"]
DECKS = [f"{army}-{pile}" for army in ARMIES for pile in ("bases", "abilities")]
POKER = [63.0, 88.0]
SLEEVED = (68.0, 93.0)  # a poker card in a standard sleeve, with room to lay it down
CARD_PT, SHEET_PT = 7.0, 9.0


@pytest.fixture(scope="module")
def game():
    return load_game(ATT)


@pytest.fixture(scope="module")
def a4(build):
    folder, result = build(ATT)
    assert result.warnings == []
    return folder


def items(game, component) -> dict:
    return {item.id: item.fields for item in game.component(component).items}


# -- the data the rules engine reads -----------------------------------------------------

def test_the_data_contract(game):
    v = game.vars
    assert v["troops"] == {
        "light": {"name": "Light infantry", "power": 1, "traits": []},
        "shooter": {"name": "Shooter", "power": 1, "traits": ["Initiative"]},
        "heavy": {"name": "Heavy infantry", "power": 2, "traits": []},
        "cavalry": {"name": "Cavalry", "power": 3, "traits": []},
        "siege": {"name": "Siege weapon", "power": 4, "traits": ["Artillery"]}}
    assert v["limits"] == {"base_power": 4, "palace_power": 10, "per_base": 2, "hand": 5,
                           "draw": 2, "opening": 5, "territories": 3, "slots": 3,
                           "rounds": 40}
    assert list(v["armies"]) == ARMIES  # the engine takes every entry for an army
    assert v["armies"]["robots"]["name"] == "Robots"
    assert v["armies"]["robots"]["troops"] == {"light": "Automaton", "shooter": "Droid",
                                               "heavy": "Cyborg", "cavalry": "Drone",
                                               "siege": "Carrier"}
    assert v["armies"]["corsairs"]["name"] == "Corsairs"
    assert v["armies"]["corsairs"]["troops"] == {"light": "Deckhand", "shooter": "Musketeer",
                                                 "heavy": "Bosun", "cavalry": "Outrider",
                                                 "siege": "Cannon"}
    for army in ARMIES:
        bases, abilities = game.component(f"{army}-bases"), game.component(f"{army}-abilities")
        assert {"troop"} <= set(bases.fields)
        assert {"kind", "troop", "text", "effect"} <= set(abilities.fields)
        assert all(item.copies == 1 for item in (*bases.items, *abilities.items))
        prefix = army[0].upper()
        assert [i.id for i in bases.items] == [f"{prefix}B-{n:02}" for n in range(1, 26)]
        assert [i.id for i in abilities.items] == [f"{prefix}A-{n:02}" for n in range(1, 26)]


@pytest.mark.parametrize("army, counts", [
    ("robots", {"light": 7, "shooter": 5, "heavy": 6, "cavalry": 4, "siege": 3}),
    ("corsairs", {"light": 8, "shooter": 6, "heavy": 4, "cavalry": 4, "siege": 3})])
def test_att_deck_bases(game, army, counts):
    assert Counter(f["troop"] for f in items(game, f"{army}-bases").values()) == counts


def ruled_cards(section: str) -> list[tuple[str, int, str]]:
    """(label, copies, text) of each bullet `- **Label** (xN): text` of a rulings section."""
    text = RULINGS.read_text()
    body = text[text.index(f"## {section}"):]
    body = body[:body.index("\n## ", 3)]
    return [(label, int(n), " ".join(card.split()))
            for label, n, card in re.findall(r"^- \*\*(\w+)\*\* \(x(\d+)\): (.*?)(?=^\S|\n\n)",
                                             body, re.MULTILINE | re.DOTALL)]


def words(text: str) -> str:
    """A card text with its typography aside (case, punctuation, spaces)."""
    return " ".join(re.sub(r"[.,;:()]", " ", text.lower()).split())


@pytest.mark.parametrize("army, section", [("robots", "ATT-ROBOT-CARDS"),
                                           ("corsairs", "ATT-CORSAIRS")])
def test_ability_texts_are_the_rulings(game, army, section):
    ruled = ruled_cards(section)
    assert sum(n for _, n, _ in ruled) == 25 and len(ruled) == 7
    cards = items(game, f"{army}-abilities").values()
    for label, copies, text in ruled:
        mine = [f for f in cards if f["kind"] == label.lower()
                or f["troop"] == label.lower() and label in ("Common", "Special")]
        assert len(mine) == copies, label
        assert {f["text"] for f in mine} == {mine[0]["text"]}, label  # every copy alike
        # the card's words open the ruling (which may go on to settle how it plays)
        assert words(text).startswith(words(mine[0]["text"])), label
        assert len(words(mine[0]["text"])) > len(label) + 5, label
        kinds = {f["troop"] for f in mine}
        assert len(kinds) == 1 and (label in ("Common", "Special")
                                    or game.vars["armies"][army]["troops"][kinds.pop()] == label)


# -- what prints, and how many -----------------------------------------------------------

def test_every_piece_of_both_player_sets_and_the_corsairs_once(a4):
    count = Counter((e["component"], e.get("player", ""), e["side"])
                    for e in manifest(a4)["items"])
    for deck in ("robots-bases", "robots-abilities"):
        for player in ("A", "B"):
            assert count[(deck, player, "front")] == count[(deck, player, "back")] == 25
    for deck in ("corsairs-bases", "corsairs-abilities"):
        assert count[(deck, "", "front")] == count[(deck, "", "back")] == 25
        assert {k[1] for k in count if k[0] == deck} == {""}
    for player in ("A", "B"):
        assert count[("counters", player, "front")] == count[("counters", player, "back")] == 9
        assert count[("board", player, "front")] == 4  # tiled on four pages
        assert count[("reference", player, "front")] == 1
    assert count[("counters", "", "front")] == count[("counters", "", "back")] == 9
    corsairs = [e for e in entries(a4, "counters") if not e.get("player")]
    assert {e["item"] for e in corsairs} == {"corsairs-counter"}


def test_sizes_to_a_tenth_of_a_millimetre(a4):
    for entry in manifest(a4)["items"]:
        size = entry["trim"][2:]
        want = {"counters": [22.0, 22.0], "board": [360.0, 470.0],
                "reference": [180.0, 250.0]}.get(entry["component"], POKER)
        assert size == pytest.approx(want, abs=0.05), (entry["component"], entry["item"])


# -- the cards' fronts -------------------------------------------------------------------

@pytest.fixture(scope="module")
def fronts(a4):
    """{(component, printed id, set): text of the front, its chars}."""
    found = {}
    for deck in DECKS:
        for entry in entries(a4, deck, "front"):
            chars = piece_chars(a4, entry)
            found[(deck, entry.get("printed_id", entry["item"]), entry.get("player", ""))] = (
                squash(text_of(chars)), chars)
    return found


def test_a_base_shows_its_army_troop_type_power_trait_and_what_it_recruits(game, fronts):
    v = game.vars
    seen = Counter()
    for (deck, card, player), (text, chars) in fronts.items():
        if not deck.endswith("-bases"):
            continue
        army = deck.split("-")[0]
        fields = items(game, deck)[card]
        troop = v["troops"][fields["troop"]]
        name = v["armies"][army]["troops"][fields["troop"]]
        for needed in (fields["name"], f"{v['armies'][army]['name']} base", "RECRUITS", name,
                       troop["name"], "power", "BASEPOWER", *troop["traits"]):
            assert squash(needed) in text, (deck, card, needed)
        # the troop's power in its disc (11 pt), the base's on its shield (16 pt)
        big = {round(float(c["size"])): c["text"] for c in chars if float(c["size"]) > 10}
        assert big[11] == str(troop["power"]) and big[16] == str(v["limits"]["base_power"])
        if not troop["traits"]:
            assert "notrait" in text, card
        # no id: copies of a base are alike, one design a shop prints with its count
        foot = f"set{player}" if player else squash(v["armies"][army]["name"])
        assert card not in text and text.endswith(foot), (card, text[-20:])
        seen[deck] += 1
    assert seen == {"robots-bases": 50, "corsairs-bases": 25}


def test_an_ability_shows_its_name_troop_type_and_the_rulings_text(game, fronts):
    v = game.vars
    for (deck, card, _), (text, _) in fronts.items():
        if not deck.endswith("-abilities"):
            continue
        army = deck.split("-")[0]
        fields = items(game, deck)[card]
        assert squash(fields["name"]) in text and squash(fields["text"]) in text, card
        if fields["troop"] in TYPES:
            name = v["armies"][army]["troops"][fields["troop"]]
            kind = v["kinds"][fields["troop"]]["name"]
            assert squash(f"{name} · {kind}") in text, card
            assert squash(f"{name}: power {v['troops'][fields['troop']]['power']}") in text
        elif fields["troop"] == "special":
            special = fields["effect"]["special"]
            assert special["name"] == v["armies"][army]["special"]
            assert squash(f"{special['name']}: power {special['power']}") in text, card
            trait = "Unique" if special["unique"] else "Loyal"
            assert trait in text and squash(f"Recruit a {trait} {special['name']}") in text
        else:
            assert "Common·anytroop" in text, card


def test_text_is_7_pt_or_more_and_one_title_size_a_deck(a4, fronts):
    for deck in DECKS:
        titles = set()
        for (component, card, _), (_, chars) in fronts.items():
            if component != deck:
                continue
            sizes = [float(c["size"]) for c in chars if c["text"].strip()]
            assert min(sizes) >= CARD_PT - 0.01, (deck, card)
            top = max(c["mm"][3] for c in chars)
            titles |= {round(float(c["size"]), 2) for c in chars
                       if "Bold" in c["fontname"] and c["mm"][3] > top - 4}
        assert titles == {9.5}, (deck, titles)
    for entry in manifest(a4)["items"]:
        if entry["component"] == "counters":
            sizes = [float(c["size"]) for c in piece_chars(a4, entry) if c["text"].strip()]
            assert sizes and min(sizes) >= CARD_PT - 0.01, entry["item"]


def test_a_troop_type_has_one_colour_and_picture_on_both_armies(game, drawn):  # noqa: F811
    kinds = game.vars["kinds"]
    by_card = defaultdict(set)
    for layout, component, card, icon, colour in drawn:
        if layout in ("base-front", "ability-front"):
            by_card[(component, card)].add((icon, colour))
    decks = {game.component(d).name: d for d in DECKS}
    assert {decks[c] for c, _ in by_card} == set(DECKS)
    for (component, card), icons in by_card.items():
        troop = items(game, decks[component])[card]["troop"]
        mine = (kinds[troop]["icon"], kinds[troop]["color"])
        assert mine in icons, (component, card)
        others = {(k["icon"], k["color"]) for t, k in kinds.items() if t != troop}
        assert not icons & others, (component, card)  # no other type's mark
    on_reference = {(icon, colour) for layout, _, _, icon, colour in drawn
                    if layout == "reference"}
    assert {(k["icon"], k["color"]) for t, k in kinds.items() if t != "common"} <= on_reference
    colours = [k["color"] for k in kinds.values()]
    assert len(set(colours)) == len(colours)
    for colour in colours:  # the headers' white names and chips (WCAG AA)
        assert contrast("#ffffff", colour) >= 4.5, colour


def test_each_card_header_is_its_types_colour(game, a4):
    kinds = game.vars["kinds"]
    for deck in DECKS:
        fields = items(game, deck)
        fronts = entries(a4, deck, "front")
        (file,) = {entry["file"] for entry in fronts}  # the decks share cards.pdf
        with pdfplumber.open(a4 / file) as pdf:
            for entry in fronts:
                page = pdf.pages[entry["page"] - 1]
                mm = on_piece(page, entry["trim"])
                header = [r for r in page.rects if r.get("fill") and (
                    lambda x0, top, x1, bottom: abs(x0 - 3.5) < 0.05 and abs(top - 12) < 0.05
                    and abs(x1 - 59.5) < 0.05)(*mm(r["x0"], r["top"]), *mm(r["x1"], r["bottom"]))]
                troop = fields[entry.get("printed_id", entry["item"])]["troop"]
                assert len(header) == 1, (deck, entry["item"])
                assert close(header[0]["non_stroking_color"], kinds[troop]["color"]), entry["item"]


# -- the backs ---------------------------------------------------------------------------

@pytest.fixture(scope="module")
def backs(game, tmp_path_factory):
    """{(component, set): [back images]} at 40 dpi, trim only."""
    out = tmp_path_factory.mktemp("att-png")
    export_games([game], out, ExportOptions(format="png", dpi=40, only=tuple(DECKS),
                                            print=Options()))
    folder = out / game.folder / "png"
    found = defaultdict(list)
    bleed = round(3 / 25.4 * 40)
    for entry in yaml.safe_load((folder / "manifest.json").read_text())["files"]:
        if entry["side"] == "back":
            player = re.search(r"-([ab])$", entry["item"])
            with Image.open(folder / entry["file"]) as image:
                w, h = image.size
                found[(entry["component"], player.group(1).upper() if player else "")].append(
                    image.convert("RGB").crop((bleed, bleed, w - bleed, h - bleed)))
    return found


def differ(a: Image.Image, b: Image.Image) -> float:
    """The mean difference of two images, 0 to 255."""
    return sum(ImageStat.Stat(ImageChops.difference(a, b)).mean) / 3


def test_backs_tell_bases_from_abilities_and_one_robots_copy_from_the_other(backs):
    assert {key: len(images) for key, images in backs.items()} == {
        ("robots-bases", "A"): 25, ("robots-bases", "B"): 25, ("robots-abilities", "A"): 25,
        ("robots-abilities", "B"): 25, ("corsairs-bases", ""): 25,
        ("corsairs-abilities", ""): 25}
    for images in backs.values():  # a pile's backs are all alike
        assert all(differ(images[0], image) < 0.5 for image in images)
    first = {key: images[0] for key, images in backs.items()}
    for army, player in (("robots", "A"), ("robots", "B"), ("corsairs", "")):
        assert differ(first[(f"{army}-bases", player)], first[(f"{army}-abilities", player)]) > 8
    for pile in ("bases", "abilities"):
        assert differ(first[(f"robots-{pile}", "A")], first[(f"robots-{pile}", "B")]) > 4
        assert differ(first[(f"robots-{pile}", "A")], first[(f"corsairs-{pile}", "")]) > 20


def test_backs_say_army_pile_and_set(a4):
    for deck in DECKS:
        army, pile = deck.split("-")
        for entry in entries(a4, deck, "back"):
            text = squash(text_of(piece_chars(a4, entry)))
            want = f"{army.upper()}{'BASE' if pile == 'bases' else 'ABILITY'}"
            if entry.get("player"):
                want += f"SET{entry['player']}"
            assert text == want, (deck, entry["item"], text)


# -- the troop counters ------------------------------------------------------------------

def test_nine_two_sided_counters_an_army_and_set(a4):
    sides = Counter()
    for entry in entries(a4, "counters"):
        text = squash(text_of(piece_chars(a4, entry)))
        assert text == ("1TROOP" if entry["side"] == "front" else "2TROOPS"), entry
        sides[(entry.get("printed_id", entry["item"]), entry.get("player"), entry["side"])] += 1
    assert sides == {(army, player, side): 9 for army, player in (
        ("robots-counter", "A"), ("robots-counter", "B"), ("corsairs-counter", None))
        for side in ("front", "back")}


def test_a_base_card_has_room_for_its_counter(game):
    """ATT-RECRUIT: the counter lies on the base card's dashed ring, inside the card."""
    ring = next(e for e in game.layouts["base-front"].elements
                if e["type"] == "circle" and e.get("dash"))
    size = {i.size for i in game.component("counters").items}
    r = float(ring["r"])
    assert size == {22.0} and 2 * r >= 22.0
    assert r <= float(ring["cx"]) and float(ring["cx"]) + r <= 63 - 3.5
    assert float(ring["cy"]) + r <= 88 - 10  # above the foot


# -- the boards --------------------------------------------------------------------------

def board_objects(folder, player):
    """The board of a set, read from its first tile: (slots, text) where slots are
    (x, y, w, h, fill) mm from the board's top-left of every dashed slot."""
    tiles = [e for e in entries(folder, "board") if e["player"] == player]
    assert len(tiles) == 4 and len({e["page"] for e in tiles}) == 4
    with pdfplumber.open(folder / "board.pdf") as pdf:
        page = pdf.pages[tiles[0]["page"] - 1]
        mm = on_piece(page, tiles[0]["trim"])
        slots = []
        for shape in page.curves + page.rects:
            if shape.get("stroke") and (shape.get("dash") or [[]])[0] and shape.get("fill"):
                (x0, top), (x1, bottom) = mm(shape["x0"], shape["top"]), mm(shape["x1"],
                                                                           shape["bottom"])
                slots.append((round(x0, 1), round(top, 1), round(x1 - x0, 1),
                              round(bottom - top, 1), shape["non_stroking_color"]))
        chars = [(c["text"], float(c["size"]), *mm(c["x0"], c["top"]), c["upright"])
                 for c in page.chars if c["text"].strip()  # (a turned char's size is its
                 and (float(c["size"]) > 6 or not c["upright"])]  # width); the page label
        # and the assembly map are 1.4 to 5.5 pt
    return sorted(slots), chars


@pytest.mark.parametrize("player", ["A", "B"])
def test_a_board_has_nine_base_slots_two_special_places_and_four_piles(game, a4, player):
    slots, chars = board_objects(a4, player)
    assert len(slots) == 15
    for x, y, w, h, _ in slots:
        assert (w, h) == SLEEVED, (x, y)  # a sleeved poker card fits, a US one too
        assert x >= 0 and x + w <= 360 and y >= 0 and y + h <= 470
    territories = [s for s in slots if s[0] < 258 and s[1] < 340]
    palace = [s for s in slots if s[1] >= 350 and s[0] < 262]
    piles = [s for s in slots if s[0] >= 266]
    assert len(territories) == 9 and len(palace) == 2 and len(piles) == 4
    columns = Counter(s[0] for s in territories)
    assert len(columns) == 3 and set(columns.values()) == {3}  # three territories of three
    assert close(palace[0][4], game.vars["stone"])  # the special troops' places, on the palace
    for a, b in combinations(slots, 2):  # no two overlap
        assert not (a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3]
                    and b[1] < a[1] + a[3])
    upright = [c for c in chars if c[4]]
    text = squash("".join(c[0] for c in sorted(upright, key=lambda c: (round(c[3]), c[2]))))
    badge = "".join(c[0] for c in sorted(upright, key=lambda c: c[2])
                    if c[1] == 20 and c[3] > 350)  # the palace's power on its shield
    assert badge == str(game.vars["limits"]["palace_power"])
    for needed in ("TERRITORYI", "TERRITORYII", "TERRITORYIII", "PALACE", "POWER",
                   "Specialtroop", "ATTACKTHETOWER", f"PLAYER{player}", "Bases", "Abilities"):
        assert needed in text, needed
    # each pile named beside its slot, read upwards along the board's right edge
    names = []
    for x, y, w, h, _ in piles:
        beside = [c for c in chars if not c[4] and x + w < c[2] < 352 and y < c[3] < y + h]
        names.append("".join(c[0] for c in sorted(beside, key=lambda c: -c[3])))
    assert names == ["BASEDRAWPILE", "BASEDISCARD", "ABILITYDRAWPILE", "ABILITYDISCARD"]
    assert min(c[1] for c in upright) >= SHEET_PT - 0.01


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_board_is_tiled_on_four_pages(build, paper):
    folder, result = build(ATT, paper=paper)
    assert result.warnings == []
    tiles = entries(folder, "board")
    assert Counter(e["player"] for e in tiles) == {"A": 4, "B": 4}
    with pdfplumber.open(folder / "board.pdf") as pdf:
        labels = [re.search(r"tile ([AB][12])", page.extract_text()).group(1)
                  for page in pdf.pages]
    assert labels == ["A1", "A2", "B1", "B2"] * 2


# -- the reference sheets ----------------------------------------------------------------

def test_a_reference_sheet_for_each_player_with_both_armies_troops(game, a4):
    v = game.vars
    sheets = entries(a4, "reference")
    assert [(e["player"], e["page"]) for e in sheets] == [("A", 1), ("B", 2)]
    for entry in sheets:
        chars = piece_chars(a4, entry)
        assert min(float(c["size"]) for c in chars if c["text"].strip()) >= SHEET_PT - 0.01
        x, y, w, h = entry["trim"]
        prose = [c for c in chars if c["mm"][1] > y + h - 180]  # two columns above the table
        flat = squash(" ".join([*(text_of([c for c in prose if (c["mm"][0] < x + w / 2) == left])
                                  for left in (True, False)),
                                text_of([c for c in chars if c not in prose])]))
        assert f"PLAYER{entry['player']}" in flat
        for needed in ("Renew or not", "plays abilities at will", "each base gets one troop",
                       "draws two cards", "discards down to five", "builds bases",
                       "Abilities:", "Initiative:", "both at once", "Regular damage:",
                       "unmanned", "Healing:", "Artillery", "only bases and palaces",
                       "The palace battle", "Loyal", "Unique", "burn", "Round 40",
                       "game-icons.net, CC BY 3.0", "Lorc", "Delapouite", "HeavenlyDog",
                       "Faithtoken"):
            assert squash(needed).lower() in flat.lower(), needed
        rows = [squash(text_of(line)) for line in lines_of(chars)]
        for kind in TYPES:  # the troop table: a row a type, both armies' names
            troop = v["troops"][kind]
            row = squash(f"{troop['name']} {troop['power']} {' '.join(troop['traits'])} "
                         f"{v['armies']['robots']['troops'][kind]} "
                         f"{v['armies']['corsairs']['troops'][kind]}")
            assert row in rows, (kind, row)
        assert squash("Special troop on the palace Singularity: 1, Unique Admiral: 2, Loyal") \
            in rows


# -- credits, Letter, check --------------------------------------------------------------

def test_credits_name_every_picture(game):
    credits = (ATT / "CREDITS.md").read_text()
    pictures = re.findall(r"^  ([a-z-]+):  # .*: '([a-z-]+)' by (\w+)$",
                          (ATT / "icons.yaml").read_text(), re.MULTILINE)
    assert len(pictures) == 14 and set(game.icons) == {n for n, _, _ in pictures} | {"masonry"}
    for name, source, author in pictures:
        assert f"| {name} | {source} | {author} |" in credits, name
    assert "CC BY 3.0" in credits and "@iconify-json/game-icons" in credits


def test_letter_builds_the_same_pieces_without_a_warning(build, a4):
    letter, result = build(ATT, paper="letter")
    assert result.warnings == []
    count = Counter((e["component"], e.get("player"), e["side"]) for e in manifest(letter)["items"]
                    if e["component"] != "board")
    assert count == Counter((e["component"], e.get("player"), e["side"])
                            for e in manifest(a4)["items"] if e["component"] != "board")


def test_one_player_set_is_the_robots_once_and_the_corsairs(build):
    folder, result = build(ATT, players=1)
    assert result.warnings == []
    count = Counter((e["component"], e.get("player", "")) for e in manifest(folder)["items"]
                    if e["side"] == "front")
    assert count == {("robots-bases", "A"): 25, ("robots-abilities", "A"): 25,
                     ("corsairs-bases", ""): 25, ("corsairs-abilities", ""): 25,
                     ("counters", "A"): 9, ("counters", ""): 9, ("board", "A"): 4,
                     ("reference", "A"): 1}


def test_check_passes_on_both_papers(game):
    for paper in ("a4", "letter"):
        assert check_game(game, Options(paper=paper)).warnings == []


def test_the_robots_copies_are_two_tabletop_simulator_decks(game, tmp_path):
    export_games([game], tmp_path, ExportOptions(format="tts", dpi=60,
                                                 only=("robots-bases", "corsairs-bases"),
                                                 print=Options()))
    folder = tmp_path / game.folder / "tts"
    saved = (folder / f"{game.id}.json").read_text()
    assert saved.count('"Nickname": "Robots bases (A)"') == 1
    assert saved.count('"Nickname": "Robots bases (B)"') == 1
    assert '"Nickname": "Droid Foundry"' in saved and '"Nickname": "Gun Battery"' in saved
    assert (folder / "robots-bases-a-back.png").is_file()
    assert (folder / "robots-bases-b-back.png").is_file()

