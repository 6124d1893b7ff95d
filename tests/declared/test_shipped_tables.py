"""Every table shipped with Dossier (pnp's example and starters, a bundled game's
table.yaml), as pnp's loader hands it on, played by random players to its end with every
invariant after every action, with the app's cards and with printed ones: the engine
reads the loader's real output, not only the tests' own tables."""

from __future__ import annotations

import pytest

from companion.core.agents import RandomAgent
from companion.core.simulate import play_game
from companion.games import register_folder, rules_for
from pnp import ASSETS, BUNDLED_GAMES


def shipped() -> list:
    folders = [ASSETS / "example", *sorted((ASSETS / "starters").iterdir()),
               *sorted(BUNDLED_GAMES.iterdir())]
    return [f for f in folders if (f / "game.yaml").is_file() and
            "\ntable:" in (f / "game.yaml").read_text(encoding="utf-8")]


def test_the_shipped_tables_are_found():
    names = {folder.name for folder in shipped()}
    assert {"example", "art", "csv", "above-top-secret"} <= names


@pytest.mark.parametrize("folder", shipped(), ids=lambda f: f.name)
def test_a_shipped_table_plays_to_its_end_keeping_every_invariant(folder):
    rules = rules_for(register_folder(folder))
    fewest, most = rules.spec.players.counts
    for number, seats in enumerate(sorted({fewest, most})):
        for cards in ("tracked", "printed"):
            setup = rules.simulation_setup(seats)
            if "cards" in setup:
                setup["cards"] = cards
            agents = [RandomAgent(number * 10 + seat) for seat in range(seats)]
            state, actions, broken, _ = play_game(rules, agents, setup, number)
            assert broken == [], (cards, seats, broken[:3])
            assert state["ended"] is not None and actions  # (not over before a move)


@pytest.mark.parametrize("folder", shipped(), ids=lambda f: f.name)
def test_a_shipped_table_deals_every_player_in_full_at_every_player_count(folder):
    """The starters said 2 to 4 players with decks dealt for two: the example's third
    and fourth players were dealt nothing, Market Day's fourth emptied the market
    before a move. Every count a shipped game allows deals in full."""
    rules = rules_for(register_folder(folder))
    fewest, most = rules.spec.players.counts
    for seats in range(fewest, most + 1):
        _, events = rules.opening(rules.simulation_setup(seats), 1)
        assert not [e["text"] for e in events if e["kind"] == "short"], seats
