"""The registry as it was after each test: the tests here register tables and folders
(companion.games.GAMES is the process's one registry, which other test modules read)."""

from __future__ import annotations

import pytest

from companion.games import GAMES


@pytest.fixture(autouse=True)
def registry():
    before = dict(GAMES)
    yield
    GAMES.clear()
    GAMES.update(before)
