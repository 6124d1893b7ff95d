"""The greedy player's readings kept from one decision to the next (ai_carry.py) give
the scores a fresh reading gives, at every decision of live games (greedy against
greedy and against random play, whose odd moves change more between decisions), and
they are kept at some; outside live_only nothing is kept."""

from __future__ import annotations

import random

import pytest

from companion.games.aat.ai import GreedyAgent, Look
from companion.games.aat.rules import AatRules
from tests.aat.catalogue import sample

RULES = AatRules(sample())
SUBS = ("freedom-fighters", "first-leaders-navy", "robot-uprising")


def play(seed: int, against_random: bool) -> tuple[int, int]:
    """One live game: (decisions whose readings were kept, decisions); asserts every
    score of every greedy decision equals a fresh reading's."""
    setup = {"subfaction_1": SUBS[seed % 3], "subfaction_2": SUBS[(seed + 1) % 3],
             "attacker": seed % 2, "cards": "virtual"}
    state = RULES.new_game(setup, seed)
    players = [GreedyAgent(seed), GreedyAgent(seed + 1)]
    pick = random.Random(seed)
    fresh = GreedyAgent(0)
    kept = decisions = 0
    with RULES.live_only():
        for _ in range(600):
            if RULES.is_over(state):
                break
            seat = RULES.acting_seat(state)
            actions = RULES.legal_actions(state)
            if against_random and seat == 1:
                RULES.step(state, pick.choice(actions))
                continue
            agent = players[seat]
            if len(actions) > 1:
                last = agent.kept.read_at if agent.kept is not None else None
                look = Look(agent, RULES, state, seat)
                kept += last is not None and agent.kept.read_at == last
                fresh.kept = None
                anew = Look(fresh, RULES, state, seat)
                assert [look.score(a) for a in actions] == \
                    [anew.score(a) for a in actions], (seed, state["await"])
                decisions += 1
            RULES.step(state, agent.choose(RULES, state))
    return kept, decisions


@pytest.mark.parametrize("seed", range(4))
def test_kept_readings_score_as_fresh_ones(seed):
    kept, decisions = play(seed, against_random=False)
    assert decisions > 50 and kept > 0


@pytest.mark.parametrize("seed", range(4))
def test_kept_readings_score_as_fresh_ones_against_random_play(seed):
    kept, decisions = play(seed, against_random=True)
    assert decisions > 20 and kept > 0


def test_nothing_is_kept_outside_live_only():
    state = RULES.new_game({"subfaction_1": SUBS[0], "subfaction_2": SUBS[1],
                            "attacker": 0, "cards": "virtual"}, 3)
    agent = GreedyAgent(0)
    first = Look(agent, RULES, state, RULES.acting_seat(state))
    second = Look(agent, RULES, state, RULES.acting_seat(state))
    assert agent.kept is None and first._worth is not second._worth
