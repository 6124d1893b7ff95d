"""Geheime Mission's board on the screen: the score line, where the suitcase is, and
the three fields (the left embassy, the city centre, the right embassy) with this round's
cards and the values that counted; during the back-door step the carrier's three doors
drawn on his embassy, to tap. Hold a played card to read it as printed."""

from __future__ import annotations

from pathlib import Path

from kivy.core.window import Window
from kivy.lang import Builder
from kivy.metrics import dp
from kivy.properties import (
    BooleanProperty,
    ColorProperty,
    ListProperty,
    NumericProperty,
    StringProperty,
)
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.widget import Widget
from kivy.utils import get_color_from_hex

from companion.app.icons import PrintedIcon
from companion.app.measure import text_height
from companion.app.zoom import Holdable
from companion.core import printed
from companion.games.gm import view
from companion.games.gm.data import DOOR_NAMES, GAME_ID, ROLE, art, colours
from companion.games.gm.layout import CITY


def rgba(hex_colour: str) -> list:
    return get_color_from_hex(hex_colour)


class GmIcon(PrintedIcon):
    shapes = staticmethod(lambda name: printed.game(GAME_ID).icons[name])


class GmValue(BoxLayout):
    """One of an agent's values as printed: its colour, its pictogram, the number."""

    icon = StringProperty("")
    value = StringProperty("")
    colour = ColorProperty((0, 0, 0, 1))
    counts = BooleanProperty(False)  # the value the current place reads: larger, ringed
    ring = BooleanProperty(True)
    round = BooleanProperty(False)  # the city's value: a disc, as printed
    disc = NumericProperty(0)  # the disc's diameter

    def on_size(self, *_args) -> None:
        self.disc = min(self.width, self.height)


class GmPlay(Holdable, ButtonBehavior, BoxLayout):
    """A card played on a field, in its player's column: the value that counted, in
    its colour and pictogram, the agent's picture; hold: the card."""

    value = StringProperty("")
    icon = StringProperty("")
    art = StringProperty("")  # the agent's picture (printed cards: unknown, "")
    colour = ColorProperty((0, 0, 0, 1))


class GmDoor(ButtonBehavior, BoxLayout):
    """A back door of the carrier's embassy, in its printed colour, to tap."""

    number = NumericProperty(1)
    label = StringProperty("")
    fill = ColorProperty((1, 1, 1, 1))
    ink = ColorProperty((0, 0, 0, 1))


def paint(name: str) -> list:
    """A printed colour of the game (data.colours) as Kivy's rgba."""
    return rgba(colours()[name])


def duels(plays: list) -> list[list]:
    """The plays in rows of two (a lead and its answer), each in its player's column:
    seat 0's left, seat 1's right; None where a card is still to come."""
    rows = []
    for i in range(0, len(plays), 2):
        row = [None, None]
        for play in plays[i:i + 2]:
            row[play["seat"]] = play
        rows.append(row)
    return rows


class GmField(BoxLayout):
    title = StringProperty("")
    pictogram = StringProperty("")  # printed faintly on the field's empty room
    play_height = NumericProperty(dp(80))
    door_height = NumericProperty(dp(60))  # the back doors: as tall as the room allows
    ground = ColorProperty((1, 1, 1, 1))  # the printed paper: darker for an embassy
    suitcase = BooleanProperty(False)
    plays = ListProperty([])
    scale = NumericProperty(1)

    def on_door_height(self, _widget, height) -> None:
        for widget in self.ids.doors.children:
            widget.height = height

    def on_plays(self, _widget, plays):
        """The last two duels, a row each, each card in its player's column."""
        box = self.ids.plays
        box.clear_widgets()
        for row in duels(plays)[-2:]:
            for play in row:
                box.add_widget(Widget() if play is None else self.play(play))

    @staticmethod
    def play(play: dict) -> GmPlay:
        widget = GmPlay(value=str(play["value"]), colour=rgba(colours()[play["role"]]),
                        icon=ROLE[play["role"]],
                        art=art(play["card_id"]) if play.get("card_id") else "")
        widget.piece = ("agents", play["card_id"]) if play.get("card_id") else None
        return widget

    def need(self, rows: int, doors: int, width: float) -> float:
        """The height this field needs at `width` px with `rows` duels and `doors`
        doors (its kv rule, summed: the hand is weighed against it before the layout)."""
        title = text_height(self.title, 15 * self.scale, True, width - dp(8)) + dp(6)
        band = dp(30) * self.scale if self.suitcase else 0
        plays = rows * self.play_height + dp(4) * max(0, rows - 1)
        gates = doors * self.door_height + dp(4) * max(0, doors - 1)
        return dp(8) + dp(4) * 4 + title + band + plays + gates

    def show_doors(self, actions: list, on_tap) -> None:
        box = self.ids.doors
        box.clear_widgets()
        for action in actions:
            door = action["door"]
            widget = GmDoor(number=door, label=DOOR_NAMES[door],
                            fill=rgba(colours()["doors"][door]),
                            ink=rgba(colours()["door_text"][door]), height=self.door_height)
            widget.bind(on_release=lambda *_a, a=action: on_tap(a))
            box.add_widget(widget)


# dp: the board's room at scale 1 (three fields of 4 plays and 3 doors, and the lines)
NEEDED = (360, 560)



class GmBoard(BoxLayout):
    score = StringProperty("")
    suitcase = StringProperty("")
    scale = NumericProperty(1)  # a tablet's room goes to larger plays and doors
    play_height = NumericProperty(dp(80))  # a played card's, from an embassy's width

    def fit(self) -> None:
        """A tablet: the largest scale (1 to 1.6) at which the fullest board fits the
        room. A phone's board is as tall as the hand leaves it: always 1."""
        landscape = Window.width > Window.height
        self.scale = max(1.0, min(1.6, self.width / dp(NEEDED[0]),
                                  self.height / dp(NEEDED[1]))) if landscape else 1.0

    def on_size(self, *_args) -> None:
        self.fit()
        self.place_plays(self.width)

    def field_widths(self, width: float | None = None) -> list[float]:
        room = (width or self.width) - dp(8)  # the fields' spacing
        return [room * share / (2 + CITY) for share in (1, CITY, 1)]

    def place_plays(self, width: float) -> None:
        """A played card's size on a board `width` px wide: half an embassy wide (two
        columns), a little taller."""
        column = (self.field_widths(width)[0] - dp(8) - dp(4)) / 2
        self.play_height = min(column * 1.6, dp(150))

    def size_doors(self, room: float, width: float) -> None:
        """The back doors as tall as a board `room` px high leaves them (60 to 150 dp):
        during the door step they are the one thing to tap."""
        field = next((f for f in (self.ids.left, self.ids.right) if f.ids.doors.children),
                     None)
        if field is None:
            return
        field.door_height = 0
        free = room - self.need(width) - dp(4) * 2
        field.door_height = max(dp(60), min(dp(150), free / 3))

    def need(self, width: float) -> float:
        """The height the board needs `width` px wide for what it shows now (its kv
        rule, summed; the width its slot will give it: it may not be laid out yet)."""
        lines = text_height(self.score, 17 * self.scale, True, width - dp(8)) + dp(6)
        lines += text_height(self.suitcase, 16 * self.scale, False, width - dp(8)) + dp(4)
        fields = max(field.need(min(2, len(duels(field.plays))), len(field.ids.doors.children),
                                width)
                     for field, width in zip((self.ids.left, self.ids.city, self.ids.right),
                                             self.field_widths(width), strict=True))
        return lines + dp(4) * 2 + fields

    def show(self, state: dict, legal: list, on_tap) -> None:
        """Draw `state`; during the back-door step the doors of `legal` go to `on_tap`."""
        names = view.names(state)
        scores = [f"{p['name']}: {view.plural(p['suitcases'], 'suitcase')}"
                  for p in state["players"]]  # as they sit: the first at the left end
        self.score = f"{scores[0]}   Pile: {state['pile_left']}   {scores[1]}"
        carrier = state["carrier"]
        self.suitcase = ("Suitcase: in the city centre" if carrier is None else
                         f"Suitcase: {names[carrier]} has it")
        wait = state["await"]
        doors = wait is not None and wait["kind"] in ("door", "officer")
        where = "city" if carrier is None else ("left", "right")[carrier]
        fields = view.fields(state)
        for widget, field, side in zip((self.ids.left, self.ids.city, self.ids.right), fields,
                                       ("left", "city", "right"), strict=True):
            widget.title = "City centre" if side == "city" else \
                f"{names[field['owner']]}'s embassy"
            widget.suitcase = side == where
            widget.ground = paint("paper" if side == "city" else "paper_dark")
            widget.pictogram = "city" if side == "city" else "embassy"
            widget.plays = field["plays"]
            widget.show_doors(legal if doors and side == where else [], on_tap)


Builder.load_file(str(Path(__file__).with_name("board.kv")))
