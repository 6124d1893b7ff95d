"""SVG path data (`d`) as closed polygons: an icon library's pictures become the
`path:` shapes of an icon file (docs/format.md section 6), which every drawing of
a game (the PDFs, the exports, the companion's Kivy meshes) fills alike, without an
SVG renderer. Curves and arcs are cut into straight segments no farther than
`tolerance` from the true curve, in the units of the path."""

from __future__ import annotations

import math
import re

NUMBER = re.compile(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")
SEPARATORS = " \t\r\n,"
ARGS = {"M": 2, "L": 2, "H": 1, "V": 1, "C": 6, "S": 4, "Q": 4, "T": 2, "A": 7, "Z": 0}


class PathError(ValueError):
    """Path data this reader cannot follow (the message says where)."""


class _Scanner:
    def __init__(self, text: str):
        self.text, self.at = text, 0

    def skip(self) -> None:
        while self.at < len(self.text) and self.text[self.at] in SEPARATORS:
            self.at += 1

    def command(self) -> str | None:
        """The next command letter, or None when a number follows (a repeat)."""
        self.skip()
        if self.at < len(self.text) and self.text[self.at].isalpha():
            self.at += 1
            return self.text[self.at - 1]
        return None

    def done(self) -> bool:
        self.skip()
        return self.at >= len(self.text)

    def number(self) -> float:
        self.skip()
        found = NUMBER.match(self.text, self.at)
        if not found:
            raise PathError(f"a number expected at character {self.at + 1}")
        self.at = found.end()
        return float(found.group())

    def flag(self) -> bool:
        """An arc flag: one digit, written without a separator as often as with one."""
        self.skip()
        if self.at < len(self.text) and self.text[self.at] in "01":
            self.at += 1
            return self.text[self.at - 1] == "1"
        raise PathError(f"an arc flag (0 or 1) expected at character {self.at + 1}")


def rings(d: str, tolerance: float) -> list[list[tuple[float, float]]]:
    """The closed sub-paths of `d` as point lists (absolute, curves flattened). Every
    sub-path is closed, as a fill closes it."""
    scan, out, ring = _Scanner(d), [], []
    x = y = start_x = start_y = 0.0
    last_control = None  # (command kind, control point) for S and T
    command = None
    while not scan.done():
        letter = scan.command()
        if letter is None:
            if command is None or command.upper() == "Z":
                raise PathError(f"a command letter expected at character {scan.at + 1}")
            letter = {"M": "L", "m": "l"}.get(command, command)
        elif letter.upper() not in ARGS:
            raise PathError(f"unknown path command '{letter}' at character {scan.at}")
        command, kind, relative = letter, letter.upper(), letter.islower()
        if kind == "Z":
            if len(ring) > 2:
                out.append(ring)
            ring, x, y, last_control = [], start_x, start_y, None
            continue
        args = [scan.flag() if kind == "A" and i in (3, 4) else scan.number()
                for i in range(ARGS[kind])]
        dx, dy = (x, y) if relative else (0.0, 0.0)
        if kind == "M":
            if len(ring) > 2:
                out.append(ring)
            x, y = args[0] + dx, args[1] + dy
            start_x, start_y, ring = x, y, [(x, y)]
            last_control = None
            continue
        if not ring:  # drawing on after a Z: a new sub-path from where it closed
            ring = [(x, y)]
        if kind == "H":
            x = args[0] + (x if relative else 0.0)
            ring.append((x, y))
        elif kind == "V":
            y = args[0] + (y if relative else 0.0)
            ring.append((x, y))
        elif kind == "L":
            x, y = args[0] + dx, args[1] + dy
            ring.append((x, y))
        elif kind in "CS":
            if kind == "C":
                c1 = (args[0] + dx, args[1] + dy)
                rest = args[2:]
            else:
                c1 = _mirror(last_control, "C", x, y)
                rest = args
            c2, end = (rest[0] + dx, rest[1] + dy), (rest[2] + dx, rest[3] + dy)
            ring += _cubic((x, y), c1, c2, end, tolerance)
            (x, y), last_control = end, ("C", c2)
            continue
        elif kind in "QT":
            if kind == "Q":
                c1, end = (args[0] + dx, args[1] + dy), (args[2] + dx, args[3] + dy)
            else:
                c1, end = _mirror(last_control, "Q", x, y), (args[0] + dx, args[1] + dy)
            ring += _quadratic((x, y), c1, end, tolerance)
            (x, y), last_control = end, ("Q", c1)
            continue
        else:  # A
            end = (args[5] + dx, args[6] + dy)
            ring += _arc((x, y), args[0], args[1], args[2], args[3], args[4], end, tolerance)
            x, y = end
        last_control = None
    if len(ring) > 2:
        out.append(ring)
    return out


def _mirror(last, kind: str, x: float, y: float) -> tuple[float, float]:
    """S and T: the previous control point reflected, or the current point."""
    if last is None or last[0] != kind:
        return (x, y)
    return (2 * x - last[1][0], 2 * y - last[1][1])


def _cubic(p0, p1, p2, p3, tolerance: float) -> list:
    """Points after p0; a cubic strays at most 3/4 * max second difference / n^2."""
    bend = max(math.dist((p0[0] - 2 * p1[0] + p2[0], p0[1] - 2 * p1[1] + p2[1]), (0, 0)),
               math.dist((p1[0] - 2 * p2[0] + p3[0], p1[1] - 2 * p2[1] + p3[1]), (0, 0)))
    n = max(1, math.ceil(math.sqrt(0.75 * bend / tolerance)))
    out = []
    for i in range(1, n + 1):
        t = i / n
        u = 1 - t
        a, b, c, d = u * u * u, 3 * u * u * t, 3 * u * t * t, t * t * t
        out.append((a * p0[0] + b * p1[0] + c * p2[0] + d * p3[0],
                    a * p0[1] + b * p1[1] + c * p2[1] + d * p3[1]))
    return out


def _quadratic(p0, p1, p2, tolerance: float) -> list:
    bend = math.dist((p0[0] - 2 * p1[0] + p2[0], p0[1] - 2 * p1[1] + p2[1]), (0, 0))
    n = max(1, math.ceil(math.sqrt(0.25 * bend / tolerance)))
    out = []
    for i in range(1, n + 1):
        t = i / n
        u = 1 - t
        out.append((u * u * p0[0] + 2 * u * t * p1[0] + t * t * p2[0],
                    u * u * p0[1] + 2 * u * t * p1[1] + t * t * p2[1]))
    return out


def _arc(p0, rx, ry, angle, large, sweep, p1, tolerance: float) -> list:
    """An elliptical arc by the SVG specification's endpoint-to-centre conversion."""
    rx, ry = abs(rx), abs(ry)
    if rx == 0 or ry == 0 or p0 == p1:
        return [p1]
    phi = math.radians(angle)
    cos, sin = math.cos(phi), math.sin(phi)
    hx, hy = (p0[0] - p1[0]) / 2, (p0[1] - p1[1]) / 2
    x1, y1 = cos * hx + sin * hy, -sin * hx + cos * hy
    scale = (x1 * x1) / (rx * rx) + (y1 * y1) / (ry * ry)
    if scale > 1:  # radii too small for the endpoints: grown, as a renderer does
        rx, ry = rx * math.sqrt(scale), ry * math.sqrt(scale)
    top = rx * rx * ry * ry - rx * rx * y1 * y1 - ry * ry * x1 * x1
    root = math.sqrt(max(0.0, top / (rx * rx * y1 * y1 + ry * ry * x1 * x1)))
    if large == sweep:
        root = -root
    cx1, cy1 = root * rx * y1 / ry, -root * ry * x1 / rx
    cx = cos * cx1 - sin * cy1 + (p0[0] + p1[0]) / 2
    cy = sin * cx1 + cos * cy1 + (p0[1] + p1[1]) / 2
    start = math.atan2((y1 - cy1) / ry, (x1 - cx1) / rx)
    span = math.atan2((-y1 - cy1) / ry, (-x1 - cx1) / rx) - start
    if sweep and span < 0:
        span += 2 * math.pi
    elif not sweep and span > 0:
        span -= 2 * math.pi
    radius = max(rx, ry)
    step = 2 * math.acos(max(-1.0, 1 - tolerance / radius)) if tolerance < radius else math.pi
    n = max(1, math.ceil(abs(span) / step))
    out = []
    for i in range(1, n + 1):
        t = start + span * i / n
        ex, ey = rx * math.cos(t), ry * math.sin(t)
        out.append((cos * ex - sin * ey + cx, sin * ex + cos * ey + cy))
    out[-1] = p1
    return out


def fitted(paths: list, box: tuple, size: float = 100.0, digits: int = 1) -> list:
    """Rings from a view box (left, top, width, height) into a size x size box, centred
    and rounded; points that rounding makes repeat, or leaves on a straight line, are
    dropped, and so is a ring that rounds to nothing."""
    left, top, width, height = box
    k = size / max(width, height)
    off_x, off_y = (size - width * k) / 2, (size - height * k) / 2
    out = []
    for ring in paths:
        points = []
        for px, py in ring:
            point = (round((px - left) * k + off_x, digits), round((py - top) * k + off_y, digits))
            if not points or point != points[-1]:
                points.append(point)
        while len(points) > 1 and points[0] == points[-1]:
            points.pop()
        points = _no_straight(points)
        if len(points) > 2 and abs(area(points)) > 0:
            out.append(points)
    return out


def _no_straight(points: list) -> list:
    """Without the points that lie exactly on the line through their neighbours."""
    changed = True
    while changed and len(points) > 3:
        changed, kept = False, []
        for i, point in enumerate(points):
            before, after = (kept[-1] if kept else points[i - 1]), points[(i + 1) % len(points)]
            if _cross(before, point, after) == 0:
                changed = True
                continue
            kept.append(point)
        points = kept
    return points


def _cross(a, b, c) -> float:
    return round((b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]), 6)


def area(ring: list) -> float:
    """Signed area (shoelace): its sign is the ring's direction."""
    return sum(ring[i - 1][0] * p[1] - p[0] * ring[i - 1][1] for i, p in enumerate(ring)) / 2


def fill_difference(paths: list, size: float = 100.0, rows: int = 400) -> float:
    """The area (in the box's units) that even-odd filling leaves empty and SVG's
    default nonzero filling paints, or the reverse: sampled on `rows` scanlines. An
    icon file fills even-odd, so a picture whose parts overlap without cutting a hole
    would print hollow where they overlap."""
    edges = [(a, b) for ring in paths for a, b in zip(ring, ring[1:] + ring[:1], strict=True)
             if a[1] != b[1]]
    step = size / rows
    differ = 0.0
    for row in range(rows):
        y = (row + 0.5) * step
        hits = sorted((a[0] + (y - a[1]) * (b[0] - a[0]) / (b[1] - a[1]), 1 if b[1] > a[1] else -1)
                      for a, b in edges if min(a[1], b[1]) <= y < max(a[1], b[1]))
        winding = 0
        for (x0, direction), (x1, _) in zip(hits, hits[1:], strict=False):
            winding += direction  # nonzero paints where this is not 0, even-odd where odd
            if winding != 0 and winding % 2 == 0:
                differ += (x1 - x0) * step
    return differ
