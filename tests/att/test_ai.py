"""The greedy AI's fast battle playout (companion/games/att/playout.py, plans.py) against
the engine: at every attack decision of greedy games in the balance study's four
pairings, each wave plan the AI weighs is worth the same played out fast as stepped
through the engine on a copy of the game (both sides passing and giving the suggested
kills), so the AI's choices, and the balance they were tuned with (docs/balance.md), are
the engine's."""

from __future__ import annotations

import itertools

import pytest

from companion.core.engine import clone
from companion.games.att import plans, playout
from companion.games.att.ai import GreedyAgent
from companion.games.att.rules import AttRules

RULES = AttRules()
SETUPS = RULES.simulation_setups(2)


def autopilot(rules, state) -> dict:
    """The answers the engine's copy takes: the suggested kills, pass, the first option."""
    legal = rules.legal_actions(state)
    for preferred in ({"type": "suggest"}, {"type": "pass"}, {"type": "done"}):
        if preferred in legal:
            return preferred
    return legal[0]


def stepped(rules, state, seat, order, target, specials) -> float:
    """`plans.waves` the slow way: the engine's steps on a deep copy."""
    trial = clone(state)
    before = [playout.material(trial, s) for s in (0, 1)]
    best = float("-inf")
    for index, source in enumerate(order):
        action = {"type": "attack", "from": source, "to": target,
                  "specials": specials if index == 0 else []}
        if action not in rules.legal_actions(trial):
            break
        rules.step(trial, action)
        while trial["battle"] is not None and trial["await"] is not None:
            rules.step(trial, autopilot(rules, trial))
        if trial["winner"] == seat:
            return playout.PALACE
        after = [playout.material(trial, s) for s in (0, 1)]
        best = max(best, (before[1 - seat] - after[1 - seat]) -
                   (before[seat] - after[seat]) * 1.1)
        if trial["await"] is None or trial["await"]["kind"] != "attacks":
            break
    return best


def decisions(game: int):
    """(state, seat, legal) at every attack decision of a greedy game."""
    state = RULES.new_game(SETUPS[game % len(SETUPS)], 500 + game)
    agents = [GreedyAgent(game * 2 + s) for s in (0, 1)]
    while not RULES.is_over(state):
        seat = state["await"]["player"]
        if state["await"]["kind"] == "attacks":
            yield state, seat, RULES.legal_actions(state)
        RULES.step(state, agents[seat].choose(RULES, state))


@pytest.mark.parametrize("game", range(8))
def test_the_fast_playout_is_the_engines(game):
    checked = 0
    for state, seat, legal in decisions(game):
        sources = sorted({a["from"] for a in legal if a["type"] == "attack"})
        specials = max((a["specials"] for a in legal if a["type"] == "attack"), key=len,
                       default=[])
        for target, count in itertools.product(range(3), range(1, len(sources) + 1)):
            for order in itertools.permutations(sources, count):
                fast = plans.waves(state, seat, list(order), target, specials)
                assert fast == stepped(RULES, state, seat, list(order), target, specials), \
                    (order, target, specials)
                checked += 1
    assert checked > 0


def test_greedy_beats_random():
    """The greedy AI wins most games against random-legal play, both seated first and
    second (`pnp simulate attack-the-tower --ai greedy,random --rotate`)."""
    from companion.core.simulate import simulate
    from companion.games import agents_of

    random_agent = agents_of("attack-the-tower")["random"]

    def make(index):
        if index % 2:
            return [random_agent(index), GreedyAgent(index)], ["random", "greedy"]
        return [GreedyAgent(index), random_agent(index)], ["greedy", "random"]

    report = simulate(RULES, make, 40, 3, SETUPS, jobs=1)
    wins = report.wins_by_strategy.get("greedy", 0)
    assert wins >= 32, report.wins_by_strategy
