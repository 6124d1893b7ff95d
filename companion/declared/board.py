"""A declared game's board, made from the declaration alone, laid out as players sit:
the other players at the top, each a compact block (colour, name, counters and how
many cards each of their zones holds; tap it for that player's counters, zones, out,
and the end of the game), the table's shared counters and zones in the middle, and
the acting player at the bottom, next to their hand: counters to change by taps,
their own piles and open zones.

Counters: - and + change by the counter's step, disabled at the counter's bounds (a tap
says why); holding one opens a number entry. A counter with a printed `token` shows it
as a small badge before its name; one kept on a printed `track` has the track beside it
in a tile of its own, named (tap it to read it large). A face-down pile shows its printed
back and count: tap to draw, hold for all it offers (shuffle, deal, turn up, draw
several); an open zone shows its top card and count: tap for its cards.

A board that needs more room than it has is drawn again more compactly (`level`):
the acting player's zones as chips, then their counters too. Nothing scrolls."""

from __future__ import annotations

from pathlib import Path

from kivy.clock import Clock
from kivy.core.window import Window
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
from kivy.utils import escape_markup

from companion.app.widgets import QuietScroll, text_width
from companion.app.zoom import Hold, Holdable
from companion.core.viewing import plural
from companion.declared import dialogs, view
from companion.declared.cards import card_widget, name_of, tapped
from companion.declared.counters import DeclaredChip, counter_widget, track_widgets
from companion.declared.widgets import (
    TILE,
    hex_of,
    picture,
    readable,
    rgba,
    team_words,
    tile_width,
)

Builder.load_file(str(Path(__file__).with_name("board.kv")))

# What each level draws, the roomiest first: the acting player's zones (tiles, chips,
# chips of the zones holding cards), their counters (steppers, chips), and what the
# other players' lines say (every counter and zone, the zones with cards, counters).
LEVELS = (("tiles", "steppers", "all"), ("chips", "steppers", "nonempty"),
          ("nonempty", "steppers", "nonempty"), ("nonempty", "steppers", "counters"),
          ("nonempty", "chips", "counters"))
ROOM = 72  # dp to spare before a roomier level is tried


class DeclaredSeat(ButtonBehavior, BoxLayout):
    """A player who is not acting, compact: colour, name, counters, cards in zones."""

    colour = ColorProperty((1, 1, 1, 1))
    out = BooleanProperty(False)


class SeatPart(Label):
    """A name, a counter or a zone's count in another player's line."""


class DeclaredMine(BoxLayout):
    """The acting player's block: name, counters to change, their own zones."""

    text = StringProperty("")
    colour = ColorProperty((1, 1, 1, 1))
    compact = BooleanProperty(False)  # the name in the row, no header line


class DeclaredPile(Hold, ButtonBehavior, BoxLayout):
    """A face-down zone: its printed back and count; tap: draw; hold: all it offers."""

    name = StringProperty("")
    count = NumericProperty(0)
    source = StringProperty("")  # the printed back
    lit = BooleanProperty(False)  # a tap does something now
    key = StringProperty("")
    tile_width = NumericProperty(dp(88))

    def on_name(self, _widget, name) -> None:
        self.tile_width = tile_width(name)

    def on_hold(self) -> None:
        self.hold_action()


class DeclaredOpen(Holdable, ButtonBehavior, BoxLayout):
    """An open zone: its top card (picture or name) and count; tap for its cards, hold
    to read the top card."""

    name = StringProperty("")
    top_name = StringProperty("")
    source = StringProperty("")
    count = NumericProperty(0)
    key = StringProperty("")
    tile_width = NumericProperty(dp(88))

    def on_name(self, _widget, name) -> None:
        self.tile_width = max(self.tile_width, tile_width(name))

    def on_top_name(self, _widget, name) -> None:
        longest = max((text_width(w, bold=True) for w in name.split()), default=0)
        self.tile_width = max(self.tile_width, longest + dp(20))


class DeclaredBoard(QuietScroll):
    """Everything on the table but the acting player's hand (the frame's strip). It
    scrolls only when the most compact level still does not fit (six players of a rich
    table on a phone): then the acting player's block, at the bottom, stays in sight."""

    def __init__(self, **kwargs):
        super().__init__(do_scroll_x=False, do_scroll_y=False, bar_width=dp(4), **kwargs)
        self.level = 0
        self.levels: dict = {}  # the level a table of this shape needs, by window size
        self.too_tall: set = set()  # (shape, laid out, level) that did not fit
        self.shown: tuple | None = None
        self.seats: dict = {}  # seat -> (what its line says, the line): reused
        self.content = BoxLayout(orientation="vertical", spacing=dp(6), padding=dp(4),
                                 size_hint=(1, None))
        self.content.bind(minimum_height=self.content.setter("height"))
        self.add_widget(self.content)
        self.fits = Clock.create_trigger(self.fit, 0)  # once the frame has laid out
        self.fbind("height", self.fits)
        self.content.fbind("height", self.fits)

    @property
    def plan(self) -> tuple[str, str, str]:
        return LEVELS[self.level]

    # -- drawing ---------------------------------------------------------------------
    def show(self, state: dict, legal: list, table) -> None:
        self.shown = (state, legal, table)
        shape = self.shape()
        self.level = self.levels.setdefault(shape, 0)
        if self.seats and self.seats.get("game") != shape:
            self.seats = {}
        self.seats["game"] = shape
        self.draw()

    def draw(self) -> None:
        state, legal, table = self.shown
        self.table = table
        acting = state["await"]["player"] if state["await"] else None
        zones = view.zones(state, acting)
        box = self.content
        box.clear_widgets()
        count = len(state["players"])
        first = state["turn"]["seat"] if acting is None else acting
        for seat in [(first + k) % count for k in range(1, count + 1)]:
            if seat != acting:
                box.add_widget(self.seat(state, seat, zones, legal))
        shared = self.shared(state, zones, legal)
        if shared.children:
            box.add_widget(shared)
        if acting is not None:
            box.add_widget(self.mine(state, acting, zones, legal))
        if self.do_scroll_y:
            self.scroll_y = 0  # the acting player's block in sight

    def seat(self, state, seat: int, zones: list, legal: list) -> DeclaredSeat:
        player = state["players"][seat]
        colour = readable(rgba(player["colour"]))
        head = f"[b][color={hex_of(colour)}]{escape_markup(player['name'])}[/color][/b]"
        parts = [head + team_words(state, player) + ("  (out)" if player["out"] else "")]
        parts += [f"{escape_markup(c['name'])} [b]{c['value']}[/b]"
                  for c in view.counters(state, seat)]
        shown = self.plan[2]
        if state["tracked"] and shown != "counters":
            parts += [f"{escape_markup(z['name'])} {z['count']}" for z in zones
                      if z["owner"] == seat and (z["count"] or shown == "all")]
        # a tablet with room: their zones with cards as on the table (face down or open)
        laid = [z for z in zones if z["owner"] == seat and z["count"] and z["role"] != "hand"
                ] if state["tracked"] and self.level == 0 and self.table.landscape else []
        said = (parts, player["out"], [(z["key"], z["count"], z["cards"]) for z in laid])
        kept = self.seats.get(seat)
        if kept is not None and kept[0] == said:
            return kept[1]  # unchanged since the last drawing: made once (a phone is slow)
        block = DeclaredSeat(colour=colour, out=player["out"])
        for part in parts:  # each its own label: a line breaks between them, never inside
            block.ids.parts.add_widget(SeatPart(text=part))
        for zone in laid:
            for widget in self.zone(state, zone, legal, chips=False):
                block.ids.parts.add_widget(widget)
        block.bind(on_release=lambda *_a: dialogs.seat_sheet(self.table, seat))
        self.seats[seat] = (said, block)
        return block

    def shared(self, state, zones: list, legal: list):
        from kivy.uix.stacklayout import StackLayout

        row = StackLayout(size_hint_y=None, spacing=dp(8), padding=(dp(2), dp(4)))
        row.bind(minimum_height=row.setter("height"))
        for counter in view.counters(state, None):
            for widget in self.counter(state, counter, None, chip=self.plan[1] == "chips"):
                row.add_widget(widget)
        if state["tracked"]:
            for zone in zones:
                if zone["owner"] is None:
                    for widget in self.zone(state, zone, legal, chips=False):
                        row.add_widget(widget)
        return row

    def mine(self, state, seat: int, zones: list, legal: list) -> DeclaredMine:
        player = state["players"][seat]
        colour = readable(rgba(player["colour"]))
        name = escape_markup(player["name"])
        block = DeclaredMine(text=f"[b]{name}[/b]{team_words(state, player)}  plays now",
                             colour=colour)
        block.ids.more.bind(on_release=lambda *_a: dialogs.seat_sheet(self.table, seat))
        row = block.ids.row
        if self.level == len(LEVELS) - 1:  # the name a chip of the row, no line of its own
            block.compact = True
            row.add_widget(DeclaredChip(text=f"[b]{escape_markup(player['name'])}[/b] · More",
                                        on_tap=lambda: dialogs.seat_sheet(self.table, seat)))
        for counter in view.counters(state, seat):
            for widget in self.counter(state, counter, seat, chip=self.plan[1] == "chips"):
                row.add_widget(widget)
        if state["tracked"]:
            for zone in zones:
                if zone["owner"] == seat and zone["role"] != "hand" and (
                        zone["count"] or self.plan[0] != "nonempty"):
                    for widget in self.zone(state, zone, legal, chips=self.plan[0] != "tiles"):
                        row.add_widget(widget)
        return block

    def counter(self, state, counter: dict, seat, chip: bool = False):
        """A counter's stepper, or a chip opening one (counter_sheet); then its printed
        track in a place of its own (track_widgets)."""
        if chip:
            text = f"{escape_markup(counter['name'])} [b]{counter['value']}[/b]"
            return [DeclaredChip(text=text, counter=counter["id"], seat=seat,
                                 on_tap=lambda: dialogs.counter_sheet(self.table, counter,
                                                                      seat))]
        tiles = seat is None or self.plan[0] == "tiles"
        big = self.level == 0 and self.table.landscape
        return [counter_widget(state, counter, seat, self.table.act, self.table.say),
                *track_widgets(state, counter, chip=not tiles, big=big)]

    # -- zones -----------------------------------------------------------------------
    def zone(self, state, zone: dict, legal: list, chips: bool) -> list:
        """A zone's widgets: a pile (and the cards of it turned face up), an open zone."""
        ops = view.actions_at(state, legal, zone["key"])
        facedown = zone["show"] == "hidden" or (
            zone["show"] == "private" and not zone["cards"] and zone["count"])
        draw = self.primary(state, zone, ops)
        if chips or not (zone["count"] or zone["role"] == "pile"):  # empty: a chip will do
            text = f"{escape_markup(zone['name'])} [b]{zone['count']}[/b]"
            if facedown:
                chip = DeclaredChip(text=text, key=zone["key"], on_tap=lambda: self.pile_tapped(
                    state, zone, ops, draw), on_hold=lambda: dialogs.pile_menu(
                    self.table, state, zone, ops))
                chip.tap_action = draw or (ops[0] if len(ops) == 1 else None)
                return [chip]
            return [DeclaredChip(text=text, key=zone["key"], on_tap=lambda: dialogs.zone_sheet(
                self.table, zone["key"]))]
        if facedown:
            pile = DeclaredPile(name=zone["name"], count=zone["count"], key=zone["key"],
                                lit=bool(ops))
            pile.source = self.back(state, zone["key"])
            pile.bind(on_release=lambda *_a: self.pile_tapped(state, zone, ops, draw))
            pile.hold_action = lambda: dialogs.pile_menu(self.table, state, zone, ops)
            pile.tap_action = draw or (ops[0] if len(ops) == 1 else None)  # what a tap does
            up = [self.turned_up(state, legal, card) for card in zone["cards"]]
            return [pile, *up]
        cards = zone["cards"]
        top = (cards[-1] if zone["role"] != "pile" else cards[0]) if cards else None
        data = view.card(state, top) if top else None
        widget = DeclaredOpen(name=zone["name"], count=zone["count"], key=zone["key"],
                              top_name=name_of(state, top) if top else "")
        if data:
            widget.source = picture(state["folder_game"], data["component"], data["item"])
            widget.piece = (data["component"], data["item"])
        widget.bind(on_release=lambda *_a: dialogs.zone_sheet(self.table, zone["key"]))
        return [widget]

    def turned_up(self, state, legal, card: str):
        """A card of a pile turned face up (a market's row): tap for what it offers."""
        actions = [a for a in legal if a.get("card") == card]
        widget = card_widget(state, card, dp(TILE), lit=bool(actions))
        widget.bind(on_release=lambda *_a: tapped(self.table, state, legal, card))
        return widget

    def back(self, state, key: str) -> str:
        cards = state["zones"][key]
        data = view.card(state, cards[0]) if cards else None
        if not data:
            return ""
        return picture(state["folder_game"], data["component"], data["item"], "back")

    @staticmethod
    def primary(state, zone: dict, ops: list) -> dict | None:
        """What a tap on a pile does: a draw into the acting player's hand; an empty pile
        too, when the phase allows a draw (its discard may refill it: the engine says)."""
        draws = [a for a in ops if a["type"] == "draw"]
        if draws:
            return draws[0]
        decl, wait = view.decl_of(state), state["await"]
        hand = decl.role_key("hand", wait["player"]) if wait else None
        if wait is None or wait["kind"] != "turn" or hand is None or hand == zone["key"] or \
                zone["count"] or not state["tracked"] or not decl.allows(state, "draw"):
            return None
        return {"type": "draw", "zone": zone["key"], "to": hand, "count": 1}

    def pile_tapped(self, state, zone: dict, ops: list, draw) -> None:
        """Draw; or its one other thing; or the menu of several; or why nothing."""
        if draw is not None:
            self.table.act(draw)
        elif len(ops) == 1:
            self.table.act(ops[0])
        elif ops:
            dialogs.pile_menu(self.table, state, zone, ops)
        else:
            self.table.say(f"{zone['name']}: {plural(zone['count'], 'card')}, "
                           "nothing to do with it now")

    # -- fitting ---------------------------------------------------------------------
    def fit(self, *_args) -> None:
        """A board taller than its room is drawn again one level more compact (kept for
        tables of this shape in this window, so the next move draws once); one with room
        to spare is tried a level roomier, unless that level was too tall for a table
        laid out alike (`too_tall`: each is tried once). At the last level it scrolls,
        the acting player's block in sight."""
        if self.shown is None or self.get_root_window() is None or self.height < dp(150):
            return
        over = self.content.height > self.height + 0.5
        shape, laid = self.shape(), self.laid_out()
        if over and self.level < len(LEVELS) - 1:
            self.too_tall.add((shape, laid, self.level))
            self.relevel(shape, self.level + 1)
            return
        roomy = self.height - self.content.height > dp(ROOM)
        if roomy and self.level > 0 and (shape, laid, self.level - 1) not in self.too_tall:
            self.relevel(shape, self.level - 1)
            return
        if over != self.do_scroll_y:
            self.do_scroll_y = over
            self.scroll_y = 0

    def shape(self) -> tuple:
        state = self.shown[0]
        return tuple(Window.size), state["folder_game"], len(state["players"]), state["tracked"]

    def laid_out(self) -> tuple:
        """What decides the board's height at a level: who acts, which zones hold cards,
        how many cards the acting hand holds (its strip takes room from the board)."""
        state = self.shown[0]
        wait = state["await"]
        hand = self.table.hand_key(state, wait["player"]) if wait else None
        return (wait and wait["player"], len(state["zones"].get(hand) or ()),
                tuple(sorted(key for key, cards in state["zones"].items() if cards)))

    def relevel(self, shape: tuple, level: int) -> None:
        self.level = self.levels[shape] = level
        self.table.refresh()  # the sheet and the hand take another room too
