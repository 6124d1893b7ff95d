"""The greedy player's readings kept from one decision to the next (ai_carry.py) give the
pieces sorted and the scores a fresh reading gives, at every decision of live games with
the printed cards (greedy against greedy, and against random play, whose odd moves
change more between decisions), and they are kept at some; outside live_only nothing is
kept."""

from __future__ import annotations

import random

import pytest

from companion.games.aat.ai import GreedyAgent, Look
from companion.games.aat.ai_carry import side_left
from companion.games.aat.rules import AatRules

RULES = AatRules()
SETUPS = RULES.simulation_setups(2)


def play(index: int, against_random: bool) -> tuple[int, int]:
    """One live game of the study's setups: (decisions whose readings were all kept,
    decisions); asserts every score of every greedy decision equals a fresh reading's."""
    state = RULES.new_game(SETUPS[index % len(SETUPS)], 1_000_003 + index)
    players = [GreedyAgent(index), GreedyAgent(index + 1)]
    pick = random.Random(index)
    fresh = GreedyAgent(0)
    kept = decisions = 0
    with RULES.live_only():
        for _ in range(1000):
            if RULES.is_over(state):
                break
            seat = RULES.acting_seat(state)
            actions = RULES.legal_actions(state)
            if against_random and seat == 1:
                RULES.step(state, pick.choice(actions))
                continue
            agent = players[seat]
            if len(actions) > 1:
                last = agent.kept
                readings = list(last.readings) if last is not None else None
                look = Look(agent, RULES, state, seat)
                kept += readings is not None and all(map(
                    lambda a, b: a is b, agent.kept.readings, readings))
                fresh.kept = None
                anew = Look(fresh, RULES, state, seat)
                # the pieces kept sorted, with those that entered since added, in order
                assert (look.units, look.leaders, look._here) == \
                    (anew.units, anew.leaders, anew._here)
                assert [look.score(a) for a in actions] == \
                    [anew.score(a) for a in actions], (index, state["await"])
                decisions += 1
            RULES.step(state, agent.choose(RULES, state))
    return kept, decisions


# (game 36, and 39 against random play, have a sole blocker's kill value read again
# after a hit on its base: ai_carry.front_damaged; game 9 fails if the other side's
# worth is kept when pieces of one side leave, games 2 and 3 if the kill values in
# front of its base are kept when one left from there: ai_carry.side_left; game 5 if
# a damaged enemy leader's worth is kept: front_damaged)
@pytest.mark.parametrize("index", [0, 1, 2, 3, 5, 9, 36])
def test_kept_readings_score_as_fresh_ones(index):
    kept, decisions = play(index, against_random=False)
    assert decisions > 100 and kept >= 10


@pytest.mark.parametrize("index", [0, 1, 2, 3, 39])
def test_kept_readings_score_as_fresh_ones_against_random_play(index):
    kept, decisions = play(index, against_random=True)
    assert decisions > 30 and kept >= 3


def test_nothing_is_kept_outside_live_only():
    state = RULES.new_game(SETUPS[0], 3)
    agent = GreedyAgent(0)
    first = Look(agent, RULES, state, RULES.acting_seat(state))
    second = Look(agent, RULES, state, RULES.acting_seat(state))
    assert agent.kept is None and first._worth is not second._worth


def piece(uid: str, owner: int, kind: str = "unit", theater: str = "Space") -> dict:
    return {"uid": uid, "owner": owner, "kind": kind, "theater": theater}


def test_pieces_of_one_side_leaving_keep_what_reads_the_other_side_only():
    table = {p["uid"]: p for p in (
        piece("b0", 0, "base", "Space"), piece("b1", 1, "base", "Planetside"),
        piece("a", 0), piece("b", 1, theater="Planetside"), piece("c", 1),
        piece("l", 0, "leader", None))}
    every = {uid: 1.0 for uid in [*table, "gone"]}
    weights, worth, kill, serving = [1.0, 2.0], dict(every), dict(every), {(0, "Space"): True}
    # a unit of seat 1 left from Space, not in front of its base (Planetside)
    assert side_left((weights, worth, kill, serving), table, [piece("gone", 1)])
    assert sorted(worth) == ["b", "b1", "c", "l"]  # its own pieces and the leaders
    assert sorted(kill) == ["b", "b1", "c"]  # its own pieces: no sole blocker changed
    assert weights == [1.0, 2.0] and serving == {}
    # one left from in front of its base: the kill values there are read again
    worth, kill = dict(every), dict(every)
    assert side_left(([1.0, 2.0], worth, kill, {}), table,
                     [piece("gone", 1, theater="Planetside")])
    assert sorted(kill) == ["b1", "c"]
    # its leader left: its base weighs anew, and the units in front of it too
    weights, kill = [1.0, 2.0], dict(every)
    assert side_left((weights, dict(every), kill, {}), table, [piece("gone", 1, "leader", None)])
    assert weights == [1.0, None] and sorted(kill) == ["b1", "c"]
    # pieces of both sides left: not for side_left
    assert not side_left(([1.0, 2.0], dict(every), dict(every), {}), table,
                         [piece("gone", 1), piece("a", 0)])
