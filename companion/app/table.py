"""The table screen every game shares: the toolbar (what happens now, undo and
redo that say what they take back, the game's own dice, the menu), the
pass-and-play cover, and in between the game's own table widget.

The game's widget (its spec's `table`) only draws its state and offers moves
through `app.act`; it never sees the cover: while the phone changes hands the
widget is not on screen at all, so nothing private can show.
"""

from __future__ import annotations

from kivy.animation import Animation
from kivy.app import App
from kivy.graphics import PopMatrix, PushMatrix, Rotate
from kivy.metrics import dp
from kivy.properties import BooleanProperty, NumericProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.image import Image
from kivy.uix.label import Label
from kivy.uix.modalview import ModalView
from kivy.uix.screenmanager import Screen
from kivy.utils import escape_markup

from companion.app.widgets import BigButton, Turnable
from companion.app.zoom import draw_ahead
from companion.games import load


class TableScreen(Screen):
    title = StringProperty("")
    turn = StringProperty("")
    undo_text = StringProperty("")
    redo_text = StringProperty("")
    has_dice = BooleanProperty(False)
    landscape = BooleanProperty(False)  # the toolbar in one row
    cover_name = StringProperty("")  # whom to hand the phone to ("" : no cover)
    recent = StringProperty("")  # the last action's public events, shown on the cover

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.game_id = ""
        self.game = None  # the game's table widget
        self.cover = self.ids.cover.__self__  # held: it is out of the tree while not shown

    @property
    def app(self):
        return App.get_running_app()

    def forget_game(self) -> None:
        """Drop the game's widget (it failed): the next game shown makes its own."""
        self.ids.content.clear_widgets()
        self.game_id, self.game = "", None

    def use_game(self, game_id: str) -> None:
        """Host this game's table widget (made once per game shown)."""
        if self.game_id == game_id:
            return
        self.game = load(self.app.spec(game_id).table)()
        self.game_id = game_id
        draw_ahead(game_id)  # the first hold of a card opens at once

    # -- drawing ---------------------------------------------------------------------
    def refresh(self) -> None:
        controller = self.app.controller
        state, view = controller.state, controller.view
        status = view.status(state)
        self.title, self.turn = status["title"], status["turn"]
        # the labels are markup (a bold "Undo:"): a name's own brackets stay text
        self.undo_text = escape_markup(controller.undo_text())
        self.redo_text = escape_markup(controller.redo_text())
        self.has_dice = bool(controller.spec.dice)
        seat = self.cover_for(state, view)
        self.cover_name = state["players"][seat]["name"] if seat is not None else ""
        summary = getattr(view, "results", None)  # the game's readable results, if any
        self.recent = "\n".join(summary(controller.session)[-4:]) if summary else "\n".join(
            e["text"] for e in controller.recent if not e.get("private"))[-600:]
        content = self.ids.content
        shown = content.children[0] if content.children else None
        wanted = self.cover if seat is not None else self.game
        if shown is not wanted:
            content.clear_widgets()
            content.add_widget(wanted)
        if seat is None:
            self.game.refresh()
        self.face(state, seat)

    def face(self, state: dict, cover_seat: int | None) -> None:
        """Face to face (a setting), the cover and the game's prompt and moves (its
        Turnables) turn 180 degrees for a far-side seat: docs/game-interface.md."""
        face_to_face = bool(self.app.settings["face_to_face"])
        players = len(state["players"])
        self.cover.turned = face_to_face and cover_seat is not None and far_side(
            cover_seat, players)
        turned = face_to_face and state["await"] is not None and far_side(
            self.app.controller.rules.acting_seat(state), players)
        self.app.prompt_turned = turned  # the questions the table asks turn with it
        for widget in walk(self.game):
            if isinstance(widget, Turnable):
                widget.turned = turned

    def cover_for(self, state: dict, view) -> int | None:
        """The seat to hand the phone to before the screen may show (None: no cover). A
        prompt that shows a seat's secret, or the first one after another seat's secret,
        needs the acting seat to hold the phone. Who holds it is known (the controller's
        `holder`): the seat that tapped the cover, or that the screen last showed for.
        Undo, redo, the dice roller and a resume do not change hands."""
        controller = self.app.controller
        if state["await"] is None:
            return None
        rules, session = controller.rules, controller.session
        seat = rules.acting_seat(state)
        before = session.states[-2] if session.actions else None
        after_secret = before is not None and before["await"] is not None and \
            view.private_seat(before) is not None and rules.acting_seat(before) != seat
        if (view.private_seat(state) is None and not after_secret) or \
                controller.holder == seat:
            controller.hand_to(seat)  # the screen shows for this seat: they have the phone
            return None
        return seat

    def reveal(self) -> None:
        """The player named on the cover has the phone."""
        controller = self.app.controller
        controller.hand_to(controller.rules.acting_seat(controller.state))
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


def far_side(seat: int, players: int) -> bool:
    """Face to face, seats fill the near side of the table (the phone's bottom edge)
    clockwise, then the far side: the far side is the second half, seats
    ceil(n/2) to n-1 counted from 0 (2 players: the second; 3: the third)."""
    return seat >= (players + 1) // 2


def walk(widget):
    yield widget
    for child in widget.children:
        yield from walk(child)


TUMBLE = 0.45  # seconds a rolled die tumbles before it shows its face


def roll_words(name: str) -> str:
    """A die's button: "Roll the Combat die", "Roll a d6"."""
    return f"Roll a {name}" if name[:1] == "d" and name[1:].isdigit() else f"Roll the {name}"


class DiceRoller(ModalView):
    """The game's own dice, rolled on the game's generator (so logged and replayed);
    a die the game prints shows the face as printed (companion.cardart)."""

    turn = NumericProperty(0)  # how far the die has tumbled (0 to 1)

    def __init__(self, app, **kwargs):
        dice = app.controller.spec.dice
        self.plain_height = dp(200 + 64 * len(dice))  # room for a printed face once shown
        super().__init__(size_hint=(0.9, None), height=self.plain_height, **kwargs)
        self.app = app
        box = BoxLayout(orientation="vertical", padding=dp(12), spacing=dp(8))
        self.face = Image(size_hint_y=None, height=0, fit_mode="contain", opacity=0)
        with self.face.canvas.before:
            PushMatrix()
            self.spin = Rotate(angle=0)
        with self.face.canvas.after:
            PopMatrix()
        self.face.bind(center=lambda w, c: setattr(self.spin, "origin", c))
        box.add_widget(self.face)
        self.result = Label(text="Roll a die", font_size="26sp", size_hint_y=None,
                            height=dp(90), halign="center", valign="middle")
        self.result.bind(width=lambda w, _: setattr(w, "text_size", (w.width, None)))
        box.add_widget(self.result)
        for die in dice:
            button = BigButton(text=roll_words(die.name), tone="primary")
            button.bind(on_release=lambda *_a, d=die: self.roll(d))
            box.add_widget(button)
        close = BigButton(text="Close")
        close.bind(on_release=lambda *_: self.dismiss())
        self.bind(on_dismiss=lambda *_a: Animation.cancel_all(self))
        box.add_widget(close)
        self.add_widget(box)

    def roll(self, die) -> None:
        from companion.app.zoom import card_art

        events = self.app.controller.act({"type": "free_roll", "die": die.id})
        value = events[-1]["value"]
        picture = None
        if die.piece:
            game_id, _, where = die.piece.partition(":")
            component, _, item = where.partition("/")
            picture = card_art(game_id).path(component, item, f"face {value}")
        self.face.source = str(picture) if picture else ""
        self.face.opacity = 1 if picture else 0
        self.face.height = dp(120) if picture else 0
        self.height = self.plain_height + self.face.height
        self.app.root.get_screen("table").refresh()  # Undo now names this roll
        self.tumble(die, value)

    def tumble(self, die, value: int) -> None:
        """The die rolls before it lands: its faces go by and its picture turns, for
        TUMBLE seconds, slowing down; then the face rolled (already logged: the roll
        is the game's, this is only the look of it)."""
        Animation.cancel_all(self)
        faces, landed = die.faces, f"{die.name}: {die.faces[value - 1]}"

        def step(_animation, _roller, progress) -> None:
            passing = faces[(value + int(progress * 2.5 * len(faces))) % len(faces)]
            self.result.text = f"{die.name}: {passing}" if progress < 1 else landed
            self.spin.angle = 360 * (1 - progress)
        self.turn = 0
        rolling = Animation(turn=1, duration=TUMBLE, t="out_cubic")
        rolling.bind(on_progress=step,
                     on_complete=lambda *_a: setattr(self.result, "text", landed))
        rolling.start(self)
