"""Geheime Mission's table in the shell's frame (companion.app.frame): the board
(board.py: the three fields, the suitcase, the back doors to tap); the prompt sheet;
the hand of agents drawn as the printed cards are (name, call number, picture, the blue
city disc, the red and green values with magnifier, dagger and shield), three a row,
best for the current place first. With printed cards the sheet holds a keypad for the
value the played card shows. Hold a card to read it as printed."""

from __future__ import annotations

from pathlib import Path

from kivy.clock import Clock
from kivy.lang import Builder
from kivy.metrics import dp
from kivy.properties import BooleanProperty, NumericProperty, StringProperty
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.button import Button
from kivy.uix.gridlayout import GridLayout

from companion.app import measure
from companion.app.frame import TableFrame
from companion.app.zoom import Holdable
from companion.games.gm import layout, view
from companion.games.gm.board import GmBoard, GmIcon, GmValue, rgba  # noqa: F401 - table.kv's
from companion.games.gm.data import agents, art, colours

Builder.load_file(str(Path(__file__).with_name("table.kv")))


class GmHandCard(Holdable, ButtonBehavior, BoxLayout):
    """An agent in the hand, as printed: name, call number, picture, the three values."""

    name = StringProperty("")
    call = StringProperty("")
    art = StringProperty("")
    find = StringProperty("")
    attack = StringProperty("")
    defence = StringProperty("")
    role = StringProperty("")  # the place the values are read for: that one counts
    name_size = NumericProperty(16)  # sp: smaller where a word would break, 14 at least
    name_height = NumericProperty(dp(22))
    tall = BooleanProperty(True)  # room for the picture: the printed arrangement


class GmTable(TableFrame):
    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.side_share = 0.5  # a tablet: the hand's cards as large as the fields
        self.board = GmBoard()
        self.cards: dict[str, GmHandCard] = {}  # agent id -> its hand card (hand_card)
        self.warming = Clock.create_trigger(self.warm, 0.15)
        self.set_board(self.board)

    def warm(self, _dt=None) -> None:
        """While the players think, one agent's hand card at a time is built (with its
        picture's shapes: together about 30 ms here), so the move that first shows it
        does not pay for it; then the next, until the deck's are all built."""
        if not self.showing or self.app.controller.state["settings"]["cards"] != "virtual":
            return
        left = [card for card in agents().values() if card["id"] not in self.cards]
        if left:
            self.hand_card(left[0], "city", dp(112), dp(150))
            self.warming()

    def refresh(self):
        self.warming()
        state = self.app.controller.state
        wait = state["await"]
        legal = self.app.controller.legal() if wait else []
        doors = wait is not None and wait["kind"] in ("door", "officer")
        across = (self.width - dp(4)) * (1 - self.side_share) if self.landscape else self.width
        self.board.place_plays(across)  # the board's own width may lag the frame's
        self.board.show(state, legal, self.act)
        results = [e["text"] for e in self.app.controller.recent if not e.get("private")][-3:]
        if wait is None:
            self.sheet.show(view.prompt(state), results)
            self.hand.show("", [])
            return
        prompt = view.status(state)["prompt"]
        if doors:
            prompt += ": tap a door of the embassy"
            self.sheet.show(prompt, results)
            self.hand.show("", [])
            column = (self.width - dp(4)) * self.side_share if self.landscape else self.width
            room = self.height - (0 if self.landscape else measure.sheet_height(
                prompt, results, column) + dp(4) * 3)  # the frame's and column's spacing
            self.board.size_doors(room, across)
        elif "value" in legal[0]:  # printed cards: the value the card shows
            self.sheet.show(prompt, results, extra=self.keypad(legal, wait["role"]))
            self.hand.show("", [])
        else:
            self.sheet.show(prompt, results)
            self.show_hand(state, wait, prompt, results)

    def show_hand(self, state, wait, prompt: str, results: list) -> None:
        """The hand in rows of three (never scrolling), the cards as tall as printed
        where the room allows, squatter where the fields or the sheet need it: their
        sizes summed here (layout.py), so a move is drawn in one frame."""
        hand = view.hand(state, wait["player"])
        column = (self.width - dp(4)) * self.side_share if self.landscape else self.width
        width = layout.card_width(column)
        rows = layout.rows_of(len(hand))
        room = self.height - measure.sheet_height(prompt, results, column) - \
            measure.strip_title() - dp(4) * 2
        if not self.landscape:  # the board above the hand: what its fields hold stays
            room -= self.board.need(self.width) + dp(4)
        height = layout.card_height(width, rows, room)
        cards = [self.hand_card(card, wait["role"], width, height) for card in hand]
        count = len(state["players"][wait["player"]]["hand"])
        self.hand.card_height = height
        self.hand.wrapped = True
        self.hand.show(f"Your hand ({count}): hold a card to read it", cards)

    def hand_card(self, card: dict, role: str, width: float, height: float) -> GmHandCard:
        """The agent's card of the hand, built the first time it is drawn and then only
        updated: building its labels anew cost a move up to 0.1 s (25 labels a hand)."""
        widget = self.cards.get(card["id"])
        if widget is None:
            widget = GmHandCard(name=card["name"], call=str(card["call"]), art=art(card["id"]),
                                find=str(card["find"]), attack=str(card["attack"]),
                                defence=str(card["defence"]))
            widget.piece = ("agents", card["id"])
            widget.bind(on_release=lambda *_a, c=card["id"]: self.act({"type": "play",
                                                                      "card": c}))
            self.cards[card["id"]] = widget
        room = width - dp(12)
        size = layout.name_size(card["name"], room)
        widget.name_size = size
        widget.name_height = measure.text_height(card["name"], size, True, room) + dp(2)
        widget.width = width
        widget.tall = height >= width * 1.12
        widget.role = role
        return widget

    def keypad(self, legal: list, role: str) -> GridLayout:
        colour = rgba(colours()[role])
        grid = GridLayout(cols=3, spacing=dp(6), size_hint_y=None)  # a phone's keypad
        grid.bind(minimum_height=grid.setter("height"))
        tall, size = (dp(110), "44sp") if self.landscape else (dp(64), "30sp")  # its room
        for action in legal:
            key = Button(text=str(action["value"]), font_size=size, bold=True,
                         size_hint_y=None, height=tall, background_normal="",
                         background_color=colour)
            key.bind(on_release=lambda *_a, a=action: self.act(a))
            grid.add_widget(key)
        return grid


