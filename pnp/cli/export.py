"""`pnp export`, `pnp watch` and `--only`: the command-line side of export.py.

Each format takes only the options that change what it writes; any other
option given is refused with the reason (exit 2, nothing written), so no
option is accepted and silently ignored. The print options default to None
here, which is how a given option is told from one left out.
"""

from __future__ import annotations

import argparse
import contextlib
from pathlib import Path
from urllib.parse import urlsplit

from pnp.cli.argtypes import ranged
from pnp.load.formats import (
    CUTTERS,
    MAX_SHOWN,
    SHOWCASE_STYLES,
    SHOWCASE_WIDTH,
    SHOWCASE_WIDTHS,
)

MAX_DPI = 1200
IMAGES = ("png", "shop", "sheet", "tts", "showcase")
PAGE_SIZED = ("paper", "orientation", "printer_margin")  # images: a `size: page` sheet's size
CSV = "a spreadsheet lists the items as written"
ON_PAPER = "an export is one piece side per image or page, never laid out on paper"
CORNERS = "it cuts the images of --format png to the trim, for screens"
BASE_URL = "only a Tabletop Simulator save, --format tts, refers to its images by address"
SHOWCASE = "only --format showcase makes one picture of chosen pieces"
TRIMMED = "a showcase shows its pieces cut at their trim"
OTHERS = ("png", "shop", "sheet", "tts", "csv", "pdf", "cut")
CUT_LAYOUT = ("a cutter's sheet is laid out for its registration marks: the way up that "
              "takes fewer sheets, backs on the next page for long-edge duplex")
NOT_FOR = {  # option -> {format: why it changes nothing there}
    "dpi": {"csv": "a spreadsheet has no pixels",
            "pdf": "the PDFs are vector drawings, at no resolution; --dpi is for the image "
                   "formats",
            "showcase": "a showcase is sized by its --width in pixels"},
    "corners": {f: CORNERS for f in ("shop", "sheet", "tts", "csv", "pdf", "showcase", "cut")},
    "base_url": {f: BASE_URL for f in ("png", "shop", "sheet", "csv", "pdf", "showcase",
                                       "cut")},
    "bleed": {"csv": f"{CSV}; it has no bleed", "showcase": f"{TRIMMED}, without bleed"},
    "safe_margin": {"csv": f"{CSV}; it draws no text to check"},
    "players": {"csv": f"{CSV}, once, not once per player set"},
    "paper": {"csv": f"{CSV}; it has no paper"},
    "orientation": {"csv": f"{CSV}; it has no pages", "cut": CUT_LAYOUT},
    "printer_margin": {"csv": f"{CSV}; it has no pages",
                       "cut": "the registration marks set the margin, 10 mm"},
    "duplex": {**{f: f"{ON_PAPER}: a back is a file of its own" for f in (*IMAGES, "csv")},
               "cut": CUT_LAYOUT},
    "separated": {**{f: f"{ON_PAPER}: every piece has its full bleed"
                     for f in (*IMAGES, "csv")}, "cut": CUT_LAYOUT},
    "back_offset": {**{f: f"{ON_PAPER}: no back is printed behind a front, so none is moved"
                       for f in (*IMAGES, "csv")}, "cut": CUT_LAYOUT},
    "gutter": {**{f: f"{ON_PAPER}: no cards lie side by side" for f in (*IMAGES, "csv")},
               "cut": CUT_LAYOUT},
    "cut_guides": {**{f: f"{ON_PAPER}: there are no cuts to guide" for f in (*IMAGES, "csv")},
                   "cut": CUT_LAYOUT},
    "crop_marks": {**{f: f"{ON_PAPER}: it has no crop marks" for f in (*IMAGES, "csv")},
                   "cut": "a cutter's sheet is cut by its registration marks"},
    "cmyk": {f: "only --format shop is made for a printer that asks for CMYK"
             for f in ("png", "sheet", "tts", "csv", "pdf", "showcase", "cut")},
    "tiff": {f: "only --format shop --cmyk writes CMYK TIFFs"
             for f in ("png", "sheet", "tts", "csv", "pdf", "showcase", "cut")},
    "cutter": {f: "only --format cut lays pieces out for a cutting machine"
               for f in ("png", "shop", "sheet", "tts", "csv", "pdf", "showcase")},
    "style": {f: SHOWCASE for f in OTHERS},
    "width": {f: SHOWCASE for f in OTHERS},
    "palette": {f: SHOWCASE for f in OTHERS},
    "pieces": {f: f"{SHOWCASE}; --only chooses components" for f in OTHERS},
}
SHOP_HELP = {"tgc": "The Game Crafter", "mpc": "MakePlayingCards (cards only)",
             "drivethru": "DriveThruCards (cards only, a PDF a deck)"}
PRESET = "a shop's preset sets it"  # what --shop fixes
NOT_WITH_SHOP = {"dpi": f"{PRESET}: 300 dpi", "bleed": f"{PRESET}: its bleed",
                 "safe_margin": f"{PRESET}: 1/8 in inside its trim",
                 "corners": "the shop cuts the corners", "base_url": BASE_URL,
                 "cmyk": "these shops' card uploads take RGB images; for a printer that "
                         "asks for CMYK, use --format shop --cmyk (DriveThruCards' deck "
                         "PDF takes --cmyk)",
                 "tiff": "a shop's upload is its own files: images or DriveThruCards' PDF"}
CMYK_SHOPS = ("drivethru",)  # the shops whose upload --cmyk makes PDF/X-1a
EXPORT_HELP = {
    "bleed": "bleed around every piece (png, shop, sheet, tts), 0 to 10 mm",
    "paper": "the paper a sheet of `size: page` fills (its printable area); an export "
             "has no other use for it",
    "orientation": "landscape: a sheet of `size: page` lies on its side",
    "printer_margin": "a sheet of `size: page` stays this far inside the paper edge",
    "duplex": argparse.SUPPRESS, "separated": argparse.SUPPRESS,
    "back_offset": argparse.SUPPRESS, "gutter": argparse.SUPPRESS,
    "cut_guides": argparse.SUPPRESS, "crop_marks": argparse.SUPPRESS,
}


def add_commands(command) -> None:
    from pnp.cli.options import add_given_print_options, add_lang_option
    from pnp.load.formats import FORMATS

    e = command("export", "export the drawing as files for shops, screens and proofs",
                cmd_export)
    e.add_argument("games", nargs="*", metavar="GAME", help="bundled game id or game folder")
    e.add_argument("--all", action="store_true", help="every bundled game")
    e.add_argument("--format", choices=FORMATS, default="png",
                   help="png: one image per piece side, trim + bleed; shop: one PDF per "
                        "component, a piece side a page with TrimBox and BleedBox (order: "
                        "front 1, back 1, front 2, ...), plus the PNGs; sheet: a proof sheet "
                        "per component, every front with its id; tts: a Tabletop Simulator "
                        "saved object with every deck, die, token, board and standee at its "
                        "real size, and its images; csv: each component's items as a "
                        "spreadsheet to use as `data:`; showcase: one picture to post, a "
                        "fanned hand or a spread of chosen pieces (--pieces, or the game's "
                        "`showcase:`; else a few fronts from its decks); cut: cards, tokens "
                        "and standees laid out for a cutting machine with its registration "
                        "marks, and a cut file a sheet (--cutter). Each format refuses "
                        "the options that change nothing for it")
    e.add_argument("--shop", choices=tuple(SHOP_HELP), metavar="SHOP",
                   help="a print shop's upload: every piece as the shop's own product "
                        "(cards of each size, chits, tiles, boards, mats, dice, booklets) "
                        "at its template's pixels: "
                        + "; ".join(f"{k}: {v}" for k, v in SHOP_HELP.items())
                        + ". A folder per product, each distinct design once, listed with "
                        "its count; one back per deck (a deck of several backs is split); "
                        "DriveThruCards: a print-ready PDF a deck. A piece scaled to its "
                        "product says by how much; one no product takes is refused, naming "
                        "the nearest. Into DIR/<game-id>/shop-<shop>/")
    e.add_argument("--cmyk", action="store_const", const=True,
                   help="shop in CMYK, for a printer that asks for it: the PDFs as PDF/X-1a "
                        "(FOGRA39 coated, 300 %% total ink, grey and black text on the "
                        "black plate alone, transparency written as the colours it makes, "
                        "text and shapes vector), without the piece images (see --tiff); "
                        "with --shop drivethru: its deck PDFs as PDF/X-1a:2003")
    e.add_argument("--tiff", action="store_const", const=True,
                   help="with --format shop --cmyk: each piece side as a CMYK TIFF too "
                        "(LZW, the profile embedded), for a printer that takes images; "
                        "it takes most of such an export's time")
    e.add_argument("--cutter", choices=CUTTERS, metavar="CUTTER",
                   help="cut: the cutting machine's software: silhouette (a PDF with "
                        "Silhouette Studio's Type 1 registration marks and an SVG cut file a "
                        "sheet; the default) or cricut (Print Then Cut: transparent PNG "
                        "sheets of 6.75 x 9.25 in and the same cut files)")
    add_image_options(e)
    e.add_argument("--pieces", type=piece_list, metavar="PIECE,...",
                   help="showcase: the pieces to show, in order (at most "
                        f"{MAX_SHOWN}): an item id, COMPONENT/ID where two components have "
                        "it, :back for its back, :N for a die's face N (e.g. "
                        "D1-01,encounter/E-03,D1-01:back)")
    e.add_argument("--out", default="out", metavar="DIR",
                   help="output folder; files go to DIR/<game-id>/<format>/")
    e.add_argument("--quiet", "-q", action="store_true", help="print only warnings and errors")
    add_only_option(e)
    add_lang_option(e, " (with --all: every language of every game)")
    add_given_print_options(e, EXPORT_HELP)
    w = command("watch", "rebuild a game whenever one of its files is saved", cmd_watch)
    w.add_argument("game", metavar="GAME", help="bundled game id or game folder")
    w.add_argument("--format", choices=("pdf", *FORMATS), default="pdf",
                   help="pdf: the printable PDFs (as pnp build); or any export format, "
                        "with the options of `pnp export`")
    add_image_options(w)
    w.add_argument("--out", default="out", metavar="DIR",
                   help="output folder (inside the game folder, it is not watched)")
    add_lang_option(w, "")
    add_given_print_options(w, {})


def add_image_options(parser) -> None:
    parser.add_argument("--dpi", type=dpi, metavar="N",
                        help=f"image resolution, 30 to {MAX_DPI} (png, shop, sheet, tts; "
                             "default: 300; sheet: 60; tts: lowered to fit 4096 px)")
    parser.add_argument("--corners", type=corner_mm, metavar="MM",
                        help="png for screens: the trim only (no bleed), corners of this "
                             "radius transparent (e.g. 3)")
    parser.add_argument("--base-url", metavar="URL",
                        help="tts: the http(s) address the images will be hosted at "
                             "(default: local file URLs)")
    parser.add_argument("--style", choices=SHOWCASE_STYLES,
                        help="showcase: fan, a hand of overlapping pieces turned about a "
                             "point below them, or spread, rows of pieces laid a little "
                             "askew (default: the game's `showcase: style`, else fan "
                             "for cards and spread for other pieces)")
    parser.add_argument("--width", type=width_px, metavar="PX",
                        help=f"showcase: the picture's width, {SHOWCASE_WIDTHS[0]} to "
                             f"{SHOWCASE_WIDTHS[1]} px (default {SHOWCASE_WIDTH})")
    parser.add_argument("--palette", action="store_const", const=True,
                        help="showcase for a web page: 256 colours, dithered, about a "
                             "third of the file size")


def add_only_option(parser) -> None:
    parser.add_argument("--only", type=component_list, metavar="COMPONENT,...",
                        help="just these components (ids, comma-separated)")


dpi = ranged(int, 30, MAX_DPI, "a whole number")
corner_mm = ranged(float, 0, 20, "a length in mm", " mm")
width_px = ranged(int, *SHOWCASE_WIDTHS, "a whole number", " px")


def piece_list(text: str) -> tuple:
    names = tuple(part.strip() for part in text.split(",") if part.strip())
    if not names:
        raise argparse.ArgumentTypeError("name at least one piece")
    if len(names) > MAX_SHOWN:
        raise argparse.ArgumentTypeError(f"{len(names)} pieces; a showcase shows at most "
                                         f"{MAX_SHOWN}")
    return names


def component_list(text: str) -> tuple:
    ids = tuple(part.strip() for part in text.split(",") if part.strip())
    if not ids:
        raise argparse.ArgumentTypeError("name at least one component id")
    return ids


def page_sized(game) -> bool:
    """Whether a sheet of the game takes its size from the paper (`size: page`)."""
    from pnp.load.specs import PAGE

    return any(comp.kind == "sheet" and (item.size or comp.size) == PAGE
               for comp in game.components for item in comp.items)


def refusals(args, fmt: str, games: list | None = None) -> list[str]:
    """Why each option given changes nothing for `fmt`. With `games` (those to be
    written), the paper options of an image format are refused unless a sheet of
    theirs is sized `page`, the one thing they change there."""
    found = []
    for dest, where in NOT_FOR.items():
        if getattr(args, dest, None) is None or (
                dest in ("cmyk", "tiff") and getattr(args, "shop", None)):
            continue
        reason = where.get(fmt)
        if reason is None and dest in PAGE_SIZED and fmt in IMAGES and games is not None \
                and not any(page_sized(game) for game in games):
            names = ", ".join(dict.fromkeys(game.id for game in games))
            reason = (f"an image has no paper; only a sheet of `size: page` takes its size "
                      f"from it, and none is exported here ({names})")
        if reason:
            found.append(f"--{dest.replace('_', '-')} does not apply to --format {fmt} "
                         f"({reason})")
    if getattr(args, "shop", None):
        if args.format not in ("png", "shop"):
            found.append(f"--shop writes a shop's upload; --format {args.format} is another "
                         "export: give one of them")
        found += [f"--{dest.replace('_', '-')} does not apply to --shop {args.shop} ({why})"
                  for dest, why in NOT_WITH_SHOP.items() if getattr(args, dest) is not None
                  and not (dest == "cmyk" and args.shop in CMYK_SHOPS)]
    elif getattr(args, "tiff", None) and not getattr(args, "cmyk", None) and fmt == "shop":
        found.append("--tiff writes the CMYK TIFFs of --cmyk; without --cmyk --format shop "
                     "writes RGB PNGs: add --cmyk")
    if getattr(args, "pieces", None) and getattr(args, "only", None):
        found.append("--only does not apply with --pieces (each piece is found in any "
                     "component; COMPONENT/ID names one)")
    if getattr(args, "pieces", None) and games is not None and \
            len({game.id for game in games}) > 1:
        found.append("--pieces names the pieces of one game; name one game")
    if args.base_url is not None and fmt == "tts" and not web_address(args.base_url):
        found.append(f"--base-url must be an http:// or https:// address to a folder (no ? "
                     f"or #), where Tabletop Simulator will load the images from; got "
                     f"'{args.base_url}'")
    return found


def web_address(text: str) -> bool:
    try:
        parts = urlsplit(text)
    except ValueError:  # a malformed IPv6 host
        return False
    return parts.scheme in ("http", "https") and bool(parts.hostname) and \
        not parts.query and not parts.fragment and not any(c.isspace() for c in text)


def refuse(args, fmt: str, games: list | None = None) -> None:
    from pnp.cli.games import UsageError

    found = refusals(args, fmt, games)
    if found:
        raise UsageError("; ".join(found))


def print_options(args):
    """build.Options from the print options given; the game's `print:` section and then
    Options' defaults (the defaults the help states) fill the rest."""
    from pnp.cli.options import given_options

    return given_options(args)


def export_options(args, fmt: str):
    from pnp.export.writer import ExportOptions

    shop = getattr(args, "shop", None) or ""
    printing = print_options(args)
    if fmt == "cut" and getattr(args, "bleed", None) is None:
        from dataclasses import replace

        from pnp.export.printcut import CUT_BLEED

        printing = replace(printing, bleed=CUT_BLEED,  # the cutter's, not a home print's
                           given=printing.given | {"bleed"})
    return ExportOptions(format="shop" if shop else fmt, dpi=args.dpi, corners=args.corners,
                         base_url=args.base_url or "", print=printing, shop=shop,
                         cmyk=bool(getattr(args, "cmyk", None)),
                         tiff=bool(getattr(args, "tiff", None)), style=args.style or "",
                         width=args.width, palette=bool(args.palette),
                         pieces=getattr(args, "pieces", None) or (),
                         cutter=getattr(args, "cutter", None) or "silhouette")


def check_pieces(games: list, options) -> None:
    """Every piece --pieces names, found in each game as it is exported (its player
    sets as --players prints them); the wrong ones are a usage error, all named."""
    from pnp.cli.games import UsageError
    from pnp.load.players import for_players
    from pnp.load.showpick import chosen

    for game in games:
        wrong = chosen(options.pieces, for_players(game, options.print.players).components)[1]
        if wrong:
            raise UsageError(f"--pieces: {game.id} has no such piece: " + "; ".join(wrong))


def cmd_export(args) -> int:
    from pnp.cli.games import games_to_load
    from pnp.cli.options import run_and_report
    from pnp.export.writer import export_games

    refuse(args, args.format)  # before loading: a mistyped command line fails at once
    loaded = games_to_load(args)
    refuse(args, args.format, loaded)
    options = export_options(args, args.format)
    check_pieces(loaded, options)
    return run_and_report(
        args, loaded, lambda progress: export_games(loaded, Path(args.out), options, progress),
        lambda result: files(len(result.files) - 1))


def files(count: int) -> str:
    return f"{count} file" + ("s" if count != 1 else "")


def cmd_watch(args) -> int:
    from pnp.cli.games import load_languages, resolve_game, say
    from pnp.cli.options import EXIT_INTERRUPTED, EXIT_TERMINATED, Terminated, refuse_back_offset
    from pnp.cli.watch import Watcher
    from pnp.load.errors import InvalidInput

    refuse(args, args.format)
    refuse_back_offset(args.back_offset, args.duplex)
    folder = resolve_game(args.game)
    paper = args.format in IMAGES and any(getattr(args, d) is not None for d in PAGE_SIZED)
    if args.lang or paper:
        with contextlib.suppress(InvalidInput):  # a broken game: the watch reports it
            games = load_languages(folder, args.lang)  # a language it lacks: exit 2 now
            refuse(args, args.format, games)
    options = export_options(args, args.format if args.format != "pdf" else "png")
    watcher = Watcher(folder, args.lang, Path(args.out), args.format, options, say)
    try:
        watcher.run()
    except (KeyboardInterrupt, Terminated) as stop:
        say(f"pnp watch: {watcher.stopped()}")
        return EXIT_INTERRUPTED if isinstance(stop, KeyboardInterrupt) else EXIT_TERMINATED
    return 0
