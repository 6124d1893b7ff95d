"""Against All Tyrants' table: the escalation track on top, never scrolled away; the
two players' strips (base health, objective progress, cards played) around the two
theaters, where every unit shows its damage, tokens and whether it has acted; then
the prompt, the latest results, the moves and the cards to play, playable first and
grouped by kind. Units, bases, leaders and cards are chosen by tapping them
(picks.py); buttons only where taps leave a choice. The shell hosts it with its
toolbar and pass-and-play cover (view.private_seat: the mulligan, virtual hands)."""

from __future__ import annotations

from pathlib import Path

from kivy.app import App
from kivy.clock import Clock
from kivy.lang import Builder
from kivy.metrics import dp
from kivy.properties import BooleanProperty, NumericProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.button import Button
from kivy.uix.label import Label

from companion.app import theme
from companion.app.widgets import Turnable  # noqa: F401 - table.kv's (face to face)
from companion.games.aat import look, view
from companion.games.aat.data import THEATERS
from companion.games.aat.picks import Picks, groups
from companion.games.aat.widgets import HandCard, PieceTile, PlayerStrip, tile_width

Builder.load_file(str(Path(__file__).with_name("table.kv")))


def results(session) -> list[str]:
    """What the latest player's actions did, until another player acts."""
    states, actions = session.states, session.actions
    if not actions:
        return []
    i = len(actions) - 1
    actor = (states[i]["await"] or {}).get("player")
    lines: list[str] = []
    while i >= 0 and (states[i]["await"] or {}).get("player") == actor:
        lines[:0] = [e["text"] for e in session.events[i + 1] if not e.get("private")]
        i -= 1
    return lines


def fit_tiles(row, width) -> None:
    """A row's pieces share its width, whenever the width changes."""
    for child in row.children:
        if isinstance(child, PieceTile):
            child.width = tile_width(width)


class TheaterBox(BoxLayout):
    """One theater: its name, then the far player's pieces and the near player's."""

    title = StringProperty("")
    icon = StringProperty("")


class AatTable(BoxLayout):
    prompt = StringProperty("")
    results_text = StringProperty("")
    landscape = BooleanProperty(False)
    side_min = NumericProperty(dp(180))

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.sel: list = []
        self.sel_for = -1  # the number of actions `sel` was made at
        self.pieces: list = []
        self.heading_pool: list[Label] = []  # widgets reused from one drawing to the next
        self.card_pool: list[HandCard] = []

    @property
    def app(self):
        return App.get_running_app()

    @property
    def state(self):
        return self.app.controller.state

    # -- drawing ---------------------------------------------------------------------
    def refresh(self):
        controller = self.app.controller
        moves = len(controller.session.actions)
        if moves != self.sel_for:
            self.sel, self.sel_for = [], moves
        state = self.state
        self.results_text = "\n".join(results(controller.session)[-3:])
        escalation = view.escalation(state)
        self.ids.track.show(escalation["level"], escalation["incidents"])
        picks = Picks(state, controller.legal(), self.sel) if state["await"] else None
        self.sel = picks.sel if picks else []
        self.prompt = picks.prompt() if picks else view.prompt_text(state)
        self.draw_board(state, picks)
        self.draw_moves(state, picks)

    def near_seat(self, state) -> int:
        """The player at the bottom: whoever acts (the phone is passed to them)."""
        seat = view.status(state)["acting_seat"]
        return state["current"] if seat is None else seat

    def draw_board(self, state, picks) -> None:
        near = self.near_seat(state)
        seats = (1 - near, near)
        marks = picks.marks() if picks else {}
        acting = view.status(state)["acting_seat"]
        strips = (self.ids.far, self.ids.near)
        for strip, seat in zip(strips, seats, strict=True):
            strip.show(view.panel(state, seat), seat == acting)
        board = view.board(state)
        self.pieces = []
        for theater in THEATERS:
            box = self.ids[theater.lower()]
            box.title = theater + self.base_note(state, theater)
            box.icon = theater.lower()
            for row, seat in zip((box.ids.far, box.ids.near), seats, strict=True):
                panel = view.panel(state, seat)
                shown = board[theater][seat]
                if panel["base"]["theater"] == theater:
                    shown = [panel["base"], *panel["leaders"], *shown]
                self.fill_row(row, shown, look.deck_colour(panel["subfaction"]), marks)

    def fill_row(self, row, shown: list, colour: str, marks: dict) -> None:
        """A row's pieces, reusing its tiles (creating widgets is what makes a phone
        slow to redraw); an empty row says so."""
        if not getattr(row, "fitted", False):  # tiles share the row's width
            row.fitted = True
            row.bind(width=fit_tiles)
            row.empty = Label(text="no units", color=theme.MUTED, font_size="14sp",
                              size_hint=(None, None), size=(dp(90), dp(30)))
        tiles = [w for w in reversed(row.children) if isinstance(w, PieceTile)]
        while len(tiles) < len(shown):
            tile = PieceTile()
            tile.bind(on_release=self.tapped)
            tiles.append(tile)
        if [w for w in reversed(row.children)] != tiles[:len(shown)]:
            row.clear_widgets()
            for tile in tiles[:len(shown)]:
                row.add_widget(tile)
        if not shown:
            row.add_widget(row.empty)
        width = tile_width(row.width)
        for tile, piece in zip(tiles, shown, strict=False):
            tile.show(piece, colour, width)
            tile.mark = marks.get(tile.thing, "")
            self.pieces.append(tile)

    def base_note(self, state, theater: str) -> str:
        for seat in (0, 1):
            panel = view.panel(state, seat)
            if panel["base"]["theater"] == theater:
                return f"  ·  {panel['name']}'s base"
        return ""

    def draw_moves(self, state, picks) -> None:
        buttons = self.ids.buttons
        buttons.clear_widgets()
        if picks is None:
            self.ids.cards.clear_widgets()
            return
        for action in picks.buttons():
            buttons.add_widget(self.button(view.label(state, action),
                                           lambda a=action: self.act(a)))
        if picks.sel:
            buttons.add_widget(self.button("Cancel", self.cancel, quiet=True))
        self.draw_cards(state, picks)

    def draw_cards(self, state, picks) -> None:
        """The cards this prompt offers, grouped (picks.groups); in the deployment
        phase the rest of a virtual hand follows, dimmed (escalation too low)."""
        offered = picks.cards()
        wait = state["await"]
        seat = wait["player"]
        rest: list[str] = []
        if wait["kind"] == "deploy" and not view.m.tracked(state):
            rest = [c for c in state["players"][seat]["hand"] if c not in offered]
        marks = picks.marks()
        hand = state["players"][seat]["hand"]
        colour = look.deck_colour(view.panel(state, seat)["subfaction"])
        cards = view.cards()
        headings, tiles, wanted = iter(self.heading_pool), iter(self.card_pool), []
        for heading, ids, ready in groups(cards, offered, rest):
            label = next(headings, None) or self.new_heading()
            label.text = heading
            wanted.append(label)
            for card_id in ids:
                tile = next(tiles, None) or self.new_card()
                tile.show(card_id, cards[card_id], colour, ready, hand.count(card_id))
                tile.mark = marks.get(tile.thing, "")
                wanted.append(tile)
        box = self.ids.cards
        if list(reversed(box.children)) != wanted:
            box.clear_widgets()
            for widget in wanted:
                box.add_widget(widget)

    def new_heading(self) -> Label:
        label = Label(color=theme.MUTED, bold=True, font_size="14sp", size_hint_y=None,
                      height=dp(24), halign="left", valign="middle")
        label.bind(size=lambda w, size: setattr(w, "text_size", size))
        self.heading_pool.append(label)
        return label

    def new_card(self) -> HandCard:
        tile = HandCard()
        tile.bind(on_release=self.tapped)
        self.card_pool.append(tile)
        return tile

    def button(self, text: str, on_press, quiet: bool = False) -> Button:
        button = Button(text=text, size_hint_y=None, height=dp(48), font_size="15sp",
                        background_normal="", halign="center",
                        background_color=theme.PANEL_HI if quiet else theme.GOLD,
                        color=theme.TEXT if quiet else (0.08, 0.08, 0.08, 1))
        button.bind(width=lambda b, w: setattr(b, "text_size", (w - dp(12), None)))
        button.bind(on_release=lambda _b: on_press())
        return button

    # -- taps ------------------------------------------------------------------------
    def tapped(self, widget) -> None:
        state = self.state
        if state["await"] is None or widget.thing is None:
            return
        picks = Picks(state, self.app.controller.legal(), self.sel)
        answer, value = picks.tap(widget.thing)
        if answer == "act":
            self.act(value)
        elif answer == "sel":
            self.sel = value
            Clock.schedule_once(lambda _dt: self.refresh(), 0)  # not inside the touch
        else:
            self.prompt = value

    def cancel(self) -> None:
        self.sel = []
        Clock.schedule_once(lambda _dt: self.refresh(), 0)

    def act(self, action) -> None:
        reason = self.app.act(action)
        if reason:
            self.prompt = reason


__all__ = ["AatTable", "PlayerStrip", "TheaterBox"]
