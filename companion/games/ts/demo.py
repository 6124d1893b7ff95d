"""A mid-game demo position for screenshots: two greedy players, a fixed seed,
stopped just after a trickle in the sixth round (pieces falling, agents holding
Intel, a blockade on the board)."""

from __future__ import annotations

from companion.core.session import Session
from companion.games.ts.ai import GreedyAgent
from companion.games.ts.rules import TsRules

SETUP = {"players": [{"name": "Ann"}, {"name": "Bob"}], "first": 0, "bag": "app"}


def demo_session(seed: int = 4) -> Session:
    rules = TsRules()
    session = Session(rules, SETUP, seed)
    agents = [GreedyAgent(seed), GreedyAgent(seed + 1)]
    while not rules.is_over(session.state):
        state = session.state
        if state["round"] >= 6 and session.actions and \
                session.actions[-1]["type"] == "trickle" and any(state["walls"]):
            break
        session.apply(agents[rules.acting_seat(state)].choose(rules, state))
    return session
