"""A mid-game demo position for screenshots: two greedy players, a fixed seed,
stopped in an embassy duel (cards on two fields, a suitcase scored)."""

from __future__ import annotations

from companion.core.session import Session
from companion.games.gm.ai import GreedyAgent
from companion.games.gm.rules import GmRules

SETUP = {"players": [{"name": "Ann"}, {"name": "Bob"}], "first": 0, "cards": "virtual"}


def demo_session(seed: int = 5) -> Session:
    rules = GmRules()
    session = Session(rules, SETUP, seed)
    agents = [GreedyAgent(seed), GreedyAgent(seed + 1)]
    while not rules.is_over(session.state):
        state = session.state
        wait = state["await"]
        scored = sum(p["suitcases"] for p in state["players"])
        if scored and wait["kind"] == "play" and wait["role"] == "attack":
            break
        session.apply(agents[rules.acting_seat(state)].choose(rules, state))
    return session
