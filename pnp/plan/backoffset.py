"""`--back-offset X,Y`: the backs of a double-sided print moved to undo a printer's shift.

A home duplex printer lands the back of a sheet 1-3 mm off its front, the same way
on every sheet. `pnp calibrate` measures it; the correction X,Y moves every back
X mm right and Y mm up as one looks at the printed back with the sheet upright
(portrait), the way the calibration page reads. A landscape page is turned a
quarter turn counter-clockwise onto the sheet by the printer driver (its top along
the sheet's left edge: PostScript's, CUPS's and most drivers' way), so on its own
axes the same move is (Y, -X). Backs stay out of the printer's margin: a move that
would put a trim line there goes only as far as the margin allows, and bleed and crop
marks that reach it stop there (each said in a note).

No drawing library here: the command line's --help uses `parse`.
"""

from __future__ import annotations

import argparse
import math
from dataclasses import dataclass, field, replace

from pnp.load.formats import BACK_SHIFT as LIMIT
from pnp.plan.impose import MARK_GAP, MIN_MARK

SIDES = ("left", "bottom", "right", "top")


def parse(text: str) -> tuple:
    """argparse type: 'X,Y' in mm, each from -LIMIT to LIMIT."""
    parts = text.split(",")
    try:
        if len(parts) != 2:
            raise ValueError(text)
        x, y = (float(part) for part in parts)
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"expected X,Y in mm with a point for decimals, e.g. 1.5,-0.5; got '{text}'") \
            from None
    for name, value in (("X", x), ("Y", y)):
        if not (math.isfinite(value) and -LIMIT <= value <= LIMIT):
            raise argparse.ArgumentTypeError(
                f"{name} must be between -{LIMIT:g} and {LIMIT:g} mm, got '{text}'")
    return (x + 0.0, y + 0.0)  # -0.0 reads as 0


def joined(argv: list) -> list:
    """`--back-offset -1.5,0.5` as `--back-offset=-1.5,0.5`: argparse takes a value that
    starts with '-' (and is not a plain number) for an option and says the offset is
    missing."""
    out = []
    for arg in argv:
        if out and out[-1] == "--back-offset" and arg[:1] == "-" and arg[1:2] in "0123456789.":
            out[-1] = f"--back-offset={arg}"
        else:
            out.append(arg)
    return out


def text(offset: tuple) -> str:
    return f"{offset[0]:g},{offset[1]:g}"


def page_shift(offset: tuple, page: tuple) -> tuple:
    """The move on a page's own axes (mm right, mm up): as given on a portrait page,
    turned with a landscape page (see the module's docstring)."""
    x, y = offset
    return (x, y) if page[0] < page[1] else (y, -x + 0.0)


def room(trims: list, page: tuple, margin: float) -> tuple:
    """How far the trim boxes [(x, y, w, h)] of a page may move (left, down, right,
    up) before one of them reaches the printer's margin."""
    return (min(x for x, _, _, _ in trims) - margin, min(y for _, y, _, _ in trims) - margin,
            page[0] - margin - max(x + w for x, _, w, _ in trims),
            page[1] - margin - max(y + h for _, y, _, h in trims))


def allowed(rooms: tuple, page: tuple) -> tuple:
    """The offsets (X range, Y range) a page's room leaves, in the sheet's terms."""
    left, bottom, right, top = rooms
    if page[0] < page[1]:
        return (-left, right), (-bottom, top)
    return (-top, bottom), (-left, right)  # dx = Y, dy = -X


@dataclass
class Moved:
    """A file's sheets (packing.Plan) with their backs moved, and what the margin did."""

    plans: list
    shifts: list  # per plan: (dx, dy) on the page's axes, or None (no back page)
    applied: tuple  # the offset moved by: the one given, or as far as the margin allows
    cut: dict = field(default_factory=dict)  # side -> (bleed kept, crop marks kept)


def _back_trims(plan) -> list:
    """The trim boxes of what the plan's back page prints, with each block's bleed and
    whether it has crop marks: [((x, y, w, h), bleed, marks)]."""
    return [((*pos, *piece.size), block.run.bleed, block.marks)
            for block in plan.blocks for piece, pos in zip(block.pieces, block.backs,
                                                            strict=True)
            if piece.back is not None]


def move(plans: list, offset: tuple, margin: float) -> Moved:
    """Every sheet's backs moved by `offset`, or as near to it as keeps every trim line
    of every back page out of the printer's margin (one move for the whole file, so its
    backs stay alike); `cut` tells the bleed and crop marks the margin stops."""
    xs, ys = [-LIMIT, LIMIT], [-LIMIT, LIMIT]
    rooms = []
    for plan in plans:
        trims = [box for box, _, _ in _back_trims(plan)]
        rooms.append(room(trims, plan.page, margin) if trims and not plan.fold else None)
        if rooms[-1] is not None:
            (xlo, xhi), (ylo, yhi) = allowed(rooms[-1], plan.page)
            xs, ys = [max(xs[0], xlo), min(xs[1], xhi)], [max(ys[0], ylo), min(ys[1], yhi)]
    applied = (_within(offset[0], xs), _within(offset[1], ys))
    moved = Moved([], [], applied)
    for plan, rooms_ in zip(plans, rooms, strict=True):
        if rooms_ is None:
            moved.plans.append(plan)
            moved.shifts.append(None)
            continue
        dx, dy = page_shift(applied, plan.page)
        for _, bleed, marks in _back_trims(plan):
            left, bottom, right, top = rooms_
            gaps = (left + dx, bottom + dy, right - dx, top - dy)  # trims to margin, moved
            for side, gap in zip(SIDES, gaps, strict=True):
                kept = max(0.0, min(bleed, gap))
                mark = not marks or gap - bleed - MARK_GAP >= MIN_MARK - 0.01
                if kept < bleed - 1e-6 or not mark:
                    was = moved.cut.get(side, (bleed, True))
                    moved.cut[side] = (min(was[0], kept), was[1] and mark)
        moved.shifts.append((dx, dy))
        moved.plans.append(replace(plan, blocks=[
            replace(block, backs=[(round(x + dx, 4), round(y + dy, 4)) for x, y in block.backs])
            for block in plan.blocks]))
    return moved


def _within(value: float, bounds: list) -> float:
    """`value`, or the nearest bound (to 0.01 mm, towards 0) when it is outside them."""
    if bounds[0] <= value <= bounds[1]:
        return value
    bound = bounds[0] if value < bounds[0] else bounds[1]
    return math.trunc(bound * 100) / 100 + 0.0


def note(file_name: str, offset: tuple, moved: Moved, margin: float) -> str:
    """What the printer's margin did to the backs of one file, in a sentence ("" if
    nothing)."""
    said = []
    if moved.applied != tuple(offset):
        said.append(f"its backs move {text(moved.applied)} of --back-offset {text(offset)}, "
                    f"as far as the {margin:g} mm printer margin lets them (a smaller "
                    "--printer-margin, if your printer prints nearer the edge, lets them "
                    "move further)")
    bleed = max((b for plan in moved.plans for _, b, _ in _back_trims(plan)), default=0.0)
    marks = any(m for plan in moved.plans for _, _, m in _back_trims(plan))
    parts = []
    for side in SIDES:
        if side in moved.cut:
            kept, mark = moved.cut[side]
            bits = [f"{kept:.1f} of {bleed:g} mm bleed"] if kept < bleed - 1e-6 else []
            parts.append(f"{side}: " + ", ".join(bits + ([] if mark else ["no crop marks"])))
    if parts:
        said.append(f"at the margin its backs stop ({'; '.join(parts)}); cut by the fronts' "
                    f"{'crop marks' if marks else 'cut lines'}")
    return f"{file_name}: {'; '.join(said)}" if said else ""
