"""Page geometry: where pieces go on the paper, and where their backs go.

All values in millimetres, origin at the page's bottom-left corner. A piece's
position is the bottom-left corner of its trim box.
"""

from __future__ import annotations

from dataclasses import dataclass

from pnp.load.formats import PAPER_NAMES as PAPER_NAMES  # where a game's print: is read
from pnp.load.formats import PAPERS as PAPERS

PRINTER_MARGIN = 5.0  # most printers leave this much blank: nothing is drawn there
MARK_GAP = 1.0  # between the bleed edge and a crop mark
# Crop marks run MARK_LEN outward, enough to line a cut up in a trimmer, wherever the
# paper has that room outside the printer margin; a layout only reserves MIN_MARK. The
# marks take the room a layout leaves, never a piece's place: where 5 mm marks would cost
# a card a page, the card is kept and the marks are shorter. Poker cards (63 x 88 mm) on
# A4 with 3 mm bleed: 3 across leave 7.5 mm a side beyond the bleed, 5 of them the
# printer's, so the marks at the sides are 1.5 mm; 5 mm marks would take 2 cards across,
# 6 a page instead of 9 (--cut-guides draws each cut across the whole sheet instead;
# --crop-marks long keeps 5 mm for them everywhere: 8 a page, landscape: fit.reserved).
MARK_LEN = 5.0
MIN_MARK = 1.5  # the shortest crop mark the margin may leave (--crop-marks long: MARK_LEN)
FOLD_CLEAR = 3.0  # gap between a piece's bleed and the fold line


def edge(bleed: float, margin: float = PRINTER_MARGIN, marks: bool = True,
         mark: float = MIN_MARK) -> float:
    """The closest a trim line comes to the paper edge: the printer's blank margin,
    then room for crop marks `mark` long (cards and sheets; tokens and dice have none),
    then the bleed."""
    return margin + bleed + (MARK_GAP + mark if marks else 0.0)


@dataclass
class Sheet:
    """One sheet of paper's arrangement: fronts and where each back goes."""

    page: tuple  # (W, H)
    pieces: list  # indices into the piece list, in reading order
    fronts: list  # [(x, y)] per piece on this page, in reading order
    backs: list  # [(x, y)] matching fronts: where the back of each lies
    fold: tuple | None = None  # ("v", x) or ("h", y) for gutterfold


def page_size(paper: str, landscape: bool) -> tuple:
    w, h = PAPERS[paper]
    return (h, w) if landscape else (w, h)


def pack(sizes: list, region: tuple, gap: float, breaks: dict | None = None) -> list:
    """Shelf-pack pieces in order into pages of `region` (x0, y0, x1, y1);
    each page's block is centred in the region. `breaks`: index -> gap: that piece
    starts a new shelf, this far below the last (a seam between two decks sharing a
    grid). Returns pages of [(index, x, y)]."""
    breaks = breaks or {}
    x0, y0, x1, y1 = region
    pages, page, row = [], [], []
    cursor_y = y1  # top of the current shelf
    cursor_x, shelf_h = x0, 0.0

    def close_page():
        nonlocal page
        if page:
            pages.append(_centre(page, sizes, region))
            page = []

    for index, (w, h) in enumerate(sizes):
        if w > x1 - x0 + 1e-6 or h > y1 - y0 + 1e-6:
            raise ValueError(f"a {w:g} x {h:g} mm piece does not fit the printable area")
        if row and (cursor_x + w > x1 + 1e-6 or index in breaks):  # next shelf
            cursor_y -= shelf_h + breaks.get(index, gap)
            cursor_x, shelf_h, row = x0, 0.0, []
        if cursor_y - h < y0 - 1e-6:  # next page
            close_page()
            cursor_y, cursor_x, shelf_h, row = y1, x0, 0.0, []
        page.append((index, cursor_x, cursor_y - h))
        row.append(index)
        cursor_x += w + gap
        shelf_h = max(shelf_h, h)
    close_page()
    return pages


def _centre(page, sizes, region):
    x0, y0, x1, y1 = region
    left = min(x for _, x, _ in page)
    right = max(x + sizes[i][0] for i, x, _ in page)
    bottom = min(y for _, _, y in page)
    top = max(y + sizes[i][1] for i, _, y in page)
    dx = (x0 + x1) / 2 - (left + right) / 2
    dy = (y0 + y1) / 2 - (bottom + top) / 2
    return [(i, round(x + dx, 4), round(y + dy, 4)) for i, x, y in page]


def mirror(pos: tuple, size: tuple, page: tuple, axis: str) -> tuple:
    """Where a piece's back lies once the sheet is turned over `axis`:
    'x' mirrors left-right (flip on a vertical edge), 'y' top-bottom."""
    (x, y), (w, h), (pw, ph) = pos, size, page
    return (round(pw - x - w, 4), y) if axis == "x" else (x, round(ph - y - h, 4))


def arrange(sizes: list, paper: str, orientation: str, bleed: float, gap: float,
            duplex: str, has_backs: bool, room: float | None = None,
            breaks: dict | None = None) -> list[Sheet]:
    """Sheets for all pieces, choosing the orientation that needs fewest pages;
    `room`: the closest a trim line may come to the paper edge (see edge());
    `breaks`: see pack()."""
    room = edge(bleed) if room is None else room
    choices = {"portrait": (False,), "landscape": (True,), "auto": (False, True)}[orientation]
    best = None
    for landscape in choices:
        try:
            sheets = _arrange(sizes, page_size(paper, landscape), bleed, gap,
                              duplex if has_backs else "none", room, breaks)
        except ValueError:
            continue
        if best is None or len(sheets) < len(best):
            best = sheets
    if best is None:
        raise ValueError("a piece does not fit the paper in any orientation")
    return best


def _arrange(sizes, page, bleed, gap, duplex, room, breaks=None) -> list[Sheet]:
    pw, ph = page
    if duplex != "fold":
        region = (room, room, pw - room, ph - room)
        pages = pack(sizes, region, gap, breaks)
        axis = flip_axis(duplex, pw < ph)
        return [Sheet(page, [i for i, _, _ in p], [(x, y) for _, x, y in p],
                      [mirror((x, y), sizes[i], page, axis) if axis else (x, y)
                       for i, x, y in p]) for p in pages]
    # gutterfold: fronts on one half, backs mirrored across the fold line
    fold_clear = bleed + FOLD_CLEAR
    if pw >= ph:
        region = (room, room, pw / 2 - fold_clear, ph - room)
        axis, fold = "x", ("v", pw / 2)
    else:
        region = (room, ph / 2 + fold_clear, pw - room, ph - room)
        axis, fold = "y", ("h", ph / 2)
    pages = pack(sizes, region, gap, breaks)
    return [Sheet(page, [i for i, _, _ in p], [(x, y) for _, x, y in p],
                  [mirror((x, y), sizes[i], page, axis) for i, x, y in p], fold)
            for p in pages]


def flip_axis(duplex: str, portrait: bool) -> str | None:
    """Long-edge binding turns a portrait sheet left-right and a landscape
    sheet top-bottom; short-edge binding the other way round."""
    if duplex == "long":
        return "x" if portrait else "y"
    if duplex == "short":
        return "y" if portrait else "x"
    return None
