"""A mid-game demo position for screenshots: two greedy players, a fixed seed."""

from __future__ import annotations

from companion.core.demo import play_until
from companion.core.session import Session
from companion.games.aat.ai import GreedyAgent
from companion.games.aat.rules import AatRules

SETUP = {"players": [{"name": "Ann"}, {"name": "Bob"}], "subfaction_1": "freedom-fighters",
         "subfaction_2": "first-leaders-navy", "attacker": 1, "cards": "virtual"}


def demo_session(seed: int = 11, turns: int = 8, rules=None) -> Session:
    """Play until turn `turns`, stopping at a player's combat prompt (or the end)."""
    return play_until(rules or AatRules(), SETUP, seed, GreedyAgent, lambda session: (
        session.state["turn"] >= turns and session.state["await"]["kind"] == "combat"))
