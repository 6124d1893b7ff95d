"""The `pnp` command: build, check, list, new, docs, replay, simulate.

Every mistake ends the same way: a plain message (with file:line:col where a
file is at fault) on stderr, exit status 2, nothing written, no traceback.
"""

from __future__ import annotations

import argparse
import difflib
import gc
import os
import signal
import sys
import time
from contextlib import contextmanager
from pathlib import Path

from pnp import BUNDLED_GAMES, DOCS, __version__, cli_export
from pnp.argtypes import ranged
from pnp.cli_export import add_only_option
from pnp.cli_games import (  # noqa: F401 (UsageError and the game arguments re-exported)
    UsageError,
    bundled_ids,
    games_to_load,
    load_languages,
    resolve_game,
    say,
)
from pnp.errors import InvalidInput

EXIT_INVALID = 2
EXIT_INTERRUPTED = 130
EXIT_TERMINATED = 143  # 128 + SIGTERM, as a shell reports a process it ended
EXIT_INTERNAL = 70


class Formatter(argparse.HelpFormatter):
    """Help that states each option's default (flags and positionals have none)."""

    def _get_help_string(self, action):
        text = action.help or ""
        if action.option_strings and action.default not in (None, False, argparse.SUPPRESS):
            text += " (default: %(default)s)"
        return text


def positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got '{text}'") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, got {value}")
    return value


bleed_mm = ranged(float, 0, 10, "a number of mm", " mm")
safe_mm = ranged(float, 0, 20, "a number of mm", " mm")
printer_mm = ranged(float, 0, 15, "a number of mm", " mm")
player_sets = ranged(int, 1, 12, "a whole number", "")


def add_print_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--paper", choices=("a4", "letter"), default="a4", help="paper size")
    parser.add_argument("--duplex", choices=("long", "short", "none", "fold"), default="long",
                        help="long/short: backs on the next page, placed for that duplex "
                             "flip; none: backs on pages of their own after the fronts; "
                             "fold: fronts and backs side by side with a fold line")
    parser.add_argument("--bleed", type=bleed_mm, default=3.0, metavar="MM",
                        help="bleed around the card block, 0 to 10 mm")
    parser.add_argument("--orientation", choices=("auto", "portrait", "landscape"),
                        default="auto", help="page orientation; auto picks fewer pages")
    parser.add_argument("--safe-margin", type=safe_mm, default=3.0, metavar="MM",
                        help="warn about text closer than this to the trim (shops keep text "
                             "3 mm inside the cut); 0 turns the warning off")
    parser.add_argument("--printer-margin", type=printer_mm, default=5.0, metavar="MM",
                        help="nothing is drawn closer than this to the paper edge (most "
                             "printers leave 3-5 mm blank); 0 for a borderless printer")
    parser.add_argument("--players", type=player_sets, metavar="N",
                        help="player sets to print of a game that has them (decks, mats "
                             "and tokens each player owns); default: the game's own count")
    parser.add_argument("--separated", action="store_true",
                        help="cards apart, each with its full bleed (fewer per page)")


def add_lang_option(parser: argparse.ArgumentParser, every: str) -> None:
    parser.add_argument("--lang", metavar="CODE",
                        help="language of a game that has several (see `pnp list`): a code "
                             f"like 'de' or 'en', or 'all'; default: the game's first{every}")


def options_from(args):
    from pnp.build import Options

    return Options(paper=args.paper, duplex=args.duplex, bleed=args.bleed,
                   orientation=args.orientation, separated=args.separated,
                   safe_margin=args.safe_margin, printer_margin=args.printer_margin,
                   players=args.players)


def cmd_build(args) -> int:
    from pnp.build import build_games

    options = options_from(args)
    loaded = games_to_load(args)
    return run_and_report(
        args, loaded, lambda progress: build_games(loaded, Path(args.out), options, progress),
        lambda result: f"{len(result.files) - 1} PDFs, {result.pages} pages")


def run_and_report(args, loaded: list, run, summary) -> int:
    """Run a build or export of `loaded` games with progress (unless --quiet), then
    say each game's warnings, notes and `summary(result)`, and the time taken."""
    start = time.perf_counter()
    results = run(None if args.quiet else say)
    for game, result in zip(loaded, results, strict=True):
        for warning in dict.fromkeys(result.warnings):  # a player's copies share one
            say(f"warning: {warning}")
        for note in result.notes:
            say(f"note: {note}")
        if not args.quiet:
            print(f"{game.label}: {summary(result)} -> {result.folder}")
    if not args.quiet:
        print(f"done in {time.perf_counter() - start:.2f} s")
    return 0


def cmd_check(args) -> int:
    from pnp.build import check_game

    for game in load_languages(resolve_game(args.game), args.lang):
        result = check_game(game, options_from(args))
        for warning in dict.fromkeys(result.warnings):  # a player's copies share one
            say(f"warning: {warning}")
        count = sum(item.copies for comp in game.components for item in comp.items)
        warnings = len(dict.fromkeys(result.warnings))
        print(f"{game.label}: OK ({len(game.components)} components, {count} pieces, "
              f"{warnings} warning{'' if warnings == 1 else 's'})")
    return 0


def cmd_list(args) -> int:
    from pnp.build import count_label
    from pnp.game import load_game
    from pnp.players import for_players

    known = bundled_ids()
    if not known:
        say(f"pnp list: no bundled games found in {BUNDLED_GAMES}")
        return EXIT_INVALID
    for game_id in known:
        try:
            game = load_game(BUNDLED_GAMES / game_id)
            printed = for_players(game)  # what a build prints: each player's set counted
            parts = ", ".join(f"{c.id} ({count_label(c)})" for c in printed.components)
            sets = ""
            if game.player_sets:  # what a build prints, of how many it can
                ps = game.player_sets
                sets = f" {ps.print} of {len(ps.values)} player sets (--players);"
            print(f"{game.id:22} {game.name} [{', '.join(game.languages)}]:{sets} {parts}")
        except InvalidInput as exc:
            print(f"{game_id:22} INVALID ({len(exc.problems)} problems)")
    return 0


def cmd_new(args) -> int:
    import shlex

    from pnp import newgame

    known = newgame.starters()
    if args.starter not in known:
        close = difflib.get_close_matches(args.starter, known, n=1)
        hint = f"; did you mean '{close[0]}'?" if close else ""
        raise UsageError(f"no starter '{args.starter}'{hint} (the starters: "
                         f"{newgame.starters_help()})")
    try:
        made = newgame.create(Path(args.dir), args.starter)
    except (OSError, ValueError) as exc:
        raise UsageError(f"cannot create {args.dir}: "
                         f"{getattr(exc, 'strerror', None) or exc}") from None
    for note in made.notes:
        say(f"note: {note}")
    where = shlex.quote(str(made.path))
    print(f"created {made.path} from the {made.starter} starter: \"{made.name}\", id "
          f"{made.id} (it builds into out/{made.id}/)\nnext: pnp check {where}; "
          f"pnp build {where} (step by step: pnp docs tutorial)")
    return 0


DOC_TOPICS = {"format": "game folders", "tutorial": "from pnp new to a sleeved prototype",
              "gallery": "every element with its YAML", "save-format": "the companion's saves"}


def cmd_docs(args) -> int:
    path = DOCS / f"{args.topic}.md"
    try:
        print(path.read_text(encoding="utf-8"))
    except OSError:
        raise UsageError(f"the documentation is missing from this install ({path})") from None
    return 0


def parser() -> tuple[argparse.ArgumentParser, dict]:
    """The top-level parser and each command's own parser (for its usage in errors)."""
    formatter = Formatter
    p = argparse.ArgumentParser(
        prog="pnp", formatter_class=formatter,
        description="Dossier print-and-play toolkit: game folders of YAML to print-ready PDFs.",
        epilog="The game-folder format: `pnp docs format`. Save files: `pnp docs save-format`.")
    p.add_argument("--version", action="version", version=f"pnp (Dossier) {__version__}")
    sub = p.add_subparsers(dest="command", required=True, metavar="COMMAND")
    commands = {}

    def command(name, help_text, run):
        cp = sub.add_parser(name, help=help_text, description=help_text, formatter_class=formatter)
        cp.set_defaults(run=run)
        commands[name] = cp
        return cp

    b = command("build", "render games to print-ready PDFs", cmd_build)
    b.add_argument("games", nargs="*", metavar="GAME", help="bundled game id or game folder")
    b.add_argument("--all", action="store_true", help="every bundled game")
    b.add_argument("--out", default="out", metavar="DIR",
                   help="output folder; each game goes to DIR/<game-id>/, another language "
                        "than its first to DIR/<game-id>/<lang>/")
    b.add_argument("--quiet", "-q", action="store_true", help="print only warnings and errors")
    add_lang_option(b, " (with --all: every language of every game)")
    add_only_option(b)
    add_print_options(b)
    c = command("check", "validate a game and render it in memory; write nothing", cmd_check)
    c.add_argument("game", metavar="GAME", help="bundled game id or game folder")
    add_lang_option(c, "")
    add_print_options(c)
    command("list", "list the bundled games", cmd_list)
    from pnp import gallery, newgame

    n = command("new", "start a new game folder from a working example", cmd_new)
    n.add_argument("dir", metavar="NAME", help="folder to create (must be new or empty); "
                   "the game's id and title are made from its name")
    n.add_argument("--from", dest="starter", default="example", metavar="STARTER",
                   help=newgame.starters_help())
    d = command("docs", "print a reference document", cmd_docs)
    d.add_argument("topic", nargs="?", default="format", choices=tuple(DOC_TOPICS),
                   help="; ".join(f"{k}: {v}" for k, v in DOC_TOPICS.items()))
    gallery.add_command(command)
    cli_export.add_commands(command)
    for plugin in command_plugins():
        plugin(command)
    return p, commands


def command_plugins() -> list:
    """Commands other installed packages add to `pnp` (entry points in the group
    `pnp.commands`: a function taking `command(name, help, run)`). The companion
    adds `replay` and `simulate` this way, so pnp never imports it."""
    from importlib.metadata import entry_points

    return [point.load() for point in sorted(entry_points(group="pnp.commands"),
                                             key=lambda point: point.name)]


def parse(argv: list[str] | None):
    """Parse, reporting an unknown option with the usage of the command it was
    given to (and the nearest option it may have meant)."""
    top, commands = parser()
    args, extra = top.parse_known_args(argv)
    if extra:
        own = commands[args.command]
        known = [s for action in own._actions for s in action.option_strings]
        hints = [difflib.get_close_matches(e.split("=")[0], known, n=1) for e in extra]
        hint = "".join(f"; did you mean '{h[0]}'?" for h in hints if h)
        own.error(f"unrecognized arguments: {' '.join(extra)}{hint}")
    return args


@contextmanager
def fewer_collections():
    """Loading and drawing make millions of short-lived objects without cycles; the
    cyclic garbage collector scanning them over and over costs a large deck a sixth
    of its build, so it runs far less often while a command works."""
    threshold = gc.get_threshold()
    gc.freeze()
    gc.set_threshold(50_000, 20, 100)
    try:
        yield
    finally:
        gc.set_threshold(*threshold)
        gc.unfreeze()


class Terminated(BaseException):
    """SIGTERM: stop as on Ctrl-C, removing what this run created."""


@contextmanager
def stop_on_sigterm():
    """While a command runs, SIGTERM (a service manager, `kill`, a CI timeout)
    unwinds like Ctrl-C instead of ending the process where it stands."""
    def stop(signum, frame):
        raise Terminated

    try:
        previous = signal.signal(signal.SIGTERM, stop)
    except ValueError:  # not the main thread: leave signals alone
        yield
        return
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


def main(argv: list[str] | None = None) -> int:
    from pnp.output import OutputError

    args = parse(argv)
    try:
        with fewer_collections(), stop_on_sigterm():
            return args.run(args)
    except InvalidInput as exc:
        for problem in exc.problems:
            say(str(problem))
        say(f"{len(exc.problems)} problem(s); nothing was written")
        return EXIT_INVALID
    except (UsageError, OutputError, FileExistsError) as exc:
        say(f"pnp {args.command}: {exc}")
        return EXIT_INVALID
    except KeyboardInterrupt:
        say(f"pnp {args.command}: interrupted; nothing was written")
        return EXIT_INTERRUPTED
    except Terminated:
        say(f"pnp {args.command}: terminated; nothing was written")
        return EXIT_TERMINATED
    except BrokenPipeError:  # `pnp ... | head`: the reader left; end quietly
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1
    except Exception as exc:  # a bug of ours: say so plainly (the fuzz tests look for this)
        say(f"pnp {args.command}: internal error ({type(exc).__name__}: {exc}); nothing was "
            "written. This is a bug in Dossier: please report it with the input that caused it.")
        return EXIT_INTERNAL
