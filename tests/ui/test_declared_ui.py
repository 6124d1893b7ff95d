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


def test_holding_a_card_in_the_hand_shows_it_as_printed_with_its_words(app, artifacts,
                                                                        tmp_path):
    from kivy.base import EventLoop
    from kivy.tests.common import UnitTestTouch
    from kivy.uix.label import Label

    from companion.app.zoom import CardZoom
    from companion.declared.spec import open_folder
    from companion.declared.table import DeclaredCard
    from tests.ui.driver import on_screen, pump, tap_text, wait_until

    spec = open_folder(duel_folder(tmp_path))
    controller = app.controller
    controller.new_game(spec.id, {"players": [{"name": "Ann"}, {"name": "Bob"}],
                                  "first": 0}, seed=5)
    app.show_table()
    app.root.get_screen("table").reveal()
    pump()
    card = next(w for w in on_screen(app) if isinstance(w, DeclaredCard))
    before = len(controller.session.actions)
    touch = UnitTestTouch(*card.to_window(*card.center))
    touch.touch_down()
    wait_until(lambda: [w for w in EventLoop.window.children if isinstance(w, CardZoom)],
               "the held card to open")
    touch.touch_up()
    pump()
    assert len(controller.session.actions) == before  # a hold is not a tap
    words = " ".join(w.text for w in on_screen(app) if isinstance(w, Label))
    assert card.name in words and "power:" in words, words
    from tests.ui.test_companion_ui import shot

    shot(artifacts, "declared-card-held")
    tap_text(app, "Close")
    controller.finish()
    app.go("home")
