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

__all__ = ["GAMES", "load", "rules_for", "rules_of", "view_of", "agents_of", "register",
           "demo_of", "bundled", "saved_folder"]


def bundled() -> dict[str, GameSpec]:
    """The games that come with the companion (not those registered from a folder)."""
    return {game_id: spec for game_id, spec in GAMES.items() if not spec.folder}


def register(spec: GameSpec) -> GameSpec:
    """A game declared in a folder's YAML (companion.declared.spec), served from now on like
    the bundled ones; registered again, it replaces its earlier declaration (the folder
    was edited). A bundled game is never replaced."""
    if spec.id in GAMES and not GAMES[spec.id].folder:
        raise ValueError(f"'{spec.id}' is a bundled game")
    GAMES[spec.id] = spec
    return spec


def saved_folder(folder: str) -> str:
    """Register the game folder a save names; what stops it ("" when registered)."""
    from companion.core.printed import FolderProblem
    from companion.declared.spec import open_folder

    try:
        open_folder(folder)
    except (FolderProblem, OSError, ValueError) as exc:
        return str(exc).splitlines()[0] if str(exc) else type(exc).__name__
    return ""


def _made(reference: str, spec: GameSpec):
    """The class or function a spec names, called with the spec's folder if it has one."""
    return load(reference)(spec.folder) if spec.folder else load(reference)()


def rules_for(game_id: str):
    """The rules engine of a game id (KeyError when the game has none)."""
    return rules_of(GAMES[game_id])


def rules_of(spec: GameSpec):
    """The rules engine a spec declares (registered or not)."""
    return _made(spec.rules, spec)


def demo_of(game_id: str):
    """A game's mid-game demo session, for screenshots."""
    return _made(GAMES[game_id].demo, GAMES[game_id])


def view_of(game_id: str):
    return load(GAMES[game_id].view)


def agents_of(game_id: str) -> dict:
    """AI name -> agent class (constructed with a seed)."""
    return {name: load(ref) for name, ref in GAMES[game_id].agents.items()}
