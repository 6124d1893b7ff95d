"""`pnp export --format tts` read back: every bundled game's save loads as one game
(deck numbers unique across the save, every card's face and back where its CardID
says, counts as the build prints them), dice laid out as Tabletop Simulator's d6
template, pieces at their real size and none on another."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest
from PIL import Image, ImageChops, ImageDraw, ImageStat

from pnp import BUNDLED_GAMES
from pnp.export.pixels import pixels
from pnp.export.ttssave import SCALE_1_MM, UNIT_MM
from pnp.export.writer import ExportOptions, export_games
from pnp.load.game import load_game
from pnp.load.players import for_players

GAMES = sorted(p.name for p in BUNDLED_GAMES.iterdir() if (p / "game.yaml").exists())
DPI = 40  # a card drawn at 40 dpi is the same pixels in the png export and on a sheet
bleed = pixels(3, DPI)  # the default bleed, in the png export's images


@pytest.fixture(scope="module")
def exports(tmp_path_factory):
    """exports(game) -> (tts folder, save, manifest, png folder), made once a game."""
    cache: dict = {}

    def make(name: str):
        if name not in cache:
            out = tmp_path_factory.mktemp(name)
            game = load_game(BUNDLED_GAMES / name)
            export_games([game], out, ExportOptions(format="tts", dpi=DPI))
            decks = tuple(c.id for c in game.components if c.kind == "deck")
            if decks:
                export_games([game], out, ExportOptions(format="png", dpi=DPI, only=decks))
            tts = out / game.id / "tts"
            cache[name] = (tts, json.loads((tts / f"{game.id}.json").read_text()),
                           json.loads((tts / "manifest.json").read_text()), out / game.id / "png")
        return cache[name]

    return make


def image_at(url: str) -> Image.Image:
    with Image.open(Path(url.removeprefix("file://"))) as image:
        return image.convert("RGB")


def cell(sheet: Image.Image, entry: dict, slot: int) -> Image.Image:
    w, h = sheet.width // entry["NumWidth"], sheet.height // entry["NumHeight"]
    col, row = slot % entry["NumWidth"], slot // entry["NumWidth"]
    return sheet.crop((col * w, row * h, (col + 1) * w, (row + 1) * h))


def differs(a: Image.Image, b: Image.Image) -> float:
    assert a.size == b.size
    return max(ImageStat.Stat(ImageChops.difference(a, b)).mean)


def cards_of(save: dict) -> list:
    """Every deck and lone card on the table, as (object, its cards)."""
    found = []
    for obj in save["ObjectStates"]:
        if obj["Name"] == "DeckCustom":
            found.append((obj, obj["ContainedObjects"]))
        elif obj["Name"] == "Card":
            found.append((obj, [obj]))
    return found


@pytest.mark.parametrize("name", GAMES)
def test_the_save_reads_back_as_the_build_prints_it(name, exports, build):
    tts, save, manifest, png = exports(name)
    printed, _ = build(BUNDLED_GAMES / name)
    built = json.loads((printed / "manifest.json").read_text())
    decks = cards_of(save)
    assert len(decks) == len(manifest["decks"])
    # numbering: each CustomDeck key names one face sheet in the whole save
    keys = Counter(key for obj, _ in decks for key in obj["CustomDeck"])
    assert all(n == 1 for n in keys.values()), keys
    assert sorted(map(int, keys)) == list(range(1, len(keys) + 1))
    pngs = {(f["component"], f["item"], f["copy"], f["side"]): png / f["file"]
            for f in json.loads((png / "manifest.json").read_text())["files"]} \
        if png.exists() else {}
    listed = Counter()
    for (obj, cards), said in zip(decks, manifest["decks"], strict=True):
        assert sorted(map(int, obj["CustomDeck"])) == said["keys"]
        assert obj["Nickname"] == (said["deck"] if len(cards) > 1 else cards[0]["Nickname"])
        assert obj["Name"] == ("Card" if len(cards) == 1 else "DeckCustom") == said["object"]
        if obj["Name"] == "DeckCustom":
            assert obj["DeckIDs"] == [c["CardID"] for c in cards]
        assert [[c["GMNotes"], c["CardID"]] for c in cards] == said["cards"]
        copies = Counter()
        sheets, slots = {}, Counter()
        for card in cards:
            key, slot = divmod(card["CardID"], 100)
            entry = card["CustomDeck"][str(key)]
            assert entry == obj["CustomDeck"][str(key)] and slot == slots[key]
            slots[key] += 1
            assert slot < entry["NumWidth"] * entry["NumHeight"] - 1  # the last: hidden
            copies[card["GMNotes"]] += 1
            listed[said["component"], card["GMNotes"]] += 1
            if key not in sheets:
                sheets[key] = image_at(entry["FaceURL"]), image_at(entry["BackURL"])
            faces, backs = sheets[key]
            front = (said["component"], card["GMNotes"], copies[card["GMNotes"]])
            face = cell(faces, entry, slot)
            trim = (bleed, bleed, bleed + face.width, bleed + face.height)
            with Image.open(pngs[(*front, "front")]) as image:
                want = image.convert("RGB").crop(trim)
            assert differs(face, want) < 1, (name, front)
            with Image.open(pngs[(*front, "back")]) as image:
                want = image.convert("RGB").crop(trim)
            back = cell(backs, entry, slot) if entry["UniqueBack"] else backs
            assert differs(back, want) < 1, (name, front, "back")
        backs_differ = len({image_at(c["CustomDeck"][str(c["CardID"] // 100)]["BackURL"])
                            .tobytes() for c in cards}) > 1
        assert said["unique_backs"] == any(e["UniqueBack"] for e in obj["CustomDeck"].values())
        assert not backs_differ or said["unique_backs"]
    deck_ids = {d["component"] for d in manifest["decks"]}
    fronts = Counter((e["component"], e["item"]) for e in built["items"]
                     if e["component"] in deck_ids and e["side"] == "front")
    assert listed == fronts


def test_the_objective_reference_cards_show_each_subfactions_back(exports):
    _, save, manifest, _ = exports("against-all-tyrants")
    deck = next(o for o, _ in cards_of(save) if o["Nickname"] == "Objective reference cards")
    (entry,) = deck["CustomDeck"].values()
    assert entry["UniqueBack"] and entry["BackURL"] != entry["FaceURL"]
    backs = image_at(entry["BackURL"])
    cells = [cell(backs, entry, slot).tobytes() for slot in range(3)]
    assert len(set(cells)) == 3  # three subfactions, three backs
    others = [d for d in manifest["decks"] if d["component"] != "objective-reference"]
    assert others and not any(d["unique_backs"] for d in others)


def test_a_single_card_is_a_card(exports):
    _, save, _, _ = exports("above-top-secret")
    clearance = [o for o in save["ObjectStates"] if o["Nickname"].startswith("SC-")]
    assert [o["Name"] for o in clearance] == ["Card", "Card"]
    assert all(len(o["CustomDeck"]) == 1 and o["CardID"] // 100 == int(*o["CustomDeck"])
               for o in clearance)


def real_size(obj: dict) -> tuple:
    """An object's size on the table in mm, from its scale and SCALE_1_MM."""
    kind = obj["Name"] if obj["Name"] in SCALE_1_MM else "Card"
    w, d = SCALE_1_MM[kind]
    t = obj["Transform"]
    return t["scaleX"] * w, t["scaleZ"] * d


@pytest.mark.parametrize("name", GAMES)
def test_pieces_are_at_their_real_size_and_none_lies_on_another(name, exports):
    _, save, _, _ = exports(name)
    game = for_players(load_game(BUNDLED_GAMES / name), None)  # as printed
    sizes = {}
    for comp in game.components:
        for item in comp.items:
            size = item.size if item.size is not None else comp.size
            sizes[comp.id, item.id] = (size, size) if isinstance(size, (int, float)) else size
    comp_of = {c.name: c.id for c in game.components}
    boxes = []
    for obj in save["ObjectStates"]:
        t = obj["Transform"]
        if obj["Name"] == "Bag":
            for tile in obj["ContainedObjects"]:
                size = sizes[comp_of[obj["Nickname"]], tile["GMNotes"]]
                w, d = real_size(tile)
                if tile["CustomImage"]["CustomTile"]["Type"] == 1:  # TTS's hex: regular
                    assert tile["Transform"]["scaleZ"] == tile["Transform"]["scaleX"]
                    d = size[1]
                assert (w, d) == pytest.approx(size, abs=0.05), tile["GMNotes"]
            continue
        w, d = real_size(obj)
        if obj["Name"] == "Figurine_Custom":
            d = w  # a standee's footprint: its base
        boxes.append((t["posX"] - w / 2 / UNIT_MM, t["posX"] + w / 2 / UNIT_MM,
                      t["posZ"] - d / 2 / UNIT_MM, t["posZ"] + d / 2 / UNIT_MM, obj["Nickname"]))
    for i, a in enumerate(boxes):
        for b in boxes[i + 1:]:
            apart = a[1] <= b[0] or b[1] <= a[0] or a[3] <= b[2] or b[3] <= a[2]
            assert apart, (a, b)


def test_a_6_mm_marker_is_not_as_big_as_a_399_mm_playmat(exports):
    """Above Top Secret: a card, its tokens and its 399 x 250 mm playmat keep their real
    sizes relative to each other (and in inches, as Tabletop Simulator counts)."""
    _, save, _, _ = exports("above-top-secret")
    game = for_players(load_game(BUNDLED_GAMES / "above-top-secret"), None)
    mat = next(o for o in save["ObjectStates"] if o["Nickname"].startswith("Playmat"))
    assert real_size(mat) == pytest.approx((399, 250), abs=0.05)
    deck = next(o for o in save["ObjectStates"] if o["Name"] == "DeckCustom")
    assert real_size(deck) == pytest.approx(game.component("defense").size, abs=0.05)
    assert all(real_size(c) == real_size(deck) for c in deck["ContainedObjects"])
    bag = next(o for o in save["ObjectStates"] if o["Name"] == "Bag")
    tokens = game.component("tokens")
    for tile in bag["ContainedObjects"]:
        size = next(i.size for i in tokens.items if i.id == tile["GMNotes"]) or tokens.size
        size = size if isinstance(size, (int, float)) else size[0]
        assert real_size(tile)[0] == pytest.approx(size, abs=0.05), tile["GMNotes"]
    smallest = min(real_size(t)[0] for t in bag["ContainedObjects"])
    assert 399 / smallest > 10 and mat["Transform"]["scaleX"] / min(
        t["Transform"]["scaleX"] for t in bag["ContainedObjects"]) == pytest.approx(
        399 / smallest, rel=0.01)


# Tabletop Simulator's custom d6 (its knowledge base's template and public saves): a
# square image, 3 x 3 cells, the top row unused; middle row 2, 4, 5 upright; bottom
# row 1 turned 180°, 3 upright, 6 turned 180°. RotationValues: the face up.
D6_CELLS = {2: (1, 0, False), 4: (1, 1, False), 5: (1, 2, False),
            1: (2, 0, True), 3: (2, 1, False), 6: (2, 2, True)}
D6_ROTATIONS = {1: (-90, 0, 0), 2: (0, 0, 0), 3: (0, 0, -90), 4: (0, 0, 90),
                5: (0, 0, -180), 6: (90, 0, 0)}


def test_the_die_template_is_tabletop_simulators_d6():
    """Six faces, each its own colour with a black mark in its top-left corner: each
    lands in its cell, the mark top-left when upright and bottom-right when turned,
    with an inset of the face's edge colour all round and the top row empty."""
    from pnp.export.tts import die_template

    colours = [(200, 40 * n, 0) for n in range(6)]
    faces = []
    for colour in colours:
        face = Image.new("RGB", (100, 100), colour)
        ImageDraw.Draw(face).rectangle((8, 8, 30, 30), fill=(0, 0, 0))
        faces.append(face)
    template = die_template(faces)
    assert template.width == template.height == 300 and template.mode == "RGB"
    top = template.crop((0, 0, 300, 100))
    assert top.getcolors() == [(300 * 100, (255, 255, 255))]
    for value, (row, col, turned) in D6_CELLS.items():
        box = template.crop((col * 100, row * 100, col * 100 + 100, row * 100 + 100))
        colour = colours[value - 1]
        for edge in ((0, 0), (99, 0), (0, 99), (99, 99), (50, 0), (0, 50), (1, 1)):
            assert box.getpixel(edge) == colour, (value, edge)  # the inset: no art there
        near, far = (20, 20), (79, 79)
        mark, plain = (far, near) if turned else (near, far)
        assert box.getpixel(mark) == (0, 0, 0) and box.getpixel(plain) == colour, value


@pytest.mark.parametrize("name, count", [("above-top-secret", 2), ("top-secret", 6)])
def test_every_paper_die_is_a_custom_d6(name, count, exports):
    tts, save, _, _ = exports(name)
    game = load_game(BUNDLED_GAMES / name)
    (comp,) = [c for c in game.components if c.kind == "dice"]
    dice = [o for o in save["ObjectStates"] if o["Name"] == "Custom_Dice"]
    assert len(dice) == count == sum(i.copies for i in comp.items)
    for die, item in zip(dice, comp.items, strict=True):
        assert die["CustomImage"]["CustomDice"] == {"Type": 1}
        assert [(r["Value"], (r["Rotation"]["x"], r["Rotation"]["y"], r["Rotation"]["z"]))
                for r in die["RotationValues"]] == list(D6_ROTATIONS.items())
        assert real_size(die)[0] == pytest.approx(item.size, abs=0.05)
        image = image_at(die["CustomImage"]["ImageURL"])
        assert image.width == image.height == 3 * pixels(item.size, DPI)
        assert image.crop((0, 0, image.width, image.height // 3)).getcolors() == [
            (image.width * image.height // 3, (255, 255, 255))]


def test_the_officer_standee_is_a_figurine_with_its_front_and_back(exports):
    _, save, _, _ = exports("geheime-mission")
    (figure,) = [o for o in save["ObjectStates"] if o["Name"] == "Figurine_Custom"]
    front, back = (image_at(figure["CustomImage"][k]) for k in ("ImageURL",
                                                               "ImageSecondaryURL"))
    assert front.size == back.size == (pixels(44, DPI), pixels(108 - 62, DPI))
    # the same figure both sides, the back turned upright (upside down on the net)
    assert differs(front, back) < differs(front, back.rotate(180)) / 2
    t = figure["Transform"]
    assert t["scaleX"] == t["scaleY"] == t["scaleZ"]
    assert t["scaleY"] * SCALE_1_MM["Figurine_Custom"][1] == pytest.approx(46, abs=0.05)


def test_a_standee_is_checked_where_it_is_written(game):
    """`standee:` is for sheets, each band running down the sheet within its height:
    anything else is an error at its place, nothing exported."""
    import subprocess
    import sys

    from tests.conftest import edit

    edit(game / "game.yaml", "    front: rules-sheet\n",
         "    front: rules-sheet\n    standee: {front: [100, 300], back: [50, 20]}\n")
    edit(game / "game.yaml", "    kind: tokens\n",
         "    kind: tokens\n    standee: {front: [0, 10], back: [10, 20]}\n")
    done = subprocess.run([sys.executable, "-m", "pnp", "check", str(game)],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 2, done.stderr
    assert "game.yaml:" in done.stderr and "standee front [100, 300] must run down the sheet " \
        "within its 210 mm" in done.stderr
    assert "standee back [50, 20] must run down the sheet" in done.stderr
    assert "standee is for sheets only, not a tokens" in done.stderr


def test_the_tts_modules_never_import_their_caller():
    """Issue 24 section 6: each format a module of its own on shared rasterising and
    sizes; pnp/export/tts.py and pnp/export/ttssave.py never import pnp/export/writer.py."""
    import ast

    from pnp.export import tts, ttssave

    for module in (tts, ttssave):
        tree = ast.parse(Path(module.__file__).read_text())
        names = {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)} | {
            a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}
        assert "pnp.export.writer" not in names and "pnp.cli.export" not in names, module
