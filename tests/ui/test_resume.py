"""Never lose a game: SIGKILL mid-game and resume; a corrupt save is kept aside;
the demo screenshot on a busy machine. Each runs the app as its own process on
the test Xvfb."""

from __future__ import annotations

import contextlib
import json
import os
import signal
import subprocess
import sys
import time

import pytest

from companion.core.session import Session, replay
from companion.games import GAMES, rules_for
from companion.games.ats.ai import GreedyAgent
from companion.games.ats.rules import AtsRules

RULES = AtsRules()
MID_GAME = 15


def companion(env, log, *args):
    """The app as a process; its log goes to a file (a pipe nobody reads would fill
    up and stall the app)."""
    return subprocess.Popen([sys.executable, "-m", "companion", *args], env=env,
                            stdout=subprocess.DEVNULL, stderr=log)


def dump(env, data_dir, tmp_path) -> dict:
    out = tmp_path / f"dump-{time.perf_counter_ns()}.json"
    done = subprocess.run([sys.executable, "-m", "companion", "--data-dir", str(data_dir),
                           "--dump-state", str(out)], env=env, capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    return json.loads(out.read_text())


FOLDER_GAME = "star-patrol"  # pnp's example: a game declared in its folder's YAML


@pytest.mark.parametrize("game_id", [*GAMES, FOLDER_GAME])
def test_sigkill_mid_game_then_resume_exactly(display, tmp_path, game_id):
    """Every registered game, and a folder game: greedy players (a folder game's random
    ones) act through the app (--autoplay), the process is killed mid-game (MID_GAME
    actions: the shortest game, Geheime Mission, takes about 37) and the app resumes
    exactly the saved game (a folder game's from the folder its save names)."""
    opened, mid_game = (), MID_GAME
    if game_id == FOLDER_GAME:  # six turns of a card each: about 11 actions
        mid_game = 5
        from companion.games import register_folder
        from pnp import ASSETS

        register_folder(ASSETS / "example")
        opened = ("--game", str(ASSETS / "example"))
    rules = rules_for(game_id)
    data = tmp_path / "saves"
    log = open(tmp_path / "app.log", "wb")  # noqa: SIM115 - closed below
    process = companion(display, log, "--data-dir", str(data), *opened, "--autoplay", game_id)
    save = data / game_id / "current.json"  # each game's slot
    deadline = time.time() + 120
    while time.time() < deadline:
        if save.exists():
            try:
                if len(json.loads(save.read_text())["actions"]) >= mid_game:
                    break
            except ValueError:
                pass  # never expected: writes are atomic (see the final check)
        time.sleep(0.05)
    alive = process.poll() is None
    os.kill(process.pid, signal.SIGKILL)
    process.wait(10)
    log.close()
    assert alive and save.exists(), (tmp_path / "app.log").read_text()[-3000:]
    saved = json.loads(save.read_text())  # must parse: the save is always whole
    assert len(saved["actions"]) >= mid_game
    expected = replay(rules, saved).state
    resumed = dump(display, data, tmp_path)
    assert resumed["screen"] == "table"
    assert resumed["state"] == expected


def test_a_corrupt_save_is_kept_aside_and_the_last_good_state_offered(display, tmp_path):
    data = tmp_path / "saves"
    slot = data / RULES.game_id
    slot.mkdir(parents=True)
    session = Session(RULES, {}, 8)
    agents = [GreedyAgent(1), GreedyAgent(2)]
    for _ in range(25):
        session.apply(agents[RULES.acting_seat(session.state)].choose(RULES, session.state))
    (slot / "previous.json").write_text(session.dumps())
    (slot / "current.json").write_text('{"format": "dossier-save", "version": 1, "act')
    resumed = dump(display, data, tmp_path)
    assert resumed["state"] == session.state
    assert any(p.name.startswith("corrupt-") for p in slot.iterdir())
    assert json.loads((slot / "current.json").read_text())["actions"] == session.actions


CPU = min(os.sched_getaffinity(0))
ON_ONE_CPU = f"import os, runpy; os.sched_setaffinity(0, {{{CPU}}}); "  # a prefix for -c


@contextlib.contextmanager
def busy_cpu(burners: int = 3):
    """Processes that keep CPU busy, for code run ON_ONE_CPU to share it with them:
    a slow machine whatever the machine, where the app must wait for its frames
    rather than guess how long they take."""
    processes = [subprocess.Popen([sys.executable, "-c", ON_ONE_CPU + "\nwhile True: pass"])
                 for _ in range(burners)]
    try:
        yield
    finally:
        for process in processes:
            process.kill()
            process.wait(10)


def test_demo_screenshot_on_a_busy_machine(display, tmp_path, artifacts):
    """The screenshot is of a drawn table, however slow the first frames are."""
    from PIL import Image

    app = ON_ONE_CPU + "runpy.run_module('companion', run_name='__main__', alter_sys=True)"
    with busy_cpu():
        for run in range(2):
            target = artifacts / f"demo-table-{run}.png"
            target.unlink(missing_ok=True)
            done = subprocess.run([sys.executable, "-c", app, "--demo", "--screenshot",
                                   str(target), "--data-dir", str(tmp_path / "d")],
                                  env=display, capture_output=True, text=True, timeout=120)
            assert done.returncode == 0, done.stderr[-2000:]
            with Image.open(target) as image:
                assert image.size == (480, 800)
                colours = image.convert("RGB").getcolors(maxcolors=100_000)
                assert colours and len(colours) > 50, f"run {run}: a blank window"


def test_a_game_whose_cards_changed_goes_on_where_it_was_left(display, tmp_path):
    """A save made before a card changed (tests/test_checkpoint.py): the app opens its
    table at the position kept in it, and keeps the file as it was."""
    from pathlib import Path

    old = json.loads((Path(__file__).parents[1] / "data" /
                      "att-saves-before-cb09.json").read_text())[0]
    slot = tmp_path / "saves" / old["game"]
    slot.mkdir(parents=True)
    (slot / "current.json").write_text(json.dumps(old))
    resumed = dump(display, tmp_path / "saves", tmp_path)
    assert resumed["screen"] == "table" and resumed["state"] == old["state"]["state"]
    assert [json.loads(p.read_text()) for p in slot.glob("changed-*")] == [old]
