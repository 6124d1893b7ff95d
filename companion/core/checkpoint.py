"""A position kept in a save beside its moves: the game as the players last saw it.

Moves replay exactly only while the game's cards and rules stay the same. After an
app update or a designer's edit to their folder they may replay to another position,
or not at all; the kept position lets the game go on where the players left it
instead of being lost. A checksum tells a damaged file from a changed game, and the
game's own invariants and view keep out a position today's rules cannot play on or its
screens cannot show (a field its version did not have, a player's name that is not
text): the moves, as far as they replay, are then what the game goes by."""

from __future__ import annotations

import hashlib
import json

from companion.core.spec import load


def plain(state: dict) -> dict:
    """The state as a save holds it (tuples as lists, keys as text)."""
    return json.loads(json.dumps(state))


def digest(state: dict) -> str:
    text = json.dumps(state, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


def checkpoint(state: dict, moves: int) -> dict:
    """What a save keeps of a position: the state, its checksum and how many moves of
    the game led to it."""
    state = plain(state)
    return {"moves": moves, "sha256": digest(state), "state": state}


def shape_problem(point, key: str, max_moves: int) -> str | None:
    """Why `point` is not a checkpoint's shape (None: it is)."""
    if not isinstance(point, dict):
        return f"'{key}' is a mapping with moves, sha256 and state"
    moves = point.get("moves")
    if type(moves) is not int or not 0 <= moves <= max_moves:
        return f"'{key}.moves' is a whole number from 0 to {max_moves}"
    if not isinstance(point.get("sha256"), str):
        return f"'{key}.sha256' is a checksum's text"
    if not isinstance(point.get("state"), dict):
        return f"'{key}.state' is a mapping"
    return None


def trusted(rules, save: dict, key: str) -> dict | None:
    """The state of the checkpoint under `key`, if the game can go on from it: intact,
    of this engine's state version, its invariants holding and a move to make (or the
    game over). None otherwise, or where the save has none."""
    point = save.get(key)
    if point is None or save.get("rules_version", 1) != rules.save_version:
        return None
    state = point["state"]
    if digest(state) != point["sha256"]:
        return None
    try:
        if rules.invariants(state):
            return None
        if not rules.is_over(state) and (type(rules.acting_seat(state)) is not int
                                         or not rules.legal_actions(state)):
            return None
        if not shown(rules, state):
            return None
    except Exception:  # a position the rules or the view cannot read: not one to go on from
        return None
    return state


def shown(rules, state: dict) -> bool:
    """Whether the game's view (docs/game-interface.md, section 3) shows the position: its
    status in text, the seat it hides for a seat or none, and every player's name text.
    What it cannot read raises, which `trusted` takes as no."""
    players = state.get("players", ())
    if any(isinstance(p, dict) and not isinstance(p.get("name", ""), str) for p in players):
        return False
    reference = getattr(rules.spec, "view", "") if rules.spec is not None else ""
    if not reference:
        return True
    view = load(reference)
    status = view.status(state)
    private = view.private_seat(state)
    return all(isinstance(status[key], str) for key in ("title", "turn", "prompt")) and (
        private is None or type(private) is int and 0 <= private < len(players))
