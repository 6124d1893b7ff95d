"""The GAME arguments of `pnp` commands: bundled ids or folders, loaded in the
languages asked for, and refused before anything is written when two would write
one output folder."""

from __future__ import annotations

import difflib
import sys
from pathlib import Path

from pnp import BUNDLED_GAMES


class UsageError(Exception):
    """A command line that cannot be carried out, with the message to show."""


def bundled_ids() -> list[str]:
    try:
        return sorted(p.name for p in BUNDLED_GAMES.iterdir() if (p / "game.yaml").is_file())
    except OSError:
        return []


def resolve_game(name: str) -> Path:
    """A folder on disk (or its game.yaml), or the id of a bundled game; anything else
    is a usage error that lists the bundled games."""
    path = Path(name)
    try:
        if path.is_dir():
            return path
        if path.name == "game.yaml" and path.is_file():  # the file a designer has open
            return path.parent
    except (OSError, ValueError):
        pass
    known = bundled_ids()
    if name in known:
        return BUNDLED_GAMES / name
    close = difflib.get_close_matches(name, known, n=1)
    hint = f"; did you mean '{close[0]}'?" if close else ""
    raise UsageError(f"no game '{name}': not a folder here and not a bundled game{hint} "
                     f"(bundled: {', '.join(known) or 'none'}; `pnp list` shows them)")


def load_languages(path: Path, lang: str | None, skip_missing: bool = False) -> list:
    """The game loaded in `lang` (None: its default language; 'all': each of its
    languages, the default first). A language it lacks is a usage error, or with
    skip_missing a note and no game."""
    from pnp.load.game import load_game
    from pnp.load.langs import UnknownLanguage

    if lang == "all":
        first = load_game(path)
        return [first, *(load_game(path, lang=code) for code in first.languages[1:])]
    try:
        return [load_game(path, lang=lang)]
    except UnknownLanguage as exc:
        if not skip_missing:
            raise UsageError(str(exc)) from None
        say(f"note: {exc}: skipped")
        return []


def say(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


def games_to_load(args) -> list:
    """The games a build or export names (GAME... or --all), each in the languages
    asked for, cut to --only: all loaded and valid before anything is written."""
    if args.games and args.all:
        raise UsageError("name games or give --all, not both")
    games = bundled_ids() if args.all else args.games
    if not games:
        raise UsageError("name a game id or folder (or --all for every bundled game)")
    lang = args.lang or ("all" if args.all else None)
    loaded = [game for name in games
              for game in load_languages(resolve_game(name), lang, skip_missing=args.all)]
    if not loaded:
        raise UsageError(f"no bundled game has the language '{lang}'")
    refuse_shared_folders(loaded)
    return only_components(loaded, args.only)


def refuse_shared_folders(games: list) -> None:
    """Two games of one run that would write the same folder (the same id, or one
    game named twice): refused before anything is written."""
    first = {}
    for game in games:
        other = first.setdefault(game.folder, game)
        if other is not game:
            same = other.root == game.root
            raise UsageError(
                f"'{rel_path(game.root)}' is named twice" if same else
                f"two games have the id '{game.id}' ({rel_path(other.root / 'game.yaml')} and "
                f"{rel_path(game.root / 'game.yaml')}); they would write over each other in "
                f"{game.folder}/: give each its own `id`")


def rel_path(path: Path) -> str:
    from pnp.load.errors import rel

    return rel(path)


def only_components(games: list, only: tuple | None) -> list:
    """The games with just the named components; an id no game has is a usage error."""
    from dataclasses import replace

    if not only:
        return games
    known = {c.id for game in games for c in game.components}
    unknown = [c for c in only if c not in known]
    if unknown:
        raise UsageError(f"--only: no component {', '.join(map(repr, unknown))} (components: "
                         f"{', '.join(sorted(known))})")
    return [replace(game, components=[c for c in game.components if c.id in only])
            for game in games if any(c.id in only for c in game.components)]
