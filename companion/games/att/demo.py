"""A mid-game demo position for screenshots: two greedy players (the Robots against
the Corsairs), a fixed seed, stopped in a battle while a player assigns their damage:
both boards built up, troops marked to die, the calculator's strip."""

from __future__ import annotations

from companion.core.demo import play_until
from companion.core.session import Session
from companion.games.att.ai import GreedyAgent
from companion.games.att.rules import AttRules

SETUP = {"players": [{"name": "Ann"}, {"name": "Bob"}], "first": 0,
         "army_1": "robots", "army_2": "corsairs"}


def assigning(session: Session) -> bool:
    state = session.state
    battle = state["battle"]
    return state["round"] >= 2 and bool(battle) and state["await"]["kind"] == "assign" and \
        any(battle["marks"])


def demo_session(seed: int = 3) -> Session:
    return play_until(AttRules(), SETUP, seed, GreedyAgent, assigning)
