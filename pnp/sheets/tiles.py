"""Boards larger than the paper, printed as overlapping tiles: each page shows a
window of the board, crop marks where the tile is cut, targets where its
neighbour's cut edge goes, and a small plan of all tiles. Everything stays
inside the printer's margin; no two targets are closer than TARGET_SPACING.
"""

from __future__ import annotations

import math

from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth

from pnp.plan.impose import PRINTER_MARGIN, page_size
from pnp.sheets.pagemarks import free_bands, label_font, page_furniture
from pnp.sheets.sheetpdf import safe_margin

TILE_OVERLAP = 10.0
# A tile's crop marks, measured outward from its window: 5 mm long, starting 0.5 mm off the
# drawing (a mark 0.5 mm longer outward would take a tile's window 1 mm smaller, and a
# page more for Attack the Tower's, Top-Secret's and Geheime Mission's boards on A4).
MARK_START, MARK_END = 0.5, 5.5
TILE_ROOM = MARK_END + 0.5  # window edge to the printer's margin
TILE_MARGIN = PRINTER_MARGIN + TILE_ROOM  # window edge to the paper edge, by default
TARGET_RADIUS = 3.5
ALONG_SIDE = 25.0  # targets on a vertical cut: this far from the window's corners
ALONG_TOP = 12.0  # targets on a horizontal cut (different, so corners keep them apart)
PLAN = 5.0  # the assembly plan's height at most


def tile_margin(margin: float) -> float:
    return margin + TILE_ROOM


class TiledBoards:
    """Part of ComponentPdf (build.py): its boards larger than the paper."""

    def tiled(self, item, copy, size, bleed):
        opts = self.options
        edge = tile_margin(opts.printer_margin)
        best = None
        for landscape in {"auto": (False, True), "portrait": (False,),
                          "landscape": (True,)}[opts.orientation]:
            page = page_size(opts.paper, landscape)
            win = (page[0] - 2 * edge, page[1] - 2 * edge)
            full = (size[0] + 2 * bleed, size[1] + 2 * bleed)
            cols = max(1, math.ceil((full[0] - TILE_OVERLAP) / (win[0] - TILE_OVERLAP)))
            rows = max(1, math.ceil((full[1] - TILE_OVERLAP) / (win[1] - TILE_OVERLAP)))
            if best is None or cols * rows < best[0]:
                best = (cols * rows, page, win, cols, rows)
        _, page, win, cols, rows = best
        for row in range(rows):
            for col in range(cols):
                self.pages.append(lambda n, t, r=row, k=col: self.tile_page(
                    item, copy, size, bleed, page, win, (cols, rows), (k, r), n, t))

    def tile_page(self, item, copy, size, bleed, page, win, grid, cell, number, total):
        c = self.canvas
        col, row = cell
        margin = self.options.printer_margin
        edge = tile_margin(margin)
        c.setPageSize((page[0] * mm, page[1] * mm))
        step = (win[0] - TILE_OVERLAP, win[1] - TILE_OVERLAP)
        sx, sy = col * step[0], row * step[1]  # window start in bleed-box coordinates
        win_left, win_top = edge, page[1] - edge
        trim_left = win_left + bleed - sx
        trim_top = win_top - bleed + sy
        shown_w = min(win[0], size[0] + 2 * bleed - sx)
        shown_h = min(win[1], size[1] + 2 * bleed - sy)
        self.renderer.safe = safe_margin(self.comp, self.options)  # pages drawn in turn, dice too
        c.saveState()
        clip = c.beginPath()
        clip.rect(win_left * mm, (win_top - shown_h) * mm, shown_w * mm, shown_h * mm)
        c.clipPath(clip, stroke=0, fill=0)
        origin = (trim_left * mm, (trim_top - size[1]) * mm)
        ctx = self.context(item, copy, {"side": "front", "shape": ""})
        self.renderer.draw(c, self.layout_for(item, "front"), ctx, origin,
                           size, bleed, f"{self.comp.id} '{item.printed_id}' tile",
                           piece=self.piece(item), item_mark=item.mark)
        c.restoreState()
        self.record(item, copy, "front", number, (trim_left, trim_top - size[1]), size)
        window = (win_left, win_top, shown_w, shown_h)
        tile_marks(c, window, grid, cell, step, (trim_left, trim_top, size))
        name = f"tile {chr(65 + row)}{col + 1}"
        bands = free_bands(page, [(win_left, win_top - shown_h, shown_w, shown_h)], 0)
        page_furniture(c, page, [b for b in bands if b[0] != "bottom"],
                       self.label(name, number, total, item.id), number == 1, margin)
        bottom = win_top - shown_h
        plan_x = win_left + (bleed if col == 0 else 0.0) + 2.0  # clear of the crop marks
        cuts = [x for x in cut_xs(window, grid, cell, (trim_left, trim_top, size)) if x > plan_x]
        limit = min(cuts + [page[0] - margin]) - 1.5
        assembly_map(c, grid, cell, (plan_x, max(margin, bottom - TILE_ROOM - PLAN)),
                     limit)


def tile_marks(c, window, grid, cell, step, trim):
    """Crop marks where this tile is cut; targets where the neighbour's cut edge goes."""
    left, top, shown_w, shown_h = window
    rows, row = grid[1], cell[1]
    c.saveState()
    c.setLineWidth(0.5)
    c.setStrokeColorRGB(0, 0, 0)
    trim_left, trim_top, (width, height) = trim
    bottom, right = top - shown_h, left + shown_w
    ys = ([trim_top] if row == 0 else []) + ([trim_top - height] if row == rows - 1 else [])
    ys += [top] if row > 0 else []
    for x in cut_xs(window, grid, cell, trim):
        c.line(x * mm, (top + MARK_START) * mm, x * mm, (top + MARK_END) * mm)
        c.line(x * mm, (bottom - MARK_START) * mm, x * mm, (bottom - MARK_END) * mm)
    for y in ys:
        c.line((left - MARK_START) * mm, y * mm, (left - MARK_END) * mm, y * mm)
        c.line((right + MARK_START) * mm, y * mm, (right + MARK_END) * mm, y * mm)
    for x, y in targets(window, grid, cell, step):
        c.setStrokeColorRGB(1, 1, 1)
        c.setLineWidth(1.6)
        _target(c, x, y)
        c.setStrokeColorRGB(0, 0, 0)
        c.setLineWidth(0.5)
        _target(c, x, y)
    c.restoreState()


def cut_xs(window, grid, cell, trim) -> list:
    """The vertical cuts of a tile: the board's own edges it holds, and its left
    window edge where it overlaps its neighbour."""
    left = window[0]
    (cols, _), (col, _) = grid, cell
    trim_left, _, (width, _) = trim
    xs = ([trim_left] if col == 0 else []) + ([trim_left + width] if col == cols - 1 else [])
    return xs + ([left] if col > 0 else [])


def targets(window, grid, cell, step) -> list:
    """Where a tile's targets go: on its own cut edges (left, top) and on the lines
    where its right and lower neighbours' cut edges will lie."""
    left, top, shown_w, shown_h = window
    (cols, rows), (col, row) = grid, cell
    found = []
    if col > 0:
        found += [(left, top - ALONG_SIDE), (left, top - shown_h + ALONG_SIDE)]
    if row > 0:
        found += [(left + ALONG_TOP, top), (left + shown_w - ALONG_TOP, top)]
    if col < cols - 1:
        x = left + step[0]
        found += [(x, top - ALONG_SIDE), (x, top - shown_h + ALONG_SIDE)]
    if row < rows - 1:
        y = top - step[1]
        found += [(left + ALONG_TOP, y), (left + shown_w - ALONG_TOP, y)]
    return found


def _target(c, x, y):
    c.circle(x * mm, y * mm, 2 * mm, stroke=1, fill=0)
    c.line((x - TARGET_RADIUS) * mm, y * mm, (x + TARGET_RADIUS) * mm, y * mm)
    c.line(x * mm, (y - TARGET_RADIUS) * mm, x * mm, (y + TARGET_RADIUS) * mm)


def assembly_map(c, grid, cell, origin, limit: float):
    """A small plan of all tiles in the bottom margin, this one filled, and what to
    do with them as far as there is room before `limit` (x, mm)."""
    (cols, rows), (col, row) = grid, cell
    size = min(3.0, PLAN / rows)
    x0, y0 = origin
    c.saveState()
    c.setLineWidth(0.4)
    for r in range(rows):
        for k in range(cols):
            x, y = x0 + k * size, y0 + (rows - 1 - r) * size
            if (k, r) == (col, row):
                c.setFillColorRGB(0.2, 0.2, 0.2)
            else:
                c.setFillColorRGB(1, 1, 1)
            c.rect(x * mm, y * mm, size * mm, size * mm, stroke=1, fill=1)
    c.setFillColorRGB(0.3, 0.3, 0.3)
    c.setFont(label_font(), 5.5)
    name = f"tile {chr(65 + row)}{col + 1} of {rows} x {cols}"
    start = x0 + cols * size + 2
    for text in (f"{name}: trim the marked edges, lay each tile over its neighbour's overlap "
                 "and match the targets", name):
        if start + stringWidth(text, label_font(), 5.5) / mm <= limit:
            c.drawString(start * mm, (y0 + 0.3) * mm, text)
            break
    c.restoreState()
