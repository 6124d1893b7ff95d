"""How far a box lies inside a piece's cut: the safe-zone check measured against the
shape the piece is cut to (a round or hexagonal token), not its bounding square, where
a label in a corner of the square can run to the cut of a round token."""

from __future__ import annotations

import math


def inset(shape: str, trim: tuple, box: tuple) -> float:
    """The least distance (mm) from the box (left, top, right, bottom, mm from the
    trim's top-left) to the cut of a piece of `trim` (w, h) and `shape` ("round",
    "hex" or anything else for a rectangle); negative where the box crosses it."""
    w, h = trim
    left, top, right, bottom = box
    corners = ((left, top), (right, top), (left, bottom), (right, bottom))
    if shape == "round":
        r, centre = w / 2, (w / 2, h / 2)
        return r - max(math.dist(corner, centre) for corner in corners)
    if shape == "hex":
        return min(_inside_hexagon(w, h, point) for point in corners)
    return min(left, top, w - right, h - bottom)


def _inside_hexagon(w: float, h: float, point: tuple) -> float:
    """Signed distance of a point from the edges of a flat-topped hexagon `w` across
    its corners and `h` across its flats (positive inside)."""
    cx, cy, r = w / 2, h / 2, w / 2
    corners = [(cx + r * math.cos(math.radians(a)), cy + r * math.sin(math.radians(a)))
               for a in range(0, 360, 60)]
    least = math.inf
    for (x0, y0), (x1, y1) in zip(corners, corners[1:] + corners[:1], strict=True):
        length = math.hypot(x1 - x0, y1 - y0)
        # the inward normal of an edge of a convex polygon points to its centre
        nx, ny = -(y1 - y0) / length, (x1 - x0) / length
        if nx * (cx - x0) + ny * (cy - y0) < 0:
            nx, ny = -nx, -ny
        least = min(least, nx * (point[0] - x0) + ny * (point[1] - y0))
    return least
