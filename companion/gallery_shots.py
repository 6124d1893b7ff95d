"""The table gallery's pictures (companion.gallery): the companion app started in this
process on the gallery's game folder, four players' game set up with a fixed seed and
moved on by the rules' own legal actions; at each moment the widgets an entry shows
are found on the real table (or the real dialog is opened, as a hold or a tap opens
it) and exported as the app draws them (Widget.export_as_image, density 2), cropped to
them with a margin of the table's background. Kivy needs a display: Xvfb on a machine
without one."""

from __future__ import annotations

import logging
import os
import tempfile
import time
from pathlib import Path

DENSITY = "2"
SIZE = ("1080", "2600")  # pixels: a tall phone in portrait, room for every tile unfolded
SEED = 7
SETTLE_SECONDS = 60  # a limit for a hung app (a popup's animation takes 0.5 s)
MARGIN = 8  # dp around a picture
SETUP = {"players": [{}, {}, {}, {}], "first": 0, "cards": "tracked"}


def shoot(folder: Path, out: Path) -> dict:
    """Play the game in `folder` and save its pictures in `out`: {entry key: [(file,
    caption), ...]}."""
    os.environ["KIVY_METRICS_DENSITY"] = DENSITY  # before Kivy reads it, on import
    os.environ.setdefault("KIVY_NO_ARGS", "1")
    os.environ.setdefault("KIVY_LOG_MODE", "PYTHON")  # the command's output stays its own
    from kivy.config import Config

    logging.getLogger("kivy").addFilter(lambda record: not str(record.msg).startswith(
        "Cutbuffer"))  # a text field's X11 selection (xclip, xsel): not used here

    Config.set("graphics", "width", SIZE[0])
    Config.set("graphics", "height", SIZE[1])
    Config.set("graphics", "maxfps", "0")
    from companion.app.main import DossierApp
    from companion.games import register_folder

    game_id = register_folder(folder)
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="dossier-gallery-saves-") as saves:
        app = DossierApp(data_dir=saves)
        app._run_prepare()  # the window, the screens, on_start: as App.run, without its loop
        try:
            return Shots(app, game_id, out).run()
        finally:
            app.stop()


class Shots:
    """The game played on the app's own table screen, each entry's pictures taken as the
    moment for them comes (`run`)."""

    def __init__(self, app, game_id: str, out: Path):
        self.app, self.out = app, out
        self.shots: dict = {}
        app.controller.new_game(game_id, SETUP, seed=SEED)
        app.show_table()
        self.settle()

    @property
    def screen(self):
        return self.app.root.get_screen("table")

    @property
    def table(self):
        return self.screen.game

    # -- moving the game on --------------------------------------------------------------
    def settle(self) -> None:
        """Frames until nothing is due (a layout, an animation); the cover, if any, lifted
        for the player it names (the phone is theirs)."""
        from kivy.animation import Animation
        from kivy.base import EventLoop
        from kivy.clock import Clock

        end = time.monotonic() + SETTLE_SECONDS
        while time.monotonic() < end:
            EventLoop.idle()
            if self.app.root.current == "table" and self.screen.cover_name:
                self.screen.reveal()
            elif not Animation._instances and not any(
                    not ev.loop and ev.timeout <= 0 for ev in Clock.get_events()):
                return
        raise RuntimeError(f"the app did not settle in {SETTLE_SECONDS} s")

    def act(self, kind: str, **like) -> None:
        """The first legal action of `kind` (with `like`'s keys), taken as a tap takes it."""
        controller = self.app.controller
        action = next(a for a in controller.rules.legal_actions(controller.state)
                      if a["type"] == kind and like.items() <= a.items())
        reason = self.app.act(action)
        if reason:
            raise RuntimeError(f"the gallery's move was refused: {reason}")
        self.settle()

    def tap(self, button_text: str) -> None:
        """The button saying `button_text` pressed (in the dialog, or on the screen)."""
        button = next(w for w in self.walk(self.top()) if
                      getattr(w, "text", None) == button_text and hasattr(w, "trigger_action"))
        button.trigger_action(0)
        self.settle()

    # -- finding and drawing ---------------------------------------------------------------
    @staticmethod
    def walk(widget):
        yield widget
        for child in widget.children:
            yield from Shots.walk(child)

    def find(self, kind) -> list:
        return [w for w in self.walk(self.screen) if isinstance(w, kind)]

    def top(self):
        """The dialog on top, else the screen shown."""
        from kivy.core.window import Window
        from kivy.uix.modalview import ModalView

        popups = [w for w in Window.children if isinstance(w, ModalView)]
        return popups[0] if popups else self.app.root.current_screen

    def dialog(self, key: str, caption: str, opens, name: str = "held") -> None:
        """The dialog `opens()` opens (as a hold or a touch opens it), drawn and closed;
        a printed piece shown large is cropped to its picture."""
        from companion.app.zoom import CardZoom

        opens()
        self.settle()
        shown = self.top()
        if isinstance(shown, CardZoom):
            picture = next(w for w in self.walk(shown) if hasattr(w, "norm_image_size"))
            shown = (picture, picture.norm_image_size)
        self.shot(key, caption, [shown], name=name)
        self.top().dismiss()
        self.settle()

    def shot(self, key: str, caption: str, *groups, name: str = "") -> None:
        """Each group of widgets (a widget, or (widget, (w, h)): the centre of it that
        size) cropped to them from their nearest shared parent as drawn, the groups one
        under the other on the table's background, as DIR/<key>[-name].png."""
        from kivy.metrics import dp
        from PIL import Image

        from companion.app import theme

        parts = [self.crop(group) for group in groups]
        margin = round(dp(MARGIN))
        colour = tuple(round(c * 255) for c in theme.BACKGROUND[:3]) + (255,)
        picture = Image.new("RGBA", (max(p.width for p in parts) + 2 * margin,
                                     sum(p.height + margin for p in parts) + margin), colour)
        top = margin
        for part in parts:
            picture.alpha_composite(part, (margin, top))
            top += part.height + margin
        file = f"{key}-{name}.png" if name else f"{key}.png"
        picture.convert("RGB").save(self.out / file, optimize=True)
        self.shots.setdefault(key, []).append((file, caption))

    def crop(self, group: list):
        """A group's part of their nearest shared parent, drawn as the app draws it
        (transparent where nothing is)."""
        from PIL import Image

        items = [w if isinstance(w, tuple) else (w, w.size) for w in group]
        area = self.shared_parent([w for w, _size in items])
        with tempfile.TemporaryDirectory() as temp:
            area.export_to_png(os.path.join(temp, "area.png"))
            with Image.open(os.path.join(temp, "area.png")) as drawn:
                drawn = drawn.convert("RGBA")
        left, bottom = area.to_window(area.x, area.y)
        boxes = []
        for widget, (width, height) in items:
            x, y = widget.to_window(widget.center_x - width / 2, widget.center_y - height / 2)
            boxes.append((x - left, bottom + area.height - y - height,
                          x - left + width, bottom + area.height - y))
        return drawn.crop(tuple(round(f(edges)) for f, edges in zip(
            (min, min, max, max), zip(*boxes, strict=True), strict=True)))

    def shared_parent(self, widgets: list):
        parents = [list(self.ancestry(w)) for w in widgets]
        return next(w for w in parents[0] if all(w in chain for chain in parents))

    @staticmethod
    def ancestry(widget):
        while widget is not None:
            yield widget
            widget = None if widget.parent is widget else widget.parent

    # -- the game, entry by entry --------------------------------------------------------
    def counter(self, counter_id: str):
        from companion.declared.counters import DeclaredCounter

        return [w for w in self.find(DeclaredCounter) if w.counter["id"] == counter_id][0]

    def zone(self, key: str):
        from companion.declared.board import DeclaredOpen, DeclaredPile

        return [w for w in self.find(DeclaredPile) + self.find(DeclaredOpen) if w.key == key][0]

    def run(self) -> dict:
        self.first_look()
        self.draw_and_play()
        self.dice()
        self.next_player()
        self.to_the_end()
        return self.shots

    def first_look(self) -> None:
        """Ann's turn begins (the Draw phase): the players, the counters, the pile."""
        from companion.app.zoom import open_piece
        from companion.declared.board import DeclaredMine, DeclaredSeat
        from companion.declared.counters import DeclaredTrack

        seats, mine = self.find(DeclaredSeat), self.find(DeclaredMine)[0]
        self.shot("players", "The other players' lines, and the player who plays now",
                  seats, [mine])
        self.shot("teams", "Each player's line names their team", seats)
        energy = self.counter("energy")
        self.shot("counter", "Tap - or +", [energy])
        self.dialog("counter", "Hold it: the number entry", energy.on_hold)
        self.shot("shared", "A shared counter", [self.counter("supply")])
        alert = self.counter("alert")
        tiles = [t for t in self.find(DeclaredTrack) if t.piece == alert.track_piece]
        self.shot("track", "The counter and its track, in a tile of its own", [alert], tiles)
        self.dialog("track", "Touch the track: as printed, large",
                    lambda: open_piece(*alert.track_piece), name="large")
        pile = self.zone("deck")
        self.shot("pile", "Tap it to draw", [pile])
        self.dialog("pile", "Hold it: all it offers", pile.on_hold)
        self.shot("phases", "The top bar and the sheet in the Draw phase",
                  [self.screen.ids.bar], [self.table.sheet])

    def draw_and_play(self) -> None:
        """Ann draws twice, goes on to Play, plays a card, discards one, keeps one back."""
        self.act("draw", zone="deck")
        self.act("draw", zone="deck")
        self.act("phase")
        self.shot("hand", "Three cards in the Play phase", [self.table.hand])
        self.act("play")
        self.shot("effects", "Undo names the move; the sheet says what it did",
                  [self.screen.ids.undo_row], [self.table.sheet])
        self.shot("token", "The score token, a badge before its name", [self.counter("score")])
        self.shot("played", "The card played, on top", [self.zone("played.0")])
        self.act("discard")
        self.shot("discard", "The card discarded, on top", [self.zone("discard")])
        self.act("move", to="reserve.0")
        self.shot("hidden", "Ann's reserve, face down", [self.zone("reserve.0")])

    def dice(self) -> None:
        """The toolbar's Dice: the printed die rolled, then the plain one."""
        self.screen.open_dice()
        self.settle()
        self.tap("Roll the Power die")
        self.shot("die", "The power die rolled", [self.top()])
        self.tap("Roll a d6")
        self.shot("plain-die", "A d6 rolled", [self.top()])
        self.top().dismiss()
        self.settle()

    def next_player(self) -> None:
        """Bob's turn: Ann's reserve as the others see it; Bob takes a card out of play."""
        from companion.declared.board import DeclaredSeat

        self.act("pass")
        self.act("phase")
        ann = [w for w in self.find(DeclaredSeat) if "Ann" in w.ids.parts.children[-1].text]
        self.shot("hidden", "Ann's line, as the others see it", ann, name="seen")
        self.act("move", to="gone")
        self.shot("removed", "The card taken out of play", [self.zone("gone")])

    def to_the_end(self) -> None:
        """Turns passed until the end's condition holds: the game over screen's words."""
        while self.app.controller.state["ended"] is None:
            self.act("pass")
        screen = self.app.root.current_screen
        labels = [w for w in self.walk(screen) if type(w).__name__ == "Label" and w.text]
        self.shot("end", "The game over screen", labels)
