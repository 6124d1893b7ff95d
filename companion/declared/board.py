"""The board of a declared table: what lies on the table, made from the declaration.
A panel for the table itself (round, shared counters, shared piles) and one per player
(their colour, counters, the cards they have in front of them, how many they hold).

Counters change with + and - by their step, within their bounds; a pile is a button
that draws from it (a hidden pile) or lists its cards (an open one)."""

from __future__ import annotations

from pathlib import Path

from kivy.lang import Builder
from kivy.metrics import dp
from kivy.properties import BooleanProperty, ColorProperty, StringProperty
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.button import Button
from kivy.uix.gridlayout import GridLayout
from kivy.uix.scrollview import ScrollView
from kivy.utils import escape_markup, get_color_from_hex

from companion.app.zoom import Holdable
from companion.declared import model

Builder.load_file(str(Path(__file__).with_name("board.kv")))


class DeclaredPanel(BoxLayout):
    title = StringProperty("")
    colour = ColorProperty((0.5, 0.5, 0.5, 1))
    active = BooleanProperty(False)


class DeclaredCounter(BoxLayout):
    """A counter's name, - value +; `act(amount)` is given by the board."""

    name = StringProperty("")
    value = StringProperty("")
    can_lower = BooleanProperty(True)
    can_raise = BooleanProperty(True)

    def __init__(self, act, **kwargs):
        super().__init__(**kwargs)
        self.act = act

    def change(self, sign: int) -> None:
        self.act(sign)


class DeclaredPile(Button):
    """A pile or an open zone: its name and count; tapping it does its move."""


class DeclaredCard(Holdable, ButtonBehavior, BoxLayout):
    """A card as the app keeps it: its name and printed fields; held, as printed."""

    name = StringProperty("")
    details = StringProperty("")
    selected = BooleanProperty(False)


def colour(text: str):
    try:
        return get_color_from_hex(text)
    except (ValueError, TypeError, IndexError):
        return (0.5, 0.5, 0.5, 1)


class DeclaredBoard(ScrollView):
    """Filled anew from the state each time the table refreshes. A table with many
    players and counters may be taller than a phone: it scrolls then, rather than
    pushing the toolbar off the screen."""

    def __init__(self, **kwargs):
        super().__init__(do_scroll_x=False, **kwargs)
        self.box = BoxLayout(orientation="vertical", spacing=dp(6), size_hint_y=None)
        self.box.bind(minimum_height=self.box.setter("height"))
        super().add_widget(self.box)

    def add_widget(self, widget, *args, **kwargs):
        self.box.add_widget(widget, *args, **kwargs)

    def clear_widgets(self, *args, **kwargs):
        self.box.clear_widgets()

    def show(self, table, state: dict, table_widget) -> None:
        self.clear_widgets()
        acting = state["await"]["player"] if state["await"] else None
        wide = self.width > dp(600)
        shared = [c for c in table.counters.values() if c["per"] == "shared"]
        piles = [k for k in state["zones"] if table.zone_of(k)[1] is None]
        turn = state["turn"]
        if shared or piles:  # the table's own: shared counters and piles
            panel = DeclaredPanel(title=f"Round {turn['round']}, turn {turn['number']}",
                                  colour=(0.79, 0.66, 0.29, 1))
            self.fill(panel, table, state, shared, None, piles, table_widget, wide)
            self.add_widget(panel)
        per_player = [c for c in table.counters.values() if c["per"] == "player"]
        for seat, player in enumerate(state["players"]):
            mine = [k for k in state["zones"] if table.zone_of(k)[1] == seat]
            mark = " (out)" if player["out"] else (" · to play" if seat == acting else "")
            panel = DeclaredPanel(title=f"{player['name']}{mark}", colour=colour(
                player["colour"]), active=seat == acting)
            self.fill(panel, table, state, per_player, seat, mine, table_widget, wide)
            self.add_widget(panel)

    def fill(self, panel, table, state, counters, seat, zones, table_widget, wide) -> None:
        """Counters, then piles, in one grid: a player with a counter and a hand takes one
        row, so three or four players fit a phone."""
        cells = []
        for counter in counters:
            value = model.counter_value(state, counter, seat)
            widget = DeclaredCounter(
                lambda sign, c=counter: table_widget.change(c, seat, sign),
                name=counter["name"], value=str(value),
                can_lower=counter["min"] is None or value > counter["min"],
                can_raise=counter["max"] is None or value < counter["max"])
            widget.key = (counter["id"], seat)  # for the UI tests' taps
            cells.append(widget)
        for key in zones:
            zone = table.zone_of(key)[0]
            cards = state["zones"][key]
            top = ""
            if zone["show"] == "public" and cards:
                top = f"\n[size=12sp]{escape_markup(table.card(cards[-1])['name'])}[/size]"
            pile = DeclaredPile(text=f"{escape_markup(zone['name'])} ({len(cards)}){top}")
            pile.key = key
            pile.bind(on_release=lambda *_a, k=key: table_widget.zone_tapped(k))
            cells.append(pile)
        if not cells:
            return
        grid = GridLayout(cols=min(len(cells), 4 if wide else 3), spacing=dp(6),
                          size_hint_y=None)
        grid.bind(minimum_height=grid.setter("height"))
        for cell in cells:
            grid.add_widget(cell)
        panel.add_widget(grid)
