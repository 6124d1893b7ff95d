"""A folder game's declaration: the GameSpec built from its game.yaml and `table:`, and
the registry of the tables the engine plays.

Why a registry here: the one rules class (rules.DeclaredRules) plays every folder game,
so it is made with its spec (`GameSpec.folder` says it is a folder game, and
companion.games.rules_for passes the spec), and finds the game's normalised table
(pnp.load.table's Game.table) in TABLES by the spec's id. The view, which only sees a state,
finds it by the state's `folder_game` (the registry id).

Registry ids: the game's own id, unless a bundled game or another folder holds it: then
`<id>@folder` (`@folder2`, ...), so a designer's copy of a bundled game (Above Top
Secret's table.yaml) sits beside the bundled game and never replaces it."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from companion.core.spec import RANDOM_AGENT, Die, GameSpec, Option, Players
from companion.declared.bounds import bounded
from companion.declared.model import Declaration

PACKAGE = "companion.declared"
TABLES: dict[str, dict] = {}  # registry id -> the game's normalised table (Game.table)


def parts() -> dict:
    """The parts every folder game shares (docs/game-interface.md's module names); the
    table widget is DeclaredTable (the screen's); each game's demo is its own
    (`demo_of`)."""
    return {"rules": f"{PACKAGE}.rules:DeclaredRules", "view": f"{PACKAGE}.view",
            "table": f"{PACKAGE}.table:DeclaredTable", "demo": f"{PACKAGE}.demo:demo_session",
            "agents": {"random": RANDOM_AGENT}}


def demo_of(game_id: str) -> str:
    """The game's own demo (the shell calls a spec's demo with no arguments: demo.py)."""
    return f"{PACKAGE}.demo:demo_session:{game_id}"


def players_of(table: dict) -> Players:
    """Table modes for min to max players (in `teams` teams when the table says so, the
    team sizes equal), and the declared colours to pick from."""
    declared = table["players"]
    low, high, teams = declared["min"], declared["max"], declared["teams"]
    modes = []
    for count in range(low, high + 1):
        if teams and teams > 1 and count % teams == 0 and count > teams:
            modes.append((f"{teams} teams of {count // teams}", (count // teams,) * teams))
        else:
            modes.append((f"{count} players", (1,) * count))
    colours = tuple(dict.fromkeys(declared["colors"] or ()))
    return Players(modes=tuple(modes), colours=colours, alternate=bool(teams))


def options_of(table: dict) -> tuple[Option, ...]:
    """Who starts (when the table says `chosen` or names a rule: one choice per seat; when
    `random`, lots are drawn and nobody is asked) and, when any zone starts with cards,
    whether the app tracks them or the players use the printed ones."""
    options = []
    first = table["players"]["first"]
    if first == "chosen":
        options.append(Option("first", "Who starts", (), 0, seats=True))
    elif first == "rule":
        options.append(Option("first", f"Who starts ({table['players']['first_rule']})", (),
                              0, seats=True))
    if any(zone["cards"] for zone in table["zones"]):
        options.append(Option("cards", "Cards", (("tracked", "Kept by the app"),
                                                 ("printed", "Printed cards")),
                              "tracked", setting="cards"))
    return tuple(options)


def build_spec(game_id: str, name: str, table: dict, folder: str) -> GameSpec:
    """The spec of a folder game; its table is kept in TABLES under `game_id`, each
    counter's bounds filled in (companion.declared.bounds: ValueError for a counter
    that cannot keep the default)."""
    table = bounded(table)
    TABLES[game_id] = table
    declaration.cache_clear()
    dice = tuple(Die(d["id"], d["name"], tuple(d["faces"]),
                     piece=f"{game_id}:{d['piece']}" if d.get("piece") else "")
                 for d in table["dice"])
    return GameSpec(id=game_id, name=name, **{**parts(), "demo": demo_of(game_id)},
                    players=players_of(table), options=options_of(table), dice=dice,
                    folder=folder)


def registry_id(own: str, folder: str, games: dict, wanted: str | None) -> str:
    """The id a folder game is registered under (see the module's docstring)."""
    for game_id, spec in games.items():
        if spec.folder == folder:
            return game_id
    if wanted and wanted not in games and wanted.split("@")[0] == own:
        return wanted
    if own not in games:
        return own
    number = 1
    while f"{own}@folder{number if number > 1 else ''}" in games:
        number += 1
    return f"{own}@folder{number if number > 1 else ''}"


def folder_spec(folder, games: dict, wanted: str | None = None) -> GameSpec:
    """A game folder's spec (ValueError when it does not load or has no `table:`)."""
    from companion.core.printed import folder_game

    path = str(Path(folder).resolve())
    for spec in games.values():  # registered before (a table given as data: by its name)
        if spec.folder and spec.folder in (str(folder), path) and spec.id in TABLES:
            return spec
    game = folder_game(path)
    if getattr(game, "table", None) is None:
        raise ValueError(f"{folder}: game.yaml declares no table: (docs/format.md, 'The table')")
    game_id = registry_id(str(game.id), path, games, wanted)
    if game_id in games and games[game_id].folder == path:
        return games[game_id]
    return build_spec(game_id, str(game.name), game.table, path)


def register_table(game_id: str, name: str, table: dict, games: dict | None = None) -> str:
    """Register a table given as data (tests, tools) under `game_id`: it plays like a
    folder game whose folder is `<data:game_id>` (its saves resume only in this process)."""
    if games is None:
        from companion.games import GAMES as games
    games[game_id] = build_spec(game_id, name, table, f"<data:{game_id}>")
    return game_id


@cache
def declaration(game_id: str) -> Declaration:
    """The registered game's table with its indexes and compiled expressions."""
    if game_id not in TABLES:  # a worker process or a save read before registration
        from companion.games import GAMES

        spec = GAMES[game_id]
        folder_spec(spec.folder, GAMES, game_id)
    return Declaration(TABLES[game_id])
