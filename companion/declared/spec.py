"""A designer's game folder as a GameSpec: the same declaration the bundled games write
in Python, made from the folder's `table:` (docs/format.md, section 12), so the shell,
the simulator and saves serve it unchanged. The folder is the spec's `folder`: the
rules, the view's data and the demo are made from it."""

from __future__ import annotations

from pathlib import Path

from companion.core.spec import Die, GameSpec, Option, Players, cards_option

PACKAGE = "companion.declared"
FOLDER_SUFFIX = "@folder"  # a folder game whose id a bundled game already has


def game_id(declared_id: str, bundled: set) -> str:
    """The registry's id for a folder game: its own, unless a bundled game has it (a
    designer's copy of a bundled game must not replace it)."""
    return f"{declared_id}{FOLDER_SUFFIX}" if declared_id in bundled else declared_id


def folder_spec(folder: str | Path, bundled: set = frozenset()) -> GameSpec:
    """The GameSpec of a game folder (companion.core.printed.FolderProblem when it does
    not load or declares no table)."""
    from companion.core.printed import folder_table

    folder = str(Path(folder).resolve())
    declared_id, name, table = folder_table(folder)
    players = table["players"]
    modes = tuple((f"{n} players", (1,) * n) for n in range(players["min"], players["max"] + 1))
    options = []
    if players["first"] in ("chosen", "rule"):
        label = "Who starts" if players["first"] == "chosen" else \
            f"Who starts: {players['first_rule']}"
        options.append(Option("first", label, (("lots", "Draw lots"),), "lots", seats=True))
    if table["zones"]:
        options.append(cards_option(printed="printed", virtual="Kept by the app"))
    dice = tuple(Die(d["id"], d["name"], tuple(d["faces"])) for d in table["dice"])
    registry_id = game_id(declared_id, bundled)
    if registry_id != declared_id:  # told apart from the bundled game on the home screen
        name = f"{name} (declared table)"
    return GameSpec(
        id=registry_id, name=name,
        rules=f"{PACKAGE}.rules:DeclaredRules", view=f"{PACKAGE}.view",
        table=f"{PACKAGE}.table:DeclaredTable", demo=f"{PACKAGE}.demo:demo_session",
        agents={"random": "companion.core.agents:RandomAgent"},
        players=Players(modes=modes, colours=tuple(players["colors"])),
        options=tuple(options), dice=dice, folder=folder)


def open_folder(folder: str | Path) -> GameSpec:
    """Register a game folder in the companion's registry; its GameSpec."""
    from companion.games import GAMES, register

    bundled = {game for game, spec in GAMES.items() if not spec.folder}
    return register(folder_spec(folder, bundled))
