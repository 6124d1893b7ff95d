"""Geheime Mission's table in the shell's frame (companion.app.frame): on the
board the three fields with this round's cards and the values that counted,
where the suitcase is, and during the back-door step the carrier's three doors
drawn on his embassy, to tap; the prompt sheet; the hand strip of agents drawn
as the printed cards are (the three values in their colours with magnifier,
dagger and shield), best for the current place first. With printed cards the
sheet holds a keypad for the value the played card shows. Hold a card to read
it as printed."""

from __future__ import annotations

from pathlib import Path

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
from kivy.uix.button import Button
from kivy.uix.gridlayout import GridLayout
from kivy.utils import get_color_from_hex

from companion.app.frame import TableFrame
from companion.app.icons import PrintedIcon
from companion.app.zoom import Holdable
from companion.core import printed
from companion.games.gm import view
from companion.games.gm.data import DOOR_NAMES, GAME_ID, colours

Builder.load_file(str(Path(__file__).with_name("table.kv")))

VALUES = (("find", "city"), ("attack", "attack"), ("defence", "defend"))  # icon, colour


def plural(count: int, noun: str) -> str:
    return f"{count} {noun}" + ("" if count == 1 else "s")


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


class GmDoor(ButtonBehavior, BoxLayout):
    """A back door of the carrier's embassy, in its printed colour, to tap."""

    number = NumericProperty(1)
    label = StringProperty("")
    fill = ColorProperty((1, 1, 1, 1))
    ink = ColorProperty((0, 0, 0, 1))


class GmField(BoxLayout):
    title = StringProperty("")
    suitcase = BooleanProperty(False)
    plays = ListProperty([])

    def on_plays(self, _widget, plays):
        box = self.ids.plays
        box.clear_widgets()
        for play in plays[-4:]:  # the last pairs: what is being compared now
            widget = GmPlay(value=str(play["value"]), colour=rgba(colours()[play["role"]]),
                            player=play["name"], card=play["card"])
            widget.piece = ("agents", play["card_id"]) if play.get("card_id") else None
            box.add_widget(widget)

    def show_doors(self, actions: list, on_tap) -> None:
        box = self.ids.doors
        box.clear_widgets()
        for action in actions:
            door = action["door"]
            widget = GmDoor(number=door, label=f"{door} {DOOR_NAMES[door]}",
                            fill=rgba(colours()["doors"][door]),
                            ink=rgba(colours()["door_text"][door]))
            widget.bind(on_release=lambda *_a, a=action: on_tap(a))
            box.add_widget(widget)


class GmValue(BoxLayout):
    """One of an agent's three values: its colour, its pictogram, the number."""

    icon = StringProperty("")
    value = StringProperty("")
    colour = ColorProperty((0, 0, 0, 1))
    counts = BooleanProperty(False)  # the value the current place reads


class GmHandCard(Holdable, ButtonBehavior, BoxLayout):
    """An agent in the hand, as printed: name, code number, the three values."""

    name = StringProperty("")
    call = StringProperty("")


class GmBoard(BoxLayout):
    score = StringProperty("")
    suitcase = StringProperty("")


class GmTable(TableFrame):
    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.board = GmBoard()
        self.set_board(self.board)

    def refresh(self):
        state = self.app.controller.state
        names = view.names(state)
        self.board.score = "   ".join(f"{p['name']}: {plural(p['suitcases'], 'suitcase')}"
                                      for p in state["players"]) + \
            f"   Pile: {state['pile_left']}"
        carrier = state["carrier"]
        self.board.suitcase = ("Suitcase: in the city centre" if carrier is None else
                               f"Suitcase: {names[carrier]} has it")
        wait = state["await"]
        legal = self.app.controller.legal() if wait else []
        doors = wait is not None and wait["kind"] in ("door", "officer")
        where = "city" if carrier is None else ("left", "right")[carrier]
        fields = view.fields(state)
        for widget, field, side in zip((self.board.ids.left, self.board.ids.city,
                                        self.board.ids.right), fields, ("left", "city",
                                                                        "right"), strict=True):
            widget.title = "City centre" if side == "city" else \
                f"{names[field['owner']]}'s embassy"
            widget.suitcase = side == where
            widget.plays = field["plays"]
            widget.show_doors(legal if doors and side == where else [], self.act)
        results = [e["text"] for e in self.app.controller.recent if not e.get("private")][-3:]
        if wait is None:
            self.sheet.show(view.prompt(state), results)
            self.hand.show("", [])
            return
        prompt = view.status(state)["prompt"]
        if doors:
            self.sheet.show(prompt + ": tap a door of the embassy", results)
            self.hand.show("", [])
        elif "value" in legal[0]:  # printed cards: the value the card shows
            self.sheet.show(prompt, results, extra=self.keypad(legal, wait["role"]))
            self.hand.show("", [])
        else:
            self.sheet.show(prompt, results)
            self.show_hand(state, wait)

    def show_hand(self, state, wait) -> None:
        role = wait["role"]
        width = dp(112)  # a phone: a row to scroll; a tablet: three a row, as large as fit
        if self.landscape:
            width = max(width, min(dp(220), (self.width * self.side_share - dp(24)) / 3))
        cards = []
        for card in view.hand(state, wait["player"]):
            widget = GmHandCard(name=card["name"], call=str(card["call"]), width=width)
            widget.piece = ("agents", card["id"])
            for key, place in VALUES:
                widget.ids.boxes.add_widget(GmValue(
                    icon=key, value=str(card[key]), colour=rgba(colours()[place]),
                    counts=place == role))
            widget.bind(on_release=lambda *_a, c=card["id"]: self.act({"type": "play",
                                                                      "card": c}))
            cards.append(widget)
        count = len(state["players"][wait["player"]]["hand"])
        self.hand.card_height = max(dp(150), width * 1.3)
        self.hand.show(f"Your hand ({count}): hold a card to read it", cards)

    def keypad(self, legal: list, role: str) -> GridLayout:
        colour = rgba(colours()[role])
        grid = GridLayout(cols=5 if self.landscape else 3, spacing=dp(6), size_hint_y=None)
        grid.bind(minimum_height=grid.setter("height"))
        for action in legal:
            key = Button(text=str(action["value"]), font_size="26sp", bold=True,
                         size_hint_y=None, height=dp(56), background_normal="",
                         background_color=colour)
            key.bind(on_release=lambda *_a, a=action: self.act(a))
            grid.add_widget(key)
        return grid


