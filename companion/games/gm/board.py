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
from kivy.utils import get_color_from_hex

from companion.app.icons import PrintedIcon
from companion.app.zoom import Holdable
from companion.core import printed
from companion.games.gm import view
from companion.games.gm.data import DOOR_NAMES, GAME_ID, colours


def rgba(hex_colour: str) -> list:
    return get_color_from_hex(hex_colour)


class GmIcon(PrintedIcon):
    shapes = staticmethod(lambda name: printed.game(GAME_ID).icons[name])


class GmPlay(Holdable, ButtonBehavior, BoxLayout):
    """One card on a field: the value that counted, in its colour; hold: the card."""

    value = StringProperty("")
    player = StringProperty("")
    card = StringProperty("")  # the agent's name (printed cards: unknown, "")
    colour = ColorProperty((0, 0, 0, 1))
    scale = NumericProperty(1)


class GmDoor(ButtonBehavior, BoxLayout):
    """A back door of the carrier's embassy, in its printed colour, to tap."""

    number = NumericProperty(1)
    label = StringProperty("")
    fill = ColorProperty((1, 1, 1, 1))
    ink = ColorProperty((0, 0, 0, 1))
    scale = NumericProperty(1)


def paint(name: str) -> list:
    """A printed colour of the game (data.colours) as Kivy's rgba."""
    return rgba(colours()[name])


class GmField(BoxLayout):
    title = StringProperty("")
    ground = ColorProperty((1, 1, 1, 1))  # the printed paper: darker for an embassy
    suitcase = BooleanProperty(False)
    plays = ListProperty([])
    scale = NumericProperty(1)

    def on_scale(self, _widget, scale) -> None:
        for widget in self.ids.plays.children + self.ids.doors.children:
            widget.scale = scale

    def on_plays(self, _widget, plays):
        box = self.ids.plays
        box.clear_widgets()
        for play in plays[-4:]:  # the last pairs: what is being compared now
            widget = GmPlay(value=str(play["value"]), colour=rgba(colours()[play["role"]]),
                            player=play["name"], card=play["card"], scale=self.scale)
            widget.piece = ("agents", play["card_id"]) if play.get("card_id") else None
            box.add_widget(widget)

    def show_doors(self, actions: list, on_tap) -> None:
        box = self.ids.doors
        box.clear_widgets()
        for action in actions:
            door = action["door"]
            widget = GmDoor(number=door, label=f"{door} {DOOR_NAMES[door]}",
                            fill=rgba(colours()["doors"][door]),
                            ink=rgba(colours()["door_text"][door]), scale=self.scale)
            widget.bind(on_release=lambda *_a, a=action: on_tap(a))
            box.add_widget(widget)


# dp: the board's room at scale 1 (three fields of 4 plays and 3 doors, and the lines)
NEEDED = (360, 560)


class GmBoard(BoxLayout):
    score = StringProperty("")
    suitcase = StringProperty("")
    scale = NumericProperty(1)  # a tablet's room goes to larger plays and doors

    def fit(self) -> None:
        """A tablet: the largest scale (1 to 1.6) at which the fullest board fits the
        room. A phone's board is as tall as the hand leaves it: always 1."""
        landscape = Window.width > Window.height
        self.scale = max(1.0, min(1.6, self.width / dp(NEEDED[0]),
                                  self.height / dp(NEEDED[1]))) if landscape else 1.0

    def on_size(self, *_args) -> None:
        self.fit()

    def show(self, state: dict, legal: list, on_tap) -> None:
        """Draw `state`; during the back-door step the doors of `legal` go to `on_tap`."""
        names = view.names(state)
        self.score = "   ".join(f"{p['name']}: {view.plural(p['suitcases'], 'suitcase')}"
                                for p in state["players"]) + f"   Pile: {state['pile_left']}"
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
            widget.plays = field["plays"]
            widget.show_doors(legal if doors and side == where else [], on_tap)


Builder.load_file(str(Path(__file__).with_name("board.kv")))
