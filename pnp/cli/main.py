"""The `pnp` command: build, check, list, new, docs, icons, preview, replay, simulate.

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
from contextlib import contextmanager
from pathlib import Path

from pnp import BUNDLED_GAMES, DOCS, __version__
from pnp.cli import export as cli_export
from pnp.cli import icons as cli_icons
from pnp.cli import preview as cli_preview
from pnp.cli.export import add_only_option
from pnp.cli.games import (
    UsageError,
    bundled_ids,
    games_to_load,
    load_languages,
    resolve_game,
    say,
)
from pnp.cli.options import (
    EXIT_INTERNAL,
    EXIT_INTERRUPTED,
    EXIT_INVALID,
    EXIT_TERMINATED,
    Terminated,
    add_draft_option,
    add_given_print_options,
    add_lang_option,
    options_from,
    run_and_report,
)
from pnp.load.errors import InvalidInput
from pnp.plan import backoffset
from pnp.plan.impose import PAPERS
from pnp.sheets import exchange


class Formatter(argparse.HelpFormatter):
    """Help that states each option's default (flags and positionals have none)."""

    def _get_help_string(self, action):
        text = action.help or ""
        if action.option_strings and action.default not in (None, False, argparse.SUPPRESS):
            text += " (default: %(default)s)"
        return text


def cmd_build(args) -> int:
    from pnp.sheets.build import build_games

    options = options_from(args)
    loaded = games_to_load(args)
    return run_and_report(
        args, loaded, lambda progress: build_games(loaded, Path(args.out), options, progress),
        lambda result: f"{len(result.files) - 2} PDFs, {result.pages} pages, "  # not the
                       f"{sheets(result.sheets, result.paper)}")  # manifest and the guide


def sheets(count: int, paper: str) -> str:
    """'23 sheets of A4': what a build takes from the printer's tray (a sheet printed on
    both sides counts once)."""
    from pnp.plan.impose import PAPER_NAMES

    return f"{count} sheet{'' if count == 1 else 's'} of {PAPER_NAMES[paper]}"


def cmd_check(args) -> int:
    from pnp.sheets.build import check_game

    shop = {}
    options = options_from(args)
    if args.shop:  # the shop's own safe zone, and the pieces no product of it takes
        from pnp.export.shopgroups import shop_options, shop_problems

        shop = {"options_for": lambda comp, options: shop_options(comp, args.shop, options),
                "more_problems": lambda comps, problems, warn: shop_problems(
                    comps, args.shop, lambda _comp: options, problems, warn)}
    for game in load_languages(resolve_game(args.game), args.lang):
        result = check_game(game, options, **shop)
        for warning in dict.fromkeys(result.warnings):  # a player's copies share one
            say(f"warning: {warning}")
        count = sum(item.copies for comp in game.components for item in comp.items)
        warnings = len(dict.fromkeys(result.warnings))
        print(f"{game.label}: OK ({len(game.components)} components, {count} pieces, "
              f"{warnings} warning{'' if warnings == 1 else 's'})")
    return 0


def cmd_list(args) -> int:
    from pnp.load.components import count_label
    from pnp.load.game import load_game
    from pnp.load.players import for_players

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

    from pnp.author import newgame

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


def cmd_calibrate(args) -> int:
    from pnp.sheets import calibration
    from pnp.sheets.output import Output, OutputError, describe

    output = Output(Path(args.out))
    final = Path(args.out) / f"calibration-{args.paper}-{args.duplex}.pdf"
    try:
        try:
            calibration.write(output.temporary(final), args.paper, args.duplex,
                              args.back_offset or (0.0, 0.0))
        except OSError as exc:
            raise OutputError(describe(exc, final)) from None
        output.commit()
    except BaseException:
        output.discard()
        raise
    print(f"{final}: print both pages on one sheet, double-sided at 100 %, flipping on the "
          f"{args.duplex} edge; the back says how to read it")
    return 0


DOC_TOPICS = {"format": "game folders", "tutorial": "from pnp new to a sleeved prototype",
              "gallery": "every element with its YAML",
              "cookbook": "recipes to copy: a cost in the corner, a type banner, full art...",
              "save-format": "the companion's saves",
              "table-gallery": "every widget of a declared table with its YAML"}


def cmd_docs(args) -> int:
    path = DOCS / f"{args.topic}.md"
    try:
        text = path.read_text(encoding="utf-8")
    except OSError:
        raise UsageError(f"the documentation is missing from this install ({path})") from None
    print(text)  # a reader that leaves early (`| head`) is no missing file: main() ends quietly
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
    add_given_print_options(b, {})
    add_draft_option(b)
    c = command("check", "validate a game and render it in memory; write nothing", cmd_check)
    c.add_argument("game", metavar="GAME", help="bundled game id or game folder")
    c.add_argument("--shop", choices=tuple(cli_export.SHOP_HELP), metavar="SHOP",
                   help="check the pieces as `pnp export --shop SHOP` draws them: text "
                        "clear of the product's safe zone, every piece a product ("
                        f"{'; '.join(f'{k}: {v}' for k, v in cli_export.SHOP_HELP.items())})")
    add_lang_option(c, "")
    add_given_print_options(c, {})
    command("list", "list the bundled games", cmd_list)
    from pnp.author import newgame
    from pnp.cli import gallery as cli_gallery

    n = command("new", "start a new game folder from a working example", cmd_new)
    n.add_argument("dir", metavar="NAME", help="folder to create (must be new or empty); "
                   "the game's id and title are made from its name")
    n.add_argument("--from", dest="starter", default="example", metavar="STARTER",
                   help=newgame.starters_help())
    k = command("calibrate", "print a sheet that measures how far your printer shifts the "
                "backs of a double-sided print, for pnp build --back-offset", cmd_calibrate)
    k.add_argument("--paper", choices=tuple(PAPERS), default="a4", help="paper size")
    k.add_argument("--duplex", choices=("long", "short"), default="long",
                   help="the edge the printer flips the sheet over, as for pnp build")
    k.add_argument("--back-offset", type=backoffset.parse, metavar="X,Y",
                   help="draw the back moved as pnp build --back-offset moves backs, to "
                        "check a correction: the lines should then cross 0")
    k.add_argument("--out", default="out", metavar="DIR",
                   help="output folder; the file is DIR/calibration-PAPER-DUPLEX.pdf")
    d = command("docs", "print a reference document", cmd_docs)
    d.add_argument("topic", nargs="?", default="format", choices=tuple(DOC_TOPICS),
                   help="; ".join(f"{k}: {v}" for k, v in DOC_TOPICS.items()))
    cli_gallery.add_command(command)
    cli_export.add_commands(command)
    cli_icons.add_commands(command)
    cli_preview.add_command(command)
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
    args, extra = top.parse_known_args(backoffset.joined(sys.argv[1:] if argv is None else argv))
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


def stopped(how: str) -> str:
    """What a stop leaves, as it is: a stop that arrives once the run's folders were
    exchanged (they are exchanged all at once, signals held) finds them written."""
    if not exchange.EXCHANGED:
        return f"{how}; nothing was written"
    return f"{how} after the run was written ({', '.join(map(str, exchange.EXCHANGED))})"


def main(argv: list[str] | None = None) -> int:
    from pnp.sheets.output import OutputError

    exchange.EXCHANGED.clear()
    try:
        args = parse(argv)
    except KeyboardInterrupt:  # while the parser is made (its plugins imported)
        say("pnp: interrupted; nothing was written")
        return EXIT_INTERRUPTED
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
        say(f"pnp {args.command}: {stopped('interrupted')}")
        return EXIT_INTERRUPTED
    except Terminated:
        say(f"pnp {args.command}: {stopped('terminated')}")
        return EXIT_TERMINATED
    except BrokenPipeError:  # `pnp ... | head`: the reader left; end quietly
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1
    except Exception as exc:  # a bug of ours: say so plainly (the fuzz tests look for this)
        say(f"pnp {args.command}: internal error ({type(exc).__name__}: {exc}); nothing was "
            "written. This is a bug in Dossier: please report it with the input that caused it.")
        return EXIT_INTERNAL
