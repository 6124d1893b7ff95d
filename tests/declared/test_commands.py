"""The commands on a game folder, run in this process: `pnp play FOLDER` hands the folder
to the companion app's `--game`, `pnp simulate FOLDER` plays it to the end or the round
cap (saying which), `pnp replay` reads its saves, and a folder that is no table game is
refused with exit 2 and pnp's own words."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys

import pytest

from pnp import ASSETS
from pnp.cli.main import main
from tests.conftest import edit

EXAMPLE = ASSETS / "example"


def without_table(folder) -> None:
    game_yaml = folder / "game.yaml"
    text = game_yaml.read_text()
    game_yaml.write_text(text[:text.index("\ntable:")] + "\n")


def test_pnp_play_opens_the_app_on_the_folder_with_the_options_after_it(monkeypatch):
    calls = []
    monkeypatch.setattr("companion.__main__.main", lambda argv: calls.append(argv) or 0)
    assert main(["play", str(EXAMPLE), "--size", "300x400"]) == 0
    assert calls == [["--game", str(EXAMPLE), "--size", "300x400"]]


def test_pnp_play_refuses_a_folder_without_game_yaml(tmp_path, monkeypatch, capsys):
    monkeypatch.setattr("companion.__main__.main", lambda argv: pytest.fail("app opened"))
    assert main(["play", str(tmp_path)]) == 2
    assert "not a game folder" in capsys.readouterr().err


def test_pnp_simulate_a_folder_reports_the_round_cap(game, capsys):
    edit(game / "game.yaml", 'when: "turn > 6"', 'when: "turn > 600"\n    rounds: 3')
    assert main(["simulate", str(game), "--games", "4", "--jobs", "1", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["game"] == "star-patrol" and report["invariant_failures"] == []
    assert report["statistics"]["round_cap"] == 4
    assert report["statistics"]["ended"] == {"round cap": 4}
    assert report["statistics"]["average_rounds"] == 3
    assert main(["simulate", str(game), "--games", "2", "--jobs", "1"]) == 0
    assert "round cap reached: 2 games" in capsys.readouterr().out


def test_pnp_replay_reads_a_folder_games_save_and_refuses_it_once_the_folder_is_gone(
        game, tmp_path, capsys):
    saves = tmp_path / "saves"
    assert main(["simulate", str(game), "--games", "1", "--jobs", "1", "--json",
                 "--save", str(saves)]) == 0
    capsys.readouterr()
    save = next(saves.glob("game-*.json"))
    assert json.loads(save.read_text())["folder"] == str(game.resolve())
    assert main(["replay", str(save), "--json"]) == 0
    replayed = json.loads(capsys.readouterr().out)
    assert replayed["over"] and replayed["state"]["ended"]["why"] == "turn > 6"
    shutil.rmtree(game)  # a new process (this one keeps the folder it loaded)
    done = subprocess.run([sys.executable, "-m", "pnp", "replay", str(save)],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 2 and "does not load" in done.stderr
    assert "Traceback" not in done.stderr


def test_a_folder_without_a_table_or_with_a_wrong_one_is_refused_in_pnps_words(game, capsys):
    edit(game / "game.yaml", "change: score, by: card.power", "change: scor, by: card.power")
    assert main(["simulate", str(game), "--games", "1"]) == 2
    err = capsys.readouterr().err
    assert "game.yaml:" in err and "scor" in err and "did you mean" in err
    without_table(game)
    assert main(["simulate", str(game), "--games", "1"]) == 2
    assert "declares no table" in capsys.readouterr().err
