"""A game folder in the registry: its GameSpec made from the declaration, an id of its
own beside a bundled game of the same id, a save that names its folder, and the
declared games that travel inside the app (cards/)."""

from __future__ import annotations

import shutil

import pytest

from companion.app.folders import register_bundled, remember, remembered
from companion.core.printed import bundled_tables
from companion.declared.spec import folder_spec, open_folder
from companion.games import GAMES, bundled, register, saved_folder
from pnp import BUNDLED_GAMES
from tests.declared.fixtures import duel_folder


def test_the_spec_is_made_from_the_declaration(tmp_path):
    spec = folder_spec(duel_folder(tmp_path))
    assert (spec.id, spec.name, spec.players.counts) == ("duel-of-wits", "Duel of Wits", (2, 3))
    assert [d.id for d in spec.dice] == ["fate", "d6"] and spec.dice[1].faces[-1] == "6"
    assert [o.id for o in spec.options] == ["first", "cards"]
    assert spec.players.colours == ("#aa3333", "#3333aa", "#33aa33")


def test_a_copy_of_a_bundled_game_never_replaces_it(tmp_path):
    copy = tmp_path / "ats"
    shutil.copytree(BUNDLED_GAMES / "above-top-secret", copy)
    spec = open_folder(copy)
    assert spec.id == "above-top-secret@folder" and not GAMES["above-top-secret"].folder
    with pytest.raises(ValueError, match="bundled"):
        register(folder_spec(duel_folder(tmp_path)).__class__(
            **{**folder_spec(duel_folder(tmp_path)).__dict__, "id": "top-secret"}))


def test_a_save_whose_folder_is_gone_says_so(tmp_path):
    assert "no game.yaml here" in saved_folder(str(tmp_path / "gone"))
    assert saved_folder(str(duel_folder(tmp_path))) == ""


def test_remembered_folders_are_written_whole_and_read_back(tmp_path):
    remember(tmp_path, "duel-of-wits", "/games/duel")
    remember(tmp_path, "star-patrol", "/games/star")
    assert remembered(tmp_path) == {"duel-of-wits": "/games/duel", "star-patrol": "/games/star"}
    (tmp_path / "folders.json").write_text("[not a mapping")
    assert remembered(tmp_path) == {}


def test_declared_games_in_cards_come_with_the_app_but_not_over_a_coded_one():
    assert str(BUNDLED_GAMES / "above-top-secret") in bundled_tables()
    before = dict(GAMES)
    register_bundled()
    assert set(GAMES) - set(before) == set(), "Above Top Secret's table is the coded game's"
    assert set(bundled()) <= set(GAMES)
