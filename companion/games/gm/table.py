"""Geheime Mission's table in the shell's frame (companion.app.frame): the board
(board.py: the three fields, the suitcase, the back doors to tap); the prompt sheet;
the hand strip of agents drawn as the printed cards are (the three values in their
colours with magnifier, dagger and shield), best for the current place first. With
printed cards the sheet holds a keypad for the value the played card shows. Hold a
card to read it as printed."""

from __future__ import annotations

from pathlib import Path

from kivy.clock import Clock
from kivy.core.window import Window
from kivy.lang import Builder
from kivy.metrics import dp
from kivy.properties import BooleanProperty, ColorProperty, NumericProperty, StringProperty
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.button import Button
from kivy.uix.gridlayout import GridLayout

from companion.app.frame import TableFrame
from companion.app.widgets import text_width
from companion.app.zoom import Holdable
from companion.games.gm import view
from companion.games.gm.board import GmBoard, GmIcon, rgba  # noqa: F401 - GmIcon: table.kv's
from companion.games.gm.data import colours

Builder.load_file(str(Path(__file__).with_name("table.kv")))

MIN_CARD = 72  # dp: a hand card's narrowest, its name in two lines and its values read
VALUES = (("find", "city"), ("attack", "attack"), ("defence", "defend"))  # icon, colour


class GmValue(BoxLayout):
    """One of an agent's three values: its colour, its pictogram, the number."""

    icon = StringProperty("")
    value = StringProperty("")
    colour = ColorProperty((0, 0, 0, 1))
    counts = BooleanProperty(False)  # the value the current place reads
    big = BooleanProperty(False)  # a phone's hand in two rows, a tablet's: larger numbers


class GmHandCard(Holdable, ButtonBehavior, BoxLayout):
    """An agent in the hand, as printed: name, code number, the three values."""

    name = StringProperty("")
    call = StringProperty("")
    name_size = NumericProperty(15)  # sp: smaller where a word would break


def name_size(name: str, room: float) -> float:
    """The largest size (15 sp down to 12) at which no word of a card's name breaks."""
    return next((size for size in (15, 14, 13) if name_width(name, size) <= room), 12)


def name_width(name: str, size: float) -> float:
    """The width of the longest word of a card's name at `size` sp, bold."""
    return max(text_width(word, size, True) for word in name.split() or [name])


PER_ROW = 3  # a phone's hand in two rows: three cards a row
RATIO = 1.2  # a two-row card's height to its width


class GmTable(TableFrame):
    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.board = GmBoard()
        self.cards: dict[str, GmHandCard] = {}  # agent id -> its hand card (hand_card)
        self.two_rows = False  # a phone's hand in two rows, when the board can spare it
        # next frame, once settled (before_drawing looped here: a refresh within the frame)
        self.rows_due = Clock.create_trigger(lambda _dt: self.hand_rows(), 0)
        self.set_board(self.board)

    def hand_rows(self) -> None:
        """A phone's hand of more than three cards goes to two rows of larger cards
        when the board's fields leave the room (the empty band under them early in a
        round); weighed as if in one row, so the choice does not swing."""
        cards = self.hand.ids.row.children
        row = self.board.ids.left.parent  # the fields fill the board: what they hold counts
        lines = [w for w in self.board.children if w is not row]  # the score and suitcase
        used = sum(w.height for w in lines) + self.board.spacing * len(lines) + max(
            self.board.ids[f].minimum_height for f in ("left", "city", "right"))
        spare = self.board.height - used + (self.extra() if self.two_rows else 0)
        wanted = not self.landscape and len(cards) > PER_ROW and spare >= self.extra()
        if wanted != self.two_rows:
            self.two_rows = wanted
            self.place_hand(cards)

    def extra(self) -> float:
        """What two rows take from the board beyond one row."""
        return 2 * self.row_width() * RATIO + self.hand.ids.row.spacing[1] - self.one_row()

    def row_width(self) -> float:
        return (Window.width - dp(12) - dp(6) * (PER_ROW - 1)) / PER_ROW - 0.01

    def one_row(self) -> float:
        return max(dp(150), self.card_width(len(self.hand.ids.row.children)) * 1.3)

    def place_hand(self, cards) -> None:
        """The hand's cards at the size of its rows."""
        width = self.row_width() if self.two_rows else self.card_width(len(cards))
        self.hand.wrapped = self.two_rows or self.landscape
        self.hand.card_height = width * RATIO if self.two_rows else max(dp(150), width * 1.3)
        for card in cards:
            card.name_size = name_size(card.name, width - dp(8))
            card.size = max(width, name_width(card.name, card.name_size) + dp(8)), \
                self.hand.card_height
            for value in card.ids.boxes.children:
                value.big = self.two_rows or self.landscape  # larger cards: larger numbers

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
        hand = view.hand(state, wait["player"])
        width = self.row_width() if self.two_rows else self.card_width(len(hand))
        cards = [self.hand_card(card, role, width) for card in hand]
        count = len(state["players"][wait["player"]]["hand"])
        self.hand.card_height = width * RATIO if self.two_rows else max(dp(150), width * 1.3)
        self.hand.wrapped = self.two_rows or self.landscape
        self.hand.show(f"Your hand ({count}): hold a card to read it", cards)
        for card in cards:
            for value in card.ids.boxes.children:
                value.big = self.two_rows or self.landscape  # larger cards: larger numbers
        self.rows_due()

    def hand_card(self, card: dict, role: str, width: float) -> GmHandCard:
        """The agent's card of the hand, built the first time it is drawn and then only
        updated: building its labels anew cost a move up to 0.1 s (25 labels a hand)."""
        widget = self.cards.get(card["id"])
        if widget is None:
            widget = GmHandCard(name=card["name"], call=str(card["call"]))
            widget.piece = ("agents", card["id"])
            for key, place in VALUES:
                widget.ids.boxes.add_widget(GmValue(icon=key, value=str(card[key]),
                                                    colour=rgba(colours()[place])))
            widget.bind(on_release=lambda *_a, c=card["id"]: self.act({"type": "play",
                                                                      "card": c}))
            self.cards[card["id"]] = widget
        size = name_size(card["name"], width - dp(8))
        widget.name_size = size
        widget.width = max(width, name_width(card["name"], size) + dp(8))
        for value, (_key, place) in zip(reversed(widget.ids.boxes.children), VALUES,
                                        strict=True):
            value.counts = place == role
        return widget

    def card_width(self, count: int) -> float:
        """A phone: the whole hand in one row, the cards narrower (down to MIN_CARD, and
        never narrower than a word of their name at 12 sp) before the row scrolls; a
        tablet: three a row, as large as fit."""
        if self.landscape:
            return max(dp(112), min(dp(220), (self.width * self.side_share - dp(24)) / 3))
        room = Window.width - dp(12) - dp(6) * count  # the strip's padding, a gap a card
        return max(dp(MIN_CARD), min(dp(112), room / max(1, count)))

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


