"""Shell screens: home, log, game over (the new-game form: newgame.py)."""

from __future__ import annotations

from kivy.app import App
from kivy.properties import StringProperty
from kivy.uix.screenmanager import Screen, ScreenManager
from kivy.utils import escape_markup

from companion.games import GAMES, view_of

NAME_LIMIT = 24


def player_name(typed: str) -> str:
    """A typed name as the table shows it: printable, no markup brackets, short."""
    kept = "".join(" " if ch.isspace() else ch for ch in typed
                   if (ch.isprintable() or ch.isspace()) and ch not in "[]")
    return " ".join(kept.split())[:NAME_LIMIT]


def listed(store, game_id: str, notes: list) -> dict | None:
    """The home screen's line for a game in progress (companion.progress), or None.
    A save that loads but whose line fails is kept aside, as the table would
    (companion.app.rescue), and the one before it tried; `notes` gets what was done."""
    from companion.progress import progress

    for _ in range(2):  # the current save, then the one before it
        session = store.load(game_id)
        if store.notice:
            notes.append(store.notice)
        if session is None:
            return None
        try:
            return progress(session, store.slot(game_id).saved_at())
        except Exception as error:  # a bug on this save: keep it, tell, go on
            note = store.set_aside(game_id, f"{type(error).__name__}: {error}")
            notes.append(f"{GAMES[game_id].name}: {note}")
    return None


def folder_words(folder: str) -> str:
    """A game folder as a player reads it: the home folder as ~."""
    import os

    home = os.path.expanduser("~")
    return "~" + folder[len(home):] if home != "/" and folder.startswith(home + os.sep) \
        else folder


class Screens(ScreenManager):
    """The app's screens, one at a time and without a slide between them (home.kv drops
    the stencil Kivy's ScreenManager draws around every frame for its slides: two
    window-sized fills and a test of every pixel, each frame, on a software renderer)."""


class HomeScreen(Screen):
    """The games in progress (any can be resumed: how far each is, whose turn, when it
    was last played; a finished one shows its result) and a new game of each kind."""

    notice = StringProperty("")

    def refresh(self):
        from companion.app.widgets import BigButton

        app = App.get_running_app()
        store = app.controller.store
        box = self.ids.games
        box.clear_widgets()
        notes = [note for note in (app.notice, store.notice) if note]  # a save set aside
        notes += app.folder_notes  # a game folder that is gone (its save waits for it)
        app.notice = ""  # told once
        for game_id in store.in_progress():
            line = listed(store, game_id, notes) if game_id in GAMES else None
            if line is None:
                continue
            verb = "See how it ended" if line["over"] else "Resume"
            button = BigButton(text=f"[b]{verb}: {escape_markup(line['game'])}[/b]\n"
                                    f"[size=15sp]{escape_markup(line['where'])}\n"
                                    f"{escape_markup(line['who'])} · {line['when']}[/size]",
                               tone="primary")
            button.bind(on_release=lambda *_a, g=game_id: self.resume(g))
            box.add_widget(button)
        self.notice = " ".join(notes)
        for game_id, spec in GAMES.items():
            where = ""  # a game from a folder says which (a copy of a bundled one too)
            if spec.folder and not spec.folder.startswith("<"):
                where = f"\n[size=14sp]from {escape_markup(folder_words(spec.folder))}[/size]"
            button = BigButton(text=f"New game: {escape_markup(spec.name)}{where}")
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


class GameOverScreen(Screen):
    """The result, large; then play again (the same players), a new game, the log,
    undo, or home, where the finished game stays listed with its result until a
    new game of its kind starts."""

    result = StringProperty("")
    details = StringProperty("")
    game_name = StringProperty("")
    undo_text = StringProperty("")  # the move that ended the game, as Undo names it

    def refresh(self):
        controller = App.get_running_app().controller
        session = controller.session
        self.result, self.details = view_of(session.rules.game_id).game_over(session)
        self.game_name = GAMES[session.rules.game_id].name
        self.undo_text = escape_markup(controller.undo_text())

    def play_again(self):
        """A new game with the same setup (players, colours, options), a new shuffle."""
        app = App.get_running_app()
        session = app.controller.session
        app.controller.new_game(session.rules.game_id, session.setup)
        app.show_table()

    def new_game(self):
        app = App.get_running_app()
        app.root.get_screen("newgame").game_id = app.controller.rules.game_id
        app.go("newgame")

    def home(self):
        App.get_running_app().go("home")

    def undo(self):
        app = App.get_running_app()
        app.controller.undo()
        app.show_table()
