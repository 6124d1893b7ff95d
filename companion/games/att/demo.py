"""A mid-game demo position for screenshots: two greedy players (the Robots against
the Corsairs), a fixed seed, stopped in a battle while a player assigns their damage:
both boards built up, troops marked to die, the calculator's strip."""

from __future__ import annotations

from companion.core.session import Session
from companion.games.att.ai import GreedyAgent
from companion.games.att.rules import AttRules

SETUP = {"players": [{"name": "Ann"}, {"name": "Bob"}], "first": 0,
         "army_1": "robots", "army_2": "corsairs"}


def demo_session(seed: int = 3) -> Session:
    rules = AttRules()
    session = Session(rules, SETUP, seed)
    agents = [GreedyAgent(seed), GreedyAgent(seed + 1)]
    while not rules.is_over(session.state):
        state = session.state
        battle = state["battle"]
        if state["round"] >= 2 and battle and (state["await"] or {}).get("kind") == \
                "assign" and any(battle["marks"]):
            break
        session.apply(agents[rules.acting_seat(state)].choose(rules, state))
    return session
