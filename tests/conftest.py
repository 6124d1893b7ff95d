"""Shared fixtures: builds are made once per module and read back from disk."""

from __future__ import annotations

import logging
import shutil
from pathlib import Path

import pytest

from pnp import ASSETS, BUNDLED_GAMES
from pnp.load.game import load_game
from pnp.sheets.build import Options, build_game

EXAMPLE = ASSETS / "example"
ATS = BUNDLED_GAMES / "above-top-secret"

# Once a test has imported Kivy, its log takes every record of the root logger, at any
# level: pdfplumber's parser (pdfminer) then writes a line per PDF token to ~/.kivy/logs
# (95 MB in one run, a good part of a worker's time). Its warnings are all a test needs.
logging.getLogger("pdfminer").setLevel(logging.WARNING)


@pytest.fixture(scope="session")
def example_game():
    return load_game(EXAMPLE)


@pytest.fixture(scope="session")
def build(tmp_path_factory):
    """build(game_dir, **options) -> (out_dir, result), cached per arguments."""
    cache: dict = {}

    def make(game_dir: Path, **options):
        key = (str(game_dir), tuple(sorted(options.items())))
        if key not in cache:
            out = tmp_path_factory.mktemp("out")
            result = build_game(load_game(game_dir), out, Options(**options))
            cache[key] = (out / load_game(game_dir).id, result)
        return cache[key]

    return make


@pytest.fixture
def game(tmp_path):
    """A private copy of the bundled example game, to edit."""
    target = tmp_path / "game"
    shutil.copytree(EXAMPLE, target)
    return target


def edit(path, old, new):
    """Replace the first `old` in a file, which must be there."""
    text = path.read_text()
    assert old in text, f"{old!r} not in {path.name}"
    path.write_text(text.replace(old, new, 1))


@pytest.fixture(autouse=True)
def registry_kept():
    """A game folder a test opens is registered for that test only: the registry holds
    the bundled games again after it (the shell's tests list what the app lists)."""
    from companion.games import GAMES

    before = dict(GAMES)
    yield
    GAMES.clear()
    GAMES.update(before)
