"""GreedyAgent.choose weighs moves and Shield and Stealth orders last, and skips the rest
of their reading when they cannot win (Look.unless_below): it must pick what weighing
every action in order picks, with the same draws, and an action it skips must score
below the best."""

from __future__ import annotations

import random

import pytest

from companion.games.aat.ai import GreedyAgent, Look
from companion.games.aat.rules import AatRules

RULES = AatRules()
SETUPS = RULES.simulation_setups(2)


def every_action(agent: GreedyAgent, state: dict, actions: list) -> int:
    """The pick of weighing each action in order, one draw each: its index."""
    look = Look(agent, RULES, state, RULES.acting_seat(state))
    best, chance, pick = None, None, None
    for i, action in enumerate(actions):
        value, odds = look.score(action), agent.random.random()
        if best is None or value > best or (value == best and odds > chance):
            best, chance, pick = value, odds, i
    return pick


@pytest.mark.parametrize("index", range(3))
def test_it_picks_what_weighing_every_action_picks(index):
    state = RULES.new_game(SETUPS[index % len(SETUPS)], 7 + index)
    seats = [GreedyAgent(index), GreedyAgent(index + 1)]
    twins = [GreedyAgent(index), GreedyAgent(index + 1)]
    decisions = moves = 0
    for _ in range(600):
        if RULES.is_over(state):
            break
        seat = RULES.acting_seat(state)
        actions = RULES.legal_actions(state)
        if len(actions) > 1:
            picked = seats[seat].choose(RULES, state)
            assert actions.index(picked) == every_action(twins[seat], state, actions)
            decisions += 1
            moves += any(a["type"] == "move" for a in actions)
        else:
            picked = actions[0]
        RULES.step(state, picked)
    assert decisions > 100 and moves > 10


@pytest.mark.parametrize("setup", [4, 13])
def test_an_action_left_unread_scores_below_the_floor(setup):
    state = RULES.new_game(SETUPS[setup], 11)
    agent = GreedyAgent(3)
    pick = random.Random(5)
    skipped, weighed = {"move": 0, "order": 0}, {"move": 0, "order": 0}
    for _ in range(1500):
        if RULES.is_over(state):
            break
        actions = RULES.legal_actions(state)
        look = Look(agent, RULES, state, RULES.acting_seat(state))
        for action in actions:
            if look.weigh(action) is not None:
                continue
            value = look.score(action)
            for floor in (value - 1.0, value, value + 0.5, value + 5.0):
                found = look.unless_below(action, floor)
                if found is None:
                    assert value < floor
                    skipped[action["type"]] += 1
                else:
                    assert found == value
                    weighed[action["type"]] += 1
        RULES.step(state, pick.choice(actions))
    assert min(skipped.values()) > 5 and min(weighed.values()) > 5, (skipped, weighed)
