"""A game folder at the table (issue 32): played by taps at a phone's and a tablet's
size (tests/ui/declared_taps.py, each in its own process); resumed from the home
screen after a restart without --game; a folder gone missing said on the home screen
with its save kept; a broken folder refused with pnp's file:line:col, exit 2."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys

import pytest

from tests.ui.declared_taps import make_folder
from tests.ui.screens import ROOT, SIZES


def companion(env, *args, timeout=120) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "companion", *args], env=env, cwd=ROOT,
                          capture_output=True, text=True, timeout=timeout)


@pytest.mark.parametrize("size", SIZES)
def test_a_folder_game_played_by_taps(display, tmp_path, size):
    """From the form: a counter by + and by a typed number, a draw by tapping the pile,
    the pile's menu, a card held to read it and played from its menu, the shell's dice
    roller with the table's printed die, a player's sheet, the end of the turn behind
    the cover, Undo, and the players ending the game (tests/ui/declared_taps.py)."""
    resolution, density = SIZES[size]
    folder = make_folder(tmp_path / "star-patrol")
    out = ROOT / "test-artifacts" / f"declared-taps-{size}"
    done = subprocess.run([sys.executable, "-m", "tests.ui.declared_taps", "--size",
                           resolution, "--folder", str(folder), "--out", str(out)], cwd=ROOT,
                          capture_output=True, text=True, timeout=600,
                          env={**os.environ, **display, "KIVY_METRICS_DENSITY": density})
    assert done.returncode == 0, done.stderr[-4000:]
    assert "played" in done.stdout


TOURS = {"phone": "tracked:50,printed:24", "tablet": "tracked:36,printed:16"}
KINDS = {"tracked": ["cover", "draw", "play", "change", "phase", "pass", "discard"],
         "printed": ["told", "change"]}


@pytest.mark.parametrize("size", TOURS)
def test_whole_games_by_taps(display, size):
    """tests/ui/declared_tour.py: players at the table make every listed move by taps
    (cards kept by the app, then printed cards), the app's state equal to the engine's
    after each, the table rules at every prompt."""
    from tests.ui.screens import run_tour

    shots = run_tour(display, "declared_tour", size, TOURS[size])
    for mode, kinds in KINDS.items():
        assert {f"{mode}-{kind}" for kind in kinds} <= shots, sorted(shots)


def dump(env, data, tmp_path, *args) -> dict:
    out = tmp_path / "dump.json"
    done = companion(env, "--data-dir", str(data), "--dump-state", str(out), *args)
    assert done.returncode == 0, done.stderr[-2000:]
    return json.loads(out.read_text())


def test_resume_after_restart_then_a_missing_folder(display, tmp_path):
    """--game remembers the folder: a start without it lists the game and resumes its
    save; with the folder gone the home screen says so and the save stays."""
    folder = make_folder(tmp_path / "star-patrol")
    data = tmp_path / "saves"
    first = dump(display, data, tmp_path, "--game", str(folder))
    assert first["screen"] == "newgame"
    remembered = json.loads((data / "folders.json").read_text())["folders"]
    assert remembered[0]["folder"] == str(folder.resolve())
    # a game in progress, saved as the app saves it
    from companion.controller import GameController
    from companion.games import register_folder
    from companion.store import Store

    game_id = register_folder(folder)
    controller = GameController(Store(data))
    controller.new_game(game_id, {"players": [{"name": "Ann"}, {"name": "Bob"}],
                                  "first": 0, "cards": "tracked"}, seed=3)
    controller.act(controller.legal()[0])
    again = dump(display, data, tmp_path)
    assert again["screen"] == "table"
    assert again["state"]["folder_game"] == game_id
    shutil.move(folder, tmp_path / "elsewhere")
    gone = dump(display, data, tmp_path)
    assert gone["screen"] == "home"
    assert "is missing" in gone["notice"] and str(folder) in gone["notice"]
    assert (data / game_id / "current.json").is_file()
    assert not list((data / game_id).glob("corrupt-*"))
    shutil.move(tmp_path / "elsewhere", folder)
    back = dump(display, data, tmp_path)
    assert back["screen"] == "table"


def test_a_broken_folder_is_refused(display, tmp_path):
    folder = make_folder(tmp_path / "broken")
    game = folder / "game.yaml"
    game.write_text(game.read_text().replace("allows: [draw, change]",
                                             "allows: [drwa, change]"))
    done = companion(display, "--game", str(folder), "--data-dir", str(tmp_path / "d"))
    assert done.returncode == 2
    assert f"{game}:" in done.stderr and "drwa" in done.stderr
    assert "Traceback" not in done.stderr
    assert companion(display, "--game", str(tmp_path / "nowhere")).returncode == 2


@pytest.mark.parametrize("size", SIZES)
def test_every_starter_and_a_rich_table_in_sight(display, tmp_path, size):
    """tests/ui/declared_looks.py: each `pnp new` starter and Above Top Secret's declared
    table, fewest and most players, app-kept and printed cards, a few turns in: all in
    sight, nothing cut (six players of Above Top Secret on a phone included)."""
    from tests.ui.declared_looks import starters

    resolution, density = SIZES[size]
    folders = [*starters(tmp_path), ROOT / "cards" / "above-top-secret"]
    out = ROOT / "test-artifacts" / f"declared-looks-{size}"
    for old in out.glob("*.png"):  # a last run's: they would count for this one
        old.unlink()
    done = subprocess.run([sys.executable, "-m", "tests.ui.declared_looks", "--size",
                           resolution, "--out", str(out), *map(str, folders)], cwd=ROOT,
                          capture_output=True, text=True, timeout=600,
                          env={**os.environ, **display, "KIVY_METRICS_DENSITY": density})
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    # each table at its fewest and its most players, in one card mode at least (a game
    # over within the turns has no table to look at: Market Day's market may empty)
    shot = {p.stem.rsplit("-", 1)[0] for p in out.glob("*.png")}
    assert {"example-2", "csv-2", "art-2", "art-3", "above-top-secret@folder-2",
            "above-top-secret@folder-6"} <= shot, shot


def test_each_starter_screenshots_its_table_at_phone_size(display, tmp_path):
    """Issue 32's measure: `dossier-companion --game FOLDER --demo --screenshot F --size
    1080x2340` draws the starter's table (its demo, a few turns in) at a phone's size."""
    from PIL import Image

    from tests.ui.declared_looks import starters

    resolution, density = SIZES["phone"]
    env = {**display, "KIVY_METRICS_DENSITY": density}
    for folder in starters(tmp_path / "games"):
        shot = tmp_path / f"{folder.name}.png"
        args = ("--game", str(folder), "--demo", "--data-dir", str(tmp_path / "d"))
        done = companion(env, *args, "--screenshot", str(shot), "--size", resolution)
        assert done.returncode == 0, done.stderr[-2000:]
        with Image.open(shot) as image:
            assert image.size == (1080, 2340)
            assert len(image.convert("RGB").getcolors(1_000_000)) > 500, "a drawn table"
        state = dump(env, tmp_path / "d", tmp_path, *args)
        assert state["screen"] == "table" and state["state"]["turn"]["number"] >= 3
