"""The lay-out stage: every piece's size on the chosen paper, checked before any
drawing, so a piece that cannot be printed is reported at the line that sizes it.

Cards, tokens and dice must fit the printable area (the paper less the margin
and room for bleed and crop marks). Sheets larger than that are tiled over
several pages; a sheet that would fit the bare paper but is tiled only because
of the margins gets a warning that names the largest size that fits one page.
"""

from __future__ import annotations

from pnp.load.errors import Problems
from pnp.load.specs import PAGE
from pnp.plan import pieces
from pnp.plan.impose import FOLD_CLEAR, MARK_LEN, MIN_MARK, PAPERS, PRINTER_MARGIN, edge
from pnp.plan.impose import PAPER_NAMES as PAPER_NAMES  # the guide names the paper from here

TOKEN_BLEED = 2.0
SEPARATED = 3.0  # mm of bare paper between two cards' bleeds with --separated


def reserved(options) -> float:
    """The crop marks' length a layout keeps room for at the paper edge: --crop-marks
    fit keeps MIN_MARK (the marks take what more the page leaves: a card is never given
    up for them), long keeps MARK_LEN everywhere, for a trimmer, at the cost of a card
    a page where the paper is tight (poker cards on A4: 8 a page, not 9)."""
    return MARK_LEN if options.crop_marks == "long" else MIN_MARK


def room(kind: str, options) -> float:
    """How close a piece of this kind may come to the paper edge (its trim line)."""
    return edge(piece_bleed(kind, options.bleed), options.printer_margin,
                marks=kind in ("deck", "sheet"), mark=reserved(options))


def printable(paper: str, bleed: float, margin: float = PRINTER_MARGIN,
              marks: bool = True, mark: float = MIN_MARK) -> tuple:
    """The largest trim size that fits one portrait page: what `size: page` means."""
    width, height = PAPERS[paper]
    room = edge(bleed, margin, marks, mark)
    return (round(width - 2 * room, 3), round(height - 2 * room, 3))


def folded(paper: str, bleed: float, margin: float = PRINTER_MARGIN,
           marks: bool = True, mark: float = MIN_MARK) -> tuple:
    """The printable area of one half of a gutterfold page."""
    width, height = PAPERS[paper]
    room = edge(bleed, margin, marks, mark)
    return (round(width - 2 * room, 3), round(height / 2 - bleed - FOLD_CLEAR - room, 3))


def fits(size: tuple, area: tuple, orientation: str = "auto") -> bool:
    """Whether a piece fits `area` (portrait) on a page of the given orientation
    (pieces are never turned; the page is)."""
    w, h = size
    upright = w <= area[0] + 1e-6 and h <= area[1] + 1e-6
    turned = w <= area[1] + 1e-6 and h <= area[0] + 1e-6
    return {"portrait": upright, "landscape": turned, "auto": upright or turned}[orientation]


def sheet_size(size, options) -> tuple:
    """A sheet's size; 'page' is the printable area in the chosen orientation."""
    if size != PAGE:
        return size
    w, h = printable(options.paper, options.bleed, options.printer_margin,
                     mark=reserved(options))
    return (h, w) if options.orientation == "landscape" else (w, h)


def deck_gap(options) -> float:
    """The space between a deck's cards: --gutter, else --separated's full bleed each and
    3 mm of paper between, else none (cards abut, each cut shared by two cards)."""
    if options.gutter is not None:
        return options.gutter
    return 2 * options.bleed + SEPARATED if options.separated else 0.0


def piece_bleed(kind: str, bleed: float) -> float:
    """The bleed a kind of piece prints with: tokens at most 2 mm, dice none."""
    return {"tokens": min(bleed, TOKEN_BLEED), "dice": 0.0}.get(kind, bleed)


def piece_sizes(comp, options) -> list:
    """Trim size of each item of a component (tokens: their bounding box; dice:
    the whole cube net), in the order of comp.items."""
    if comp.kind == "deck":
        return [comp.size] * len(comp.items)
    if comp.kind == "sheet":
        return [sheet_size(item.size or comp.size, options) for item in comp.items]
    if comp.kind == "tokens":
        return [pieces.token_size(item.shape, item.size) for item in comp.items]
    return [pieces.die_net_size(item.size) for item in comp.items]


def fit_problems(game, options, problems: Problems, warn) -> None:
    """Add a located problem for each piece that cannot be printed on the paper,
    and warn of sheets tiled only because of the page margins."""
    paper = PAPER_NAMES[options.paper]
    for comp in game.components:
        bleed = piece_bleed(comp.kind, options.bleed)
        backs = comp.kind == "deck" or (comp.kind == "tokens" and any(
            item.back or comp.back for item in comp.items))
        marks = comp.kind in ("deck", "sheet")
        margin = options.printer_margin
        mark = reserved(options)
        area = folded(options.paper, bleed, margin, marks, mark) if backs and \
            options.duplex == "fold" else printable(options.paper, bleed, margin, marks, mark)
        turned = options.orientation == "landscape"  # the room said as the page lies
        room = f"{area[1]:g} x {area[0]:g} mm on a landscape page" if turned else \
            f"{area[0]:g} x {area[1]:g} mm"
        for item, size in zip(comp.items, piece_sizes(comp, options), strict=True):
            if fits(size, area, options.orientation):
                continue
            mark = item.size_mark or (comp.size_mark if comp.kind in ("deck", "sheet")
                                      else item.mark) or comp.mark
            what = f"{size[0]:g} x {size[1]:g} mm"
            if comp.kind == "sheet" and comp.two_sided:  # tiles have no backs
                problems.add(mark, f"a {what} two-sided sheet ({comp.id} "
                             f"'{item.printed_id}') does not fit one {paper} page with its "
                             f"bleed and margins, so cannot print back to back: at most "
                             f"{room}")
                continue
            if comp.kind == "sheet":
                if fits(size, PAPERS[options.paper], options.orientation):
                    name = item.printed_id
                    warn(f"{mark.file}:{mark.line}:{mark.col}: {comp.id} '{name}' "
                         f"({what}) is tiled over several pages only because of the page "
                         f"margins; the largest size that fits one {paper} page is "
                         f"{area[0]:g} x {area[1]:g} mm (size: {PAGE})")
                continue
            piece = {"deck": "card", "tokens": "token", "dice": "die net"}[comp.kind]
            name = item.printed_id
            problems.add(mark, f"a {what} {piece} ({comp.id} '{name}') does not fit on "
                         f"{paper} paper with its bleed and margins: at most {room}")
            if comp.kind == "deck":
                break  # one size for the whole deck: say it once
