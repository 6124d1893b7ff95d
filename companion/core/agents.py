"""The computer player every game has: random among the legal actions."""

from __future__ import annotations

import random


class RandomAgent:
    name = "random"

    def __init__(self, seed: int):
        self.random = random.Random(seed)

    def choose(self, rules, state) -> dict:
        return self.random.choice(rules.legal_actions(state))
