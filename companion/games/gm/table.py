"""Geheime Mission's table in the shell's frame (companion.app.frame): the board
(board.py: the three fields, the suitcase, the back doors to tap); the prompt sheet;
the hand strip of agents drawn as the printed cards are (the three values in their
colours with magnifier, dagger and shield), best for the current place first. With
printed cards the sheet holds a keypad for the value the played card shows. Hold a
card to read it as printed."""

from __future__ import annotations

from pathlib import Path

from kivy.lang import Builder
from kivy.metrics import dp
from kivy.properties import BooleanProperty, ColorProperty, StringProperty
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.button import Button
from kivy.uix.gridlayout import GridLayout

from companion.app.frame import TableFrame
from companion.app.zoom import Holdable
from companion.games.gm import view
from companion.games.gm.board import GmBoard, GmIcon, rgba  # noqa: F401 - GmIcon: table.kv's
from companion.games.gm.data import colours

Builder.load_file(str(Path(__file__).with_name("table.kv")))

VALUES = (("find", "city"), ("attack", "attack"), ("defence", "defend"))  # icon, colour


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


class GmTable(TableFrame):
    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.board = GmBoard()
        self.set_board(self.board)

    def refresh(self):
        state = self.app.controller.state
        wait = state["await"]
        legal = self.app.controller.legal() if wait else []
        doors = wait is not None and wait["kind"] in ("door", "officer")
        self.board.show(state, legal, self.act)
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


