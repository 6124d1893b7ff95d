"""The speed-ups of the simulator's path keep the rules exact: inside live_only the
engine hands out the listing a prompt was decided on, takes an action it handed
out without checking it again, carries a combat listing over actions that reach
no other piece (live.py) and sweeps only damaged pieces for destruction
(Damage.at_health). Every listing so handed out must be, in content and order,
what a fresh engine lists for the same position (the random player picks by
index), and the game must go exactly as outside live_only: the same events and
states after every action."""

from __future__ import annotations

import json
import random

import pytest

from companion.core.engine import clone
from companion.games.aat.rules import AatRules
from tests.aat.catalogue import sample

SUBS = ("freedom-fighters", "first-leaders-navy", "robot-uprising")
SETUPS = [{"subfaction_1": a, "subfaction_2": b, "attacker": seat, "cards": cards}
          for a, b, seat, cards in [(SUBS[0], SUBS[1], 0, "virtual"),
                                    (SUBS[1], SUBS[2], 1, "virtual"),
                                    (SUBS[2], SUBS[0], 0, "virtual"),
                                    (SUBS[2], SUBS[2], 1, "tracked")]]


def played(rules: AatRules, setup: dict, seed: int, live: bool) -> list[str]:
    """A random-legal game: each listing and the state after each action, as JSON."""
    fresh = AatRules({"cards": rules.cards, "decks": rules.decks})
    state = rules.new_game(setup, seed)
    pick = random.Random(seed)
    trace = []
    with rules.live_only() if live else _nothing():
        while not rules.is_over(state):
            legal = rules.legal_actions(state)
            listed = json.dumps(legal)
            assert listed == json.dumps(fresh.legal_actions(clone(state))), state["await"]
            trace.append(listed)
            trace.append(json.dumps(rules.step(state, pick.choice(legal))) + json.dumps(state))
    return trace


class _nothing:
    def __enter__(self):
        return None

    def __exit__(self, *exc):
        return False


@pytest.mark.parametrize("catalogue", ("sample", "printed"))
@pytest.mark.parametrize("index", range(len(SETUPS)))
def test_live_listings_are_fresh_listings(catalogue, index):
    rules = AatRules(sample()) if catalogue == "sample" else AatRules()
    for seed in (1, 2, 3):
        assert played(rules, SETUPS[index], seed, live=True) == \
            played(rules, SETUPS[index], seed, live=False)
