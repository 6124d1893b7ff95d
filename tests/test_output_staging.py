"""Output is all or nothing, whatever stops a run: two games never write one folder,
SIGTERM cleans up as Ctrl-C does, and a run killed outright leaves only a hidden
staging folder that the next run clears."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from conftest import EXAMPLE, edit

from pnp import BUNDLED_GAMES
from pnp.cli.main import main
from pnp.sheets import build
from pnp.sheets.output import STAGING, Output, OutputError

AAT = BUNDLED_GAMES / "against-all-tyrants"


def copy_game(tmp_path: Path, name: str) -> Path:
    target = tmp_path / name
    shutil.copytree(EXAMPLE, target)
    return target


def visible(folder: Path) -> list:
    """What a user sees in the output folder: every path but the hidden staging."""
    return sorted(str(p.relative_to(folder)) for p in folder.rglob("*")
                  if not any(part.startswith(STAGING) for part in p.relative_to(folder).parts))


def test_two_games_with_one_id_are_refused_before_anything_is_written(tmp_path, capsys):
    one, two = copy_game(tmp_path, "one"), copy_game(tmp_path, "two")
    out = tmp_path / "out"
    assert main(["build", str(one), "--out", str(out), "-q"]) == 0
    before = {p: p.read_bytes() for p in out.rglob("*") if p.is_file()}
    edit(two / "crew.yaml", "Navigator", "Cartographer")
    assert main(["build", str(one), str(two), "--out", str(out), "-q"]) == 2
    err = capsys.readouterr().err
    assert "two games have the id 'star-patrol'" in err and "give each its own `id`" in err
    assert {p: p.read_bytes() for p in out.rglob("*") if p.is_file()} == before


def test_one_game_named_twice_is_refused(tmp_path, capsys):
    one = copy_game(tmp_path, "one")
    assert main(["export", str(one), str(one), "--out", str(tmp_path / "o")]) == 2
    assert "is named twice" in capsys.readouterr().err
    assert not (tmp_path / "o").exists()


def test_a_file_staged_twice_in_one_run_is_refused(tmp_path):
    output = Output(tmp_path / "out")
    output.temporary(tmp_path / "out" / "g" / "a.pdf")
    with pytest.raises(OutputError, match="twice in one run"):
        output.temporary(tmp_path / "out" / "g" / "a.pdf")
    output.discard()
    assert not (tmp_path / "out").exists()


def test_sigterm_during_a_build_removes_what_the_run_created(game, tmp_path, capsys,
                                                             monkeypatch):
    calls = []

    def terminated(*args, **kwargs):
        calls.append(1)
        if len(calls) == 3:
            os.kill(os.getpid(), signal.SIGTERM)
        return original(*args, **kwargs)

    original = build.render_file
    monkeypatch.setattr(build, "render_file", terminated)
    out = tmp_path / "o"
    assert main(["build", str(game), "--out", str(out), "-q"]) == 143
    assert "terminated; nothing was written" in capsys.readouterr().err
    assert not out.exists()
    assert signal.getsignal(signal.SIGTERM) is signal.SIG_DFL  # the handler is put back


def start_build(out: Path) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", "pnp", "build", str(AAT), "--out", str(out),
                             "-q"], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)


def wait_for_a_staged_file(process: subprocess.Popen, out: Path) -> None:
    """Until the run has written a file into its staging folder (a condition, not a time)."""
    deadline = time.monotonic() + 120
    while not any(out.glob(f"{STAGING}*/*/*.pdf")):
        assert process.poll() is None, "the build ended before it could be stopped"
        assert time.monotonic() < deadline, "no file staged in two minutes"
        time.sleep(0.005)


def test_sigterm_from_outside_leaves_nothing(tmp_path):
    out = tmp_path / "out"
    process = start_build(out)
    wait_for_a_staged_file(process, out)
    process.send_signal(signal.SIGTERM)
    _, err = process.communicate(timeout=120)
    assert process.returncode == 143, err
    assert "terminated; nothing was written" in err
    assert not out.exists()


def test_a_killed_run_leaves_only_hidden_staging_which_the_next_run_clears(tmp_path):
    out = tmp_path / "out"
    process = start_build(out)
    wait_for_a_staged_file(process, out)
    process.kill()
    process.communicate(timeout=120)
    assert [p.name for p in out.iterdir()][0].startswith(STAGING)
    assert visible(out) == []  # nothing that looks like output
    assert main(["build", str(AAT), "--only", "reference", "--out", str(out), "-q"]) == 0
    assert not list(out.glob(f"{STAGING}*"))
    assert visible(out) == ["against-all-tyrants", "against-all-tyrants/manifest.json",
                            "against-all-tyrants/print-guide.pdf",
                            "against-all-tyrants/reference.pdf"]


def test_a_live_runs_staging_is_left_alone(game, tmp_path):
    out = tmp_path / "out"
    live = out / f"{STAGING}{os.getppid()}-1"  # the test runner's parent: alive
    live.mkdir(parents=True)
    assert main(["build", str(game), "--out", str(out), "-q"]) == 0
    assert live.is_dir()


def test_two_new_games_build_side_by_side(tmp_path, capsys):
    """The designer's first hour: `pnp new a; pnp new b; pnp build a b`."""
    for name in ("a", "b"):
        assert main(["new", str(tmp_path / name)]) == 0
    assert main(["build", str(tmp_path / "a"), str(tmp_path / "b"), "--out",
                 str(tmp_path / "out"), "-q"]) == 0
    assert visible(tmp_path / "out") == [
        f"{game}/{name}" if name else game for game in ("a", "b")
        for name in ("", "crew.pdf", "manifest.json", "print-guide.pdf", "rules.pdf",
                     "tokens-and-dice.pdf")]
