"""A mid-game demo position for screenshots: two greedy players, a fixed seed,
stopped just after a trickle in the sixth round (pieces falling, agents holding
Intel, a blockade on the board)."""

from __future__ import annotations

from companion.core.demo import play_until
from companion.core.session import Session
from companion.games.ts.ai import GreedyAgent
from companion.games.ts.rules import TsRules

SETUP = {"players": [{"name": "Ann"}, {"name": "Bob"}], "first": 0, "bag": "app"}


def after_a_trickle(session: Session) -> bool:
    state = session.state
    return state["round"] >= 6 and bool(session.actions) and \
        session.actions[-1]["type"] == "trickle" and any(state["walls"])


def demo_session(seed: int = 4) -> Session:
    return play_until(TsRules(), SETUP, seed, GreedyAgent, after_a_trickle)
