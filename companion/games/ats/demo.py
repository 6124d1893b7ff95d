"""A mid-game demo position for screenshots: two greedy players, a fixed seed."""

from __future__ import annotations

from companion.core.demo import play_until
from companion.core.session import Session
from companion.games.ats.ai import GreedyAgent
from companion.games.ats.rules import AtsRules

SETUP = {"players": [{"name": "Ann", "colour": "Red", "team": 0},
                     {"name": "Bob", "colour": "Blue", "team": 1}],
         "dice": "digital", "cards": "virtual"}


def demo_session(seed: int = 11, rounds: int = 4) -> Session:
    """Play until round `rounds`, stopping at a player's main step."""
    return play_until(AtsRules(), SETUP, seed, GreedyAgent, lambda session: (
        session.state["round"] >= rounds and session.state["await"]["kind"] == "main"))
