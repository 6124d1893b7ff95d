"""Against All Tyrants' small table pieces, drawn as the printed ones are (look.py
reads the card YAML): chips for tokens, traits and numbers, the printed damage
tokens, the escalation track as printed, a player's strip, and the Flow layout
that lays pieces in rows. They show what they are given and report taps; table.py
decides what a tap means. Sizes are computed (sizes.py), so a board is known to fit
before it is drawn."""

from __future__ import annotations

from pathlib import Path

from kivy.graphics import Color, Ellipse, Mesh
from kivy.lang import Builder
from kivy.metrics import dp
from kivy.properties import (
    BooleanProperty,
    ColorProperty,
    NumericProperty,
    ObjectProperty,
    StringProperty,
)
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.floatlayout import FloatLayout
from kivy.uix.label import Label
from kivy.uix.layout import Layout
from kivy.uix.widget import Widget
from kivy.utils import get_color_from_hex

from companion.app import theme
from companion.app.icons import PrintedIcon
from companion.app.zoom import Holdable
from companion.games.aat import look
from companion.games.aat.sizes import TRACK, place, wrapped

MARKS = {"picked": (1, 1, 1, 1), "target": theme.GOLD}


def rgba(hex_colour: str):
    return get_color_from_hex(hex_colour)


def faint(ready: bool):
    """Text on a card that can be played now, or on one that cannot."""
    return (1, 1, 1, 1) if ready else theme.MUTED


def luminance(colour) -> float:
    """WCAG relative luminance of an RGB(A) colour."""
    def channel(c: float) -> float:
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (channel(c) for c in colour[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def worn(colour, darker: float = 0.0):
    """A used piece's colour: greyed (most of its hue gone) and `darker`, its alpha
    kept; text on it keeps its contrast (the tour measures it)."""
    grey = luminance(colour) ** (1 / 2.2)
    r, g, b = (0.3 * c + 0.7 * grey for c in colour[:3])
    keep = 1 - darker
    return (r * keep, g * keep, b * keep, colour[3] if len(colour) > 3 else 1)


class AatIcon(PrintedIcon):
    shapes = staticmethod(look.shapes)


class Tappable(ButtonBehavior):
    """Something on the table: `thing` names it for picks.py, `mark` says how the
    prompt offers it ("target": may be tapped, "picked": tapped)."""

    thing = ObjectProperty(None, allownone=True)
    mark = StringProperty("")
    mark_colour = ColorProperty((0, 0, 0, 0))

    def on_mark(self, _widget, mark):
        self.mark_colour = MARKS.get(mark, (0, 0, 0, 0))


class Flow(Layout):
    """Children of fixed sizes left to right in lines, as sizes.place lays them; its
    height is theirs."""

    spacing = NumericProperty(0)

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        for name in ("width", "pos", "children", "spacing"):
            self.fbind(name, self._trigger_layout)

    def do_layout(self, *_args):
        children = list(reversed(self.children))
        spots, height = place([c.size for c in children], self.width, self.spacing)
        if self.height != height:
            self.height = height
        for child, (x, y) in zip(children, spots, strict=True):
            child.pos = (self.x + x, self.y + height - y - child.height)


class Chip(Label):
    """A number, count or trait in a row of chips: its ground and outline. `scale`
    (sizes.SCALES) draws it larger where the board has room: kv multiplies by it."""

    ground = ColorProperty((0, 0, 0, 0))
    outline = ColorProperty((0, 0, 0, 0))
    scale = NumericProperty(1)


class TokenChip(BoxLayout):
    """A token as printed (its colour and pictogram) with how many there are."""

    icon = StringProperty("")
    count = StringProperty("")
    colour = ColorProperty((0, 0, 0, 1))
    scale = NumericProperty(1)


class StatChip(BoxLayout):
    """Attack or health as the printed card shows it: its pictogram, then the number,
    on the printed colour."""

    icon = StringProperty("")
    text = StringProperty("")
    ground = ColorProperty((1, 1, 1, 1))
    ink = ColorProperty((0, 0, 0, 1))
    scale = NumericProperty(1)


class DamageToken(BoxLayout):
    """A printed damage token (round 1, hexagonal 5, in their colours) with its value,
    and how many of it lie on the piece; the first of a pile follows the damage
    pictogram, so the numbers read as damage."""

    icon = StringProperty("")
    value = StringProperty("")
    count = StringProperty("")  # "x 3", or "" for one
    colour = ColorProperty((0, 0, 0, 1))
    hexagon = BooleanProperty(False)
    scale = NumericProperty(1)


class TokenShape(Widget):
    """A token's round or hexagonal face."""

    colour = ColorProperty((0, 0, 0, 1))
    hexagon = BooleanProperty(False)

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        for name in ("pos", "size", "colour", "hexagon"):
            self.fbind(name, self.draw)

    def draw(self, *_args):
        self.canvas.before.clear()
        r = min(self.width, self.height) / 2
        cx, cy = self.x + self.width / 2, self.y + self.height / 2
        with self.canvas.before:
            Color(rgba=self.colour)
            if self.hexagon:
                corners = [(cx + r * c, cy + r * s) for c, s in HEX]
                vertices = [v for x, y in [(cx, cy), *corners] for v in (x, y, 0, 0)]
                Mesh(vertices=vertices, indices=[0, *range(1, 7), 1], mode="triangle_fan")
            else:
                Ellipse(pos=(cx - r, cy - r), size=(2 * r, 2 * r))


HEX = [(1, 0), (0.5, 0.866), (-0.5, 0.866), (-1, 0), (-0.5, -0.866), (0.5, -0.866)]


class TrackSpace(Label):
    """A level box of the printed track: its colour, its number, and the Level marker
    lying on it."""

    ground = ColorProperty((0, 0, 0, 0))
    ink = ColorProperty((0, 0, 0, 1))
    token = ColorProperty((0, 0, 0, 0))  # the token on it (transparent: none)
    scale = NumericProperty(1)  # the board's pieces' (sizes.SCALES)


class IncidentSpace(FloatLayout):
    """An incident space as printed (the triangle in its colour, its number), with an
    Incident token on it once counted."""

    number = StringProperty("")
    icon = StringProperty("")
    colour = ColorProperty((0, 0, 0, 0))
    ink = ColorProperty((0, 0, 0, 1))
    token = ColorProperty((0, 0, 0, 0))
    scale = NumericProperty(1)


class EscalationTrack(Holdable, BoxLayout):
    """Levels 0-5 in the printed gradient with the Level marker on the current one, and
    the four numbered incident triangles with the Incident tokens placed; hold it to
    read the printed track. Its words grow with the board's pieces (`scale`)."""

    level = NumericProperty(-1)
    incidents = NumericProperty(-1)
    wide = BooleanProperty(False)  # room for the words "Escalation" and "Incidents"
    paper = ColorProperty((1, 1, 1, 1))  # the printed sheet's ground and ink
    ink = ColorProperty((0, 0, 0, 1))
    scale = NumericProperty(1)  # the board's pieces' (sizes.SCALES)

    def on_scale(self, _track, scale) -> None:
        for space in (*self.ids.levels.children, *self.ids.incidents.children):
            space.scale = scale

    @staticmethod
    def measure(scale: float) -> float:
        return dp(TRACK) * scale

    def show(self, level: int, incidents: int) -> None:
        self.piece = ("escalation-track", "TRACK")
        if (level, incidents) == (self.level, self.incidents) and self.ids.levels.children:
            return
        self.level, self.incidents = level, incidents
        printed = look.track()
        ink, marker, incident = printed["ink"], printed["marker"][0], printed["incident"][0]
        self.paper, self.ink = rgba(printed["paper"]), rgba(ink)
        self.ids.levels.clear_widgets()
        for n, colour in printed["levels"]:
            here = n == level
            self.ids.levels.add_widget(TrackSpace(
                text=str(n), scale=self.scale, ground=rgba(colour),
                ink=(1, 1, 1, 1) if here else rgba(ink),
                token=rgba(marker) if here else (0, 0, 0, 0)))
        self.ids.incidents.clear_widgets()
        for n, colour in printed["incidents"]:
            placed = n <= incidents
            self.ids.incidents.add_widget(IncidentSpace(
                number=str(n), scale=self.scale, icon=printed["incident_icon"],
                colour=rgba(colour),
                ink=(1, 1, 1, 1) if placed else rgba(ink),
                token=rgba(incident) if placed else (0, 0, 0, 0)))


class PlayerStrip(Holdable, BoxLayout):
    """A player: subfaction colour and emblem, role, piles, this turn's cards and the
    alternate objective's progress; hold it to read the objective card."""

    name = StringProperty("")
    emblem = StringProperty("")
    frame = ColorProperty((0.3, 0.3, 0.3, 1))
    line = StringProperty("")
    acting = BooleanProperty(False)
    scale = NumericProperty(1)  # the board's pieces' (sizes.SCALES)

    def measure(self, scale: float) -> float:
        """Its height with its words at `scale`, wrapped as its labels wrap them (the
        board sets it, so the room it leaves is known before it is drawn)."""
        width = max(dp(40), self.width - dp(8) - dp(26 + 6) * scale)
        return max(dp(40), wrapped(self.name, width, True, scale)[0] +
                   wrapped(self.line, width, False, scale)[0] + dp(6))

    def show(self, panel: dict, acting: bool, reference: str) -> None:
        self.piece = ("objective-reference", reference)
        self.frame = rgba(look.deck_colour(panel["subfaction"]))
        self.emblem = look.emblem(panel["subfaction"])
        self.acting = acting
        bits = [panel["name"], panel["role"].capitalize(), f"hand {panel['hand_count']}",
                f"deck {panel['deck']}"]
        if panel["played"]:
            bits.append(f"played {panel['played']}")
        if panel["fatigue"]:
            bits.append(f"fatigue {panel['fatigue']}")
        self.name = " · ".join(bits)
        self.line = f"{panel['objective']}: {panel['goal']}"


Builder.load_file(str(Path(__file__).with_name("widgets.kv")))
