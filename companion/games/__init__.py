"""The games the companion knows: one declared spec each (core.spec.GameSpec),
registered here and nowhere else. The core, the shell and the CLI read these
specs and never name a game.

Besides the bundled games, a designer's own game folder (a game.yaml with a `table:`)
joins at run time with `register_folder`: one engine, companion.declared, plays every
such game, and its spec names the folder (`GameSpec.folder`)."""

from __future__ import annotations

import contextlib
import threading

from companion.core.spec import GameSpec, load
from companion.games.aat import SPEC as AAT
from companion.games.ats import SPEC as ATS
from companion.games.att import SPEC as ATT
from companion.games.gm import SPEC as GM
from companion.games.ts import SPEC as TS

GAMES: dict[str, GameSpec] = {spec.id: spec for spec in (ATS, GM, AAT, TS, ATT)}

__all__ = ["GAMES", "load", "rules_for", "make_ahead", "view_of", "agents_of",
           "register_folder", "is_game_folder", "bundled"]


def bundled() -> dict[str, GameSpec]:
    """The games that come with the companion as code (not those declared in a folder)."""
    return {game_id: spec for game_id, spec in GAMES.items() if not spec.folder}


def rules_for(game_id: str):
    """The rules engine of a game id (KeyError when the game has none). A folder game's
    rules are made with its spec: the one class reads the folder the spec names."""
    spec = GAMES[game_id]
    rules = load(spec.rules)
    return rules(spec) if spec.folder else rules()


def make_ahead(game_id: str) -> threading.Thread:
    """Make the game's rules once on a thread of their own while a player is still
    choosing (the new-game form, the resume button): what they read is kept (the printed
    data, 0.2-0.5 s here: companion.core.printed), so Start answers at once. A game that
    fails to load says so when it is started, as it would without this."""
    def make():
        with contextlib.suppress(Exception):  # said again, to the player, on Start
            rules_for(game_id)

    thread = threading.Thread(target=make, name=f"ahead-{game_id}", daemon=True)
    thread.start()
    return thread


def view_of(game_id: str):
    return load(GAMES[game_id].view)


def agents_of(game_id: str) -> dict:
    """AI name -> agent class (constructed with a seed)."""
    return {name: load(ref) for name, ref in GAMES[game_id].agents.items()}


def is_game_folder(path) -> bool:
    """Whether `path` (a command's GAME argument) is a game folder: a folder with a game.yaml."""
    from pathlib import Path

    return Path(path, "game.yaml").is_file()


def register_folder(folder, game_id: str | None = None) -> str:
    """Register the game in `folder` (loaded and checked by pnp; ValueError when it does
    not load or declares no `table:`) and return its registry id: the game's own id, or,
    when that id is taken by a bundled game or another folder, `<id>@folder` (then
    `@folder2`...), so a designer's copy of a bundled game never replaces it. A folder
    registered before keeps its id; `game_id` (a save's) is taken when it is free."""
    from companion.declared.spec import folder_spec

    spec = folder_spec(folder, GAMES, game_id)
    GAMES[spec.id] = spec
    return spec.id
