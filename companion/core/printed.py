"""The companion's one door to a game's printed data: its YAML read with the print
tool's own loader and schema (so the table plays and shows the cards that print), a
printed die's faces, and a quick read of game.yaml alone for a cheap declaration.

Only this module (with companion.cardart and companion.cli) imports pnp, and only
inside its functions: a game's SPEC stays cheap to import, and a change to pnp's
layout is a change here. pnp never imports the companion."""

from __future__ import annotations

import threading
from functools import cache

_reading = threading.Lock()  # a game read ahead on another thread is waited for, not read twice


def game(game_id: str):
    """The bundled game as pnp loads it (pnp.load.model.Game: components, vars, layouts,
    styles, icons), once a process; no font check (the screen draws no PDF)."""
    with _reading:
        return _read(game_id)


@cache
def _read(game_id: str):
    from pnp import BUNDLED_GAMES
    from pnp.load.game import load_game

    return load_game(BUNDLED_GAMES / game_id, check_fonts=False)


def game_yaml(game_id: str) -> dict:
    """The bundled game's game.yaml alone, as plain data (a few milliseconds: for what
    a SPEC declares from the YAML, without loading the whole game)."""
    from pnp import BUNDLED_GAMES
    from pnp.load.yamlload import load_yaml

    return load_yaml(BUNDLED_GAMES / game_id / "game.yaml")


def plain(value):
    """Printed data as plain JSON data (pnp's YAML keeps each value's place in the file in
    types of its own), for what a game's state holds."""
    if isinstance(value, dict):
        return {str(k): plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [plain(v) for v in value]
    if isinstance(value, bool) or value is None:
        return value
    for kind in (int, float, str):
        if isinstance(value, kind):
            return kind(value)
    return value


def resolved(value, variables: dict):
    """`value` with its `{path}` templates filled from `variables`, as the print fills
    them (a string that is one template keeps the value's own type)."""
    from pnp.load.template import substitute

    return substitute(value, variables)


@cache
def die_faces(piece: str) -> tuple[str, ...]:
    """'game-id:component/item' -> each face's words, face 1 first: its `label`,
    else its pips (and its mark: '4, hit')."""
    game_id, _, where = piece.partition(":")
    component, _, item_id = where.partition("/")
    item = next(i for i in game(game_id).component(component).items if i.id == item_id)
    return tuple(face_words(face, number) for number, face in enumerate(item.faces, start=1))


def face_words(face, number: int) -> str:
    """A printed face's words: its label, else its pips and mark ('4, hit')."""
    from pnp.load.tabletypes import face_words as words

    return words(face, number)


@cache
def folder_game(folder: str):
    """A game folder (a designer's own game, not a bundled one) as pnp loads it, once a
    process per folder: its `table` (pnp.load.table, contract section 2) is what a folder
    game's engine plays. ValueError, with pnp's own `file:line:col` messages, when the
    folder does not load."""
    from pathlib import Path

    from pnp.load.errors import InvalidInput
    from pnp.load.game import load_game

    try:
        return load_game(Path(folder), check_fonts=False)
    except InvalidInput as exc:
        raise ValueError(f"{folder}: {exc}") from None


@cache
def expression(source: str, condition: bool = False):
    """An amount (`card.power + 1`) or, with `condition`, a `when` ("hp <= 0") compiled
    once by pnp's safe expression language (pnp.load.expr): `.evaluate(names)` gives a
    number, `.holds(names)` a truth. Its errors are ValueError (pnp's ExprError)."""
    from pnp.load.expr import Arith, Condition

    return Condition(source) if condition else Arith(source)


def bundled_tables() -> list[str]:
    """The folders beside the bundled games (pnp's cards/) whose game.yaml declares a
    table: how a designer's game travels inside the app (the Android package carries
    cards/, buildozer.spec)."""
    from pnp import BUNDLED_GAMES

    found = []
    for game_yaml in sorted(BUNDLED_GAMES.glob("*/game.yaml")):
        try:
            text = game_yaml.read_text(encoding="utf-8")
        except (OSError, UnicodeError):
            continue
        if any(line.startswith("table:") for line in text.splitlines()):
            found.append(str(game_yaml.parent))
    return found


def counter_least() -> int:
    """The least a declared counter goes when it declares no `min` (pnp's loader fills
    it in; a table given as data gets the same)."""
    from pnp.load.table import LEAST

    return LEAST
