"""`pnp export` and `--only`: the command-line side of export.py."""

from __future__ import annotations

import argparse
import contextlib
from pathlib import Path

from pnp.argtypes import ranged

MAX_DPI = 1200


def add_commands(command) -> None:
    from pnp.cli import add_lang_option, add_print_options
    from pnp.export import FORMATS

    e = command("export", "export the drawing as files for shops, screens and proofs",
                cmd_export)
    e.add_argument("games", nargs="*", metavar="GAME", help="bundled game id or game folder")
    e.add_argument("--all", action="store_true", help="every bundled game")
    e.add_argument("--format", choices=FORMATS, default="png",
                   help="png: one image per piece side, trim + bleed; shop: one PDF per "
                        "component, a piece side a page with TrimBox and BleedBox (order: "
                        "front 1, back 1, front 2, ...), plus the PNGs; sheet: a proof sheet "
                        "per component, every front with its id; tts: Tabletop Simulator "
                        "face sheets and a saved object; csv: each component's items as a "
                        "spreadsheet to use as `data:`")
    e.add_argument("--dpi", type=dpi, metavar="N",
                   help=f"image resolution, 30 to {MAX_DPI} (default: 300; sheet: 60)")
    e.add_argument("--corners", type=corner_mm, metavar="MM",
                   help="png for screens: the trim only (no bleed), corners of this radius "
                        "transparent (e.g. 3)")
    e.add_argument("--base-url", metavar="URL",
                   help="tts: the address the images will be hosted at (default: local "
                        "file URLs)")
    e.add_argument("--out", default="out", metavar="DIR",
                   help="output folder; files go to DIR/<game-id>/<format>/")
    e.add_argument("--quiet", "-q", action="store_true", help="print only warnings and errors")
    add_only_option(e)
    add_lang_option(e, " (with --all: every language of every game)")
    add_print_options(e)
    w = command("watch", "rebuild a game whenever one of its files is saved", cmd_watch)
    w.add_argument("game", metavar="GAME", help="bundled game id or game folder")
    w.add_argument("--format", choices=("pdf", *FORMATS), default="pdf",
                   help="pdf: the printable PDFs (as pnp build); or any export format")
    w.add_argument("--dpi", type=dpi, metavar="N", help="image resolution of an export")
    w.add_argument("--out", default="out", metavar="DIR", help="output folder")
    add_lang_option(w, "")
    add_print_options(w)


def add_only_option(parser) -> None:
    parser.add_argument("--only", type=component_list, metavar="COMPONENT,...",
                        help="just these components (ids, comma-separated)")


dpi = ranged(int, 30, MAX_DPI, "a whole number")
corner_mm = ranged(float, 0, 20, "a length in mm", " mm")


def component_list(text: str) -> tuple:
    ids = tuple(part.strip() for part in text.split(",") if part.strip())
    if not ids:
        raise argparse.ArgumentTypeError("name at least one component id")
    return ids


def only_components(games: list, only: tuple | None) -> list:
    """The games with just the named components; an id no game has is a usage error."""
    from dataclasses import replace

    from pnp.cli import UsageError

    if not only:
        return games
    known = {c.id for game in games for c in game.components}
    unknown = [c for c in only if c not in known]
    if unknown:
        raise UsageError(f"--only: no component {', '.join(map(repr, unknown))} (components: "
                         f"{', '.join(sorted(known))})")
    return [replace(game, components=[c for c in game.components if c.id in only])
            for game in games if any(c.id in only for c in game.components)]


def cmd_export(args) -> int:
    from pnp.cli import UsageError, games_to_load, options_from, run_and_report
    from pnp.export import ExportOptions, export_games

    if args.corners is not None and args.format != "png":
        raise UsageError("--corners is for --format png")
    if args.base_url and args.format != "tts":
        raise UsageError("--base-url is for --format tts")
    options = ExportOptions(format=args.format, dpi=args.dpi, corners=args.corners,
                            base_url=args.base_url or "", print=options_from(args))
    loaded = games_to_load(args)
    return run_and_report(
        args, loaded, lambda progress: export_games(loaded, Path(args.out), options, progress),
        lambda result: f"{len(result.files) - 1} files")


def cmd_watch(args) -> int:
    from pnp.cli import load_languages, options_from, resolve_game, say
    from pnp.errors import InvalidInput
    from pnp.export import ExportOptions
    from pnp.watch import Watcher

    folder = resolve_game(args.game)
    if args.lang:  # a language the game lacks: exit 2 now; a broken game: the watch says
        with contextlib.suppress(InvalidInput):
            load_languages(folder, args.lang)
    options = ExportOptions(format=args.format if args.format != "pdf" else "png",
                            dpi=args.dpi, print=options_from(args))
    Watcher(folder, args.lang, Path(args.out), args.format, options, say).run()
    return 0
