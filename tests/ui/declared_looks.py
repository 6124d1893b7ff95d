"""Game folders as a table shows them, at one screen size, in its own process: each
`pnp new` starter (Star Patrol, Market Day, Woodland Council) and Above Top Secret's
declared table, with the fewest and the most players, cards kept by the app and
printed, each a few turns into a game played by the tour's table players. Every
screen is held to the table rules (tests/ui/visible.py: everything in sight, nothing
cut, idle) and saved.

    KIVY_METRICS_DENSITY=2.625 python -m tests.ui.declared_looks --size 1080x2340 \\
        --out DIR FOLDER...
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

os.environ.setdefault("KIVY_NO_ARGS", "1")
os.environ.setdefault("KIVY_LOG_MODE", "PYTHON")
os.environ.setdefault("KIVY_NO_CONSOLELOG", "1")

TURNS = 3  # into the game: cards in hands, on the table and in the discard


def starters(target: Path) -> list[Path]:
    """Every `pnp new` starter, made as a designer makes it, in `target`."""
    from pnp.author.newgame import create, starters

    return [create(target / name, name).path for name in starters()]


def played(rules, setup: dict, seed: int):
    """A session a few turns in, by the tour's table players."""
    from companion.core.session import Session
    from tests.ui.declared_tour import TablePlayer

    session = Session(rules, setup, seed)
    players = [TablePlayer(seed + seat) for seat in range(len(setup["players"]))]
    while not rules.is_over(session.state) and session.state["turn"]["number"] <= TURNS:
        state = session.state
        session.apply(players[state["await"]["player"]].choose(rules, state))
    return session


def look(app, out: Path, game_id: str) -> list[str]:
    """Each way the game's table is set up: shown, checked, saved. The problems found."""
    from companion.games import rules_for
    from tests.ui import visible
    from tests.ui.driver import pump, screenshot

    rules = rules_for(game_id)
    fewest, most = rules.spec.players.counts
    modes = ["tracked", "printed"] if any(o.id == "cards" for o in rules.spec.options) \
        else ["tracked"]
    found = []
    for players in sorted({fewest, most}):
        for cards in modes:
            setup = rules.simulation_setup(players)
            setup["cards"] = cards
            session = played(rules, setup, 5)
            if rules.is_over(session.state):
                continue  # over within the turns: the game-over screen is the shell's
            app.controller.session = session
            app.show_table()
            app.root.get_screen("table").reveal()  # as the acting player sees it
            pump(3)
            name = f"{game_id}-{players}-{cards}"
            found += [f"{name}: {p}" for p in visible.problems(app) + visible.goes_idle()]
            found += [f"{name}: {p}" for p in roomiest(app)]
            screenshot(out / f"{name}.png")
    return found


def roomiest(app) -> list[str]:
    """The board at the roomiest level that fits: drawn one level roomier (its own
    fitting held off), it must be too tall (counters keep their + and - while they can)."""
    from companion.declared.board import DeclaredBoard
    from tests.ui.driver import pump, walk

    board = next(w for w in walk(app.root) if isinstance(w, DeclaredBoard))
    level = board.level
    if level == 0:
        return []
    for widget in (board, board.content):
        widget.funbind("height", board.fits)
    board.relevel(board.shape(), level - 1)
    pump(3)
    fits = board.content.height <= board.height + 0.5
    board.relevel(board.shape(), level)
    for widget in (board, board.content):
        widget.fbind("height", board.fits)
    pump(3)
    return [f"drawn at level {level} though level {level - 1} fits"] if fits else []


def main(argv=None) -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--size", default="1080x2340")
    parser.add_argument("--out", required=True)
    parser.add_argument("folders", nargs="+")
    args = parser.parse_args(argv)
    from companion.games import register_folder

    games = [register_folder(folder) for folder in args.folders]
    from tests.ui.driver import drawing
    from tests.ui.screens import start_app

    app, out = start_app(args.size, args.out, "dossier-declared-looks-")
    drawing(True)
    found = [problem for game_id in games for problem in look(app, out, game_id)]
    app.stop()
    print("\n".join(found) or "all in sight")
    return 1 if found else 0


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
    sys.exit(main())
