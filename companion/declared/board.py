"""A declared game's board on the screen, made from the declaration alone: each player
(their colour, whose turn it is, their counters to change by taps, their open zones and
how many cards their closed ones hold), the shared counters, and the shared zones: a
face-down pile as a stack with its count (tap: draw, or a small menu where several
operations apply), an open zone as its top card and count (tap: its cards).

Counters: + and - change by the counter's step; holding any of the three opens a
number entry (companion.declared.widgets). A counter whose table names a printed token
shows it as printed beside the number (companion.cardart)."""

from __future__ import annotations

from pathlib import Path

from kivy.lang import Builder
from kivy.metrics import dp
from kivy.properties import (
    BooleanProperty,
    ColorProperty,
    NumericProperty,
    StringProperty,
)
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.label import Label
from kivy.uix.modalview import ModalView
from kivy.utils import get_color_from_hex

from companion.app.zoom import Holdable
from companion.declared import view
from companion.declared.widgets import Hold, NumberEntry, choose, picture

Builder.load_file(str(Path(__file__).with_name("board.kv")))

GREY = "#9aa0a6"


def rgba(colour: str | None) -> list:
    """A player's declared colour ("#c0392b" or a name the app knows)."""
    from companion.progress import NAMED_COLOURS

    text = str(colour or GREY)
    try:
        return get_color_from_hex(NAMED_COLOURS.get(text.lower(), text if
                                                    text.startswith("#") else GREY))
    except ValueError:
        return get_color_from_hex(GREY)


def table_is_wide(table) -> bool:
    """A tablet in landscape has room for an acting player's open zones as cards; a
    phone shows them as a line to tap, like another player's."""
    return bool(getattr(table, "landscape", False))


def plural(count: int, noun: str) -> str:
    return f"{count} {noun}" + ("" if count == 1 else "s")


class DeclaredCounter(Hold, BoxLayout):
    """A counter: its name, - value +; a hold opens the number entry."""

    label = StringProperty("")
    value = StringProperty("")
    can_down = BooleanProperty(True)
    can_up = BooleanProperty(True)
    token = StringProperty("")  # the printed token's picture, if any
    colour = ColorProperty((1, 1, 1, 1))

    def __init__(self, counter: dict, seat, table, **kwargs):
        self.counter, self.seat, self.table = counter, seat, table
        super().__init__(**kwargs)

    __events__ = ("on_changed",)

    def on_changed(self) -> None:
        pass

    def step(self, sign: int) -> None:
        self.dispatch("on_changed")
        self.table.act({"type": "change", "counter": self.counter["id"], "seat": self.seat,
                        "delta": sign * self.counter["step"]})

    def on_hold(self) -> None:
        self.dispatch("on_changed")
        counter = self.counter
        NumberEntry(f"{self.label}", self.value, counter["min"], counter["max"],
                    lambda number: self.table.act({"type": "change", "counter": counter["id"],
                                                   "seat": self.seat, "to": number})).open()


class DeclaredPlayer(BoxLayout):
    """A player's block: colour, name, whose turn, counters, zones."""

    name = StringProperty("")
    note = StringProperty("")  # "plays now", "out", closed zones' counts
    colour = ColorProperty((1, 1, 1, 1))
    acting = BooleanProperty(False)
    out = BooleanProperty(False)


class DeclaredChip(ButtonBehavior, Label):
    """A player not acting: a counter or a zone as one short line; tap to change it or
    to see its cards (compact rows for who does not act, docs/game-interface.md)."""


class DeclaredStack(ButtonBehavior, BoxLayout):
    """A face-down pile: the card back with its count; tap to draw."""

    name = StringProperty("")
    count = NumericProperty(0)
    lit = BooleanProperty(False)  # something can be done with it now


class DeclaredOpen(Holdable, ButtonBehavior, BoxLayout):
    """An open zone: its top card (picture or name) and count; tap for its cards."""

    name = StringProperty("")
    top_name = StringProperty("")
    source = StringProperty("")
    count = NumericProperty(0)


class DeclaredBoard(BoxLayout):
    """Everything on the table but the acting player's hand (table.py's strip)."""

    def show(self, state: dict, legal: list, table) -> None:
        self.table = table
        viewer = state["await"]["player"] if state["await"] else None
        box = self.ids.players
        box.clear_widgets()
        zones = view.zones(state, viewer)
        for seat, player in enumerate(state["players"]):
            box.add_widget(self.player(state, seat, player, viewer, zones, legal))
        piles = self.ids.piles  # the shared counters and zones, in one flow
        piles.clear_widgets()
        for counter in view.counters(state, None):
            piles.add_widget(self.counter(state, counter, None, legal))
        if state["tracked"]:
            for zone in zones:
                if zone["owner"] is None or (zone["owner"] == viewer and
                                             zone["show"] == "hidden"):
                    piles.add_widget(self.zone(state, zone, legal))

    def counter(self, state, counter: dict, seat, legal) -> DeclaredCounter:
        widget = DeclaredCounter(counter, seat, self.table, label=counter["name"],
                                 value=str(counter["value"]))
        value = counter["value"]
        widget.can_down = counter["min"] is None or value - counter["step"] >= counter["min"]
        widget.can_up = counter["max"] is None or value + counter["step"] <= counter["max"]
        if counter.get("token"):
            component, _, item = counter["token"].partition("/")
            widget.token = picture(state["folder_game"], component, item)
        return widget

    def player(self, state, seat, player, viewer, zones, legal) -> DeclaredPlayer:
        acting = viewer == seat
        closed = [f"{z['name']} {z['count']}" for z in zones
                  if z["owner"] == seat and z["show"] != "public" and
                  not (acting and z["role"] == "hand")]
        note = "out" if player["out"] else ("plays now" if acting else "")
        if state["tracked"] and closed:
            note = " · ".join(([note] if note else []) + closed)
        block = DeclaredPlayer(name=player["name"], note=note, colour=rgba(player["colour"]),
                               acting=acting, out=player["out"])
        row = block.ids.row
        for counter in view.counters(state, seat):
            if acting:
                row.add_widget(self.counter(state, counter, seat, legal))
            else:
                chip = DeclaredChip(text=f"{counter['name']} [b]{counter['value']}[/b]")
                chip.bind(on_release=lambda *_a, c=counter: self.counter_popup(state, c,
                                                                              seat, legal))
                row.add_widget(chip)
        if state["tracked"]:
            for zone in zones:
                if zone["owner"] == seat and zone["show"] == "public":
                    if acting and table_is_wide(self.table):
                        row.add_widget(self.zone(state, zone, legal))
                    else:
                        chip = DeclaredChip(text=f"{zone['name']} [b]{zone['count']}[/b]")
                        chip.bind(on_release=lambda *_a, z=zone: self.table.show_zone(z))
                        row.add_widget(chip)
        return block

    def counter_popup(self, state, counter: dict, seat, legal) -> None:
        """Another player's counter, large, to change (the app never blocks it)."""
        name = state["players"][seat]["name"]
        popup = ModalView(size_hint=(0.9, None), height=dp(180))
        box = BoxLayout(orientation="vertical", padding=dp(12), spacing=dp(8))
        widget = self.counter(state, {**counter, "name": f"{name}: {counter['name']}"}, seat,
                              legal)
        widget.bind(on_changed=lambda *_a: popup.dismiss())
        box.add_widget(widget)
        popup.add_widget(box)
        popup.open()

    def zone(self, state, zone: dict, legal) -> BoxLayout:
        ops = [a for a in legal if a.get("zone") in (zone["key"], zone["id"])]
        if not zone["cards"] and zone["show"] != "public" or zone["show"] == "hidden":
            stack = DeclaredStack(name=zone["name"], count=zone["count"], lit=bool(ops))
            stack.bind(on_release=lambda *_a: self.pile_tapped(state, zone, ops))
            return stack
        cards = zone["cards"]
        top = (cards[-1] if zone["role"] == "discard" else cards[0]) if cards else None
        data = view.card(state, top) if top else None
        widget = DeclaredOpen(name=zone["name"], count=zone["count"],
                              top_name=data["name"] if data else "")
        if data:
            widget.source = picture(state["folder_game"], data["component"], data["item"])
            widget.piece = (data["component"], data["item"])
        widget.bind(on_release=lambda *_a: self.table.show_zone(zone))
        return widget

    def pile_tapped(self, state, zone, ops) -> None:
        """One thing to do: done; several: a small menu; none: said why."""
        if not ops:
            self.table.sheet.prompt = f"{zone['name']}: {plural(zone['count'], 'card')}, " \
                                      "nothing to do with it now"
            return
        if len(ops) == 1:
            self.table.act(ops[0])
            return
        choose(zone["name"], [(view.describe(state, a), lambda a=a: self.table.act(a))
                              for a in ops])
