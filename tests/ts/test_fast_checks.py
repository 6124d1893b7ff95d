"""The engine's and the greedy AI's shortcuts, taken for the simulator's speed (issue 35),
agree with what they stand for: a spawn is accepted exactly when spawn_options lists it,
and the AI's reading of the next trickle is worked out again when the board changes."""

from __future__ import annotations

import random

from companion.games.ts import moves
from companion.games.ts.ai import GreedyAgent, Reading, next_falls
from companion.games.ts.geometry import board
from companion.games.ts.rules import TsRules

RULES = TsRules()


def states(games: int = 3):
    """Every state of a few greedy games (the AI's own shortcuts in use)."""
    for seed in range(games):
        state = RULES.new_game(RULES.simulation_setup(2), seed)
        agents = [GreedyAgent(seed), GreedyAgent(seed + 7)]
        while not RULES.is_over(state):
            yield state
            RULES.step(state, agents[RULES.acting_seat(state)].choose(RULES, state))


def test_a_spawn_is_allowed_exactly_when_listed():
    pick, checked = random.Random(1), 0
    for state in states():
        if state["await"]["kind"] != "spawn":
            continue
        listed = moves.spawn_options(state)
        tries = listed + [{"type": "spawn", "kind": pick.choice(["hacker", "analyst", "spy"]),
                           "at": pick.randrange(-1, board().size + 1)} for _ in range(20)]
        tries += [{**a, "by": 0} for a in listed[:2]] + [{**a, "more": 1} for a in listed[:2]]
        for action in tries:
            expected = {k: v for k, v in action.items() if k != "by"} in listed
            assert moves.spawn_allowed(state, action) == expected, action
            checked += 1
    assert checked > 100


def test_the_ai_reads_the_next_trickle_of_the_board_as_it_is():
    agent, seen = GreedyAgent(3), 0
    for state in states(2):
        if state["await"]["kind"] == "act":
            agent.choose(RULES, state)
            assert agent.read[1] == next_falls(state)
            assert Reading(state, agent.read[1]).points == Reading(state).points
            seen += 1
    assert seen > 100


def test_the_blockades_the_ai_skips_are_worth_less_than_ending_the_turn():
    """GreedyAgent.choose skips a blockade under no Intel: it could never be chosen, as
    ending the turn (worth 0) is always there."""
    skipped = 0
    for state in states(2):
        if state["await"]["kind"] != "act":
            continue
        view, legal = Reading(state), RULES.legal_actions(state)
        assert {"type": "end_turn"} in legal
        for action in legal:
            if action["type"] == "block" and not view.fed[action["at"]]:
                assert view.worth(action) < 0
                skipped += 1
    assert skipped > 100


def test_far_apart_stands_for_exactly_the_engineers_paid_blockades():
    """abilities.listed(far_apart=True), its tuples made into actions pay by pay, is
    legal_actions' list in its order (the greedy AI draws for each in that order)."""
    from companion.games.ts import abilities

    kept_apart = 0
    for state in states(3):
        if state["await"]["kind"] != "act":
            continue
        made = []
        for entry in moves.listed(state) + abilities.listed(state, far_apart=True):
            if type(entry) is tuple:
                _, agent_id, held, empty = entry
                made += [{"type": "block", "agent": agent_id, "at": s, "pay": p}
                         for p in held for s in empty]
                kept_apart += 1
            else:
                made.append(entry)
        assert made + [{"type": "end_turn"}] == RULES.legal_actions(state)
    assert kept_apart > 50
