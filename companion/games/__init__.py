"""The games the companion knows: one declared spec each, registered here and
nowhere else. The core, the shell and the CLI read these specs and never name a
game; each part is `module:attribute`, imported only when first needed (so the
simulator never loads Kivy and the app never loads a game it does not show)."""

from __future__ import annotations

import importlib
from dataclasses import dataclass


@dataclass(frozen=True)
class GameSpec:
    id: str
    name: str
    rules: str  # the Rules class
    table: str  # the Kivy table screen class (its module loads its own kv)
    demo: str  # function() -> a mid-game Session, for screenshots
    game_over: str  # function(session) -> (result line, details text)


GAMES = {spec.id: spec for spec in (
    GameSpec(id="above-top-secret", name="Above Top Secret",
             rules="companion.games.ats.rules:AtsRules",
             table="companion.games.ats.table:TableScreen",
             demo="companion.games.ats.demo:demo_session",
             game_over="companion.games.ats.view:game_over"),
)}


def load(reference: str):
    """The attribute a spec names, imported now."""
    module, _, name = reference.partition(":")
    return getattr(importlib.import_module(module), name)


def rules_for(game_id: str):
    """The rules engine of a game id (KeyError when the game has none)."""
    return load(GAMES[game_id].rules)()
