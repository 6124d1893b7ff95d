"""Print-shop presets (`pnp export --shop`, issue 24 section 1), read back: each shop's
published numbers (pnp/export/shops.py cites them), every front once at the shop's exact
pixels with its count in cards.csv, one back per deck (one per distinct back where a
deck's differ), a folder per player's deck, the safe zone checked in the shop's terms,
a card of another size refused with both sizes, and the options a preset fixes
refused."""

from __future__ import annotations

import csv
import json
from collections import Counter

import pytest
from PIL import Image

from pnp import BUNDLED_GAMES
from pnp.cli.main import main
from pnp.export.shops import SHOPS, fit
from pnp.export.writer import ExportOptions, export_games
from pnp.load.game import load_game
from tests.conftest import edit


def test_each_shops_published_numbers():
    """TGC and DriveThruCards: 825 x 1125 px poker cards with 1/8 in bleed; MPC 822 x
    1122 px (0.12 in bleed); all at 300 dpi, 2.5 x 3.5 in trim, text 1/8 in inside."""
    expected = {"tgc": ((825, 1125), (37.5, 37.5)), "mpc": ((822, 1122), (36.0, 36.0)),
                "drivethru": ((825, 1125), (37.5, 37.5))}
    for shop_id, (pixels, bleed) in expected.items():
        shop = SHOPS[shop_id]
        assert shop.pixels == pixels and shop.bleed_px == bleed and shop.dpi == 300
        assert shop.trim_px == (750, 1050) and shop.safe_mm == pytest.approx(3.175)
    assert SHOPS["tgc"].bleed_mm == pytest.approx(3.175)


def test_a_metric_card_is_scaled_uniformly_and_a_bridge_card_refused():
    fitted = fit(SHOPS["tgc"], (63, 88))
    assert fitted.scale == pytest.approx(88.9 / 88)  # covers the trim; never stretched
    assert fitted.dpi == pytest.approx(300 * 88.9 / 88)
    assert fit(SHOPS["mpc"], (63.5, 88.9)).scale == pytest.approx(1.0)
    with pytest.raises(ValueError, match="57 x 89 mm"):
        fit(SHOPS["tgc"], (57, 89))


def export(tmp_path, game_id, shop):
    game = load_game(BUNDLED_GAMES / game_id)
    results = export_games([game], tmp_path, ExportOptions(format="shop", shop=shop))
    target = tmp_path / game_id / f"shop-{shop}"
    return game, results[0], target, json.loads((target / "manifest.json").read_text())


@pytest.mark.parametrize("shop", ["tgc", "mpc"])
def test_every_front_once_at_the_shops_pixels_with_its_count(tmp_path, shop):
    game, result, target, manifest = export(tmp_path, "geheime-mission", shop)
    assert manifest["shop"] == SHOPS[shop].name and manifest["pixels"] == list(
        SHOPS[shop].pixels)
    assert result.warnings == []  # the bundled cards keep the shop's safe zone
    for comp in (c for c in game.components if c.kind == "deck"):
        rows = list(csv.DictReader((target / comp.id / "cards.csv").open()))
        assert sum(int(r["count"]) for r in rows) == sum(i.copies for i in comp.items)
        assert len(rows) == len(comp.items)  # each front once
        backs = {r["back"] for r in rows}
        assert backs == {"back.png"}  # one back for the deck
        for name in [r["file"] for r in rows] + sorted(backs):
            image = Image.open(target / comp.id / name)
            assert image.size == SHOPS[shop].pixels
            assert round(image.info["dpi"][0]) == 300
    notes = [f for f in manifest["files"] if "note" in f]
    assert {f["component"] for f in notes} == {c.id for c in game.components
                                               if c.kind != "deck"}


def test_decks_with_unlike_backs_keep_each_and_players_get_their_own_folder(tmp_path):
    """Against All Tyrants' objective reference cards each show their subfaction's back;
    Attack the Tower's Robots are printed once a player (set A, set B)."""
    _, _, target, manifest = export(tmp_path, "against-all-tyrants", "drivethru")
    listings = {f["file"]: f for f in manifest["files"] if f.get("file", "").endswith(".csv")}
    assert any(entry["backs"] > 1 for entry in listings.values())
    for name, entry in listings.items():
        rows = list(csv.DictReader((target / name).open()))
        for row in rows:
            assert (target / name).parent.joinpath(row["back"]).is_file()
        assert len({r["back"] for r in rows}) == entry["backs"]
    _, _, target, manifest = export(tmp_path, "attack-the-tower", "tgc")
    folders = Counter(f["file"].split("/")[0] for f in manifest["files"]
                      if "/" in f.get("file", ""))
    assert {"robots-bases-a", "robots-bases-b", "corsairs-bases"} <= set(folders)
    # copies are counts: the seven Assembly Lines of a set are one design, counted seven
    listings = [f for f in manifest["files"] if f.get("file", "").endswith(".csv")]
    assert sum(f["cards"] for f in listings) == 150 and sum(f["fronts"] for f in listings) == 36
    rows = list(csv.DictReader((target / "robots-bases-a" / "cards.csv").open()))
    line = next(r for r in rows if r["name"] == "Assembly Line")
    assert int(line["count"]) == 7 == len(line["item"].split())


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
    assert "text {name} comes 3.1 mm from the trim, inside the 3.2" in err and "safe zone" in err


def test_check_with_a_shop_refuses_a_deck_its_cards_cannot_show(game, capsys):
    edit(game / "game.yaml", "size: poker", "size: [57, 89]")
    assert main(["check", str(game)]) == 0
    assert main(["check", str(game), "--shop", "mpc"]) == 2
    err = capsys.readouterr().err
    assert "--shop mpc" in err and "57 x 89 mm" in err and "MakePlayingCards" in err


@pytest.mark.parametrize("game_id", ["above-top-secret", "geheime-mission",
                                     "against-all-tyrants", "top-secret", "attack-the-tower"])
def test_every_bundled_cards_text_clears_the_shops_safe_zone(game_id):
    """Issue 34: the bundled cards are designed to The Game Crafter's 1/8 in (the three
    shops' zones are alike: 1/8 in inside a 2.5 x 3.5 in trim)."""
    from pnp.export.shopexport import shop_options, shop_problems
    from pnp.sheets.build import check_game
    from pnp.sheets.printfile import Options

    result = check_game(
        load_game(BUNDLED_GAMES / game_id), Options(),
        options_for=lambda comp, options: shop_options(comp, "tgc", options),
        more_problems=lambda comp, problems: shop_problems(comp, "tgc", problems))
    assert not [w for w in result.warnings if "safe zone" in w], result.warnings


def test_a_card_the_shop_cannot_print_is_refused_with_both_sizes(game, tmp_path, capsys):
    edit(game / "game.yaml", "size: poker", "size: [57, 89]")
    assert main(["export", str(game), "--shop", "mpc", "--out", str(tmp_path / "o")]) == 2
    err = capsys.readouterr().err
    assert "57 x 89 mm" in err and "MakePlayingCards" in err
    assert not (tmp_path / "o").exists()


@pytest.mark.parametrize("extra", [["--dpi", "600"], ["--bleed", "2"], ["--format", "tts"],
                                   ["--safe-margin", "1"]])
def test_what_a_preset_fixes_is_refused(tmp_path, capsys, extra):
    assert main(["export", "geheime-mission", "--shop", "tgc", *extra,
                 "--out", str(tmp_path / "o")]) == 2
    assert "--shop" in capsys.readouterr().err
