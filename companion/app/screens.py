"""Shell screens: home, log, game over (the new-game form: newgame.py)."""

from __future__ import annotations

from kivy.app import App
from kivy.properties import ListProperty, StringProperty
from kivy.uix.screenmanager import Screen

from companion.games import GAMES, view_of

NAME_LIMIT = 24


def player_name(typed: str) -> str:
    """A typed name as the table shows it: printable, no markup brackets, short."""
    kept = "".join(" " if ch.isspace() else ch for ch in typed
                   if (ch.isprintable() or ch.isspace()) and ch not in "[]")
    return " ".join(kept.split())[:NAME_LIMIT]


class HomeScreen(Screen):
    """The games in progress (any can be resumed) and a new game of each kind."""

    notice = StringProperty("")

    def refresh(self):
        from companion.app.widgets import BigButton

        store = App.get_running_app().controller.store
        self.notice = store.notice
        box = self.ids.games
        box.clear_widgets()
        for game_id in store.in_progress():
            if game_id not in GAMES:
                continue
            button = BigButton(text=f"Resume {GAMES[game_id].name}\n[size=14sp]"
                                    f"{store.describe(game_id)}[/size]", tone="primary")
            button.height = "72dp"
            button.bind(on_release=lambda *_a, g=game_id: self.resume(g))
            box.add_widget(button)
        for game_id, spec in GAMES.items():
            button = BigButton(text=f"New game: {spec.name}")
            button.bind(on_release=lambda *_a, g=game_id: self.new_game(g))
            box.add_widget(button)

    def new_game(self, game_id):
        app = App.get_running_app()
        app.root.get_screen("newgame").game_id = game_id
        app.go("newgame")

    def resume(self, game_id):
        app = App.get_running_app()
        if app.controller.resume(game_id):
            app.show_table()
        else:
            self.refresh()


class LogScreen(Screen):
    lines = ListProperty([])

    def refresh(self):
        app = App.get_running_app()
        session = app.controller.session
        self.lines = [e["text"] for e in session.log() if not e.get("private")] if session else []
        self.ids.log.data = [{"text": text} for text in self.lines]
        self.ids.log.scroll_y = 0


class GameOverScreen(Screen):
    result = StringProperty("")
    details = StringProperty("")

    def refresh(self):
        session = App.get_running_app().controller.session
        self.result, self.details = view_of(session.rules.game_id).game_over(session)

    def home(self):
        app = App.get_running_app()
        app.controller.finish()
        app.go("home")

    def undo(self):
        app = App.get_running_app()
        app.controller.undo()
        app.show_table()
