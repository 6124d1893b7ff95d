"""The declared games that travel with the app and the toolkit: every `pnp new` starter
and Above Top Secret's table.yaml play 30 games of `pnp simulate` with no invariant
failure (issue 32's measure), and a designer's folder put in cards/ is listed by the app
unless a coded game has its id."""

from __future__ import annotations

import json
import shutil

import pytest

from companion.app import folders
from companion.core import printed
from companion.games import GAMES, bundled
from pnp import ASSETS, BUNDLED_GAMES

FOLDERS = (ASSETS / "example", ASSETS / "starters" / "csv", ASSETS / "starters" / "art",
           BUNDLED_GAMES / "above-top-secret")


@pytest.mark.parametrize("folder", FOLDERS, ids=lambda f: f.name)
def test_pnp_simulate_plays_30_games_of_every_declared_folder(folder, capsys):
    from pnp.cli.main import main

    assert main(["simulate", str(folder), "--games", "30", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["games"] == 30 and report["invariant_failures"] == []


def test_a_coded_games_own_table_does_not_join_twice():
    assert str(BUNDLED_GAMES / "above-top-secret") in printed.bundled_tables()
    before = dict(GAMES)
    folders.register_bundled()
    assert set(GAMES) == set(before), "Above Top Secret's table is the coded game's"
    assert set(bundled()) <= set(GAMES)


def test_a_designers_folder_in_cards_comes_with_the_app(tmp_path, monkeypatch):
    mine = tmp_path / "star-patrol"
    shutil.copytree(ASSETS / "example", mine)
    monkeypatch.setattr(printed, "bundled_tables",
                        lambda: [str(BUNDLED_GAMES / "above-top-secret"), str(mine)])
    folders.register_bundled()
    assert GAMES["star-patrol"].folder == str(mine.resolve())
    assert "above-top-secret@folder" not in GAMES
