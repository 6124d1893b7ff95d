"""A folder game's mid-game position for screenshots: random players (a fixed seed)
play the most recently registered folder game (or `game_id`) for a few rounds."""

from __future__ import annotations

from companion.core.agents import RandomAgent
from companion.core.demo import play_until


def demo_session(game_id: str | None = None, seed: int = 5, turns: int = 4):
    from companion.games import GAMES, rules_for

    if game_id is None:
        game_id = [g for g, spec in GAMES.items() if spec.folder][-1]
    rules = rules_for(game_id)
    setup = rules.simulation_setup(rules.spec.players.counts[0])
    setup["players"] = [{"name": name} for name in ("Ann", "Bob", "Cleo", "Dan", "Eve",
                                                     "Finn")[:len(setup["players"])]]
    return play_until(rules, setup, seed, RandomAgent,
                      lambda session: session.state["turn"]["number"] > turns)
