"""What lies under a transparent paint, for the CMYK converter (cmykpage.py), so that the
paint can be written opaque and stay vector.

Under a box there is a base (a flat fill that covers the whole box, or the white paper)
and perhaps overlays: opaque flat-colour fills and strokes drawn after the base that
reach into the box (a mat's grid lines and labels under a tinted zone). A paint of colour c at
alpha a then shows a*c + (1-a)*u wherever it lies over colour u; so it is written as
its shape in the colour it makes over the base, then each overlay drawn again, clipped
to the shape, in the colour the paint makes over it. Anything else under the box (text,
a picture, a fill whose clip no longer holds) leaves only a raster (`None`)."""

from __future__ import annotations

from dataclasses import dataclass

from pikepdf import Operator

from pnp.export import cmyk
from pnp.export.pdfgeom import IDENTITY, Path, covers, cuts, grow, inverse, meet, multiply

WHITE = (1.0, 1.0, 1.0)
MAX_OVERLAYS = 200  # more than this many under one paint: a raster is smaller


@dataclass
class Item:
    """Something painted: its device box; for a flat colour its colour, path and the
    clips it was painted under, and how to paint it again (`ops`, the path's operators
    in the space of `ctm`; `paint`; `line`, a stroke's width, cap, join, miter limit and
    dash); `reach`: a stroke's half width, joins and caps included (0 for a fill)."""
    box: tuple
    colour: tuple | None = None
    path: Path | None = None
    even_odd: bool = False
    clips: tuple = ()
    reach: float = 0.0
    ops: list | None = None
    ctm: tuple = IDENTITY
    paint: str | None = "f"  # None: text, its operators paint
    line: tuple = ()
    size: float = 0.0  # text: its size as printed


def name_of(entry) -> str:
    """The operator of an output entry: an instruction as parsed, or (operands, Operator)."""
    return str(entry[1]) if isinstance(entry, tuple) else str(entry.operator)


def out_cmyk(colour: tuple) -> tuple:
    """A colour as drawn (RGB, or CMYK already) as PDF CMYK."""
    return tuple(colour) if len(colour) == 4 else cmyk.cmyk(*colour)


def blend(colour: tuple, under: tuple, alpha: float) -> tuple:
    return tuple(alpha * c + (1 - alpha) * u for c, u in zip(colour, under, strict=True))


def near(path: Path, box) -> bool:
    """Whether any edge of the path enters the box."""
    return any(cuts(a, b, box) for a, b in path.edges())


def under(items: list, box, clips: tuple, clip_box):
    """(base colour, overlays in painting order) of what `items` show in `box` under
    the clips in force, or None."""
    box = meet(box, clip_box) if clip_box else box
    if box is None:
        return WHITE, []
    shared = {id(p) for p, _ in clips}  # a clip still in force limits the paint alike
    overlays = []
    for item in reversed(items):
        if meet(item.box, box) is None:
            continue
        if item.reach and not near(item.path, grow(box, item.reach)):
            continue
        flat = item.colour is not None and len(item.colour) == 3
        if not flat or (item.path is None and item.ops is None):
            return None
        if not item.reach and item.path is not None and covers(
                item.path, item.even_odd, box) and all(
                covers(p, eo, box) for p, eo in item.clips if id(p) not in shared):
            return item.colour, overlays[::-1]
        if item.ops is None or any(id(p) not in shared for p, _ in item.clips) or \
                len(overlays) >= MAX_OVERLAYS:
            return None
        overlays.append(item)
    return WHITE, overlays[::-1]


def replay(item: Item, colour: tuple, ctm: tuple) -> list:
    """The operators that paint an overlay again in `colour` (PDF CMYK) under `ctm`
    (a text overlay's `ops` are a whole text object)."""
    out = [([], Operator("q"))]
    matrix = multiply(item.ctm, inverse(ctm))
    if any(abs(a - b) > 1e-9 for a, b in zip(matrix, IDENTITY, strict=True)):
        out.append(([round(v, 6) for v in matrix], Operator("cm")))
    if item.reach:
        width, cap, join, limit, dash = item.line
        out += [([width], Operator("w")), ([cap], Operator("J")), ([join], Operator("j")),
                ([limit], Operator("M")), (list(dash), Operator("d")),
                (list(colour), Operator("K"))]
    else:
        out.append((list(colour), Operator("k")))
    paint = [([], Operator(item.paint))] if item.paint else []
    return out + item.ops + paint + [([], Operator("Q"))]
