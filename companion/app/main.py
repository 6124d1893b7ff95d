"""The Dossier companion app: the shell every game shares.

Home (the games in progress, a new game), the new-game form, the table (the
shell's toolbar and cover around the game's own table widget), the log and
game over. Every action goes through the GameController, which saves after
each one; the screen stays awake while a game is open (a setting).
"""

from __future__ import annotations

import os
from pathlib import Path

from kivy.app import App
from kivy.clock import Clock
from kivy.core.window import Window
from kivy.lang import Builder
from kivy.uix.screenmanager import NoTransition

from companion.app import theme
from companion.app.settings import Settings
from companion.controller import GameController
from companion.core.engine import Rejected
from companion.games import GAMES, load
from companion.store import Store

KV = Path(__file__).resolve().parent / "kv"


class DossierApp(App):
    title = "Dossier companion"
    prompt_turned = False  # face to face: the table's prompt faces the far side (table.py)

    def __init__(self, data_dir: str | None = None, demo: bool | str | None = None,
                 game: str | None = None, **kwargs):
        super().__init__(**kwargs)
        self.data_dir = data_dir
        self.demo = demo
        self.game = game  # a folder game opened with --game (registered): its form first
        self.controller: GameController | None = None
        self.settings: Settings | None = None
        self.notice = ""  # what the home screen must tell once (a save set aside)
        self.folder_notes: list[str] = []  # game folders gone: told while they are

    @property
    def user_data_dir(self) -> str:
        """Kivy's folder for the app (its own choice per platform), made with its
        parents: Kivy makes only the last folder, so a fresh account without
        ~/.config could not start."""
        try:
            return super().user_data_dir
        except FileNotFoundError as exc:
            if not exc.filename:
                raise
            os.makedirs(exc.filename, exist_ok=True)
            return super().user_data_dir

    # -- lifecycle -----------------------------------------------------------------------
    def build(self):
        from companion.app import rescue, widgets  # noqa: F401 - widgets: the kv classes
        from companion.app.newgame import NewGameScreen
        from companion.app.screens import GameOverScreen, HomeScreen, Screens
        from companion.app.table import TableScreen

        Window.clearcolor = theme.BACKGROUND
        rescue.install()  # a game that fails to show never stops the app
        for name in ("widgets", "home", "newgame", "log", "gameover", "table"):
            Builder.load_file(str(KV / f"{name}.kv"))
        folder = self.data_dir or os.path.join(self.user_data_dir, "saves")
        self.controller = GameController(Store(folder))
        self.settings = Settings(Path(folder) / "settings.json")
        self.remember_folders(Path(folder))
        manager = Screens(transition=NoTransition())
        for screen in (HomeScreen(name="home"), NewGameScreen(name="newgame"),
                       GameOverScreen(name="gameover"),
                       TableScreen(name="table")):
            manager.add_widget(screen)
        return manager

    @staticmethod
    def spec(game_id: str):
        return GAMES[game_id]

    def remember_folders(self, folder: Path) -> None:
        """The game folders opened before join the games (companion.app.folders); one
        that is gone is said on the home screen, its save kept. The one opened now is
        remembered."""
        from companion.app import folders

        folders.register_bundled()
        self.folder_notes = folders.register_all(folder, GAMES)
        if self.game:
            spec = GAMES[self.game]
            try:
                folders.remember(folder, spec.folder, spec.id, spec.name)
            except OSError as exc:
                self.folder_notes.append(f"{spec.name} could not be remembered ({exc}).")

    def on_keyboard(self, _window, key, *_args) -> bool:
        """Android's back button (Escape): step back a screen instead of quitting."""
        if key != 27:
            return False
        current = self.root.current
        if current in ("table", "gameover", "newgame"):
            self.go("home")  # the game stays saved; Resume brings it back
            return True
        return False

    def on_start(self):
        from companion.app.pauses import collect_when_idle

        Window.bind(on_keyboard=self.on_keyboard)
        collect_when_idle(Window, Clock)
        if self.demo:  # a game's demo position (True: the first registered game's)
            game_id = self.demo if isinstance(self.demo, str) else next(iter(GAMES))
            self.controller.session = load(GAMES[game_id].demo)()
            self.show_table()
            self.root.get_screen("table").reveal()  # as the acting player sees it
        elif self.game:  # --game FOLDER: its new-game form (home lists its saves)
            self.root.get_screen("newgame").game_id = self.game
            self.go("newgame")
        elif self.resume_latest():  # the most recently played game
            if self.controller.store.notice:  # a corrupt save was kept aside: say so
                self.controller.recent = [{"kind": "notice",
                                           "text": self.controller.store.notice}]
            self.show_table()  # resume at once after a crash or a kill
        else:
            self.go("home")

    def resume_latest(self) -> bool:
        """The most recently played game the app knows: a folder game whose folder is
        gone is not read (its save would be set aside), it waits for the folder."""
        known = [g for g in self.controller.store.in_progress() if g in GAMES]
        return bool(known) and self.controller.resume(known[0])

    def on_stop(self):
        from companion.app.zoom import stop_drawing_ahead

        stop_drawing_ahead()

    def on_pause(self):
        return True  # Android: keep the app alive; the save is already on disk

    # -- navigation --------------------------------------------------------------------
    def go(self, name: str) -> None:
        from companion.app.log import LogView

        for view in [w for w in Window.children if isinstance(w, LogView)]:
            view.dismiss(animation=False)  # the log belongs to the screen it opened over
        screen = self.root.get_screen(name)
        if hasattr(screen, "refresh"):
            screen.refresh()
        self.root.current = name
        keep_awake(name == "table" and self.settings["keep_awake"])

    def show_table(self) -> None:
        """The open game's table (or its result); if showing it fails, its save is kept
        aside and the home screen says so (companion.app.rescue)."""
        from companion.app.rescue import showing

        if self.controller.session is None:  # set aside since this showing was asked for
            return
        with showing(self):
            if self.controller.rules.is_over(self.controller.state):
                self.go("gameover")
            else:
                self.root.get_screen("table").use_game(self.controller.rules.game_id)
                self.go("table")

    def open_log(self):
        """The log over (a phone) or beside (a tablet) the screen that is showing."""
        from companion.app.log import open_log

        return open_log()

    def act(self, action: dict) -> str:
        """A game widget's move: '' when done (the table redraws on the next frame),
        else the reason it is not allowed. Steps with nothing to decide that follow
        for the same player (the view's `follow_up`) are taken with it, each its
        own action, so Undo takes them back one at a time."""
        controller = self.controller
        rules = controller.rules
        seat = None if rules.is_over(controller.state) else rules.acting_seat(controller.state)
        try:
            events = controller.act(action)
        except Rejected as exc:
            return f"Not allowed: {exc.message} ({exc.rule})"
        follow = getattr(controller.view, "follow_up", None)
        while follow and not rules.is_over(controller.state) and \
                rules.acting_seat(controller.state) == seat:
            step = follow(controller.state)
            if step is None:
                break
            events = events + controller.act(step)
        controller.recent = events
        self.after_action()
        return ""

    def after_action(self) -> None:
        Clock.schedule_once(lambda dt: self.show_table(), 0)

    def apply_settings(self) -> None:
        keep_awake(self.root.current == "table" and self.settings["keep_awake"])
        if self.root.current == "table":
            self.show_table()


def on_drawn_frames(callback) -> None:
    """Call `callback()` as each frame from the next one on is drawn, before it is
    shown (the drawing buffer then holds that frame, whatever the machine's
    speed), until it returns True."""

    def on_flip(_window):
        if callback():
            Window.unbind(on_flip=on_flip)
        else:
            Window.canvas.ask_update()  # no frame is drawn while nothing changes
        # returns None: the window's own on_flip, which shows the frame, still runs

    Window.bind(on_flip=on_flip)
    Window.canvas.ask_update()


def save_screenshot(path: str, need_content: bool = False) -> bool:
    """Save the frame being drawn to `path` (call it from `on_drawn_frames`). With
    `need_content`, a frame of one colour (nothing drawn yet) is not saved: False.
    The pixels are read once and written by Pillow at a light compression, rows packed
    tight whatever the width (Kivy's own screenshot re-encodes slowly through SDL and
    skewed a width not a multiple of 4). Pillow is there on the desktop (pnp needs it),
    where screenshots are taken; not on Android."""
    from kivy.graphics.opengl import (
        GL_PACK_ALIGNMENT,
        GL_RGB,
        GL_UNSIGNED_BYTE,
        glPixelStorei,
        glReadPixels,
    )
    from PIL import Image

    width, height = Window.size
    glPixelStorei(GL_PACK_ALIGNMENT, 1)
    data = glReadPixels(0, 0, width, height, GL_RGB, GL_UNSIGNED_BYTE)
    image = Image.frombuffer("RGB", (width, height), data, "raw", "RGB", 0, -1)  # bottom up
    if need_content and not has_content(image):
        return False
    temp = f"{path}.{os.getpid()}.tmp"
    image.save(temp, format="PNG", compress_level=1)
    os.replace(temp, path)  # never a half-written picture
    return True


def has_content(image) -> bool:
    """Whether an image (Pillow's) is more than one flat colour."""
    return any(low != high for low, high in image.getextrema())


def keep_awake(on: bool) -> None:
    """The screen stays on while a game is open (SDL keeps it awake on desktop and
    Android; on Android the manifest also asks for WAKE_LOCK)."""
    Window.allow_screensaver = not on
