"""The folder games the conformance suite plays beside the bundled ones: pnp's example
folder (its game.yaml's `table:`, loaded by pnp) and the small table of
tests/declared/fixtures.py, given as data.

Why they are in the registry only while a conformance test runs: companion.games.GAMES
is the process's one registry, and other test modules read it (every game has kept
fuzz saves; the platform's checks load each game in a fresh process, where a table given
as data does not exist). Registered at import, a folder game would join them all in a
full run. So their specs are built once here, outside GAMES, and `joined()` puts them in
for the time of a test (tests/conformance/conftest.py) or of working out the cases.

The fixture table has an id of its own: tests/declared registers changed tables under
the fixtures' default id, which must not change the table played here."""

from __future__ import annotations

from contextlib import contextmanager

from companion.declared.spec import folder_spec, register_table
from companion.games import GAMES
from pnp import ASSETS
from tests.declared.fixtures import table

FIXTURE_ID = "fixture-table"


def _specs() -> dict:
    example = folder_spec(ASSETS / "example", GAMES)
    given: dict = {}
    register_table(FIXTURE_ID, "Fixture Table", table(), given)
    return {example.id: example, **given}


FOLDER_GAMES = _specs()
GAME_IDS = [*GAMES, *(game_id for game_id in FOLDER_GAMES if game_id not in GAMES)]


@contextmanager
def joined():
    """The folder games in the registry, and out again afterwards."""
    added = {game_id: spec for game_id, spec in FOLDER_GAMES.items() if game_id not in GAMES}
    GAMES.update(added)
    try:
        yield
    finally:
        for game_id in added:
            GAMES.pop(game_id, None)
