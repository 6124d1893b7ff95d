"""Print-shop presets (`pnp export --shop`, issues 24 and 34), read back: every piece
as one of the shop's products at its template's exact pixels, each design once with its
count, one back per deck product (a deck of several backs split), a folder per player's
deck, boards inside their product, dice as faces, DriveThruCards' deck PDF, the safe
zone checked in the product's terms, a piece no product takes refused naming the
nearest, and the options a preset fixes refused."""

from __future__ import annotations

import csv
import json

import pytest
from PIL import Image

from pnp import BUNDLED_GAMES
from pnp.cli.main import main
from pnp.export.products import find
from pnp.export.writer import ExportOptions, export_games
from pnp.load.game import load_game
from tests.conftest import edit


def export(tmp_path, game_id, shop):
    game = load_game(BUNDLED_GAMES / game_id)
    results = export_games([game], tmp_path, ExportOptions(format="shop", shop=shop))
    target = tmp_path / game_id / f"shop-{shop}"
    return game, results[0], target, json.loads((target / "manifest.json").read_text())


def listings(manifest) -> dict:
    return {f["file"]: f for f in manifest["files"] if f.get("file", "").endswith(".csv")}


@pytest.mark.parametrize("shop", ["tgc", "mpc"])
def test_every_design_once_at_its_products_pixels_with_its_count(tmp_path, shop):
    game, result, target, manifest = export(tmp_path, "geheime-mission", shop)
    assert manifest["shop"] in ("The Game Crafter", "MakePlayingCards")
    assert [w for w in result.warnings if "safe zone" in w] == []  # designed to it
    found = listings(manifest)
    for name, entry in found.items():
        product = find(shop, entry["product"])
        rows = list(csv.DictReader((target / name).open()))
        for file in [r["file"] for r in rows] + sorted({r["back"] for r in rows} - {""}):
            image = Image.open((target / name).parent / file)
            assert image.size == product.pixels, (name, file)
            assert round(image.info["dpi"][0]) == 300
    agents = next(c for c in game.components if c.id == "agents")
    rows = list(csv.DictReader((target / "agents" / "cards.csv").open()))
    assert sum(int(r["count"]) for r in rows) == sum(i.copies for i in agents.items)
    assert len(rows) == len(agents.items) and {r["back"] for r in rows} == {"back.png"}
    mapped = {f["component"] for f in found.values()}
    others = {f["component"] for f in manifest["files"] if "note" in f or "refused" in f}
    assert mapped | others == {c.id for c in game.components}  # each said what became of it
    if shop == "tgc":  # every kind to its product; the fold-up standee refused, named
        assert {found[f"{c}/{'cards' if c == 'agents' else 'pieces'}.csv"]["product"]
                for c in ("agents", "board", "chips", "reference")} == {
            "EuroPokerDeck", "SmallGameMat", "LargeCircleChit", "Document"}  # the sheet named it
        assert any("officer" in w and "standee" in w for w in result.warnings)
    else:  # cards only
        assert mapped == {"agents"}


def test_a_deck_of_several_backs_becomes_a_deck_per_back(tmp_path):
    """Against All Tyrants' objective reference cards each show their subfaction's back:
    a deck product takes one, so each back is its own deck, and the manifest says so."""
    _, _, target, manifest = export(tmp_path, "against-all-tyrants", "tgc")
    split = {n: e for n, e in listings(manifest).items()
             if e["component"] == "objective-reference"}
    assert len(split) == 3 and all(e["backs"] == 1 and "3 different backs" in e["note"]
                                   for e in split.values())
    for name in split:
        rows = list(csv.DictReader((target / name).open()))
        assert {r["back"] for r in rows} == {"back.png"}


def test_players_decks_and_copies_as_counts(tmp_path):
    """Attack the Tower's Robots are printed once a player (set A, set B), and copies
    are counts: the seven Assembly Lines of a set are one design, counted seven."""
    _, _, target, manifest = export(tmp_path, "attack-the-tower", "tgc")
    decks = [f for f in listings(manifest).values() if "cards" in f]
    assert {"robots-bases-a", "robots-bases-b", "corsairs-bases"} <= {
        f["file"].split("/")[0] for f in decks}
    assert sum(f["cards"] for f in decks) == 150 and sum(f["fronts"] for f in decks) == 36
    rows = list(csv.DictReader((target / "robots-bases-a" / "cards.csv").open()))
    line = next(r for r in rows if r["name"] == "Assembly Line")
    assert int(line["count"]) == 7 == len(line["item"].split())


def test_a_board_is_drawn_inside_its_product_and_the_rest_in_its_edge_colour(tmp_path):
    """Top-Secret's 360 x 452 mm board on an 18 x 18 in quad-fold board at its own size:
    its edge colour fills the 1.1 in either side, and the board's own middle is there."""
    _, _, target, manifest = export(tmp_path, "top-secret", "tgc")
    entry = listings(manifest)["board/pieces.csv"]
    assert entry["product"] == "QuadFoldBoard" and "drawn" not in entry["scaling"]
    image = Image.open(target / "board" / "board.png").convert("RGB")
    assert image.size == (5475, 5475)
    board_px = 360 / 25.4 * 300  # the board's width at 300 dpi
    side = (5475 - board_px) / 2
    edge = image.getpixel((5, 2737))
    assert image.getpixel((int(side) - 20, 2737)) == edge  # filled up to the board
    assert len(image.crop((2700, 2700, 2775, 2775)).getcolors(75 * 75)) > 1  # drawn middle


def test_tokens_go_to_chits_and_tiles_of_their_cut_and_dice_to_their_faces(tmp_path):
    _, result, target, manifest = export(tmp_path, "top-secret", "tgc")
    found = listings(manifest)
    assert found["intel/pieces.csv"]["product"] == "SmallCircleChit"
    assert found["agents/pieces.csv"]["product"] == "MiniHexTile"
    assert "+5.8 %" in found["agents/pieces.csv"]["scaling"]  # it says by how much
    assert {found[f"markers-{p.lower()}/pieces.csv"]["product"]
            for p in ("MiniCircleTile", "SmallCircleChit")} == {"MiniCircleTile",
                                                                "SmallCircleChit"}
    dice = list(csv.DictReader((target / "dice" / "pieces.csv").open()))
    assert len(dice) == 6 * 6 and found["dice/pieces.csv"]["product"] == "CustomColorD6"
    assert Image.open(target / "dice" / dice[0]["file"]).size == (180, 180)
    intel = list(csv.DictReader((target / "intel" / "pieces.csv").open()))
    assert sum(int(r["count"]) for r in intel) == 47


def test_a_piece_no_product_takes_is_refused_naming_the_nearest(tmp_path):
    """Above Top Secret's 6 mm round markers: TGC's smallest circle chit is 1/2 in.
    The rest of the game still uploads."""
    _, result, target, manifest = export(tmp_path, "above-top-secret", "tgc")
    refused = [f["refused"] for f in manifest["files"] if "refused" in f]
    marker = next(r for r in refused if "'T-BASE'" in r)
    assert "6 x 6 mm" in marker and "Small Circle Chit (0.5 x 0.5 in, 225 x 225 px)" in marker
    assert any("'T-BASE'" in w for w in result.warnings)
    assert (target / "defense-blue" / "cards.csv").is_file()


def test_drivethrus_deck_is_one_vector_pdf_fronts_then_backs(tmp_path):
    """One card face a page, 2.75 x 3.75 in (the card and 1/8 in bleed), TrimBox 1/8 in
    inside, every front followed by its back, every copy repeated; text stays text."""
    from pypdf import PdfReader

    game, _, target, manifest = export(tmp_path, "geheime-mission", "drivethru")
    entry = next(f for f in manifest["files"] if f.get("file") == "agents.pdf")
    reader = PdfReader(target / "agents.pdf")
    cards = sum(i.copies for c in game.components if c.id == "agents" for i in c.items)
    assert len(reader.pages) == 2 * cards == entry["pages"]
    for page in reader.pages:
        assert [round(float(v) / 72 * 25.4, 1) for v in page.mediabox] == [0, 0, 69.8, 95.2]
        assert [float(v) for v in page.trimbox] == [9, 9, 189, 261]
        assert page.bleedbox == page.mediabox
    fronts = [reader.pages[i].extract_text() for i in range(0, 6, 2)]
    backs = {reader.pages[i].extract_text() for i in range(1, 6, 2)}
    assert all("ANGRIFF" in t for t in fronts) and len(backs) == 1
    assert "ANGRIFF" not in backs.pop()


def test_a_shop_that_sells_nothing_of_the_game_refuses_it(tmp_path, capsys):
    """Top-Secret has no cards; DriveThruCards prints cards only."""
    assert main(["export", "top-secret", "--shop", "drivethru",
                 "--out", str(tmp_path / "o")]) == 2
    assert "DriveThruCards prints cards only" in capsys.readouterr().err
    assert not (tmp_path / "o").exists()


def test_text_in_the_shops_safe_zone_is_a_warning_naming_the_card(game, tmp_path):
    """The example's poker cards with a name 1 mm from the left edge."""
    edit(game / "layouts.yaml", "      - {type: icon, name: \"{suit}\"",
         "      - {type: text, x: 1, y: 40, w: 30, h: 5, text: \"{name}\", style: "
         "basic-small, align: left}\n      - {type: icon, name: \"{suit}\"")
    results = export_games([load_game(game)], tmp_path, ExportOptions(format="shop",
                                                                       shop="tgc"))
    assert any("safe zone" in w and "name" in w for w in results[0].warnings), \
        results[0].warnings


def test_check_with_a_shop_warns_of_its_safe_zone_where_the_plain_check_does_not(
        game, capsys):
    """Text 3.1 mm from the trim clears the standard's 3 mm, not The Game Crafter's 1/8 in
    on a card scaled to its poker size: `pnp check --shop tgc` says so, naming the card."""
    edit(game / "layouts.yaml", "      - {type: icon, name: \"{suit}\"",
         "      - {type: text, x: 3.1, y: 40, w: 30, h: 5, text: \"{name}\", style: "
         "basic-small, align: left}\n      - {type: icon, name: \"{suit}\"")
    assert main(["check", str(game)]) == 0
    assert "safe zone" not in capsys.readouterr().err
    assert main(["check", str(game), "--shop", "tgc"]) == 0
    err = capsys.readouterr().err
    assert "text {name} comes 3.1 mm from the trim, inside the 3.175 mm" in err
    assert "safe zone" in err


def test_check_with_a_shop_names_what_no_product_takes(game, capsys):
    """An 80 x 120 mm card: MakePlayingCards sells cards only, so nothing of the game is
    left to upload (exit 2); The Game Crafter still takes its tokens, board and dice."""
    edit(game / "game.yaml", "size: poker", "size: [80, 120]")
    assert main(["check", str(game)]) == 0
    assert main(["check", str(game), "--shop", "mpc"]) == 2
    err = capsys.readouterr().err
    assert "--shop mpc" in err and "80 x 120 mm" in err and "MakePlayingCards" in err
    assert main(["check", str(game), "--shop", "tgc"]) == 0
    err = capsys.readouterr().err
    assert "warning: --shop tgc" in err and "80 x 120 mm" in err and "nearest: " in err


@pytest.mark.parametrize("game_id", ["above-top-secret", "geheime-mission",
                                     "against-all-tyrants", "top-secret", "attack-the-tower"])
def test_every_bundled_cards_text_clears_the_shops_safe_zone(game_id):
    """Issue 34: the bundled cards are designed to The Game Crafter's 1/8 in (the three
    shops' zones are alike: 1/8 in inside a 2.5 x 3.5 in trim)."""
    from pnp.export.shopgroups import shop_options, shop_problems
    from pnp.sheets.build import check_game
    from pnp.sheets.printfile import Options

    result = check_game(
        load_game(BUNDLED_GAMES / game_id), Options(),
        options_for=lambda comp, options: shop_options(comp, "tgc", options),
        more_problems=lambda comps, problems, warn: shop_problems(
            comps, "tgc", lambda _comp: Options(), problems, warn))
    assert not [w for w in result.warnings if "safe zone" in w], result.warnings


def test_a_card_the_shop_cannot_print_is_refused_with_both_sizes(game, tmp_path, capsys):
    edit(game / "game.yaml", "size: poker", "size: [80, 120]")
    assert main(["export", str(game), "--shop", "mpc", "--out", str(tmp_path / "o")]) == 2
    err = capsys.readouterr().err
    assert "80 x 120 mm" in err and "MakePlayingCards" in err
    assert not (tmp_path / "o").exists()


@pytest.mark.parametrize("extra", [["--dpi", "600"], ["--bleed", "2"], ["--format", "tts"],
                                   ["--safe-margin", "1"]])
def test_what_a_preset_fixes_is_refused(tmp_path, capsys, extra):
    assert main(["export", "geheime-mission", "--shop", "tgc", *extra,
                 "--out", str(tmp_path / "o")]) == 2
    assert "--shop" in capsys.readouterr().err


def test_a_product_the_game_names_must_be_the_shops(game, capsys):
    """`shop: {tgc: Documnet}` on the rules sheet: refused at its line, with the fix."""
    edit(game / "game.yaml", "    size: a5", "    size: a5\n    shop: {tgc: Documnet}")
    assert main(["check", str(game), "--shop", "tgc"]) == 2
    err = capsys.readouterr().err
    assert "game.yaml:" in err and "no product 'Documnet'" in err and "Document?" in err
    edit(game / "game.yaml", "Documnet", "Document")
    assert main(["check", str(game), "--shop", "tgc"]) == 0
