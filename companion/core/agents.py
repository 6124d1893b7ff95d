"""The computer players' common ground: every agent is made with a seed and draws its
own choices from its own generator (so a simulation's games repeat exactly); the
random player every game has chooses among the legal actions."""

from __future__ import annotations

import random


class Agent:
    """A computer player: `choose(rules, state)` -> one of the legal actions."""

    name = ""

    def __init__(self, seed: int):
        self.random = random.Random(seed)

    def choose(self, rules, state) -> dict:
        raise NotImplementedError


class RandomAgent(Agent):
    name = "random"

    def choose(self, rules, state) -> dict:
        return self.random.choice(rules.legal_actions(state))
