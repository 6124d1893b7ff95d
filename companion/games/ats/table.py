"""Above Top Secret's table: the other players' panels (scrolling when they do not
fit), the acting player's panel always in full, and beside or below it the
prompt, the latest results and the moves. Cards, gaps, base areas and hand
cards are chosen by tapping them (picks.py); what is left to choose is in the
action area (actions.py). The shell hosts it with its toolbar and cover."""

from __future__ import annotations

from pathlib import Path

from kivy.app import App
from kivy.clock import Clock
from kivy.lang import Builder
from kivy.metrics import dp
from kivy.properties import BooleanProperty, NumericProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout

from companion.app.widgets import Turnable  # noqa: F401 - table.kv's
from companion.games.ats import results, view
from companion.games.ats.actions import ActionArea
from companion.games.ats.picks import Picks
from companion.games.ats.widgets import AtsPanel

Builder.load_file(str(Path(__file__).with_name("table.kv")))


class AtsTable(BoxLayout):
    prompt = StringProperty("")
    results_text = StringProperty("")
    landscape = BooleanProperty(False)
    side_min = NumericProperty(dp(236))  # portrait: the prompt, results and two rows of moves

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.sel: dict = {}  # what the player has tapped so far (picks.py)
        self.sel_for = -1  # the number of actions `sel` was made at
        self.panels: list[AtsPanel] = []
        self.area = ActionArea(self)

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
            self.sel, self.sel_for = {}, moves
        state = self.state
        lines = results.results(controller.session)
        self.results_text = "\n".join(lines[-4:])
        if state["await"] is None:
            self.prompt = view.prompt_text(state)
            self.draw_panels(state, None)
            return
        picks = Picks(controller.rules, state, controller.legal(), self.sel)
        self.prompt = picks.prompt()
        self.draw_panels(state, picks)
        self.area.draw(picks)

    def say(self, text: str) -> None:
        """Why a tap did nothing, in the prompt's place until the next tap."""
        self.prompt = text

    def draw_panels(self, state, picks):
        seats = list(range(len(state["players"])))
        if len(self.panels) != len(seats):
            self.panels = [AtsPanel() for _ in seats]
            for panel in self.panels:
                for piece in panel.pieces():
                    piece.bind(on_release=self.tapped)
        acting = view.status(state)["acting_seat"]
        pinned = acting if acting is not None else 0
        order = seats[pinned + 1:] + seats[:pinned]
        others, box = self.ids.others, self.ids.pinned
        wanted = [self.panels[s] for s in reversed(order)]  # the next player nearest
        if list(others.children[::-1]) != wanted or box.children != [self.panels[pinned]]:
            others.clear_widgets()
            box.clear_widgets()
            for panel in wanted:
                others.add_widget(panel)
            box.add_widget(self.panels[pinned])
            Clock.schedule_once(lambda _dt: setattr(self.ids.others_scroll, "scroll_y", 0))
        holder = view.command_holder(state)
        hide = state["phase"] == "setup"
        marks = picks.marks() if picks else {}
        for seat, panel in zip(seats, self.panels, strict=True):
            panel.show(view.panel(state, seat), seat == holder, seat == acting, hide)
            for piece in panel.pieces():
                piece.mark = marks.get(piece.thing, "")
        self.area.marks = marks
        offered = sorted((piece for panel in wanted for piece in panel.pieces()
                          if piece.mark in ("target", "picked")),
                         key=lambda piece: piece.mark != "picked")
        if offered:  # the chosen target, else what the prompt asks to tap, into sight
            Clock.schedule_once(lambda _dt: self.ids.others_scroll.scroll_to(
                offered[0], padding=4, animate=False))

    # -- taps ------------------------------------------------------------------------
    def tapped(self, piece) -> None:
        if piece.thing is not None:
            self.tap_thing(piece.thing)

    def tap_thing(self, thing) -> None:
        state = self.state
        if state["await"] is None:
            return
        picks = Picks(self.app.controller.rules, state, self.app.controller.legal(), self.sel)
        answer, value = picks.tap(thing)
        if answer == "act":
            self.act(value)
        elif answer == "sel":
            self.select(value)
        else:
            self.say(value)

    def select(self, sel: dict) -> None:
        self.sel = sel
        Clock.schedule_once(lambda _dt: self.refresh(), 0)  # not inside the touch

    def act(self, action) -> None:
        reason = self.app.act(action)
        if reason:
            self.say(reason)
