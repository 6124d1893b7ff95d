"""How each kind of piece is drawn: a card side, a token with its cut line,
a paper die as a cube net with glue tabs."""

from __future__ import annotations

import math

from reportlab.lib.colors import Color
from reportlab.lib.units import mm

CUT = Color(0.2, 0.2, 0.2)
CUT_WIDTH = 0.4  # pt
TAB = Color(0.88, 0.88, 0.88)
# Fold lines: dark dashes (pt) with light dashes in their gaps, so a fold shows as a
# dashed line on a light face (the dark dashes) and on a dark one (the light dashes).
FOLD_LIGHT = Color(1, 1, 1)
FOLD_WIDTH = 0.5  # pt
FOLD_TONES = ((CUT, (2.5, 2), 0), (FOLD_LIGHT, (2, 2.5), 2))  # light in the dark gaps

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
    c.saveState()
    c.setStrokeColor(CUT)
    c.setLineWidth(0.4)
    c.setDash([])
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
    """Cut lines round the net and its tabs; fold lines inside, dashed in two tones
    (dark dashes, light ones in their gaps) so they show on light and dark faces alike.
    Tabs are filled first, so no fill covers half of a fold line."""
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
            (folds if shared or (slot, name) in TABS else cuts).append((a, b))
    c.saveState()
    c.setLineWidth(CUT_WIDTH)
    c.setStrokeColor(CUT)
    for a, b, name in tabs:
        _tab(c, a, b, name, t)
    c.setDash([])
    for a, b in cuts:
        c.line(a[0] * mm, a[1] * mm, b[0] * mm, b[1] * mm)
    c.setLineWidth(FOLD_WIDTH)
    for colour, dash, phase in FOLD_TONES:
        c.setStrokeColor(colour)
        c.setDash(list(dash), phase)
        for a, b in folds:
            c.line(a[0] * mm, a[1] * mm, b[0] * mm, b[1] * mm)
    c.restoreState()


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
