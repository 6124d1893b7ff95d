"""A declared game's counters as the board and the dialogs show them: - value + (a
hold opens the number entry; a step past the counter's bounds is disabled, and a tap
on it says why), the printed track a counter is kept on as a named tile of its own,
and the chip, one short line to tap, that stands for a counter, a track or a zone
where room is short. Kept apart from the board (board.py), which lays them out, so
that the dialogs (dialogs.py) draw the same counter without importing the board."""

from __future__ import annotations

from pathlib import Path

from kivy.lang import Builder
from kivy.metrics import dp
from kivy.properties import BooleanProperty, NumericProperty, StringProperty
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.label import Label
from kivy.utils import escape_markup

from companion.app.widgets import text_width
from companion.app.zoom import Hold, open_piece
from companion.declared.widgets import (
    TILE,
    NumberEntry,
    component_name,
    first_item,
    picture,
    tile_width,
)

Builder.load_file(str(Path(__file__).with_name("counters.kv")))


class DeclaredCounter(Hold, BoxLayout):
    """A counter: - value +, its name above the value (after its printed token, a small
    badge: the token's own printing, a "1", is no number of the table); a hold opens the
    number entry. A step past the counter's bounds is disabled, and a tap on it says why
    (`on_refused`)."""

    label = StringProperty("")
    value = StringProperty("")
    can_down = BooleanProperty(True)
    can_up = BooleanProperty(True)
    token = StringProperty("")  # the printed token's picture, if any
    name_width = NumericProperty(dp(56))

    def __init__(self, counter: dict, seat, on_act, on_refused=None, **kwargs):
        self.counter, self.seat, self.on_act = counter, seat, on_act
        self.on_refused = on_refused
        self.track_piece = None  # (component, item) of its printed track, if any
        super().__init__(**kwargs)
        badge = dp(20) if self.token else 0
        self.name_width = min(dp(150), max(dp(56), text_width(self.label) + dp(8) + badge))

    def on_touch_down(self, touch):
        for button, sign in ((self.ids.down, -1), (self.ids.up, 1)):
            if button.disabled and button.collide_point(*touch.pos):
                if self.on_refused is not None:
                    self.on_refused(self.bound_words(sign))
                return True
        return super().on_touch_down(touch)

    def bound_words(self, sign: int) -> str:
        """Why a step is refused: "Energy is at its most, 5"."""
        counter = self.counter
        if sign < 0:
            return f"{self.label} is at its least, {counter['min']}" if \
                counter["min"] == int(self.value) else \
                f"{self.label} goes no lower than {counter['min']}"
        return f"{self.label} is at its most, {counter['max']}" if \
            counter["max"] == int(self.value) else \
            f"{self.label} goes no higher than {counter['max']}"

    def step(self, sign: int) -> None:
        self.on_act({"type": "change", "counter": self.counter["id"], "seat": self.seat,
                     "delta": sign * self.counter["step"]})

    def on_hold(self) -> None:
        counter = self.counter
        NumberEntry(self.label, self.value, counter["min"], counter["max"],
                    lambda number: self.on_act({"type": "change", "counter": counter["id"],
                                                "seat": self.seat, "to": number})).open()


class DeclaredTrack(ButtonBehavior, BoxLayout):
    """The sheet a counter is kept on (its printed `track`), in a place of its own
    beside the counter, named: tap it to read it large."""

    name = StringProperty("")
    source = StringProperty("")
    tile_width = NumericProperty(dp(88))
    picture_height = NumericProperty(dp(104))  # a card's; larger where the board has room

    def on_name(self, _widget, name) -> None:
        self.tile_width = tile_width(name)


def counter_widget(state, counter: dict, seat, on_act, on_refused=None, **kwargs):
    """A counter's - value +, with its printed token; its + and - disabled at its
    bounds (the engine keeps them: rules.DeclaredRules.act_change)."""
    value, step = counter["value"], counter["step"]
    token = ""
    if counter.get("token"):
        component, _, item = counter["token"].partition("/")
        token = picture(state["folder_game"], component, item)
    widget = DeclaredCounter(counter, seat, on_act, on_refused, label=counter["name"],
                             value=str(value), token=token, **kwargs)
    widget.can_down = counter["min"] is None or value - step >= counter["min"]
    widget.can_up = counter["max"] is None or value + step <= counter["max"]
    item = first_item(state["folder_game"], counter["track"]) if counter.get("track") else None
    widget.track_piece = (counter["track"], item) if item else None  # its tile's (the gallery)
    return widget


def track_widgets(state, counter: dict, chip: bool = False, big: bool = False) -> list:
    """The counter's printed track, if it has one: a named tile of its own (`big`: twice
    a card's height, where a tablet's board has room; a chip where room is short); a tap
    opens it as printed, large."""
    if not counter.get("track"):
        return []
    game = state["folder_game"]
    item = first_item(game, counter["track"])
    name = component_name(game, counter["track"]) or f"{counter['name']} track"
    opened = (lambda: open_piece(counter["track"], item)) if item else \
        (lambda: None)
    if chip or not item:
        return [DeclaredChip(text=escape_markup(name), on_tap=opened)]
    tile = DeclaredTrack(name=name, source=picture(game, counter["track"], item),
                         picture_height=dp(TILE * 2 if big else 104))
    tile.piece = (counter["track"], item)
    tile.bind(on_release=lambda *_a: opened())
    return [tile]


class DeclaredChip(Hold, ButtonBehavior, Label):
    """One short line (a counter or a zone of the acting player when room is short): tap
    it for what it offers, hold it for more."""

    def __init__(self, on_tap, on_hold=None, key: str = "", counter: str = "", seat=None,
                 **kwargs):
        super().__init__(**kwargs)
        self.bind(on_release=lambda *_a: on_tap())
        self.hold_action = on_hold
        self.key, self.counter, self.seat = key, counter, seat  # what it stands for

    def holds(self) -> bool:
        return self.hold_action is not None

    def on_hold(self) -> None:
        self.hold_action()
