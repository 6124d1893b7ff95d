"""Top-Secret's board on the screen, drawn as it prints (the same rows of hexagons,
the purple Field, the `*` tiles, the drop spaces, the Intel colours and symbols
from cards/top-secret), with every piece on it: loose Intel with its value,
agents in their team's colour with their kind's pictogram and the Intel they
hold, blockades and pins with the turn they run out, and the last trickle as an
arrow per piece that moved. A TsSpace over each space takes taps (and holds: the
piece as printed)."""

from __future__ import annotations

from math import atan2, cos, pi, sin, sqrt
from pathlib import Path

from kivy.core.text import Label as CoreLabel
from kivy.graphics import (
    Color,
    Ellipse,
    Line,
    Mesh,
    PopMatrix,
    PushMatrix,
    Rectangle,
    Scale,
    Translate,
)
from kivy.lang import Builder
from kivy.metrics import dp, sp
from kivy.properties import NumericProperty, StringProperty
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.widget import Widget
from kivy.utils import get_color_from_hex

from companion.app.icons import draw_part, recipe
from companion.app.zoom import Holdable
from companion.core import printed
from companion.games.ts.data import GAME_ID, tables
from companion.games.ts.geometry import OFF, board

ROOT3 = sqrt(3)
LIT = {"target": (0.98, 0.82, 0.25, 0.55), "selected": (0.98, 0.82, 0.25, 0.9),
       "source": (0.45, 0.85, 1.0, 0.55)}


def hexcolour(name: str):
    return get_color_from_hex(name)


def shapes(name: str):
    return printed.game(GAME_ID).icons[name]


class TsSpace(Holdable, ButtonBehavior, Widget):
    """A space of the board, to tap (and to hold: the piece on it, as printed)."""

    space = NumericProperty(0)
    lit = StringProperty("")


class TsBoard(Widget):
    """The board and its pieces; `show(state, lit, arrows)` draws them."""

    radius = NumericProperty(dp(30))

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.geometry = board()
        self.spaces = [TsSpace(space=i) for i in range(self.geometry.size)]
        for child in self.spaces:
            self.add_widget(child)
        self.state, self.lit, self.arrows = None, {}, []
        self.bind(pos=self.redraw, size=self.redraw)

    # -- where things are ----------------------------------------------------------------
    def fit(self) -> None:
        rows, long = self.geometry.rows, max(x for _, x in self.geometry.coords) // 2 + 1
        self.radius = max(1.0, min((self.width - dp(28)) / (long * ROOT3),
                                   (self.height - dp(4)) / (2 + 1.5 * (rows - 1))))

    def centre(self, space: int) -> tuple:
        r = self.radius
        row, x = self.geometry.coords[space]
        long = max(x for _, x in self.geometry.coords) // 2 + 1
        left = self.center_x - long * ROOT3 * r / 2 + dp(10)
        top = self.center_y + (2 + 1.5 * (self.geometry.rows - 1)) * r / 2
        return left + (x + 1) * ROOT3 * r / 2, top - r - 1.5 * r * row

    # -- drawing -------------------------------------------------------------------------
    def show(self, state: dict, lit: dict, arrows: list) -> None:
        self.state, self.lit, self.arrows = state, lit, arrows
        self.redraw()

    def redraw(self, *_args) -> None:
        if self.state is None:
            return
        self.fit()
        r = self.radius
        side = ROOT3 * r
        for space in self.spaces:
            cx, cy = self.centre(space.space)
            space.size = (side, side)
            space.center = (cx, cy)
            space.lit = self.lit.get(space.space, "")
            space.piece = self.piece_at(space.space)
        self.canvas.before.clear()
        with self.canvas.before:
            for space in range(self.geometry.size):
                self.draw_space(space)
            self.draw_edges()
            for space in range(self.geometry.size):
                self.draw_contents(space)
            for arrow in self.arrows:
                self.draw_arrow(*arrow)

    def piece_at(self, space: int):
        state = self.state
        agent = state["spots"][space]
        if agent:
            return ("agents", agent)
        intel = state["board"][space]
        return ("intel", intel) if intel else None

    def hexagon(self, cx, cy, r, colour) -> None:
        Color(rgba=colour)
        points = [(cx + r * cos(pi / 6 + k * pi / 3), cy + r * sin(pi / 6 + k * pi / 3))
                  for k in range(6)]
        vertices = [cx, cy, 0, 0] + [v for x, y in points for v in (x, y, 0, 0)]
        Mesh(vertices=vertices, indices=[0, *range(1, 7), 1], mode="triangle_fan")

    def draw_space(self, space: int) -> None:
        cx, cy = self.centre(space)
        r = self.radius
        field = self.geometry.field[space]
        self.hexagon(cx, cy, r * 0.97, (0.36, 0.24, 0.52, 1) if field else (0.2, 0.23, 0.28, 1))
        lit = self.lit.get(space)
        if lit:
            self.hexagon(cx, cy, r * 0.97, LIT[lit])
        if self.geometry.is_spawn[space]:
            self.text("*", cx, cy - r * 0.62, sp(14), (1, 1, 1, 0.8))
        if space in self.geometry.drops:
            self.icon("drop", cx, cy + r * 0.55, r * 0.5, (0.95, 0.85, 0.5, 1))

    def draw_edges(self) -> None:
        """Row letters at the left, so a space can be named as printed (A1 ... I7)."""
        for row in range(self.geometry.rows):
            first = next(i for i, (r, _) in enumerate(self.geometry.coords) if r == row)
            cx, cy = self.centre(first)
            self.text(chr(65 + row), cx - self.radius * 1.2, cy, sp(14), (0.7, 0.7, 0.7, 1))

    def draw_contents(self, space: int) -> None:
        state, r = self.state, self.radius
        cx, cy = self.centre(space)
        wall = state["walls"][space]
        intel = state["board"][space]
        agent_id = state["spots"][space]
        if intel:
            self.draw_intel(intel, cx, cy, r * 0.95)
        if agent_id:
            self.draw_agent(agent_id, cx, cy, r)
        if wall:
            Color(0.1, 0.1, 0.1, 0.85)
            Line(points=[cx - r * 0.6, cy - r * 0.45, cx + r * 0.6, cy + r * 0.45],
                 width=dp(4))
            self.icon("blockade", cx, cy, r * 0.9, (0.95, 0.55, 0.2, 1))
            self.text(self.ends(wall), cx, cy - r * 0.58, sp(12), (1, 1, 1, 1))

    def draw_intel(self, intel: str, cx, cy, size) -> None:
        """A piece of Intel as it prints: its colour, its symbol, its value (a heart for
        a Honeypot)."""
        tile = tables().intel[intel]
        colours = printed.game(GAME_ID).vars["colours"][tile.colour]
        Color(0.05, 0.05, 0.05, 1)
        Ellipse(pos=(cx - size / 2 - dp(1), cy - size / 2 - dp(1)),
                size=(size + dp(2), size + dp(2)))
        Color(rgba=hexcolour(colours["fill"]))
        Ellipse(pos=(cx - size / 2, cy - size / 2), size=(size, size))
        ink = hexcolour(colours["ink"])
        if tile.honeypot:
            self.icon("heart", cx, cy, size * 0.72, ink)
        else:
            self.icon(colours["symbol"], cx, cy + size * 0.22, size * 0.34, ink)
            self.text(str(tile.value), cx, cy - size * 0.2, size * 0.44, ink)

    def draw_agent(self, agent_id: str, cx, cy, r) -> None:
        agent = self.state["agents"][agent_id]
        team = ("black", "white")[agent["seat"]]
        look = printed.game(GAME_ID).vars["teams"][team]
        self.hexagon(cx, cy, r * 0.78, (0.95, 0.82, 0.3, 1) if agent["seat"] == 0 else
                     (0.15, 0.15, 0.18, 1))  # an outline that shows on either ground
        self.hexagon(cx, cy, r * 0.72, hexcolour(look["fill"]))
        self.icon(agent["kind"], cx, cy + r * 0.05, r * 0.72, hexcolour(look["ink"]))
        for n, intel in enumerate(agent["held"]):  # its Intel, along the lower edge
            self.draw_intel(intel, cx + (n - 1) * r * 0.5, cy - r * 0.64, r * 0.5)
        if agent_id in self.state["pins"]:  # and whose turn's end frees it (TS-PIN)
            self.icon("pin", cx + r * 0.45, cy + r * 0.5, r * 0.4, (0.95, 0.3, 0.3, 1))
            self.text(self.ends(self.state["pins"][agent_id]), cx, cy + r * 0.84, sp(12),
                      (0.95, 0.3, 0.3, 1))

    def draw_arrow(self, start: int, end: int, colour) -> None:
        x1, y1 = self.centre(start)
        if end == OFF:
            x2, y2 = x1, y1 - self.radius * 1.4
        else:
            x2, y2 = self.centre(end)
        Color(rgba=colour)
        Line(points=[x1, y1, x2, y2], width=dp(2.2))
        angle = 0 if (x2, y2) == (x1, y1) else atan2(y2 - y1, x2 - x1)
        head = self.radius * 0.35
        Line(points=[x2 - head * cos(angle - 0.5), y2 - head * sin(angle - 0.5), x2, y2,
                     x2 - head * cos(angle + 0.5), y2 - head * sin(angle + 0.5)],
             width=dp(2.2))

    def ends(self, turn: int) -> str:
        """The player at the end of whose turn `turn` a blockade or pin goes (short)."""
        return self.state["players"][(self.state["first"] + turn - 1) % 2]["name"][:6]

    # -- small drawing helpers -----------------------------------------------------------------
    def text(self, text: str, cx, cy, size, colour) -> None:
        label = CoreLabel(text=text, font_size=size, bold=True)
        label.refresh()
        Color(rgba=colour)
        w, h = label.texture.size
        Rectangle(texture=label.texture, pos=(cx - w / 2, cy - h / 2), size=(w, h))

    def icon(self, name: str, cx, cy, size, colour) -> None:
        try:
            parts = recipe(shapes, name)
        except KeyError:
            return
        k = size / 100.0
        Color(rgba=colour)
        PushMatrix()
        Translate(cx - 50 * k, cy - 50 * k)
        Scale(k, k, 1)
        for part in parts:
            draw_part(part)
        PopMatrix()


Builder.load_file(str(Path(__file__).with_name("board.kv")))
