"""Page geometry for the CMYK converter (cmykpage.py): matrices, paths as device-space
polylines, their boxes, and whether a shape surely covers a box. Answers err on the
safe side: a shape said to cover a box covers it (curves are drawn as chords, which lie
inside a convex arc), a box is never smaller than what it bounds."""

from __future__ import annotations

from math import hypot, sqrt

IDENTITY = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
CURVE_STEPS = 8  # chords per Bezier curve
EPS = 0.01  # points: a box is shrunk by this before a containment test


def multiply(m, n) -> tuple:
    """m then n (PDF order: `m cm` under a CTM n gives multiply(m, n))."""
    a, b, c, d, e, f = m
    a2, b2, c2, d2, e2, f2 = n
    return (a * a2 + b * c2, a * b2 + b * d2, c * a2 + d * c2, c * b2 + d * d2,
            e * a2 + f * c2 + e2, e * b2 + f * d2 + f2)


def inverse(m) -> tuple:
    a, b, c, d, e, f = m
    det = a * d - b * c
    return (d / det, -b / det, -c / det, a / det, (c * f - d * e) / det,
            (b * e - a * f) / det)


def apply(m, x: float, y: float) -> tuple:
    a, b, c, d, e, f = m
    return a * x + c * y + e, b * x + d * y + f


def scale(m) -> float:
    """How much the matrix enlarges a length (the larger axis: a safe bound)."""
    a, b, c, d, _, _ = m
    return max(hypot(a, b), hypot(c, d))


def box_of(points) -> tuple:
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return min(xs), min(ys), max(xs), max(ys)


def rect_box(m, x0: float, y0: float, x1: float, y1: float) -> tuple:
    """The device box of a rectangle in the space of matrix m."""
    return box_of([apply(m, x, y) for x, y in ((x0, y0), (x1, y0), (x1, y1), (x0, y1))])


def grow(box, by: float) -> tuple:
    return box[0] - by, box[1] - by, box[2] + by, box[3] + by


def meet(a, b):
    """The overlap of two boxes, or None."""
    box = max(a[0], b[0]), max(a[1], b[1]), min(a[2], b[2]), min(a[3], b[3])
    return box if box[0] < box[2] and box[1] < box[3] else None


def union(a, b) -> tuple:
    if a is None:
        return b
    return min(a[0], b[0]), min(a[1], b[1]), max(a[2], b[2]), max(a[3], b[3])


class Path:
    """A path as written (`add`), and as device-space polylines (one a subpath), made
    only when asked for: most paths are never looked at."""

    def __init__(self):
        self.raw: list = []  # (operator, operands, matrix)
        self._subpaths: list | None = None
        self.current = None

    def add(self, op: str, operands, matrix) -> None:
        self.raw.append((op, operands, matrix))
        self._subpaths = None

    @property
    def subpaths(self) -> list:
        if self._subpaths is None:
            self._subpaths, self.current = [], None
            for op, operands, m in self.raw:
                self._draw(op, [float(v) for v in operands], m)
        return self._subpaths

    def _draw(self, op: str, values: list, m) -> None:
        if op == "m":
            self.move(apply(m, *values))
        elif op == "l":
            self.line(apply(m, *values))
        elif op == "c":
            self.curve(apply(m, *values[0:2]), apply(m, *values[2:4]), apply(m, *values[4:6]))
        elif op == "v":
            self.curve(self.current or apply(m, *values[0:2]), apply(m, *values[0:2]),
                       apply(m, *values[2:4]))
        elif op == "y":
            end = apply(m, *values[2:4])
            self.curve(apply(m, *values[0:2]), end, end)
        elif op == "re":
            self.rect(m, *values)
        else:
            self.close()

    def move(self, p) -> None:
        self._subpaths.append([p])
        self.current = p

    def line(self, p) -> None:
        if not self._subpaths:
            self.move(p)
            return
        self._subpaths[-1].append(p)
        self.current = p

    def curve(self, p1, p2, p3) -> None:
        p0 = self.current or p1
        for step in range(1, CURVE_STEPS + 1):
            t = step / CURVE_STEPS
            u = 1 - t
            self.line((u ** 3 * p0[0] + 3 * u * u * t * p1[0] + 3 * u * t * t * p2[0]
                       + t ** 3 * p3[0],
                       u ** 3 * p0[1] + 3 * u * u * t * p1[1] + 3 * u * t * t * p2[1]
                       + t ** 3 * p3[1]))

    def close(self) -> None:
        if self._subpaths and self._subpaths[-1]:
            start = self._subpaths[-1][0]
            self._subpaths[-1].append(start)
            self.current = start

    def rect(self, m, x, y, w, h) -> None:
        corners = [apply(m, *p) for p in ((x, y), (x + w, y), (x + w, y + h), (x, y + h))]
        self.move(corners[0])
        for corner in corners[1:]:
            self.line(corner)
        self.close()

    def box(self):
        points = [p for sub in self.subpaths for p in sub]
        return box_of(points) if points else None

    def edges(self):
        """Every edge, each subpath closed (filling closes it)."""
        for sub in self.subpaths:
            for a, b in zip(sub, sub[1:] + sub[:1], strict=True):
                if a != b:
                    yield a, b

    def miter(self, join: int, limit: float) -> float:
        """The largest reach of a stroke's joins, in half line widths."""
        if join != 0:
            return 1.0
        worst = 1.0
        for sub in self.subpaths:
            closed = len(sub) > 2 and sub[0] == sub[-1]
            corners = sub + sub[1:2] if closed else sub  # the closing corner too
            for a, b, c in zip(corners, corners[1:], corners[2:], strict=False):
                u, v = (b[0] - a[0], b[1] - a[1]), (c[0] - b[0], c[1] - b[1])
                lu, lv = hypot(*u), hypot(*v)
                if not lu or not lv:
                    continue
                cos_turn = (u[0] * v[0] + u[1] * v[1]) / (lu * lv)
                sin_half = sqrt(max(0.0, (1 + cos_turn) / 2))  # of the corner's angle
                ratio = 1 / sin_half if sin_half > 1e-9 else float("inf")
                if ratio <= limit:
                    worst = max(worst, ratio)
        return worst


def _inside(edges, x: float, y: float, even_odd: bool) -> bool:
    winding = crossings = 0
    for (x0, y0), (x1, y1) in edges:
        if (y0 <= y) != (y1 <= y):
            at = x0 + (y - y0) * (x1 - x0) / (y1 - y0)
            if at > x:
                crossings += 1
                winding += 1 if y1 > y0 else -1
    return crossings % 2 == 1 if even_odd else winding != 0


def cuts(a, b, box) -> bool:
    """Whether segment a-b enters the open box (Liang-Barsky)."""
    x0, y0, x1, y1 = box
    dx, dy = b[0] - a[0], b[1] - a[1]
    low, high = 0.0, 1.0
    for p, q in ((-dx, a[0] - x0), (dx, x1 - a[0]), (-dy, a[1] - y0), (dy, y1 - a[1])):
        if p == 0:
            if q <= 0:
                return False
        else:
            t = q / p
            if p < 0:
                low = max(low, t)
            else:
                high = min(high, t)
            if low >= high:
                return False
    return True


def covers(path: Path, even_odd: bool, box) -> bool:
    """Whether the filled path surely covers the whole box: no edge enters it and its
    corners are inside (so the winding is the same all over it)."""
    box = grow(box, -EPS)
    if box[0] >= box[2] or box[1] >= box[3]:
        return True
    edges = list(path.edges())
    if any(cuts(a, b, box) for a, b in edges):
        return False
    return all(_inside(edges, x, y, even_odd) for x, y in
               ((box[0], box[1]), (box[2], box[1]), (box[2], box[3]), (box[0], box[3])))
