"""The app never crashes on a save (issue 30): a save that replays but on which showing
the game fails (its view, its Undo label, its table widget) is kept aside, never
deleted; the home screen says so and the app starts. Each run is the app as its own
process on the test Xvfb, with one part of the game broken on purpose."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from companion.core.agents import RandomAgent
from companion.core.session import Session
from companion.games import rules_for

GAME = "top-secret"
BREAKS = {  # what fails, as a line run before the app starts
    "the view's status": "import companion.games.ts.view as v; v.status = boom",
    "the Undo label": "import companion.games.ts.view as v; v.describe = boom",
    "the table widget": "import companion.games.ts.table as t; t.TsTable.refresh = boom",
}
BOOM = "def boom(*a, **k): raise KeyError(None)\n"


def saved_game(folder) -> tuple[str, str]:
    """A game of a few moves in its slot: current.json and the one before it."""
    rules = rules_for(GAME)
    session, agent = Session(rules, {"bag": "app", "first": 0}, 4), RandomAgent(4)
    slot = folder / GAME
    slot.mkdir(parents=True)
    for _ in range(6):
        before = session.dumps()
        session.apply(agent.choose(rules, session.state))
    (slot / "previous.json").write_text(before)
    (slot / "current.json").write_text(session.dumps())
    return before, session.dumps()


def start(display, data, tmp_path, broken: str) -> dict:
    out = tmp_path / "dump.json"
    code = (BOOM + broken + "\nimport runpy; runpy.run_module('companion', run_name="
            "'__main__', alter_sys=True)")
    done = subprocess.run([sys.executable, "-c", code, "--data-dir", str(data),
                           "--dump-state", str(out)], env=display, capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(out.read_text())


@pytest.mark.parametrize("what", BREAKS)
def test_a_save_the_app_fails_to_show_is_kept_aside_and_the_app_starts(display, tmp_path,
                                                                        what):
    data = tmp_path / "saves"
    before, current = saved_game(data)
    shown = start(display, data, tmp_path, BREAKS[what])
    assert shown["screen"] == "home" and shown["state"] is None
    assert "could not be shown, so it was set aside as corrupt-" in shown["notice"]
    assert "KeyError" in shown["notice"]
    slot = data / GAME
    kept = sorted(p.read_text() for p in slot.glob("corrupt-*"))
    assert current in kept, "the save that failed is kept, byte for byte"
    if what == "the view's status":  # the home screen's line fails on the one before too
        assert kept == sorted([before, current]) and not (slot / "previous.json").exists()
    else:  # the game one move earlier is listed to resume
        assert (slot / "previous.json").read_text() == before
        assert "one move earlier can be resumed" in shown["notice"]
    again = start(display, data, tmp_path, "")  # mended: the app starts as usual
    assert again["screen"] in ("home", "table") and again["notice"] == ""


def test_a_redraw_that_fails_after_a_move_sets_the_save_aside(app, monkeypatch):
    """In play: the move is saved, its redraw fails; the save is kept aside, the game one
    move earlier stays to resume, and the home screen says so."""
    from tests.ui.driver import pump

    controller = app.controller
    slot, aside = open_game(app, seed=5)
    monkeypatch.setattr(type(app.root.get_screen("table").game), "refresh", boom)
    assert app.act(controller.legal()[0]) == ""
    pump()
    assert app.root.current == "home" and controller.session is None
    home = app.root.get_screen("home")
    assert "could not be shown" in home.notice and "one move earlier" in home.notice
    assert len(list(slot.glob("corrupt-*"))) == aside + 1
    monkeypatch.undo()
    resumed = controller.store.load(GAME)
    assert resumed is not None and resumed.actions == []  # as it was before the move
    controller.store.clear(GAME)


def test_the_event_loop_handler_sets_an_open_game_aside_and_passes(app):
    """What fails later in the event loop (a tap's redraw) reaches Kivy's exception
    manager: with a game open it is set aside and the app goes on; anything else, or
    with no game open, is raised as before."""
    from kivy.base import ExceptionManager

    from companion.app.rescue import RESCUE
    from tests.ui.driver import pump

    controller = app.controller
    slot, aside = open_game(app, seed=6)
    assert RESCUE.handle_exception(KeyboardInterrupt()) == ExceptionManager.RAISE
    assert RESCUE.handle_exception(KeyError(None)) == ExceptionManager.PASS
    pump()
    assert app.root.current == "home" and controller.session is None
    assert "KeyError" in app.root.get_screen("home").notice
    assert RESCUE.handle_exception(KeyError(None)) == ExceptionManager.RAISE  # no game open
    assert len(list(slot.glob("corrupt-*"))) == aside + 1


def open_game(app, seed: int):
    """A new game on the table: (its slot's folder, how many saves it keeps aside)."""
    from tests.ui.driver import pump

    app.controller.new_game(GAME, {"first": 0, "bag": "app"}, seed=seed)
    app.show_table()
    pump()
    slot = app.controller.store.slot(GAME).folder
    return slot, len(list(slot.glob("corrupt-*")))


def boom(*_args, **_kwargs):
    raise KeyError(None)
