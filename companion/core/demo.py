"""The demo positions behind `--demo` screenshots: two of a game's greedy players play
from a setup and a fixed seed until the game's own moment comes (a combat, a duel, a
battle), so every game's demo is a setup, a seed and that moment."""

from __future__ import annotations

from companion.core.session import Session


def play_until(rules, setup: dict, seed: int, agent, stop) -> Session:
    """A Session of `setup` played by `agent(seed)` and `agent(seed + 1)` until
    `stop(session)` (asked before each move) or the end of the game."""
    session = Session(rules, setup, seed)
    agents = [agent(seed), agent(seed + 1)]
    while not rules.is_over(session.state) and not stop(session):
        state = session.state
        session.apply(agents[rules.acting_seat(state)].choose(rules, state))
    return session
