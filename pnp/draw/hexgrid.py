"""The `hexgrid` element: a field of hexagonal spaces in offset rows (or columns),
each named by its row letter and column number (`A1` top left), with per-space
fills, outlines, labels and icons picked by name, by row or by column.

The geometry is computed here once (`Grid`), for drawing and for anyone who needs
to know where a space is (a test, a program placing pieces on a board).
"""

from __future__ import annotations

import math
import re
import string
from dataclasses import dataclass

from reportlab.lib.units import mm

from pnp.draw.colors import color

MAX_SPACES = 10_000  # spaces of one grid: far beyond any printed board
ROOT3 = math.sqrt(3.0)
NAME = re.compile(r"^([A-Z]+)(\d+)?$|^(\d+)$")


def row_letters(index: int) -> str:
    """0 -> A, 25 -> Z, 26 -> AA: the row names of a grid of any height."""
    letters = ""
    index += 1
    while index:
        index, rest = divmod(index - 1, 26)
        letters = string.ascii_uppercase[rest] + letters
    return letters


@dataclass(frozen=True)
class Space:
    name: str  # row letter(s) and column number: 'A1'
    row: int  # from 0, top to bottom
    col: int  # from 0, its place in its row (pointy) or its column (flat)
    cx: float  # centre, mm from the trim's top-left
    cy: float


@dataclass(frozen=True)
class Grid:
    """Spaces of `size` across the corners. `pointy`: rows of spaces, every other row
    (`shift` odd or even, counted from 1) set half a space right and, when `short`, one
    space shorter. `flat`: the same with columns, set half a space down."""

    x: float
    y: float
    rows: int
    cols: int
    size: float
    orient: str = "pointy"
    shift: str = "even"
    short: bool = False

    @property
    def radius(self) -> float:
        return self.size / 2

    @property
    def across_flats(self) -> float:
        """The width of a space between two parallel sides: the distance between the
        centres of neighbouring spaces."""
        return self.size * ROOT3 / 2

    def shifted(self, line: int) -> bool:
        """Whether row (pointy) or column (flat) `line`, from 0, is set half a space on."""
        return (line % 2 == 1) == (self.shift == "even")

    def spaces(self) -> list[Space]:
        r, f = self.radius, self.across_flats
        found = []
        if self.orient == "pointy":
            for row in range(self.rows):
                half = self.shifted(row)
                for col in range(self.cols - (1 if half and self.short else 0)):
                    found.append(Space(f"{row_letters(row)}{col + 1}", row, col,
                                       self.x + f / 2 + col * f + (f / 2 if half else 0),
                                       self.y + r + row * 1.5 * r))
            return found
        for col in range(self.cols):
            half = self.shifted(col)
            for row in range(self.rows - (1 if half and self.short else 0)):
                found.append(Space(f"{row_letters(row)}{col + 1}", row, col,
                                   self.x + r + col * 1.5 * r,
                                   self.y + f / 2 + row * f + (f / 2 if half else 0)))
        return found

    def extent(self) -> tuple[float, float]:
        """Width and height of the grid's bounding box, mm."""
        r, f = self.radius, self.across_flats
        along = 0.5 if not self.short and any(self.shifted(i) for i in range(
            self.rows if self.orient == "pointy" else self.cols)) else 0.0
        if self.orient == "pointy":
            return (self.cols + along) * f, 2 * r + (self.rows - 1) * 1.5 * r
        return 2 * r + (self.cols - 1) * 1.5 * r, (self.rows + along) * f

    def corners(self, space: Space, gap: float = 0.0) -> list[tuple[float, float]]:
        """The six corners of a space drawn `gap` mm apart from its neighbours,
        clockwise from the top (pointy) or the right (flat)."""
        r = self.radius - gap / ROOT3
        start = -90 if self.orient == "pointy" else 0
        return [(space.cx + r * math.cos(math.radians(start + 60 * k)),
                 space.cy + r * math.sin(math.radians(start + 60 * k))) for k in range(6)]

    def select(self, key: str, spaces: list[Space]) -> list[Space] | None:
        """The spaces a key names: a space (`B3`), a row (`B`) or a column (`3`);
        None when the key names nothing on this grid."""
        found = NAME.match(key)
        if not found:
            return None
        letters, number, column = found.groups()
        if column:
            chosen = [s for s in spaces if s.col + 1 == int(column)]
        elif number:
            chosen = [s for s in spaces if s.name == key]
        else:
            chosen = [s for s in spaces if row_letters(s.row) == letters]
        return chosen or None


class HexgridDrawing:
    """The hexgrid part of the Renderer (needs self.c, self.game, self.paint,
    self.style, self.text_box, self.icon_shapes, self.report_value)."""

    def draw_hexgrid(self, e, w, h, b):
        if e["rows"] * e["cols"] > MAX_SPACES:
            self.report_value("rows", f"a grid of {e['rows']} x {e['cols']} spaces; the "
                              f"limit is {MAX_SPACES} spaces")
            return
        grid = Grid(e["x"], e["y"], e["rows"], e["cols"], e["size"], e["orient"],
                    e["shift"], e["short"])
        spaces = grid.spaces()
        looks = {s.name: {} for s in spaces}  # each space's own keys, later entries winning
        for entry in e.get("spaces") or []:
            keys = entry["at"] if isinstance(entry["at"], list) else [entry["at"]]
            for key in keys:
                chosen = grid.select(str(key), spaces)
                if chosen is None:
                    rows = row_letters(max(s.row for s in spaces))
                    cols = max(s.col for s in spaces) + 1
                    self.report_value("spaces", f"'{key}' names no space, row or column of "
                                      f"this grid (rows A-{rows}, columns 1-{cols})")
                    continue
                for space in chosen:
                    looks[space.name].update({k: v for k, v in entry.items()
                                              if k != "at" and v is not None})
        if not self.known_names(e, looks):
            return
        gap = e.get("gap") or 0.0
        for space in spaces:
            self.hex_space(grid, space, {**e, **looks[space.name]}, gap)
        a = grid.across_flats / 2 - gap / 2  # the space's inner radius, as drawn
        for space in spaces:
            look = {**e, **looks[space.name]}
            if e["names"]:
                self.hex_name(grid, space, look, a)
            self.hex_mark(space, look, a)

    def known_names(self, e, looks) -> bool:
        """Styles and icons named per space must exist (the grid's own are checked
        on loading)."""
        for look in looks.values():
            for key, known, what in (("style", self.game.styles, "style"),
                                     ("label_style", self.game.styles, "style"),
                                     ("icon", self.game.icons, "icon")):
                if key in look and look[key] not in known:
                    self.report_value("spaces", f"unknown {what} '{look[key]}'")
                    return False
        if "icon" in e and e["icon"] not in self.game.icons:
            self.report_value("icon", f"unknown icon '{e['icon']}'")
            return False
        return True

    def hex_space(self, grid: Grid, space: Space, look: dict, gap: float) -> None:
        fill, stroke = self.paint(look)
        if not (fill or stroke):
            return
        c = self.c
        path = c.beginPath()
        (x0, y0), *rest = grid.corners(space, gap)
        path.moveTo(x0 * mm, -y0 * mm)
        for x, y in rest:
            path.lineTo(x * mm, -y * mm)
        path.close()
        c.drawPath(path, stroke=int(stroke), fill=int(fill))

    def hex_name(self, grid: Grid, space: Space, look: dict, a: float) -> None:
        """The space's name in a band at its top, middle or bottom."""
        offset = {"top": -0.7, "center": 0.0, "bottom": 0.7}[look["name_at"]] * a
        band = 0.34 * a
        self.text_box(space.name, {**self.style(look), "align": "center", "valign": "middle"},
                      space.cx - a / 2, space.cy + offset - band / 2, a, band, False)

    def hex_mark(self, space: Space, look: dict, a: float) -> None:
        """A space's icon, centred, and its label (below the icon when it has one)."""
        icon, label = look.get("icon"), look.get("label")
        label = "" if label is None else str(label)
        size = look.get("icon_size") or a
        band = 0.34 * a if label.strip() else 0.0
        if icon:
            top = space.cy - (size + band) / 2
            self.c.saveState()
            self.c.translate((space.cx - size / 2) * mm, -top * mm)
            self.icon_shapes(icon, size, color(look.get("color") or "#000000"))
            self.c.restoreState()
        if band:
            top = space.cy + (size - band) / 2 if icon else space.cy - band / 2
            style = {**self.style(look, "label_style"), "align": "center",
                     "valign": "middle"}
            self.text_box(label, style, space.cx - a * 0.8, top, a * 1.6, band, False)
