"""What a setup says of its players (names, colours, who starts): checked once here for
every game, so a hand-edited save is refused with a reason, never shown broken."""

from __future__ import annotations

import unicodedata

MAX_NAME = 100  # characters of a player's name or colour


def plain_text(value) -> bool:
    """Short text without control characters or lone surrogates, which the screens
    could not show: a name or a colour (None: not given)."""
    return value is None or isinstance(value, str) and len(value) <= MAX_NAME and not any(
        unicodedata.category(ch) in ("Cc", "Cs") for ch in value)


def player_names(setup, rule: str, game_name: str) -> list[str]:
    """The two players' names of a two-player game's setup ("Player 1" and "Player 2"
    where none is given), refusing a malformed setup with a reason naming `rule`."""
    from companion.core.engine import Rejected  # here: the engine imports this module

    if not isinstance(setup, dict):
        raise Rejected(rule, "the setup is a mapping")
    players = setup.get("players", [{"name": "Player 1"}, {"name": "Player 2"}])
    if not isinstance(players, list) or len(players) != 2 or not all(
            isinstance(p, dict) for p in players):
        raise Rejected(rule, f"{game_name} is played by 2 players")
    names = [p.get("name") or f"Player {i + 1}" for i, p in enumerate(players)]
    if not all(plain_text(n) for n in names):
        raise Rejected(rule, "a player's name is short text")
    return names


def first_seat(setup: dict, rule: str):
    """Who starts a two-player game: "lots" (drawn at the start) or seat 0 or 1; anything
    else refused naming `rule`."""
    from companion.core.engine import Rejected  # here: the engine imports this module

    first = setup.get("first", "lots")
    if first != "lots" and not (type(first) is int and first in (0, 1)):
        raise Rejected(rule, "first: 'lots', 0 or 1")
    return first
