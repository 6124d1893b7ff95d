"""Saves of every game, mutated (tests/fuzz_saves.py): each is refused as a save or
resumes and shows, never an exception. The kept campaign in tests/data/saves-fuzz
holds every case an earlier engine failed on (Top-Secret's dice-roller Undo label,
floats in a setup) and a sample of the rest; the installed wheel resumes each in
the real app (tests/test_wheel.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.games import bundled
from companion.store import Store
from tests.fuzz_saves import campaign, check

GAMES = bundled()  # the kept campaign is of the bundled games

KEPT = Path(__file__).parent / "data" / "saves-fuzz"


def test_the_kept_campaign_covers_every_game():
    files = sorted(KEPT.glob("*.json"))
    assert len(files) >= 100
    assert {game_id for game_id in GAMES if any(f.name.startswith(game_id) for f in files)} \
        == set(GAMES)


@pytest.mark.parametrize("game_id", GAMES)
def test_every_kept_save_is_refused_or_shown(game_id, tmp_path):
    store = Store(tmp_path)
    for path in sorted(KEPT.glob(f"{game_id}-*.json")):
        raw = path.read_bytes()
        assert check(raw) is None, path.name
        slot = store.slot(game_id)
        slot.folder.mkdir(exist_ok=True)
        slot.current.write_bytes(raw)
        store.load(game_id)  # never raises: a save it cannot read is kept aside
        store.clear(game_id)


@pytest.mark.parametrize("game_id", GAMES)
def test_a_fresh_campaign_of_each_game_finds_nothing(game_id):
    found = [(name, finding) for name, _, finding in campaign(game_id, 24, seed=2)
             if finding]
    assert not found, found[0][1]
