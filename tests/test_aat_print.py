"""Against All Tyrants' print set (issue 12, section 2), measured from what the build
draws: each deck's back tells it apart, text is legible (7 pt on cards and tokens,
9 pt on sheets, one title size), every card shows its escalation, theaters, stats,
traits and » orders, the escalation track has its 6 levels and 4 Incident spaces,
there are tokens enough for a game, and the theater mats take sleeved cards."""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from functools import lru_cache

import pdfplumber
import pytest
import yaml
from pdfread import PT, manifest
from PIL import Image, ImageStat

from pnp import BUNDLED_GAMES
from pnp.draw import reuse
from pnp.draw.renderer import Renderer
from pnp.export.writer import ExportOptions, export_games
from pnp.load.game import load_game
from pnp.sheets.build import Options, check_game

AAT = BUNDLED_GAMES / "against-all-tyrants"
DECKS = ("freedom-fighters", "first-leaders-navy", "robot-uprising")
SHEETS = ("escalation-track", "theater-mats", "reference")
CARD_PT, SHEET_PT = 7.0, 9.0
SLEEVED = (68.0, 93.0)  # a poker card in a standard sleeve, with room to lay it down
# docs/against-all-tyrants-cards.md section 3: the traits, by the word they start with
TRAITS = ("Unique", "Capital", "Defended", "Defender", "Fighter", "Infiltrate", "Mainframe",
          "Mass", "Rallied", "Stealth", "Pierce", "Armor", "Backup", "Bomber", "Compute",
          "Funds", "Mark", "Point-Defense", "Repeater", "Supply", "Sympathized", "Torpedo",
          "Command", "Transport", "Expert")
# tokens a game needs at least (AAT-GEN-2 says supplies are unlimited; these cover a game):
# two 30-point bases and the units in play; 10+ Computation on the enemy base and 3 on
# each Mainframe (AAT-OBJ-8); 2 Charge on each Beacon; 4 scored Objective tokens a player
NEEDED = {"Shield": 12, "Stealth": 8, "Disruption": 12, "Charge": 4, "Compute": 22,
          "Funds": 10, "Mark": 8, "Objective": 8, "Incident": 4, "Level": 1,
          "Attacker": 1, "Defender": 1}
DAMAGE_POINTS = 120


@pytest.fixture(scope="module")
def game():
    return load_game(AAT)


@pytest.fixture(scope="module")
def cards(game):
    """Every printed card of the three decks: {(component, item id): fields}."""
    return {(deck, item.id): item.fields for deck in DECKS
            for item in game.component(deck).items}


@pytest.fixture(scope="module")
def drawn(game):
    """Every icon the renderer draws: (layout, component, item id, icon name, #rrggbb)."""
    seen = []
    real_draw, real_icon = Renderer.draw, Renderer.icon_shapes

    def draw(self, canvas, layout_name, context, *args, **kwargs):
        self.drawing_now = (layout_name, context)
        return real_draw(self, canvas, layout_name, context, *args, **kwargs)

    def icon_shapes(self, name, size, fill, *args, **kwargs):
        layout, ctx = self.drawing_now
        colour = "#" + "".join(f"{round(c * 255):02x}" for c in fill.rgb())
        seen.append((layout, ctx.get("component"), ctx.get("id"), name, colour))
        return real_icon(self, name, size, fill, *args, **kwargs)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(Renderer, "draw", draw)
        patch.setattr(Renderer, "icon_shapes", icon_shapes)
        patch.setattr(reuse, "REUSABLE", frozenset())  # every piece drawn in full, none
        # written again from a kept drawing (pnp.draw.reuse), so each piece's icons are seen
        assert check_game(game, Options()).warnings == []
    return seen


# -- reading the PDFs ------------------------------------------------------------------
@lru_cache(maxsize=32)
def page_objects(path: str) -> list:
    """Per page: chars (with text, size, font, colour), rects and curves; every bbox in
    mm from the page's bottom-left as 'mm' = (x0, y0, x1, y1)."""
    out = []
    with pdfplumber.open(path) as pdf:
        for page in pdf.pages:
            h = float(page.height)
            found = {}
            for kind in ("chars", "rects", "curves"):
                found[kind] = [{**o, "mm": (float(o["x0"]) * PT, (h - float(o["bottom"])) * PT,
                                            float(o["x1"]) * PT, (h - float(o["top"])) * PT)}
                               for o in getattr(page, kind)]
            out.append(found)
    return out


def inside(box, trim, tol=0.05) -> bool:
    x, y, w, h = trim
    return (box[0] >= x - tol and box[1] >= y - tol and box[2] <= x + w + tol
            and box[3] <= y + h + tol)


def size_of(box) -> tuple:
    return box[2] - box[0], box[3] - box[1]


def entries(folder, component, side=None):
    return [e for e in manifest(folder)["items"] if e["component"] == component
            and (side is None or e["side"] == side)]


def piece_chars(folder, entry) -> list:
    page = page_objects(str(folder / entry["file"]))[entry["page"] - 1]
    return [c for c in page["chars"] if inside(c["mm"], entry["trim"])]


def lines_of(chars) -> list:
    """The chars in lines, top to bottom, each left to right."""
    lines: list = []
    for c in sorted(chars, key=lambda c: -c["mm"][1]):
        if lines and abs(lines[-1][0]["mm"][1] - c["mm"][1]) < 0.6:
            lines[-1].append(c)
        else:
            lines.append([c])
    return [sorted(line, key=lambda c: c["mm"][0]) for line in lines]


def text_of(chars) -> str:
    """The chars' text, line after line, whitespace collapsed."""
    text = " ".join("".join(c["text"] for c in line) for line in lines_of(chars))
    return re.sub(r"\s+", " ", text.replace("\xa0", " ")).strip()


def flat(text: str) -> str:
    """Card markup as it prints: no ** or *, whitespace collapsed."""
    return re.sub(r"\s+", " ", text.replace("**", "").replace("*", "")).strip()


def lab(colour: tuple) -> tuple:
    """CIE L*a*b* (D65) of an sRGB colour given as 0-255 channels."""
    def linear(c):
        c /= 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = map(linear, colour)
    xyz = (0.4124 * r + 0.3576 * g + 0.1805 * b, 0.2126 * r + 0.7152 * g + 0.0722 * b,
           0.0193 * r + 0.1192 * g + 0.9505 * b)
    f = [(v / n) ** (1 / 3) if v / n > 0.008856 else 7.787 * v / n + 16 / 116
         for v, n in zip(xyz, (0.95047, 1.0, 1.08883), strict=True)]
    return 116 * f[1] - 16, 500 * (f[0] - f[1]), 200 * (f[1] - f[2])


def delta_e(a: tuple, b: tuple) -> float:
    """CIE76 colour difference: above 2 is visible, above 25 a different colour."""
    return sum((x - y) ** 2 for x, y in zip(lab(a), lab(b), strict=True)) ** 0.5


def squash(text: str) -> str:
    """No whitespace at all: a PDF need not draw the space between two runs of text."""
    return re.sub(r"\s+", "", text)


def rgb_hex(text: str) -> tuple:
    return tuple(int(text.lstrip("#")[i:i + 2], 16) for i in (0, 2, 4))


# -- 1. backs: one colour and emblem per deck ------------------------------------------
@pytest.fixture(scope="module")
def back_images(game, tmp_path_factory):
    """Mean colour of each deck's backs (their whole face, and the band by the cut)."""
    out = tmp_path_factory.mktemp("aat-png")
    export_games([game], out, ExportOptions(format="png", dpi=40, only=(*DECKS,
                                                                        "objective-reference"),
                                            print=Options()))
    folder = out / game.folder / "png"
    found: dict = defaultdict(list)
    for entry in yaml.safe_load((folder / "manifest.json").read_text())["files"]:
        if entry["side"] == "back":
            with Image.open(folder / entry["file"]) as image:
                image = image.convert("RGB")
                bleed = round(3 / 25.4 * 40)
                w, h = image.size
                band = image.crop((bleed, bleed, w - bleed, bleed + round(2.5 / 25.4 * 40)))
                found[entry["component"]].append((tuple(ImageStat.Stat(image).mean),
                                                  tuple(ImageStat.Stat(band).mean)))
    return found


def test_each_deck_has_its_own_back_colour(game, back_images):
    colours = {}
    for deck in DECKS:
        backs = back_images[deck]
        assert len(backs) == 40, f"{deck}: {len(backs)} backs"
        first = backs[0]
        assert all(max(abs(a - b) for a, b in zip(whole, first[0], strict=True)) < 2
                   for whole, _ in backs), f"{deck}: its backs differ"
        colours[deck] = first[0]
        # the band by the cut is the deck's colour (or its lighter rays): no frame there
        want = rgb_hex(game.vars["deck_colors"][game.component(deck).vars["deck"]])
        assert sum(abs(a - b) for a, b in zip(first[1], want, strict=True)) < 60, deck
    reference = back_images["objective-reference"][0][0]  # the neutral reference back
    for i, a in enumerate(DECKS):
        for b in DECKS[i + 1:]:
            assert delta_e(colours[a], colours[b]) > 25, f"the {a} and {b} backs look alike"
        assert delta_e(colours[a], reference) > 25, f"{a} looks like the reference backs"


def test_a_mirror_match_prints_a_second_set_told_apart_by_its_backs(build):
    """Both players may take the same subfaction: `--players 2` prints every deck again
    as set B, the same fronts, backs marked with their set so mixed decks sort again;
    one set (the default) is the whole game for any other pairing."""
    single, _ = build(AAT)
    folder, _ = build(AAT, players=2)
    for deck in DECKS:
        assert {e.get("player") for e in entries(single, deck)} == {"A"}
        fronts = defaultdict(list)
        for entry in entries(folder, deck, "front"):
            fronts[entry["player"]].append((entry["printed_id"], text_of(
                piece_chars(folder, entry))))
        assert set(fronts) == {"A", "B"} and fronts["A"] == fronts["B"], deck
        for entry in entries(folder, deck, "back"):
            back = squash(text_of(piece_chars(folder, entry)))
            assert squash(f"SET {entry['player']}") in back.upper(), f"{deck} {entry['item']}"


def test_each_back_draws_its_decks_emblem(game, drawn):
    emblems = game.vars["emblems"]
    for deck in DECKS:
        name = game.component(deck).vars["deck"]
        on_back = {icon for layout, comp, _, icon, _ in drawn
                   if layout == "deck-back" and comp == game.component(deck).name}
        assert on_back == {emblems[name]}, f"{deck} backs draw {sorted(on_back)}"


# -- 2. legible text -------------------------------------------------------------------
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_text_is_at_least_7_pt_on_cards_and_tokens_and_9_pt_on_sheets(build, paper):
    folder, result = build(AAT, paper=paper)
    assert result.warnings == []
    small = []
    checked = Counter()
    for entry in manifest(folder)["items"]:
        least = SHEET_PT if entry["component"] in SHEETS else CARD_PT
        if entry["component"] == "theater-mats":  # tiles overhang their page: read it whole
            continue
        for c in piece_chars(folder, entry):
            if c["text"].strip():
                checked[entry["component"]] += 1
                if float(c["size"]) < least - 0.01:
                    small.append((entry["component"], entry["item"], c["text"],
                                  round(float(c["size"]), 2)))
    for mat_page in page_objects(str(folder / "theater-mats.pdf")):
        sizes = [float(c["size"]) for c in mat_page["chars"] if c["text"].strip()
                 and c["size"] > 6]  # the page label and calibration bar are 4 to 5.5 pt
        checked["theater-mats"] += len(sizes)
        small += [("theater-mats", s) for s in sizes if s < SHEET_PT - 0.01]
    assert small == [], small[:10]
    assert set(checked) >= {*DECKS, *SHEETS, "tokens", "objective-reference"}, checked


def test_one_title_size_per_deck(build):
    folder, _ = build(AAT)
    for component in (*DECKS, "objective-reference"):
        sizes = set()
        for entry in entries(folder, component, "front"):
            top = entry["trim"][1] + entry["trim"][3]
            sizes |= {round(float(c["size"]), 2) for c in piece_chars(folder, entry)
                      if "Serif" in c["fontname"] and "Bold" in c["fontname"]
                      and c["mm"][3] > top - 12}
        assert len(sizes) == 1, f"{component}: title sizes {sorted(sizes)}"


# -- 3. what every card shows ----------------------------------------------------------
@pytest.fixture(scope="module")
def fronts(build):
    """{(component, item): (chars of the front, its trim)} of every deck card."""
    folder, _ = build(AAT)
    return {(e["component"], e.get("printed_id", e["item"])): (piece_chars(folder, e), e["trim"])
            for deck in DECKS for e in entries(folder, deck, "front")}


def test_every_card_prints_its_text_traits_and_orders(cards, fronts):
    for key, card in cards.items():
        chars, _ = fronts[key]
        text = squash(text_of(chars))
        where = f"{key[0]} {key[1]}"
        assert squash(flat(card["name"])) in text, where
        for trait in card.get("traits") or []:
            assert squash(trait) in text, f"{where}: trait '{trait}' not printed as written"
        traits = squash(", ".join(card.get("traits") or []))
        assert traits in text, f"{where}: traits not listed together"
        for part in filter(None, [card.get("text"), card.get("flavor")]):
            assert squash(flat(part)) in text, f"{where}: '{part[:30]}' missing"
        for order in card.get("orders") or []:
            line = squash(f"» {order['name']}: {flat(order['text'])}")
            assert line in text, f"{where}: order '{order['name']}' missing"
        side = card.get("subfaction") or card["faction"]
        assert squash(side.upper()) in text, f"{where}: its side is not named"
        if card["kind"] == "Objective":
            assert squash(f"{card['role']} objective") in text, f"{where}: no role"
        if card["pile"] == "special":
            assert "SpecialForces" in text, f"{where}: not marked as Special Forces"


def test_orders_start_with_the_mark_and_a_bold_name(cards, fronts):
    orders_seen = 0
    for key, card in cards.items():
        chars = [c for c in fronts[key][0] if c["text"].strip() and c["text"] != "\xa0"]
        marks = [i for i, c in enumerate(chars) if c["text"] == "»"]
        assert len(marks) == len(card.get("orders") or []), f"{key}: {len(marks)} » printed"
        chars_by_line = [c for line in lines_of(chars) for c in line]
        for i, c in enumerate(chars_by_line):
            if c["text"] == "»":
                name = chars_by_line[i + 1]
                assert "Bold" in name["fontname"], f"{key}: order name not bold"
                assert abs(name["mm"][1] - c["mm"][1]) < 0.3, f"{key}: » alone on its line"
                orders_seen += 1
    assert orders_seen >= 20


def test_escalation_is_the_big_number_at_the_top_left(cards, fronts):
    for key, card in cards.items():
        chars, (x, y, w, h) = fronts[key]
        corner = [c for c in chars if c["mm"][0] < x + 16 and c["mm"][3] > y + h - 16
                  and c["text"].strip()]
        assert [c["text"] for c in corner] == [str(card["escalation"])], key
        assert float(corner[0]["size"]) >= 14 and "Bold" in corner[0]["fontname"], key


def test_stats_sit_at_the_foot(cards, fronts):
    for key, card in cards.items():
        chars, (x, y, w, h) = fronts[key]
        foot = [c for c in chars if c["mm"][1] < y + 14 and float(c["size"]) >= 13]
        left = "".join(c["text"] for c in foot if c["mm"][2] < x + w / 2)
        right = "".join(c["text"] for c in foot if c["mm"][0] > x + w / 2)
        kind = card["kind"]
        if kind in ("Unit", "Objective"):
            assert (left, right) == (str(card["attack"]), str(card["health"])), key
        elif kind in ("Leader", "Base"):
            assert (left, right) == ("", str(card["health"])), key
        else:
            assert (left, right) == (str(card.get("funds") or ""), ""), key


def test_flavour_is_small_italic(cards, fronts):
    with_flavour = 0
    for key, card in cards.items():
        if not card.get("flavor"):
            continue
        italic = [c for c in fronts[key][0] if "Italic" in c["fontname"] and c["text"].strip()]
        assert text_of(italic).replace(" ", "") == flat(card["flavor"]).replace(" ", ""), key
        assert {round(float(c["size"]), 2) for c in italic} == {CARD_PT}, key
        with_flavour += 1
    assert with_flavour


def test_theater_icons_mark_where_a_card_may_be(game, cards, drawn):
    """Units, objectives and bases draw both theater pictograms: dark for each of their
    theaters, pale for the other."""
    ink, faint = game.vars["ink"], game.vars["faint"]
    found: dict = defaultdict(dict)
    names = {game.component(d).name: d for d in DECKS}
    for layout, comp, item, icon, colour in drawn:
        if layout.startswith("card-") and icon in ("space", "planetside"):
            found[(names[comp], item)][icon] = colour
    checked = 0
    for key, card in cards.items():
        if card["kind"] not in ("Unit", "Objective", "Base"):
            assert key not in found, f"{key}: a {card['kind']} shows theaters"
            continue
        want = {t.lower(): ink for t in card["theaters"]}
        want.update({t: faint for t in ("space", "planetside") if t not in want})
        assert found[key] == want, f"{key}: {found[key]}"
        checked += 1
    assert checked > 60


def test_every_icon_of_the_game_is_drawn_somewhere(drawn):
    own = set(yaml.safe_load((AAT / "icons.yaml").read_text())["icons"])
    assert own - {name for *_, name, _ in drawn} == set()


# -- 4. the escalation track -----------------------------------------------------------
def test_the_track_has_6_levels_and_4_incident_spaces_that_take_their_markers(build, game):
    folder, _ = build(AAT)
    (entry,) = [e for e in entries(folder, "escalation-track") if e["item"] == "TRACK"]
    page = page_objects(str(folder / "escalation-track.pdf"))[entry["page"] - 1]
    cells = Counter()
    for r in page["rects"]:
        if r.get("stroke") and not r.get("fill") and inside(r["mm"], entry["trim"]):
            w, h = size_of(r["mm"])
            cells[(round(w), round(h))] += 1
    tokens = {t.fields["label"]: t for t in game.component("tokens").items}
    (level_cell, levels), (incident_cell, incidents) = sorted(cells.items(),
                                                              key=lambda kv: -kv[0][0])
    assert (levels, incidents) == (6, 4), cells
    assert min(level_cell) >= tokens["Level"].size + 2, "the Level marker does not fit"
    assert min(incident_cell) >= tokens["Incident"].size + 2, "an Incident does not fit"
    numbers = [c["text"] for c in piece_chars(folder, entry) if c["text"].isdigit()
               and float(c["size"]) >= 16]
    assert Counter(numbers) == Counter(list("012345") + list("1234")), numbers
    # each player's four scored Objective tokens: circles that take the token, apart
    # (issue 25: they touched)
    circles = sorted((c for c in page["curves"] if c.get("stroke") and c.get("fill")
                      and inside(c["mm"], entry["trim"]) and 20 < size_of(c["mm"])[0] < 24),
                     key=lambda c: c["mm"][0])
    assert len(circles) == 8
    assert all(size_of(c["mm"])[0] >= tokens["Objective"].size + 1 for c in circles)
    gaps = [b["mm"][0] - a["mm"][2] for a, b in zip(circles, circles[1:], strict=False)]
    assert min(gaps) >= 1.5, gaps


# -- 5. tokens -------------------------------------------------------------------------
def test_tokens_enough_for_a_game_each_printed_on_both_sides(build, game):
    folder, _ = build(AAT)
    items = {t.id: t for t in game.component("tokens").items}
    fronts = Counter(e["item"] for e in entries(folder, "tokens", "front"))
    backs = Counter(e["item"] for e in entries(folder, "tokens", "back"))
    assert fronts == backs, "every token has its back"
    by_label = Counter()
    damage = 0
    for item_id, count in fronts.items():
        fields = items[item_id].fields
        if fields.get("value"):
            damage += int(fields["value"]) * count
        else:
            by_label[fields["label"]] += count
    assert damage >= DAMAGE_POINTS
    assert {label for label, n in NEEDED.items() if by_label[label] < n} == set(), by_label
    assert by_label["Incident"] == 4 and by_label["Level"] == 1
    # the damage value is the largest text on its token
    for entry in entries(folder, "tokens", "front"):
        fields = items[entry["item"]].fields
        chars = [c for c in piece_chars(folder, entry) if c["text"].strip()]
        if fields.get("value"):
            assert max(chars, key=lambda c: c["size"])["text"] == fields["value"]
        elif fields["label"] != "Level":
            assert fields["label"].upper() in text_of(chars).upper(), entry["item"]


# -- 6. theater mats -------------------------------------------------------------------
def test_theater_mats_take_sleeved_cards_and_the_right_base(build, game):
    folder, _ = build(AAT)
    roles = game.vars["role_colors"]
    mats = {}
    for tile in entries(folder, "theater-mats"):
        mats.setdefault(tile["item"], tile)  # every tile draws the whole mat, clipped
    assert set(mats) == {"MAT-SPACE", "MAT-PLANETSIDE"}
    for item, tile in mats.items():
        page = page_objects(str(folder / "theater-mats.pdf"))[tile["page"] - 1]
        x, y, w, h = tile["trim"]
        slots = [o for o in page["curves"] + page["rects"] if o.get("stroke")
                 and 60 < size_of(o["mm"])[1] < h and size_of(o["mm"])[0] < w / 2]
        assert len(slots) == 10, f"{item}: {len(slots)} card slots"
        for slot in slots:
            line = float(slot["linewidth"]) * PT
            sw, sh = size_of(slot["mm"])
            assert sw - line >= SLEEVED[0] and sh - line >= SLEEVED[1], f"{item}: slot too small"
            assert inside(slot["mm"], (x + 5, y + 5, w - 10, h - 10)), f"{item}: slot at the edge"
        # five slots a side (six would not leave the mat whole on A3 or Tabloid), and the
        # base's spot on its owner's side (AAT-BASE-2): the Attacker sits at the bottom
        # edge, the Defender at the top
        middle = y + h / 2
        assert sum(s["mm"][1] > middle for s in slots) == 5
        role = "Attacker" if item == "MAT-SPACE" else "Defender"
        want = tuple(c / 255 for c in rgb_hex(roles[role]))
        base = [s for s in slots if s.get("fill") and all(
            abs(float(v) - c) < 0.002 for v, c in zip(s["stroking_color"], want, strict=True))]
        assert len(base) == 1, f"{item}: no {role} base spot"
        on_top = base[0]["mm"][1] > middle
        assert on_top == (role == "Defender"), f"{item}: the base spot is on the wrong side"


# -- 7. objective reference cards and the rules reference ------------------------------
def test_one_objective_reference_card_per_subfaction(build, game):
    folder, _ = build(AAT)
    refs = {i.id: i.fields for i in game.component("objective-reference").items}
    subfactions = {s for d in DECKS for s in [game.component(d).vars["deck"]]}
    assert {f["subfaction"] for f in refs.values()} == subfactions
    for entry in entries(folder, "objective-reference", "front"):
        text = text_of(piece_chars(folder, entry))
        fields = refs[entry["item"]]
        assert squash(f"Attacker · {fields['attacker_name']}") in squash(text)
        assert squash(f"Defender · {fields['defender_name']}") in squash(text)
    assert all(len(game.component(d).items) and sum(i.copies for i in game.component(d).items)
               == 40 for d in DECKS), "the reference cards stay out of the 40-card decks"


def test_the_rules_reference_explains_every_trait_and_token(build, game):
    folder, _ = build(AAT)
    text = " ".join(text_of(piece_chars(folder, e)) for e in entries(folder, "reference"))
    missing = [t for t in TRAITS if not re.search(rf"\b{re.escape(t)}( X| T| T: X| X: T)?:",
                                                  text)]
    assert missing == [], f"traits without a glossary entry: {missing}"
    for deck in DECKS:  # and every trait a card carries is among them
        for item in game.component(deck).items:
            for trait in item.fields.get("traits") or []:
                word = "Expert" if trait.endswith(" Expert") else trait.split()[0].rstrip(":")
                assert word in TRAITS, f"{item.id}: '{trait}' has no glossary entry"
    for token in game.component("tokens").items:
        label = token.fields["label"]
        if label not in ("Attacker", "Defender"):
            assert label.replace("Compute", "Computation") in text, f"token '{label}'"
    for step in ("Deployment", "Combat", "End of turn", "escalation"):
        assert step in text
