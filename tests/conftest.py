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


# The longest end-to-end runs, longest first (`--durations`, 2026-11-29). They start
# before everything else, so that the two workers of `./dossier test` take turns at
# them and end together, instead of one still running a tour of a table while the
# other has finished (pytest-xdist hands the first tests out in turn). Only tests whose
# module holds no module-scoped fixture: moving one would split its module in two and
# set the fixture up twice.
LONG_FIRST = (
    "tests/ui/test_companion_ui.py::test_a_tour_of_the_table_by_taps",
    "tests/ui/test_aat_ui.py::test_whole_games_by_taps_at_phone_and_tablet_size",
    "tests/ui/test_ts_ui.py::test_whole_games_by_taps",
    "tests/ui/test_att_ui.py::test_whole_games_by_taps_at_phone_and_tablet_size",
    "tests/ui/test_declared_ui.py::test_every_starter_and_a_rich_table_in_sight",
    "tests/ui/test_declared_ui.py::test_a_folder_game_played_by_taps",
    "tests/ui/test_demos.py::test_the_demo_table_of_each_game_with_a_clean_log",
    "tests/ui/test_gm_ui.py::test_whole_games_by_taps_at_phone_and_tablet_size",
    "tests/ui/test_declared_ui.py::test_whole_games_by_taps",
)


def pytest_collection_modifyitems(items):
    """LONG_FIRST to the front, in its order; the rest keep theirs."""
    def rank(item) -> int:
        name = item.nodeid.partition("[")[0]
        return LONG_FIRST.index(name) if name in LONG_FIRST else len(LONG_FIRST)

    items.sort(key=rank)
