"""A mid-game demo position for screenshots: two greedy players, a fixed seed."""

from __future__ import annotations

from companion.core.session import Session
from companion.games.aat.ai import GreedyAgent
from companion.games.aat.rules import AatRules

SETUP = {"players": [{"name": "Ann"}, {"name": "Bob"}], "subfaction_1": "freedom-fighters",
         "subfaction_2": "first-leaders-navy", "attacker": 1, "cards": "virtual"}


def demo_session(seed: int = 11, turns: int = 8, rules=None) -> Session:
    """Play until turn `turns`, stopping at a player's combat prompt (or the end)."""
    rules = rules or AatRules()
    session = Session(rules, SETUP, seed)
    agents = [GreedyAgent(seed), GreedyAgent(seed + 1)]
    while session.state["await"] is not None:
        state = session.state
        if state["turn"] >= turns and state["await"]["kind"] == "combat":
            break
        session.apply(agents[rules.acting_seat(state)].choose(rules, state))
    return session
