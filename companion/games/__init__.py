"""Rules engines, one package per game, each on companion.core."""

ENGINES = {"above-top-secret": "companion.games.ats.rules:AtsRules"}


def rules_for(game_id: str):
    """The rules engine of a game id (KeyError when the game has none)."""
    import importlib

    module, _, name = ENGINES[game_id].partition(":")
    return getattr(importlib.import_module(module), name)()
