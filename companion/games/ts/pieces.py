"""Top-Secret's pieces drawn with Kivy instructions as they print (cards/top-secret: an
Intel's colour, symbol and value, an agent's side and pictogram, the striped blockade,
the red pin), crisp at any size and cut to their shape: the board draws them small
(board.py), a held piece draws them large (held.py). Each function draws into the
canvas being built (`with canvas:`)."""

from __future__ import annotations

from functools import cache
from math import cos, pi, sin

from kivy.core.text import Label as CoreLabel
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
from kivy.metrics import dp, sp
from kivy.utils import get_color_from_hex

from companion.app.icons import draw_part, recipe
from companion.core import printed
from companion.games.ts.data import GAME_ID, tables
from companion.games.ts.geometry import NUMERAL, chips

OUTLINE = (0.05, 0.05, 0.06, 1)
HAZARD, INK, PAPER = "#f2b705", "#1d1f24", "#f8f3e6"
STAMP = "#a3221b"  # the pin's red
CHIP_LEAST = dp(9)  # a held chip's least radius: 18 dp across round its value's 14 sp
READ = sp(14)  # the least size of a value a player reads (the standards' text)
_TEXTURES: dict = {}  # (text, pixels, bold) -> texture: a board redraws without new labels


@cache
def colour(hex_or_name: str) -> tuple:
    return tuple(get_color_from_hex(hex_or_name))


def shapes(name: str):
    """A printed pictogram's shapes (one function, so icons.recipe's cache holds)."""
    return printed.game(GAME_ID).icons[name]


def looks() -> dict:
    return printed.game(GAME_ID).vars


def texture(text: str, size: float, bold: bool = True):
    key = (text, round(size), bold)
    if key not in _TEXTURES:
        label = CoreLabel(text=text, font_size=round(size), bold=bold)
        label.refresh()
        _TEXTURES[key] = label.texture
    return _TEXTURES[key]


def text(words: str, cx, cy, size, rgba, bold: bool = True) -> tuple:
    """Words centred on (cx, cy), `size` pixels; their drawn width and height."""
    tex = texture(words, size, bold)
    w, h = tex.size
    Color(rgba=rgba)
    Rectangle(texture=tex, pos=(cx - w / 2, cy - h / 2), size=(w, h))
    return w, h


def icon(name: str, cx, cy, size, rgba) -> None:
    """A printed pictogram, `size` pixels square, centred."""
    try:
        parts = recipe(shapes, name)
    except KeyError:
        return
    k = size / 100.0
    Color(rgba=rgba)
    PushMatrix()
    Translate(cx - 50 * k, cy - 50 * k)
    Scale(k, k, 1)
    for part in parts:
        draw_part(part)
    PopMatrix()


def polygon(points: list, rgba) -> None:
    """A convex polygon, filled."""
    cx = sum(x for x, _ in points) / len(points)
    cy = sum(y for _, y in points) / len(points)
    Color(rgba=rgba)
    vertices = [cx, cy, 0, 0] + [v for x, y in points for v in (x, y, 0, 0)]
    Mesh(vertices=vertices, indices=[0, *range(1, len(points) + 1), 1], mode="triangle_fan")


def hex_points(cx, cy, r, flat: bool = False) -> list:
    """A hexagon's corners: pointy top (the board's spaces), or flat top (an agent tile
    as it prints, 30 mm across the corners)."""
    turn = 0 if flat else pi / 6
    return [(cx + r * cos(turn + k * pi / 3), cy + r * sin(turn + k * pi / 3)) for k in range(6)]


def disc(cx, cy, radius, rgba) -> None:
    Color(rgba=rgba)
    Ellipse(pos=(cx - radius, cy - radius), size=(2 * radius, 2 * radius))


EDGE = dp(1.5)  # a held chip's side's outline, round its dark edge


def rings(radius: float) -> float:
    """How far a held chip's outlines reach beyond it (its dark edge, its side's)."""
    return max(1.0, radius * 0.06) + EDGE


def intel(piece: str, cx, cy, radius, symbol: bool = True, edge=OUTLINE,
          numeral: tuple = (0, 0)) -> tuple:
    """A piece of Intel as it prints: its colour and symbol, its value (a heart for a
    Honeypot). `symbol` False: the value alone, as large as it reads (a chip an agent
    holds), `numeral` its place from the centre in its size. `edge`: an agent's
    side's outline round a chip it holds (white: a piece just caught).
    Returns its value's size (pixels; 0 for a Honeypot) and box (x, y, width, height;
    None for a Honeypot)."""
    tile = tables().intel[piece]
    look = looks()["colours"][tile.colour]
    ink = colour(look["ink"])
    if edge is not OUTLINE:  # its agent's side's outline, round the dark one
        disc(cx, cy, radius + rings(radius), edge)
    disc(cx, cy, radius + max(1.0, radius * 0.06), OUTLINE)
    disc(cx, cy, radius, colour(look["fill"]))
    if tile.honeypot:
        icon("heart", cx, cy, radius * 1.3, ink)
        icon("heart", cx + radius * 0.08, cy - radius * 0.02, radius * 0.9, colour("#e0262b"))
        return 0.0, None
    if symbol:
        icon(look["symbol"], cx - radius * 0.38, cy, radius * 0.8, ink)
        size = max(radius * 1.05, READ)
        x, y = cx + radius * 0.36, cy
    else:
        size = max(radius * 1.25, READ)
        x, y = cx + numeral[0] * size, cy + numeral[1] * size
    w, h = text(str(tile.value), x, y, size, ink)
    return size, (x - w / 2, y - h / 2, w, h)


def agent(team: str, kind: str, cx, cy, r, outline=None) -> None:
    """An agent on its space: a hexagon in its side's colours with its pictogram; `r`
    centre to corner; `outline` a ring that shows it on any ground."""
    look = looks()["teams"][team]
    if outline is not None:
        polygon(hex_points(cx, cy, r * 1.09), outline)
    polygon(hex_points(cx, cy, r), colour(look["fill"]))
    icon(kind, cx, cy + r * 0.05, r * 1.05, colour(look["ink"]))


def held_chips(pieces: list, cx, cy, r, fresh: str | None = None, edge=OUTLINE) -> list:
    """The Intel an agent holds, under it in its space (geometry.chips), each a chip
    at least 18 dp across with a 14 sp value, ringed in `edge` (its side's outline, so
    it reads as that agent's); `fresh` ringed white instead (just caught). Each chip's
    (x, y, radius, value's size, radius with its rings, value's box)."""
    out, count = [], len(pieces)
    for n, (piece, (x, y, radius)) in enumerate(zip(pieces, chips(count, r, CHIP_LEAST, EDGE),
                                                    strict=False)):
        at = (cx + x, cy + y)
        size, box = intel(piece, *at, radius, symbol=False,
                          edge=(1, 1, 1, 1) if piece == fresh else edge,
                          numeral=NUMERAL.get((count, n), (0, 0)))
        out.append((*at, radius, size, radius + rings(radius), box))
    return out


def hazard_disc(cx, cy, radius) -> None:
    """The blockade's striped ring and paper middle, as it prints."""
    disc(cx, cy, radius, colour(HAZARD))
    Color(rgba=colour(INK))
    width = radius * 0.11
    for k in range(0, 360, 40):
        Line(circle=(cx, cy, radius - width, k, k + 20), width=width, cap="none")
    disc(cx, cy, radius * 0.74, colour(PAPER))


def blockade(cx, cy, r) -> None:
    hazard_disc(cx, cy + r * 0.12, r * 0.6)
    icon("blockade", cx, cy + r * 0.18, r * 0.62, colour(INK))


def pin(cx, cy, radius, ring) -> None:
    """The printed pin (red, a white pin) ringed in the colour of the side whose turn's
    end frees the agent."""
    disc(cx, cy, radius * 1.32, OUTLINE)
    disc(cx, cy, radius * 1.25, ring)
    disc(cx, cy, radius, colour(STAMP))
    icon("pin", cx, cy, radius * 1.5, colour(PAPER))


def pill_size(words: str, size, sign: str = "") -> tuple:
    w, h = texture(words, size).size
    return w + (h * 0.8 if sign else 0) + size * 0.7, h + size * 0.2


def pill(words: str, cx, cy, size, fill, ink, edge=None, sign: str = "") -> tuple:
    """Words on a rounded label (a reason at a piece, a player at a blockade); `sign`
    before them: 'hourglass' (until) or 'pin'. Its width and height."""
    tex = texture(words, size)
    w, h = tex.size
    width, height = pill_size(words, size, sign)
    left, bottom = cx - width / 2, cy - height / 2
    if edge is not None:
        Color(rgba=edge)
        RoundedRectangle(pos=(left - dp(1), bottom - dp(1)), size=(width + dp(2), height + dp(2)),
                         radius=[height / 2 + dp(1)])
    Color(rgba=fill)
    RoundedRectangle(pos=(left, bottom), size=(width, height), radius=[height / 2])
    x = left + size * 0.35
    if sign == "hourglass":
        glass(x + h * 0.4, cy, h * 0.7, ink)
    elif sign == "pin":
        disc(x + h * 0.38, cy, h * 0.42, colour(STAMP))
        icon("pin", x + h * 0.38, cy, h * 0.62, colour(PAPER))
    x += h * 0.8 if sign else 0
    Color(rgba=ink)
    Rectangle(texture=tex, pos=(x, cy - h / 2), size=(w, h))
    return width, height


def glass(cx, cy, size, rgba) -> None:
    """An hourglass: 'until'."""
    half, top, low = size * 0.32, cy + size * 0.42, cy - size * 0.42
    polygon([(cx - half, top), (cx + half, top), (cx, cy)], rgba)
    polygon([(cx - half, low), (cx + half, low), (cx, cy)], rgba)


def arrow(shaft: tuple, head: tuple, rgba, width) -> None:
    """A trail: a shaft with a dark edge, a filled head whose tip ends the shaft."""
    x1, y1 = shaft[:2]
    base = ((head[0] + head[4]) / 2, (head[1] + head[5]) / 2)
    Color(rgba=OUTLINE)
    Line(points=[x1, y1, *base], width=width + dp(1.2), cap="round")
    Color(rgba=rgba)
    Line(points=[x1, y1, *base], width=width, cap="round")
    tip = [(head[0], head[1]), (head[2], head[3]), (head[4], head[5])]
    Color(rgba=OUTLINE)
    Line(points=[v for p in tip for v in p], width=dp(1.2), close=True, joint="miter")
    polygon(tip, rgba)
