"""A game's printed pictograms, drawn from their YAML shapes with Kivy instructions:
crisp at any size, and the same drawing the print tool makes (pnp/draw/renderer.py). A game
subclasses PrintedIcon with the function that gives an icon's shapes."""

from __future__ import annotations

from functools import cache

from kivy.graphics import (
    Color,
    Ellipse,
    Line,
    Mesh,
    PopMatrix,
    PushMatrix,
    Rectangle,
    RoundedRectangle,
    Scale,
    Translate,
)
from kivy.graphics.tesselator import TYPE_POLYGONS, WINDING_ODD, Tesselator
from kivy.properties import ColorProperty, StringProperty
from kivy.uix.widget import Widget


def _flip(points) -> list[float]:
    """Icon box points (y down) as Kivy's flat list (y up)."""
    return [v for x, y in points for v in (x, 100 - y)]


@cache
def recipe(shapes, name: str) -> tuple:
    """An icon as ('mesh', vertices, indices) for its filled outlines (even-odd, so
    holes stay open) plus ('line', points, width) and ('disc', x, y, r) parts, in
    its 100 x 100 box with y up."""
    tess, parts = Tesselator(), []
    for shape in shapes(name):
        if "polygon" in shape or "path" in shape:
            for ring in [shape["polygon"]] if "polygon" in shape else shape["path"]:
                tess.add_contour(_flip(ring))
        elif "circle" in shape:
            cx, cy, r = shape["circle"]
            parts.append(("disc", cx, 100 - cy, r))
        elif "ring" in shape:
            cx, cy, r, width = shape["ring"]
            parts.append(("ring", cx, 100 - cy, r, width))
        elif "rect" in shape:
            x, y, w, h = shape["rect"]
            parts.append(("rect", x, 100 - y - h, w, h, shape.get("radius", 0)))
        elif "line" in shape:
            parts.append(("line", _flip(shape["line"]), shape.get("width", 6)))
    vertices, indices = [], []
    if tess.tesselate(WINDING_ODD, TYPE_POLYGONS):
        for flat, _fan in tess.meshes:  # convex polygons: fans into triangles
            base = len(vertices) // 4
            count = len(flat) // 4
            vertices += list(flat)
            for i in range(1, count - 1):
                indices += [base, base + i, base + i + 1]
    return ((("mesh", vertices, indices),) if indices else ()) + tuple(parts)


class PrintedIcon(Widget):
    """One pictogram, as large as fits the widget, centred, in one colour."""

    shapes = None  # a game's: icon name -> its shapes (KeyError for no such icon)

    name = StringProperty("")
    colour = ColorProperty((1, 1, 1, 1))

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.fbind("pos", self.draw)
        self.fbind("size", self.draw)
        self.fbind("name", self.draw)
        self.fbind("colour", self.draw)

    def draw(self, *_args) -> None:
        self.canvas.clear()
        try:
            parts = recipe(type(self).shapes, self.name) if self.name else ()
        except KeyError:
            return
        x, y = self.pos  # not center_x/center_y: their cached values lag a pos event
        width, height = self.size
        k = min(width, height) / 100.0
        with self.canvas:
            Color(rgba=self.colour)
            PushMatrix()
            Translate(x + width / 2 - 50 * k, y + height / 2 - 50 * k)
            Scale(k, k, 1)
            for part in parts:
                draw_part(part)
            PopMatrix()


def draw_part(part: tuple) -> None:
    kind = part[0]
    if kind == "mesh":
        Mesh(vertices=part[1], indices=part[2], mode="triangles")
    elif kind == "disc":
        _, x, y, r = part
        Ellipse(pos=(x - r, y - r), size=(2 * r, 2 * r))
    elif kind == "ring":
        _, x, y, r, width = part
        Line(circle=(x, y, r), width=width / 2)
    elif kind == "rect":
        _, x, y, w, h, radius = part
        if radius:
            RoundedRectangle(pos=(x, y), size=(w, h), radius=[radius])
        else:
            Rectangle(pos=(x, y), size=(w, h))
    else:
        Line(points=part[1], width=part[2] / 2, cap="round", joint="round")
