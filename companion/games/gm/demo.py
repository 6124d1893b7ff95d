"""A mid-game demo position for screenshots: two greedy players, a fixed seed,
stopped in an embassy duel (cards on two fields, a suitcase scored)."""

from __future__ import annotations

from companion.core.demo import play_until
from companion.core.session import Session
from companion.games.gm.ai import GreedyAgent
from companion.games.gm.rules import GmRules

SETUP = {"players": [{"name": "Ann"}, {"name": "Bob"}], "first": 0, "cards": "virtual"}


def attacking(session: Session) -> bool:
    state = session.state
    wait = state["await"]
    return any(p["suitcases"] for p in state["players"]) and wait["kind"] == "play" and \
        wait["role"] == "attack"


def demo_session(seed: int = 5) -> Session:
    return play_until(GmRules(), SETUP, seed, GreedyAgent, attacking)
