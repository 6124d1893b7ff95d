"""Geheime Mission's balance targets (issue: 2,000 greedy games), measured as
`pnp simulate geheime-mission --games 2000 --seed 1` plays them."""

from __future__ import annotations

import pytest

from companion.core.simulate import simulate
from companion.games.gm.ai import GreedyAgent
from companion.games.gm.rules import GmRules

RULES = GmRules()
GAMES = 2000


@pytest.fixture(scope="module")
def study():
    def make(index):
        return [GreedyAgent(1 * 7919 + index * 31 + s) for s in range(2)], ["greedy"] * 2

    return simulate(RULES, make, GAMES, 1, RULES.simulation_setup(2))


def test_the_starting_seat_wins_between_45_and_55_percent(study):
    assert RULES.simulation_setup(2)["first"] == 0  # seat 1 starts the first round
    assert 0.45 * GAMES <= study.wins_by_seat[0] <= 0.55 * GAMES
    assert study.draws < 0.05 * GAMES
    assert study.invariant_failures == []


def test_every_agent_card_is_worth_playing(study):
    """Every card reaches a hand in every game (night falls on the last draw), and
    each is played in at least 40 % of them."""
    stats = RULES.statistics(dict(study.counters), GAMES)["cards"]
    assert len(stats) == 40
    for card_id, row in stats.items():
        assert row["held"] == GAMES, card_id
        assert row["play_rate"] >= 0.4, f"{card_id} is played in {row['play_rate']:.0%}"


def test_a_greedy_player_beats_a_random_one():
    """The greedy AI plays better than chance, so the balance study means something."""
    from companion.core.agents import RandomAgent

    def make(index):
        seats = [GreedyAgent(index), RandomAgent(index + 1)]
        names = ["greedy", "random"]
        return (seats, names) if index % 2 == 0 else (seats[::-1], names[::-1])

    report = simulate(RULES, make, 1000, 2, RULES.simulation_setup(2))
    assert report.wins_by_strategy["greedy"] > 1.15 * report.wins_by_strategy["random"]
