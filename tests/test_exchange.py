"""A build's folder is exchanged whole: whatever stops a run at whichever step of the
exchange (an exception, a signal, SIGKILL), the folder is afterwards wholly the old
build or wholly the new one, with the files the build does not replace (an export's
folder, the user's notes) kept; a later run puts back what a killed one left aside."""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import EXAMPLE

from pnp.cli.main import main
from pnp.cli.options import Terminated
from pnp.sheets import exchange

REPO = Path(__file__).resolve().parents[1]
ENV = {**os.environ, "PYTHONPATH": str(REPO)}
GAMES = ("star-patrol", "star-patrol-2")


def tree(folder: Path) -> dict:
    """Every file under `folder` (hidden ones too) with its bytes; folders as None."""
    return {str(p.relative_to(folder)): p.read_bytes() if p.is_file() else None
            for p in sorted(folder.rglob("*"))}


def hidden(folder: Path) -> list:
    return [str(p) for p in folder.rglob(f"{exchange.HIDDEN}*")]


@pytest.fixture(scope="module")
def template(tmp_path_factory) -> tuple[list[Path], Path, dict, dict]:
    """Two copies of the example game with ids of their own, and an output folder with
    an A4 build of both, an export inside the first and a file the user put there:
    (the games, the folder, its tree, the tree a Letter rebuild makes of it)."""
    base = tmp_path_factory.mktemp("exchange")
    games = []
    for name in GAMES:
        target = base / name
        shutil.copytree(EXAMPLE, target)
        text = (target / "game.yaml").read_text()
        (target / "game.yaml").write_text(text.replace("id: star-patrol", f"id: {name}", 1))
        games.append(target)
    out = base / "out"
    assert build(games, out) == 0
    assert main(["export", str(games[0]), "--format", "csv", "--out", str(out), "-q"]) == 0
    (out / GAMES[0] / "notes.txt").write_text("printed on the office laser\n")
    expected = base / "expected"
    shutil.copytree(out, expected)
    assert build(games, expected, "--paper", "letter") == 0
    return games, out, tree(out), tree(expected)


@pytest.fixture
def games(template) -> list[Path]:
    return template[0]


@pytest.fixture
def before(template, tmp_path, capsys) -> tuple[Path, dict, dict]:
    """A copy of the template's output folder: (the folder, its tree, the Letter one)."""
    _, source, old, new = template
    out = tmp_path / "out"
    shutil.copytree(source, out)
    capsys.readouterr()
    return out, old, new


def build(games, out: Path, *options) -> int:
    return main(["build", *map(str, games), "--out", str(out), "-q", *options])


def stop_at(monkeypatch, step: int, stop, protocol: str) -> list:
    """Make the `step`-th exchange step (a swap or a rename; 0: before the first) end in
    `stop` once it is done; with protocol 'renames' the system cannot swap."""
    calls = []
    swap = exchange.swap if protocol == "swap" else (lambda new, place: False)
    rename = os.rename

    def hooked(real):
        def call(*args):
            calls.append(args)
            if step == 0 and len(calls) == 1:
                raise stop
            result = real(*args)
            if len(calls) == step:
                raise stop
            return result
        return call

    monkeypatch.setattr(exchange, "swap", hooked(swap))
    monkeypatch.setattr(os, "rename", hooked(rename))
    return calls


STEPS = [("swap", step) for step in range(3)] + [("renames", step) for step in range(5)]


@pytest.mark.parametrize("protocol,step", STEPS)
@pytest.mark.parametrize("stop,code", [(KeyboardInterrupt, 130), (Terminated, 143)],
                         ids=["ctrl-c", "sigterm"])
def test_a_stop_at_any_step_of_the_exchange_leaves_the_old_builds(
        before, games, capsys, monkeypatch, protocol, step, stop, code):
    """Two games' folders (two swaps, or four renames): stopped after each step, both
    are put back as they were, the export and the user's file with them."""
    out, old, new = before
    calls = stop_at(monkeypatch, step, stop, protocol)
    assert build(games, out, "--paper", "letter") == code
    assert calls, "the exchange was not reached"
    err = capsys.readouterr().err
    assert "nothing was written" in err, err
    assert tree(out) == old and not hidden(out)


@pytest.mark.parametrize("protocol,step", [("swap", 0), ("renames", 0), ("renames", 1)])
def test_a_stop_during_a_first_build_leaves_no_folder(games, tmp_path, capsys, monkeypatch,
                                                      protocol, step):
    out = tmp_path / "out"
    stop_at(monkeypatch, step, KeyboardInterrupt, protocol)
    assert build(games, out) == 130
    assert not out.exists(), list(out.rglob("*"))


def test_files_the_build_does_not_replace_are_kept_as_they_are(before, games):
    """A whole rebuild; the user's file and the export are the very same files (hard
    links), not copies."""
    out, _, new = before
    notes, export = out / GAMES[0] / "notes.txt", out / GAMES[0] / "csv" / "crew.csv"
    inodes = [notes.stat().st_ino, export.stat().st_ino]
    assert build(games, out, "--paper", "letter") == 0
    assert [notes.stat().st_ino, export.stat().st_ino] == inodes
    assert tree(out) == new and not hidden(out)
    manifest = json.loads((out / GAMES[0] / "manifest.json").read_text())
    assert manifest["paper"] == "letter"


CHILD = """
import os, signal, sys
from pnp.sheets import exchange
protocol, step, how = sys.argv[1], int(sys.argv[2]), sys.argv[3]
if protocol == "renames":
    exchange.swap = lambda new, place: False
calls = []

def hooked(real):
    def call(*args):
        calls.append(args)
        if len(calls) == step and how == "sigterm":  # held until the exchange is done
            os.kill(os.getpid(), signal.SIGTERM)
        result = real(*args)
        if len(calls) == step and how == "kill":
            os.kill(os.getpid(), signal.SIGKILL)
        return result
    return call

exchange.swap, os.rename = hooked(exchange.swap), hooked(os.rename)
from pnp.launch import main
sys.exit(main(sys.argv[4:]))
"""


def child(protocol: str, step: int, how: str, games, out: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", CHILD, protocol, str(step), how, "build",
                           *map(str, games), "--out", str(out), "-q", "--paper", "letter"],
                          capture_output=True, text=True, env=ENV, timeout=300)


@pytest.mark.parametrize("protocol,step", [("swap", 1), ("renames", 1), ("renames", 2),
                                           ("renames", 3)])
def test_sigkill_after_any_step_then_a_later_run_never_loses_a_build(
        before, games, tmp_path, protocol, step):
    """Killed outright just after a step: each game's folder is wholly old or wholly new
    (or, between two renames, set aside whole); a later run of another game into the
    same folder puts back what was set aside before anything else."""
    out, old, new = before
    done = child(protocol, step, "kill", games, out)
    assert done.returncode == -signal.SIGKILL, done.stderr
    third = tmp_path / "third"
    shutil.copytree(games[0], third)
    text = (third / "game.yaml").read_text()
    (third / "game.yaml").write_text(text.replace(f"id: {GAMES[0]}", "id: third", 1))
    assert main(["build", str(third), "--out", str(out), "-q", "--only", "rules"]) == 0
    shutil.rmtree(out / "third")
    assert not hidden(out)
    found = tree(out)
    for game in GAMES:
        mine = {k: v for k, v in found.items() if k.split("/")[0] == game}
        assert mine in ({k: v for k, v in old.items() if k.split("/")[0] == game},
                        {k: v for k, v in new.items() if k.split("/")[0] == game}), game


def test_sigterm_during_the_exchange_waits_and_says_the_run_was_written(before, games):
    """A SIGTERM that arrives as the folders are exchanged is held until they all are:
    the run is then written, and the message says so."""
    out, _, new = before
    done = child("swap", 1, "sigterm", games, out)
    assert done.returncode == 143, done.stderr
    assert "terminated after the run was written" in done.stderr, done.stderr
    assert tree(out) == new and not hidden(out)


def test_an_aside_a_killed_run_left_is_put_back_or_removed(before, games):
    out, _, _ = before
    gone = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"],
                          capture_output=True, text=True, check=True)
    dead = int(gone.stdout)  # a process that has ended
    os.rename(out / GAMES[0], out / f"{exchange.ASIDE}{dead}-{GAMES[0]}")  # between renames
    shutil.copytree(out / GAMES[1], out / f"{exchange.ASIDE}{dead}-{GAMES[1]}")  # after both
    staging = out / ".pnp-staging-\u00b2"  # not a process id: left alone, no crash
    staging.mkdir()
    assert build(games[1:], out, "--only", "rules") == 0
    assert (out / GAMES[0] / "crew.pdf").is_file()
    assert sorted(p.name for p in out.iterdir()) == [staging.name, *GAMES]


def startup(hooked: str, how: str) -> subprocess.CompletedProcess:
    """pnp started as the console script or `python -m pnp` starts it, with a SIGINT as
    `hooked` is imported (while pnp loads or its command line is parsed)."""
    code = f"""
import os, signal, sys, runpy
signal.signal(signal.SIGINT, signal.default_int_handler)  # as in a terminal, if inherited
class Hook:
    def find_spec(self, name, path, target=None):
        if name == {hooked!r}:
            os.kill(os.getpid(), signal.SIGINT)
        return None
sys.meta_path.insert(0, Hook())
if {how!r} == "module":
    sys.argv = ["pnp", "list"]
    runpy.run_module("pnp", run_name="__main__")
else:
    from pnp.launch import main
    sys.exit(main(["list"]))
"""
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          env=ENV, timeout=300)


@pytest.mark.parametrize("hooked", ["pnp.cli.main", "pnp.cli.export", "pnp.export.gallery"])
@pytest.mark.parametrize("how", ["script", "module"])
def test_ctrl_c_while_pnp_starts_ends_quietly(hooked, how):
    done = startup(hooked, how)
    assert done.returncode == 130, done.stderr
    assert done.stderr == "pnp: interrupted; nothing was written\n", done.stderr


def test_the_console_script_starts_from_the_launcher():
    import tomllib

    scripts = tomllib.loads((REPO / "pyproject.toml").read_text())["project"]["scripts"]
    assert scripts["pnp"] == "pnp.launch:main"
