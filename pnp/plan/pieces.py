"""How each kind of piece is drawn: a card side, a token with its cut line,
a paper die as a cube net with glue tabs."""

from __future__ import annotations

import math

from reportlab.lib.colors import Color
from reportlab.lib.units import mm

CUT = Color(0.2, 0.2, 0.2)
CUT_WIDTH = 0.4  # pt
# A cut line is drawn over a light halo of HALO_WIDTH, so it shows on dark grounds (a
# black token) as well as on paper: the dark core on light, the light rims on dark.
HALO = Color(1, 1, 1)
HALO_WIDTH = 1.2  # pt
TAB = Color(0.88, 0.88, 0.88)
# Folds of a die's net leave no ink on its faces, which show on the folded cube: a fold
# with a glue tab is dashed inside the tab, FOLD_INSET off the face; a fold between two
# faces is marked by ticks beyond the net where it meets the paper (FOLD_TICK long,
# FOLD_GAP off the cut line). A fold whose end meets no paper is in line with a cut.
FOLD_WIDTH = 0.5  # pt
FOLD_DASH = (2.5, 2)  # pt
FOLD_INSET = 0.5  # mm
FOLD_TICK = 3.0  # mm
FOLD_GAP = 1.0  # mm

# Cube net (a cross): face slot -> (column, row) with row 0 at the top.
NET = {0: (1, 0), 2: (0, 1), 1: (1, 1), 3: (2, 1), 4: (3, 1), 5: (1, 2)}
# Glue tabs: (face slot, edge) for one edge of each of the seven glued pairs.
TABS = {(4, "top"), (2, "top"), (3, "top"), (2, "bottom"), (3, "bottom"), (4, "bottom"),
        (4, "right")}


def token_size(shape: str, size: float) -> tuple:
    """Bounding box of a token; a hex token's `size` is across its corners."""
    return (size, size * math.sqrt(3) / 2) if shape == "hex" else (size, size)


def shape_path(c, shape: str, x: float, y: float, w: float, h: float, grow: float = 0.0):
    """A token outline in page mm (bottom-left x, y), grown outward by `grow`."""
    path = c.beginPath()
    cx, cy = x + w / 2, y + h / 2
    if shape == "round":
        path.circle(cx * mm, cy * mm, (w / 2 + grow) * mm)
    elif shape == "square":
        path.rect((x - grow) * mm, (y - grow) * mm, (w + 2 * grow) * mm, (h + 2 * grow) * mm)
    else:  # flat-topped hexagon
        r = w / 2 + grow * 2 / math.sqrt(3)
        points = [(cx + r * math.cos(math.radians(a)), cy + r * math.sin(math.radians(a)))
                  for a in range(0, 360, 60)]
        path.moveTo(points[0][0] * mm, points[0][1] * mm)
        for px, py in points[1:]:
            path.lineTo(px * mm, py * mm)
        path.close()
    return path


def draw_cut_line(c, shape: str, x: float, y: float, w: float, h: float) -> None:
    """The dark cut line over its light halo: visible on every ground."""
    c.saveState()
    c.setDash([])
    for colour, width in ((HALO, HALO_WIDTH), (CUT, CUT_WIDTH)):
        c.setStrokeColor(colour)
        c.setLineWidth(width)
        c.drawPath(shape_path(c, shape, x, y, w, h), stroke=1, fill=0)
    c.restoreState()


def die_net_size(edge: float) -> tuple:
    return (4 * edge + tab_depth(edge), 3 * edge)


def tab_depth(edge: float) -> float:
    return max(5.0, edge * 0.22)


def face_origin(slot: int, x: float, y: float, edge: float) -> tuple:
    """Bottom-left corner (page mm) of a face slot in a net placed at x, y."""
    col, row = NET[slot]
    return (x + col * edge, y + (2 - row) * edge)


def draw_net_lines(c, x: float, y: float, edge: float) -> None:
    """Cut lines round the net and its tabs; folds marked off the faces (see FOLD_*).
    Tabs are filled first, so no fill covers a mark."""
    occupied = {pos: slot for slot, pos in NET.items()}
    t = tab_depth(edge)
    cuts, folds, tabs = [], [], []
    for slot, (col, row) in NET.items():
        fx, fy = face_origin(slot, x, y, edge)
        edges = {"top": ((fx, fy + edge), (fx + edge, fy + edge), (col, row - 1)),
                 "bottom": ((fx, fy), (fx + edge, fy), (col, row + 1)),
                 "left": ((fx, fy), (fx, fy + edge), (col - 1, row)),
                 "right": ((fx + edge, fy), (fx + edge, fy + edge), (col + 1, row))}
        for name, (a, b, neighbour) in edges.items():
            shared = neighbour in occupied
            if shared and (slot > occupied[neighbour]):
                continue  # drawn from the other face
            if (slot, name) in TABS:
                tabs.append((a, b, name))
            elif shared:
                folds.append((a, b))
            else:
                cuts.append((a, b))
    c.saveState()
    c.setLineWidth(CUT_WIDTH)
    c.setStrokeColor(CUT)
    polygons = [_tab(c, a, b, name, t) for a, b, name in tabs]
    c.setDash([])
    for a, b in cuts:
        c.line(a[0] * mm, a[1] * mm, b[0] * mm, b[1] * mm)
    faces = [face_origin(slot, x, y, edge) for slot in NET]
    for a, b in folds:
        for end, other in ((a, b), (b, a)):
            tick = _fold_tick(end, other, faces, edge, polygons)
            if tick:
                c.line(*(v * mm for v in tick))
    c.setLineWidth(FOLD_WIDTH)
    c.setDash(list(FOLD_DASH), 0)
    for a, b, name in tabs:
        out = {"top": (0, 1), "bottom": (0, -1), "left": (-1, 0), "right": (1, 0)}[name]
        ox, oy = out[0] * FOLD_INSET, out[1] * FOLD_INSET
        c.line((a[0] + ox) * mm, (a[1] + oy) * mm, (b[0] + ox) * mm, (b[1] + oy) * mm)
    c.restoreState()


def _fold_tick(end, other, faces, edge, polygons):
    """The tick (x0, y0, x1, y1 mm) continuing a fold beyond `end` into the paper, or
    None where it would cross a face or a tab (the fold is then in line with a cut)."""
    length = math.dist(end, other)
    ux, uy = (end[0] - other[0]) / length, (end[1] - other[1]) / length
    start = (end[0] + ux * FOLD_GAP, end[1] + uy * FOLD_GAP)
    stop = (end[0] + ux * (FOLD_GAP + FOLD_TICK), end[1] + uy * (FOLD_GAP + FOLD_TICK))
    for k in range(11):  # points along the tick, its ends included
        px = start[0] + (stop[0] - start[0]) * k / 10
        py = start[1] + (stop[1] - start[1]) * k / 10
        if any(fx - 0.2 <= px <= fx + edge + 0.2 and fy - 0.2 <= py <= fy + edge + 0.2
               for fx, fy in faces) or any(_inside(px, py, poly) for poly in polygons):
            return None
    return (*start, *stop)


def _inside(px: float, py: float, polygon: list) -> bool:
    """Whether a point lies in a polygon (even-odd) or within 0.2 mm of its outline."""
    inside = False
    for (x0, y0), (x1, y1) in zip(polygon, polygon[1:] + polygon[:1], strict=True):
        if (y0 > py) != (y1 > py) and px < x0 + (py - y0) * (x1 - x0) / (y1 - y0):
            inside = not inside
        seg = math.dist((x0, y0), (x1, y1)) or 1e-9
        along = max(0.0, min(1.0, ((px - x0) * (x1 - x0) + (py - y0) * (y1 - y0)) / seg ** 2))
        if math.dist((px, py), (x0 + along * (x1 - x0), y0 + along * (y1 - y0))) < 0.2:
            return True
    return inside


def _tab(c, a, b, side, t):
    out = {"top": (0, 1), "bottom": (0, -1), "left": (-1, 0), "right": (1, 0)}[side]
    along = (b[0] - a[0], b[1] - a[1])
    length = math.hypot(*along)
    ux, uy = along[0] / length, along[1] / length
    inset = min(t, length * 0.3)
    p = [a, (a[0] + ux * inset + out[0] * t, a[1] + uy * inset + out[1] * t),
         (b[0] - ux * inset + out[0] * t, b[1] - uy * inset + out[1] * t), b]
    path = c.beginPath()
    path.moveTo(p[0][0] * mm, p[0][1] * mm)
    for px, py in p[1:]:
        path.lineTo(px * mm, py * mm)
    c.setFillColor(TAB)
    c.setDash([])
    c.drawPath(path, stroke=1, fill=1)
    return p
