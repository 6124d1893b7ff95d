"""A game declared in a folder's YAML, through the real window: whole games by taps at a
phone's and a tablet's size (tests/ui/declared_tour.py); `dossier-companion --game
FOLDER` opening its new-game form, the folder remembered so its game resumes after a
restart, a folder gone missing said on the home screen with its save kept, and a broken
folder refused with its problems at their file:line:col."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys

import pytest

from companion.core.session import Session
from tests.declared.fixtures import GAME, duel_folder

TOURS = {"phone": "tracked,printed,duel", "tablet": "duel"}


@pytest.mark.parametrize("size", TOURS)
def test_whole_declared_games_by_taps(display, size):
    from tests.ui.screens import run_tour

    shots = run_tour(display, "declared_tour", size, TOURS[size])
    assert {"duel-change", "duel-play", "duel-roll", "duel-phase", "duel-game-over"} <= shots
    if size == "phone":
        assert {"tracked-play", "tracked-cover", "printed-told"} <= shots, sorted(shots)


def run(env: dict, tmp_path, *args) -> subprocess.CompletedProcess:
    out = tmp_path / "dump.json"
    out.unlink(missing_ok=True)
    return subprocess.run([sys.executable, "-m", "companion", "--dump-state", str(out), *args],
                          env=env, capture_output=True, text=True, timeout=120)


def dump(env: dict, tmp_path, *args) -> dict:
    done = run(env, tmp_path, *args)
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads((tmp_path / "dump.json").read_text())


def test_a_folder_opens_is_remembered_resumes_and_may_go_missing(display, tmp_path):
    from companion.declared.rules import DeclaredRules
    from companion.store import Store

    folder = duel_folder(tmp_path / "games")
    data = tmp_path / "saves"
    first = dump(display, tmp_path, "--data-dir", str(data), "--game", str(folder))
    assert first["screen"] == "newgame"
    assert json.loads((data / "folders.json").read_text()) == {"duel-of-wits": str(folder)}
    session = Session(DeclaredRules(str(folder)), {"players": [{"name": "Ann"},
                                                               {"name": "Bob"}]}, 3)
    session.apply({"type": "phase"})
    Store(data).save(session)
    resumed = dump(display, tmp_path, "--data-dir", str(data))  # no --game: remembered
    assert resumed["screen"] == "table" and resumed["state"] == session.state
    shutil.rmtree(folder)
    gone = dump(display, tmp_path, "--data-dir", str(data))
    assert gone["screen"] == "home"
    assert f"The game folder {folder} is missing" in gone["notice"]
    assert Store(data).slot("duel-of-wits").has_game(), "the save is kept"


def test_a_broken_folder_is_refused_with_its_problems_at_their_place(display, tmp_path):
    folder = duel_folder(tmp_path, GAME.replace("max: 12}", "max: 5}"))  # start 10 > max
    done = run(display, tmp_path, "--game", str(folder))
    assert done.returncode == 2
    assert "game.yaml:" in done.stderr and "Traceback" not in done.stderr
    no_game = run(display, tmp_path, "--game", str(tmp_path / "nothing-here"))
    assert no_game.returncode == 2 and "no game folder" in no_game.stderr
