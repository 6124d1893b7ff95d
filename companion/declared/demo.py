"""A folder game's mid-game position for screenshots: random players (a fixed seed)
play the game for a few turns.

Why a name per game: the shell calls a spec's demo with no arguments
(`load(spec.demo)()`), and one module serves every folder game, so each spec names its
own, `companion.declared.demo:demo_session:<registry id>`, which this module's
`__getattr__` makes (spec.build_spec writes it)."""

from __future__ import annotations

from functools import partial

from companion.core.agents import RandomAgent
from companion.core.demo import play_until

PREFIX = "demo_session:"


def demo_session(game_id: str | None = None, seed: int = 5, turns: int = 4):
    """The game `game_id` (default: the folder game registered last) after `turns` turns."""
    from companion.games import GAMES, rules_for

    if game_id is None:
        game_id = [g for g, spec in GAMES.items() if spec.folder][-1]
    rules = rules_for(game_id)
    setup = rules.simulation_setup(rules.spec.players.counts[0])
    setup["players"] = [{"name": name} for name in ("Ann", "Bob", "Cleo", "Dan", "Eve",
                                                     "Finn")[:len(setup["players"])]]
    return play_until(rules, setup, seed, RandomAgent,
                      lambda session: session.state["turn"]["number"] > turns)


def __getattr__(name: str):
    """`demo_session:<registry id>`: that game's demo, called with no arguments."""
    if name.startswith(PREFIX):
        return partial(demo_session, name[len(PREFIX):])
    raise AttributeError(name)
