"""The table screen every game shares: the toolbar (what happens now, undo and
redo that say what they take back, the game's own dice, the menu), the
pass-and-play cover, and in between the game's own table widget.

The game's widget (its spec's `table`) only draws its state and offers moves
through `app.act`; it never sees the cover: while the phone changes hands the
widget is not on screen at all, so nothing private can show.
"""

from __future__ import annotations

from kivy.app import App
from kivy.metrics import dp
from kivy.properties import BooleanProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.label import Label
from kivy.uix.modalview import ModalView
from kivy.uix.screenmanager import Screen

from companion.app.widgets import BigButton
from companion.games import load


class TableScreen(Screen):
    title = StringProperty("")
    turn = StringProperty("")
    undo_text = StringProperty("")
    redo_text = StringProperty("")
    has_dice = BooleanProperty(False)
    cover_name = StringProperty("")  # whom to hand the phone to ("" : no cover)
    recent = StringProperty("")  # the last action's public events, shown on the cover

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.game_id = ""
        self.game = None  # the game's table widget
        self.revealed: tuple | None = None  # (seat, actions) the private screen is open for
        self.cover = self.ids.cover.__self__  # held: it is out of the tree while not shown

    @property
    def app(self):
        return App.get_running_app()

    def use_game(self, game_id: str) -> None:
        """Host this game's table widget (made once per game shown)."""
        if self.game_id == game_id:
            return
        self.game = load(self.app.spec(game_id).table)()
        self.game_id = game_id
        self.revealed = None

    # -- drawing ---------------------------------------------------------------------
    def refresh(self) -> None:
        controller = self.app.controller
        state, view = controller.state, controller.view
        status = view.status(state)
        self.title, self.turn = status["title"], status["turn"]
        self.undo_text, self.redo_text = controller.undo_text(), controller.redo_text()
        self.has_dice = bool(controller.spec.dice)
        seat = self.cover_for(state, view)
        self.cover_name = state["players"][seat]["name"] if seat is not None else ""
        self.recent = "\n".join(e["text"] for e in controller.recent
                                if not e.get("private"))[-600:]
        content = self.ids.content
        shown = content.children[0] if content.children else None
        wanted = self.cover if seat is not None else self.game
        if shown is not wanted:
            content.clear_widgets()
            content.add_widget(wanted)
        if seat is None:
            self.game.refresh()

    def cover_for(self, state: dict, view) -> int | None:
        """The seat to hand the phone to before the screen may show: the owner of a
        private prompt, or the next player after a private choice (the cover again)."""
        session = self.app.controller.session
        moves = len(session.actions)
        if state["await"] is None:
            return None
        seat = self.app.controller.rules.acting_seat(state)
        private = view.private_seat(state)
        before = session.states[-2] if moves else None
        before_seat = None if before is None or before["await"] is None else \
            self.app.controller.rules.acting_seat(before)
        was_private = before_seat is not None and view.private_seat(before) is not None
        if self.revealed == (seat, moves - 1) and before_seat == seat:
            self.revealed = (seat, moves)  # the same player goes on: no need to hand over
        if private is None and not (was_private and before_seat != seat):
            return None
        return None if self.revealed == (seat, moves) else seat

    def reveal(self) -> None:
        """The player named on the cover has the phone."""
        controller = self.app.controller
        self.revealed = (controller.rules.acting_seat(controller.state),
                         len(controller.session.actions))
        self.refresh()

    # -- the toolbar --------------------------------------------------------------------
    def undo(self) -> None:
        if self.app.controller.undo():
            self.app.show_table()

    def redo(self) -> None:
        if self.app.controller.redo():
            self.app.show_table()

    def open_dice(self) -> None:
        DiceRoller(self.app).open()

    def open_menu(self) -> None:
        from companion.app.menu import TableMenu

        TableMenu(self.app).open()


class DiceRoller(ModalView):
    """The game's own dice, rolled on the game's generator (so logged and replayed)."""

    def __init__(self, app, **kwargs):
        dice = app.controller.spec.dice
        super().__init__(size_hint=(0.9, None), height=dp(190 + 64 * len(dice)), **kwargs)
        self.app = app
        box = BoxLayout(orientation="vertical", padding=dp(12), spacing=dp(8))
        self.result = Label(text="Roll a die", font_size="30sp", size_hint_y=None,
                            height=dp(110), halign="center")
        self.result.bind(width=lambda w, _: setattr(w, "text_size", (w.width, None)))
        box.add_widget(self.result)
        for die in dice:
            button = BigButton(text=die.name, tone="primary")
            button.bind(on_release=lambda *_a, d=die.id: self.roll(d))
            box.add_widget(button)
        close = BigButton(text="Close")
        close.bind(on_release=lambda *_: self.dismiss())
        box.add_widget(close)
        self.add_widget(box)

    def roll(self, die: str) -> None:
        events = self.app.controller.act({"type": "free_roll", "die": die})
        self.result.text = events[-1]["text"].replace("Dice roller: ", "")
        self.app.root.get_screen("table").refresh()  # Undo now names this roll
