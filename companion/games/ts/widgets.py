"""The small widgets of Top-Secret's table (their kv rules in table.kv): the header
over the board (each player's name and score on their side's colours, the line that
tells the actions left and the bag, the last trickle's dice), a kind of agent in the
roster while spawning."""

from __future__ import annotations

from kivy.metrics import dp, sp
from kivy.properties import (
    BooleanProperty,
    ColorProperty,
    ListProperty,
    NumericProperty,
    StringProperty,
)
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.label import Label
from kivy.uix.widget import Widget

from companion.app.icons import PrintedIcon
from companion.app.zoom import Holdable
from companion.games.ts import pieces
from companion.games.ts.data import tables


class TsIcon(PrintedIcon):
    shapes = staticmethod(pieces.shapes)


class TsKind(Holdable, ButtonBehavior, BoxLayout):
    """A kind of agent in the roster (spawning): its pictogram, name and count."""

    kind = StringProperty("")
    title = StringProperty("")
    count = NumericProperty(0)
    fill = ColorProperty((0, 0, 0, 1))
    ink = ColorProperty((1, 1, 1, 1))
    chosen = NumericProperty(0)
    team = StringProperty("")
    flat = BooleanProperty(False)  # a phone's: pictogram, name and count side by side
    idle = BooleanProperty(False)  # shown, not chosen: what is left to spawn at actions

    def on_hold(self) -> None:
        from companion.games.ts.held import hold_kind

        hold_kind(self.team, self.kind)


ROOM = dp(34) * 6 + dp(110)  # the six dice, and an acting badge's "· 3 actions"


class TsHeader(BoxLayout):
    """Over the board: the players (TsBadge, the actions left in the acting player's),
    and after the dice, the dice: beside the players where the width allows (a tablet),
    else in a row under them, kept without dice too (the board does not move)."""

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.badges: list = []
        self.dice = None
        self.arranged = None
        self.fbind("width", self.arrange)

    def show(self, badges: list, dice) -> None:
        """The players' badges, and the dice widget (None: no dice now)."""
        for badge in badges:
            badge.texture_update()
        self.badges, self.dice = badges, dice
        self.arrange()

    def arrange(self, *_args) -> None:
        """The rows set anew only when what they hold changes (a badge's new words
        only resize it in its row)."""
        top, under = self.ids.badges, self.ids.trickle
        items = list(self.badges)
        need = sum(b.width for b in items) + top.spacing * (len(items) + 3) + ROOM
        beside = need <= self.width - dp(12)  # six dice, however long the badges get
        if beside and self.dice is not None:
            items.append(self.dice)
        key = ([id(item) for item in items], beside, self.dice is not None)
        if key == self.arranged:
            return
        self.arranged = key
        top.clear_widgets()
        under.clear_widgets()
        for widget in [Widget(), *items, Widget()]:
            top.add_widget(widget)
        # the dice's row kept, dice or none: the header, so the board under it, steady
        under.height = 0 if beside else dp(30)
        if self.dice is not None and not beside:
            for widget in (Widget(), self.dice, Widget()):
                under.add_widget(widget)


class TsBadge(Label):
    """A player's name and score on their side's colours: the key to every pin and
    blockade drawn in those colours. Ringed in gold while the player acts."""

    fill = ColorProperty((0, 0, 0, 1))
    edge = ColorProperty((0.5, 0.5, 0.5, 1))
    acting = BooleanProperty(False)


class TsDice(Widget):
    """The last trickle's six dice as they print: each in its colour with its number and
    the way its colour's Intel fell (an arrow down-left on odd, down-right on even)."""

    faces = ListProperty([])  # (colour id, face)

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.fbind("faces", self.draw)
        self.fbind("pos", self.draw)
        self.fbind("size", self.draw)

    def draw(self, *_args) -> None:
        self.canvas.clear()
        if not self.faces:
            return
        side = min(self.height, (self.width - dp(4) * 5) / len(self.faces))
        looks = pieces.looks()["colours"]
        with self.canvas:
            for n, (colour, face) in enumerate(self.faces):
                look = looks[colour]
                x = self.x + n * (side + dp(4))
                y = self.center_y - side / 2
                ink = pieces.colour(look["ink"])
                pieces.polygon([(x, y), (x + side, y), (x + side, y + side), (x, y + side)],
                               pieces.colour(look["fill"]))
                pieces.text(str(face), x + side * 0.33, y + side * 0.5, max(sp(16),
                                                                            side * 0.5), ink)
                pieces.icon("odd" if face % 2 else "even", x + side * 0.74, y + side * 0.5,
                            side * 0.42, ink)

    @staticmethod
    def of(state: dict, rolling: bool = False) -> list:
        """The last trickle's dice; `rolling`: the table's dice told so far this turn."""
        if rolling:
            return list(zip(tables().colours, state["rolling"], strict=False))
        dice = (state.get("last") or {}).get("dice", {})
        return [(colour, dice[colour]) for colour in tables().colours if colour in dice]
