"""Several games built side by side, one process each (pnp/sheets/parallel.py, issue 24
section 4): the same files as one after another, and still all or nothing: a game
that fails in its worker reports its problems whole, and nothing is written, not even
a staging folder."""

from __future__ import annotations

import json
import pickle

import pytest

from pnp import BUNDLED_GAMES
from pnp.load.errors import InvalidInput, Problem
from pnp.load.game import load_game
from pnp.sheets import parallel
from pnp.sheets.build import Options, build_games
from pnp.sheets.output import OutputError

GAMES = ("geheime-mission", "top-secret")


def listing(folder):
    return sorted(str(p.relative_to(folder)) for p in folder.rglob("*"))


def manifests(folder):
    return {p.parent.name: {k: v for k, v in json.loads(p.read_text()).items()}
            for p in folder.rglob("manifest.json")}


def test_games_built_apart_are_the_games_built_one_after_another(tmp_path):
    games = [load_game(BUNDLED_GAMES / game_id) for game_id in GAMES]
    apart = build_games(games, tmp_path / "apart", Options(), jobs=2)
    along = build_games(games, tmp_path / "along", Options(), jobs=1)
    assert listing(tmp_path / "apart") == listing(tmp_path / "along")
    assert manifests(tmp_path / "apart") == manifests(tmp_path / "along")
    assert [r.pages for r in apart] == [r.pages for r in along] and all(r.pages for r in apart)
    assert [len(r.files) for r in apart] == [len(r.files) for r in along]


def test_a_game_failing_in_its_worker_leaves_nothing_behind(tmp_path):
    """The second game's folder is blocked by a file: its worker fails; the first
    game's staged files go too, and the error says why."""
    games = [load_game(BUNDLED_GAMES / game_id) for game_id in GAMES]
    out = tmp_path / "out"
    out.mkdir()
    (out / "top-secret").write_text("not a folder")
    with pytest.raises(OutputError, match="is a file, not a folder"):
        build_games(games, out, Options(), jobs=2)
    assert listing(out) == ["top-secret"]  # no staging folder, no first game


def test_problems_found_in_a_worker_cross_back_whole():
    found = InvalidInput([Problem("a.yaml", 3, 4, "bad"), Problem("b.yaml", 1, 1, "worse")])
    again = pickle.loads(pickle.dumps(found))
    assert again.problems == found.problems and str(again) == str(found)


def test_one_task_or_one_job_runs_here():
    assert parallel.workers(1) == 1 and parallel.workers(5, jobs=1) == 1
    assert parallel.each(lambda i, _say: i * i, 3, 1) == [0, 1, 4]


def test_sigterm_to_a_build_of_several_games_leaves_nothing(tmp_path):
    """The games render in worker processes; the run stopped from outside still writes
    nothing, and no staging folder stays behind."""
    import signal
    import subprocess
    import sys

    from tests.test_output_staging import wait_for_a_staged_file

    out = tmp_path / "out"
    process = subprocess.Popen([sys.executable, "-m", "pnp", "build", "against-all-tyrants",
                                "above-top-secret", "--out", str(out), "-q"],
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    wait_for_a_staged_file(process, out)
    process.send_signal(signal.SIGTERM)
    _, err = process.communicate(timeout=120)
    assert process.returncode == 143, err
    assert "terminated; nothing was written" in err
    assert not out.exists()
