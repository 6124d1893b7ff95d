"""A mid-game demo position for screenshots: two greedy players, a fixed seed."""

from __future__ import annotations

from companion.core.session import Session
from companion.games.ats.ai import GreedyAgent
from companion.games.ats.rules import AtsRules

SETUP = {"players": [{"name": "Ann", "colour": "Red", "team": 0},
                     {"name": "Bob", "colour": "Blue", "team": 1}],
         "dice": "digital", "cards": "virtual"}


def demo_session(seed: int = 11, rounds: int = 4) -> Session:
    """Play until round `rounds`, stopping at a player's main step."""
    rules = AtsRules()
    session = Session(rules, SETUP, seed)
    agents = [GreedyAgent(seed), GreedyAgent(seed + 1)]
    while session.state["await"] is not None:
        state = session.state
        if state["round"] >= rounds and state["await"]["kind"] == "main":
            break
        session.apply(agents[rules.acting_seat(state)].choose(rules, state))
    return session
