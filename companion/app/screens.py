"""Shell screens: home, new game, log, game over."""

from __future__ import annotations

from kivy.app import App
from kivy.properties import ListProperty, StringProperty
from kivy.uix.screenmanager import Screen

from companion.app import theme
from companion.games import GAMES, view_of

MODES = {  # label -> teams (players per team)
    "2 players": [1, 1],
    "2 teams of 2": [2, 2],
    "3 players": [1, 1, 1],
    "3 teams of 2": [2, 2, 2],
}


NAME_LIMIT = 24


def player_name(typed: str) -> str:
    """A typed name as the table shows it: printable, no markup brackets, short."""
    kept = "".join(" " if ch.isspace() else ch for ch in typed
                   if (ch.isprintable() or ch.isspace()) and ch not in "[]")
    return " ".join(kept.split())[:NAME_LIMIT]


class HomeScreen(Screen):
    notice = StringProperty("")
    resume_text = StringProperty("")

    def refresh(self):
        app = App.get_running_app()
        store = app.controller.store
        self.notice = store.notice
        self.resume_text = "Resume game" if store.has_game() else ""
        box = self.ids.games
        box.clear_widgets()
        from companion.app.widgets import BigButton

        for game_id, spec in GAMES.items():
            button = BigButton(text=f"New game: {spec.name}",
                                  tone="primary")
            button.bind(on_release=lambda *_a, g=game_id: self.new_game(g))
            box.add_widget(button)

    def new_game(self, game_id):
        app = App.get_running_app()
        screen = app.root.get_screen("newgame")
        screen.game_id = game_id
        screen.game_name = GAMES[game_id].name
        app.go("newgame")

    def resume(self):
        app = App.get_running_app()
        if app.controller.resume():
            app.show_table()
        else:
            self.refresh()


class NewGameScreen(Screen):
    game_id = StringProperty("")
    game_name = StringProperty("")
    mode = StringProperty("2 players")
    dice = StringProperty("digital")
    cards = StringProperty("virtual")

    def refresh(self):
        self.build_players()

    def set_mode(self, mode):
        self.mode = mode
        self.build_players()

    def build_players(self):
        from kivy.uix.boxlayout import BoxLayout
        from kivy.uix.spinner import Spinner
        from kivy.uix.textinput import TextInput

        box = self.ids.players
        box.clear_widgets()
        teams = MODES[self.mode]
        seat = 0
        self.rows = []
        for team, size in enumerate(teams):
            for _ in range(size):
                row = BoxLayout(size_hint_y=None, height="56dp", spacing="6dp")
                name = TextInput(text=f"Player {seat + 1}", multiline=False, font_size="18sp",
                                 background_color=theme.PANEL_HI, foreground_color=theme.TEXT,
                                 cursor_color=theme.GOLD, padding=("10dp", "14dp"))
                colour = Spinner(text=theme.PLAYER_COLOURS[team % 4] if len(teams) > 1 and
                                 size > 1 else theme.PLAYER_COLOURS[seat % 4],
                                 values=theme.PLAYER_COLOURS, size_hint_x=0.38,
                                 font_size="17sp", background_normal="",
                                 background_color=theme.PANEL_HI)
                row.add_widget(name)
                row.add_widget(colour)
                box.add_widget(row)
                self.rows.append((name, colour, team))
                seat += 1

    def setup(self) -> dict:
        players = [{"name": player_name(name.text) or f"Player {i + 1}", "colour": colour.text,
                    "team": team} for i, (name, colour, team) in enumerate(self.rows)]
        by_team = [[p for p in players if p["team"] == t] for t in range(len(MODES[self.mode]))]
        seated = [team[k] for k in range(max(map(len, by_team))) for team in by_team
                  if k < len(team)]  # teams sit alternately around the table (R-TEAM-1)
        return {"players": seated, "dice": self.dice, "cards": self.cards}

    def start(self):
        app = App.get_running_app()
        app.controller.new_game(self.game_id, self.setup())
        app.show_table()


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
