"""What `pnp`'s commands share: the exit codes, the print options and their types,
the language option, and running a build or export with its report. Both the main
command line (cli.py) and the export commands (cli_export.py) import it; it imports
neither, so the command line depends one way."""

from __future__ import annotations

import argparse
import time

from pnp.cli.argtypes import ranged
from pnp.cli.games import UsageError, say
from pnp.load.formats import CROP_MARKS
from pnp.plan import backoffset
from pnp.plan.impose import PAPER_NAMES, PAPERS

EXIT_INVALID = 2
EXIT_INTERRUPTED = 130
EXIT_TERMINATED = 143  # 128 + SIGTERM, as a shell reports a process it ended
EXIT_INTERNAL = 70


class Terminated(BaseException):
    """SIGTERM: stop as on Ctrl-C, removing what this run created."""


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
gutter_mm = ranged(float, 0, 20, "a number of mm", " mm")
player_sets = ranged(int, 1, 12, "a whole number", "")


def add_print_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--paper", choices=tuple(PAPERS), default="a4",
                        help="paper size: " + ", ".join(f"{key} ({PAPER_NAMES[key]} "
                                                        f"{w:g} x {h:g} mm)"
                                                        for key, (w, h) in PAPERS.items()))
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
                        help="cards apart, each with its full bleed and 3 mm of paper "
                             "between (fewer per page); the same as --gutter 2 x bleed + 3")
    parser.add_argument("--gutter", type=gutter_mm, metavar="MM",
                        help="space between a deck's cards, 0 to 20 mm (default 0: cards "
                             "abut and each cut is shared by two cards, so their edges must "
                             "look alike). From 2 x bleed up, every card keeps its full "
                             "bleed; a smaller gutter gives two cuts that far apart, each card "
                             "with half the gutter as bleed on that side")
    parser.add_argument("--cut-guides", choices=("margins", "across"),
                        help="thin lines along every cut of cards and sheets, from printer "
                             "margin to printer margin, to line a trimmer up: margins: "
                             "only on bare paper (margins and gutters), never over a piece; "
                             "across: over the fronts too (a cut then leaves half the line "
                             "on each edge); backs get them in the margins only, so a duplex "
                             "shift shows no line on them. Tiled boards keep their own marks")
    parser.add_argument("--crop-marks", choices=CROP_MARKS, default="fit",
                        help="fit: crop marks 5 mm long wherever the page has the room, "
                             "shorter (at least 1.5 mm) where 5 mm would cost a card a page "
                             "(poker cards on A4: at the sides); long: 5 mm everywhere, to "
                             "line up in a trimmer, at the cost of that card (poker cards "
                             "on A4: 8 a page, not 9)")
    parser.add_argument("--back-offset", type=backoffset.parse, metavar="X,Y",
                        help="long/short duplex: move every back X mm right and Y mm up as "
                             "you look at the printed back, -10 to 10 each (e.g. 1.5,-0.5), "
                             "to undo your printer's shift: `pnp calibrate` prints a page "
                             "that measures it; default: 0,0")


GAME_SETS = ("paper", "duplex", "bleed", "players", "printer_margin", "back_offset",
             "crop_marks")


def add_given_print_options(parser: argparse.ArgumentParser, helps: dict) -> None:
    """The print options, each defaulting to None so that one given can be told from
    one left out: a game's `print:` section (GAME_SETS) sets those left out, then the
    defaults the help states. `helps`: this command's own help per option
    (argparse.SUPPRESS hides one it only refuses)."""
    before = len(parser._actions)
    add_print_options(parser)
    for action in parser._actions[before:]:
        text = helps.get(action.dest, action.help)
        if text != argparse.SUPPRESS and action.default not in (None, False):
            game = f"the game's print: {action.dest}, else " if action.dest in GAME_SETS else ""
            text += f" (default: {game}{action.default})"
        action.help, action.default = text, None


def add_draft_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--draft", action="store_true",
                        help="build even with pictures not made yet: each is drawn as a "
                             "placeholder (a grey box with a cross and its file name) and "
                             "warned of, and every page's label starts 'DRAFT: N pictures "
                             "missing'; without it a missing picture stops the build")


def add_lang_option(parser: argparse.ArgumentParser, every: str) -> None:
    parser.add_argument("--lang", metavar="CODE",
                        help="language of a game that has several (see `pnp list`): a code "
                             f"like 'de' or 'en', or 'all'; default: the game's first{every}")


def options_from(args):
    """The build's options from the command line (its refusals first): given_options."""
    refuse_back_offset(args.back_offset, args.duplex)
    refuse_gutter(args.gutter, args.separated)
    return given_options(args)


def given_options(args):
    """Options of the print options given, each named in `given`: a game's `print:`
    section sets the others (pnp.sheets.printfile.for_game), then Options' defaults."""
    from dataclasses import fields

    from pnp.sheets.printfile import Options

    values = {f.name: getattr(args, f.name, None) for f in fields(Options) if f.name != "given"}
    given = {name: value for name, value in values.items() if value not in (None, False)}
    return Options(**given, given=frozenset(given))


def refuse_gutter(gutter, separated) -> None:
    """--separated is a gutter of its own (2 x bleed + 3 mm): one of the two, not both."""
    if gutter is not None and separated:
        raise UsageError("--separated sets the gutter (2 x bleed + 3 mm); give it or "
                         "--gutter MM, not both")


def refuse_back_offset(offset, duplex: str | None) -> None:
    """--back-offset moves backs printed on the other side of their fronts' sheet:
    with --duplex none or fold there are none (None: the option or duplex not given)."""
    if offset is not None and duplex in ("none", "fold"):
        where = "on pages of their own, for printing fronts only" if duplex == "none" else \
            "beside their fronts, on the same side of the sheet"
        raise UsageError(f"--back-offset moves the backs of a double-sided print "
                         f"(--duplex long or short); with --duplex {duplex} the backs are "
                         f"{where}")


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
