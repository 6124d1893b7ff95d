"""The table's arrangement, shared by every game: the board (what lies on the
table), the prompt sheet (what to do now: the prompt, the latest results, the
moves the board cannot show) and the hand strip (the acting player's cards).

A phone in portrait stacks them: the board takes what the sheet and the strip
leave, the strip is one row of cards that scrolls sideways, the playable ones
first. A tablet in landscape puts the board on the left and the sheet and the
hand beside it, the hand wrapped in rows. Nothing scrolls up and down: a board
that does not fit its place is a bug the UI tests find (tests/ui/visible.py).

Face to face (a setting), the sheet and the hand turn for a player across the
table (they sit in a Turnable); the board stays as it lies."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from kivy.app import App
from kivy.clock import Clock
from kivy.core.window import Window
from kivy.lang import Builder
from kivy.metrics import dp
from kivy.properties import BooleanProperty, NumericProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout

from companion.app.widgets import BigButton, QuietScroll, Turnable  # noqa: F401 - frame.kv's

Builder.load_file(str(Path(__file__).resolve().parent / "kv" / "frame.kv"))


@dataclass
class Move:
    """A button of the prompt sheet."""

    text: str
    on_press: Callable[[], None]
    tone: str = "normal"  # normal, primary, danger
    disabled: bool = False


class PromptSheet(BoxLayout):
    """The prompt, the last results and the moves, as compact as they read."""

    prompt = StringProperty("")
    results = StringProperty("")
    columns = NumericProperty(2)

    def show(self, prompt: str, results: list[str] | None = None, moves: list | None = None,
             extra=None) -> None:
        """`extra`: a widget for a choice the board cannot show (a keypad, a list)."""
        self.prompt = prompt
        self.results = "\n".join(results or [])
        box = self.ids.moves
        moves = moves or []
        box.cols = 1 if len(moves) == 1 else self.columns
        pool = self.__dict__.setdefault("_buttons", [])
        while len(pool) < len(moves):  # made once and dressed again: a new one costs ~15 ms
            pool.append(SheetButton())
        for button, move in zip(pool, moves, strict=False):
            button.move = move
            button.text, button.tone, button.disabled = move.text, move.tone, move.disabled
        shown = pool[:len(moves)]
        if box.children[::-1] != shown:
            box.clear_widgets()
            for button in shown:
                box.add_widget(button)
        slot = self.ids.extra
        slot.clear_widgets()
        if extra is not None:
            slot.add_widget(extra)


class SheetButton(BigButton):
    """A move of the prompt sheet (its words wrap rather than being cut); the sheet
    keeps its buttons and gives each the move it shows now."""

    move = None

    def on_release(self):
        if self.move is not None:
            self.move.on_press()


class StripScroll(QuietScroll):
    """The hand strip's sideways scroll."""


class HandStrip(BoxLayout):
    """The acting player's cards: one row that scrolls sideways (portrait), or rows
    (landscape). The game gives the cards in order, the playable ones first."""

    title = StringProperty("")
    wrapped = BooleanProperty(False)  # rows instead of one sideways row
    card_height = NumericProperty(dp(120))
    shown = BooleanProperty(False)  # no cards and no title: no room taken

    def show(self, title: str, cards: list) -> None:
        self.title = title
        self.shown = bool(title or cards)
        row = self.ids.row
        row.clear_widgets()
        for card in cards:
            card.size_hint = (None, None)
            card.height = self.card_height
            row.add_widget(card)
        self.ids.scroll.scroll_x = 0  # the first (playable) cards in sight


class TableFrame(BoxLayout):
    """Board, sheet and hand; a game's table widget is one, or holds one. Portrait or
    landscape is the window's (the frame's own size passes through odd shapes while
    the screen is first laid out)."""

    landscape = BooleanProperty(False)
    side_share = NumericProperty(0.4)  # landscape: the width of the sheet and hand

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        Window.bind(size=self._orient)
        self._orient(Window, Window.size)
        # the hand's cards and the board's pieces are sized for the frame's width and
        # shape: a phone turned, a window sized, the first layout draw them again
        self.resized = Clock.create_trigger(self.redraw, -1)
        self.fbind("landscape", self.resized)
        self.fbind("width", self.resized)

    @property
    def showing(self) -> bool:
        """On the screen with a game open: what a table put off to a later frame (a
        redraw, a card built ahead) is for its own game only, never the next one's."""
        return self.parent is not None and self.app.controller.session is not None

    def redraw(self, *_args) -> None:
        if self.showing:
            self.refresh()

    def _orient(self, _window, size) -> None:
        self.landscape = size[0] > size[1]

    @property
    def app(self):
        return App.get_running_app()

    def select(self, sel) -> None:
        """A choice half made by taps (`sel`, the game's): drawn after the touch."""
        self.sel = sel
        Clock.schedule_once(lambda _dt: self.refresh(), 0)  # not inside the touch

    picks_class = None  # a game's taps (its picks.Picks): Picks(state, legal, sel).tap(place)

    def tapped(self, place) -> None:
        """A tap on something of the table: the game's picks say whether it makes an
        action, a selection to go on from, or why it does nothing."""
        state = self.app.controller.state
        if state["await"] is None:
            return
        picks = type(self).picks_class(state, self.app.controller.legal(), self.sel)
        answer, value = picks.tap(place)
        if answer == "act":
            self.act(value)
        elif answer == "sel":
            self.select(value)
        else:
            self.sheet.prompt = value

    def act(self, action) -> None:
        """An action through the app; a refusal's reason takes the prompt's place."""
        reason = self.app.act(action)
        if reason:
            self.sheet.prompt = reason

    def set_board(self, widget) -> None:
        slot = self.ids.board
        if widget.parent is not slot:
            slot.clear_widgets()
            slot.add_widget(widget)

    @property
    def sheet(self) -> PromptSheet:
        return self.ids.sheet

    @property
    def hand(self) -> HandStrip:
        return self.ids.hand


def end_turn_move(text: str, on_end: Callable[[], None], unfinished: str = "",
                  what: str = "the turn") -> Move:
    """The move that ends a turn (or a phase: `what`), alike in every game: never the
    primary move (the main action is), and asked first when the turn is not done
    (`unfinished` says why: "Ann has 3 actions left"), so a tap beside the main action
    ends nothing by mistake."""
    if not unfinished:
        return Move(text, on_end)

    def ask() -> None:
        from companion.app.choices import Choice, menu

        menu(f"{unfinished}: end {what}?", [Choice(f"Yes, end {what}", on_end, "danger")])
    return Move(text, ask)
