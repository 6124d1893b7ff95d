"""The games the companion knows: one declared spec each (core.spec.GameSpec),
registered here and nowhere else. The core, the shell and the CLI read these
specs and never name a game."""

from __future__ import annotations

from companion.core.spec import GameSpec, load
from companion.games.aat import SPEC as AAT
from companion.games.ats import SPEC as ATS
from companion.games.att import SPEC as ATT
from companion.games.gm import SPEC as GM
from companion.games.ts import SPEC as TS

GAMES: dict[str, GameSpec] = {spec.id: spec for spec in (ATS, GM, AAT, TS, ATT)}

__all__ = ["GAMES", "load", "rules_for", "view_of", "agents_of"]


def rules_for(game_id: str):
    """The rules engine of a game id (KeyError when the game has none)."""
    return load(GAMES[game_id].rules)()


def view_of(game_id: str):
    return load(GAMES[game_id].view)


def agents_of(game_id: str) -> dict:
    """AI name -> agent class (constructed with a seed)."""
    return {name: load(ref) for name, ref in GAMES[game_id].agents.items()}
