"""Above Top Secret prints what every player owns (rulebook, Game Components: 40 Defense
and 12 Encounter cards, four base areas, a clearance card each), and each player's
decks tell apart by the colour bands on their backs."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest
from PIL import Image

from pnp import BUNDLED_GAMES
from pnp.cli.main import main
from pnp.export.writer import ExportOptions, export_games
from pnp.load.game import load_game
from pnp.sheets.build import Options

ATS = BUNDLED_GAMES / "above-top-secret"
DPI = 40
OWNED = {"defense": 40, "encounter": 12, "base-areas": 4, "clearance": 1, "playmat": 1,
         "tokens": 14}  # tokens: 3 status, 1 alien, 5 damage, 4 base markers, 1 clearance


@pytest.fixture(scope="module")
def two_players(tmp_path_factory):
    out = tmp_path_factory.mktemp("ats")
    assert main(["build", str(ATS), "--out", str(out), "--quiet"]) == 0
    return json.loads((out / "above-top-secret" / "manifest.json").read_text())["items"]


def test_a_build_prints_both_players_sets(two_players):
    counts = Counter((e["component"], e.get("player"), e["side"]) for e in two_players)
    for component, count in OWNED.items():
        for player in ("Red", "Blue"):  # a playmat prints one entry per tile
            assert counts[component, player, "front"] == count or component == "playmat" \
                and counts[component, player, "front"] >= 1, (component, player)
    assert counts["defense", "Red", "back"] == counts["defense", "Blue", "back"] == 40
    assert not any(e.get("player") in ("Green", "Yellow") for e in two_players)
    command = [e for e in two_players if e["item"] == "T-COMMAND" and e["side"] == "front"]
    assert len(command) == 1 and "player" not in command[0]  # one for the table


def test_six_players_for_three_teams_of_two(tmp_path):
    out = tmp_path / "o"
    assert main(["build", str(ATS), "--out", str(out), "--quiet", "--players", "6",
                 "--only", "clearance"]) == 0
    items = json.loads((out / "above-top-secret" / "manifest.json").read_text())["items"]
    assert {e["player"] for e in items} == {"Red", "Blue", "Green", "Yellow", "Purple", "Grey"}


def hex_rgb(text: str) -> tuple:
    return tuple(int(text[i:i + 2], 16) for i in (1, 3, 5))


@pytest.mark.parametrize("deck", ["defense", "encounter"])
def test_each_players_backs_carry_their_colour(tmp_path, deck):
    game = load_game(ATS)
    colours = game.vars["player_colors"]
    export_games([game], tmp_path, ExportOptions(format="png", dpi=DPI, only=(deck,),
                                                 print=Options(players=4)))
    folder = tmp_path / "above-top-secret" / "png"
    files = json.loads((folder / "manifest.json").read_text())["files"]
    backs = [f for f in files if f["side"] == "back"]
    assert len(backs) == 4 * OWNED[deck]
    for entry in backs:
        player = entry["item"].rsplit("-", 1)[1].capitalize()
        want = hex_rgb(colours[player])
        image = Image.open(folder / entry["file"]).convert("RGB")
        w, h = image.size
        for y_mm in (7.5, 80.5):  # the middle of each band, 3 mm bleed included
            pixel = image.getpixel((round(w * 0.2), round((y_mm + 3) / 25.4 * DPI)))
            assert max(abs(a - b) for a, b in zip(pixel, want, strict=True)) <= 12, \
                (entry["file"], y_mm, pixel, want)
    fronts = {f["item"] for f in files if f["side"] == "front"}
    assert len(fronts) == 4 * OWNED[deck]


def test_tabletop_simulator_gets_a_deck_per_player_with_its_own_back(tmp_path):
    game = load_game(ATS)
    export_games([game], tmp_path, ExportOptions(format="tts", dpi=40, only=("encounter",),
                                                 print=Options()))
    folder = tmp_path / "above-top-secret" / "tts"
    saved = json.loads((folder / "above-top-secret.json").read_text())
    decks = [o for o in saved["ObjectStates"] if o["Name"] == "DeckCustom"]
    assert [d["Nickname"] for d in decks] == ["Encounter Deck (Red)", "Encounter Deck (Blue)"]
    backs = {e["BackURL"] for d in decks for e in d["CustomDeck"].values()}
    assert len(backs) == 2 and all(len(d["ContainedObjects"]) == 12 for d in decks)
    guids = [o["GUID"] for d in decks for o in [d, *d["ContainedObjects"]]]
    assert len(guids) == len(set(guids))
    red, blue = (Image.open(folder / Path(url.removeprefix("file:///")).name).convert("RGB")
                 for url in sorted(backs, key=lambda u: "blue" in u))
    assert red.getpixel((red.width // 5, red.height * 8 // 100)) != \
        blue.getpixel((blue.width // 5, blue.height * 8 // 100))


def test_list_counts_what_a_build_prints(capsys):
    assert main(["list"]) == 0
    line = next(x for x in capsys.readouterr().out.splitlines() if x.startswith("above-top"))
    assert "[en]: 2 of 6 player sets (--players);" in line and "defense (80 cards)" in line
