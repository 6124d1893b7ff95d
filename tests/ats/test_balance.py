"""The balance targets of docs/balance.md, on the documented 2,000-game study."""

from __future__ import annotations

import pytest

from companion.core.simulate import simulate
from companion.games.ats.ai import GreedyAgent
from companion.games.ats.data import cards
from companion.games.ats.rules import AtsRules

RULES = AtsRules()
GAMES = 2000


@pytest.fixture(scope="module")
def study():
    def make(index):  # the same agents and seeds as `pnp simulate ... --seed 1`
        return [GreedyAgent(1 * 7919 + index * 31 + s) for s in range(2)], ["greedy"] * 2

    return simulate(RULES, make, GAMES, 1, RULES.simulation_setup(2), check=False)


def test_neither_seat_wins_more_than_55_percent(study):
    assert study.games == GAMES
    assert max(study.wins_by_seat.values()) <= 0.55 * GAMES
    assert study.invariant_failures == []


def test_no_card_is_dominant_or_useless(study):
    for card_id in cards()[0]:
        starts = study.counters[f"start:{card_id}"]
        rate = study.counters[f"start_win:{card_id}"] / starts
        assert starts > 300, card_id
        assert 0.43 <= rate <= 0.57, f"{card_id}: its side won {rate:.1%}"
