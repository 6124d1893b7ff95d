"""Above Top Secret's board: one row per player, in seat order (a row never moves
when the turn passes). A row is open (the four base areas, clearance and counts,
the five line slots drawn as cards) or compact (the name, each base area's hit
points beside its printed pictogram, and each slot's ATK over its DEF under an
ATK / DEF key, in one line of a finger's height). The board opens as many rows as
fit its height without scrolling, the ones the prompt needs first: a row the
player opened, the attacker's and its target's while an attack is checked, a row
to tap in, the acting player's, the next in turn; a compact row opens with a tap
(`compact_at`: which rows would be compact, for the prompt to say so). A
tablet puts three or more players in two columns, so every row is open.

Heights are computed from the board's own size (set by the frame), never from
the rows' contents, so a layout pass cannot change what it measures."""

from __future__ import annotations

from functools import lru_cache
from math import ceil
from pathlib import Path

from kivy.clock import Clock
from kivy.core.text import Label as CoreLabel
from kivy.lang import Builder
from kivy.metrics import dp, sp
from kivy.properties import (
    BooleanProperty,
    ColorProperty,
    NumericProperty,
    ObjectProperty,
    StringProperty,
)
from kivy.uix.relativelayout import RelativeLayout
from kivy.uix.widget import Widget

from companion.app import theme
from companion.app.zoom import Holdable
from companion.games.ats import look
from companion.games.ats.row_order import lit, wants
from companion.games.ats.view import LEVEL_NAMES
from companion.games.ats.widgets import (
    MARKS,
    AtsBase,
    AtsSlot,
    HeldChip,
    Tappable,
    hp_colour,
    rgba,
)

COMPACT = 48  # dp: a compact row, one tap target high
GAP = 3  # dp between rows
SLOT_MIN = 128  # dp: a card's name, pictogram, ATK and DEF, attributes
SLOT_FLOOR = 120  # dp: below this not even the row the prompt needs opens
SLOT_TALL = 230  # dp: a slot at most this high, twice as high as wide at most...
CARD_SHAPE = 1.4  # ...unless a wide board's slot is as high as a printed card (63 x 88 mm)
HEAD = 48  # dp: the name and the base areas
PAD = 8  # dp: a row's padding left and right
CHIP = 110  # dp: a held Encounter card's chip


def was_hold(widget) -> bool:
    """Whether the touch that released `widget` held a card inside it (that opened
    the card: it is not also a tap on the row)."""
    touch = getattr(widget, "last_touch", None)
    return touch is not None and any(isinstance(k, tuple) and k[0] == "held" for k in touch.ud)


@lru_cache(maxsize=512)
def text_height(text: str, width: float) -> float:
    """The height of 14 sp text wrapped to `width`, as a Label draws it (remembered:
    measuring renders the words, and a texture made marks the window to draw again)."""
    core = CoreLabel(text=text, font_size=sp(14), text_size=(max(1, width), None))
    core.refresh()
    return core.content_size[1]


class PlayerName(Widget):
    """A player's name (on two lines, never shortened) and the Command token."""

    name = StringProperty("")
    command = BooleanProperty(False)
    out = BooleanProperty(False)
    mark_colour = ColorProperty((0, 0, 0, 0))


class PlayerCell(Tappable, PlayerName):
    """An open row's name: a tap closes the row, or chooses the player."""


class MiniSlot(Holdable, Widget):
    """A slot in a compact row: its level colour, ATK over the DEF left; framed as its
    card is lit on the open row (a target, the chosen attacker)."""

    band = ColorProperty((0, 0, 0, 0))
    mark_colour = ColorProperty((0, 0, 0, 0))
    atk = StringProperty("")
    left = StringProperty("")
    hurt = BooleanProperty(False)
    gap = BooleanProperty(False)
    hidden = BooleanProperty(False)
    working = BooleanProperty(True)


class HpCell(Widget):
    """A base area's hit points in a compact row, beside its printed pictogram."""

    icon = StringProperty("")
    text = StringProperty("")
    colour = ColorProperty(theme.TEXT)


class AtsRow(Widget):
    """An open row: name and base areas, clearance and counts, the line."""

    colour = ColorProperty(theme.GOLD)
    acting = BooleanProperty(False)
    details = StringProperty("")
    details_height = NumericProperty(dp(20))
    slot_height = NumericProperty(dp(150))
    light = ColorProperty((0, 0, 0, 0))
    big = BooleanProperty(False)  # cards wide enough for larger type
    panel = ObjectProperty(None, allownone=True)
    base_w = NumericProperty(0)  # the geometry board.kv computes
    slot_w = NumericProperty(0)

    def show(self, panel: dict, command: bool, acting: bool, hide: bool) -> None:
        self.panel = (panel, command, acting, hide)
        self.colour = rgba(look.player_colour(panel["colour"]))
        self.acting = acting
        cell = self.ids.name
        cell.name, cell.command, cell.out = panel["name"], command, panel["out"]
        cell.thing = ("player", panel["seat"])
        level = panel["effective_clearance"]
        clearance = f"Clearance {level} {LEVEL_NAMES[level]}"
        if level != panel["clearance"]:
            clearance += f" (marker {panel['clearance']})"
        parts = [clearance, f"Deck {panel['deck']}", f"Hand {panel['hand']}",
                 f"Discard {panel['discard']}"]
        parts += ["OUT"] if panel["out"] else []
        # a line breaks between the parts, never inside one; the team on a line of its own
        self.details = "  ·  ".join(part.replace(" ", "\u00a0") for part in parts) + (
            f"\nTeam: {', '.join(panel['team'])}" if panel["team"] else "")
        held = self.ids.held
        held.clear_widgets()
        for card_id, name in zip(panel["held_ids"], panel["held"], strict=True):
            held.add_widget(HeldChip(text=f"Held: {name}", piece=("encounter", card_id)))
        seat = panel["seat"]
        for bar, (area, hp) in zip(self.bases(), panel["bases"], strict=True):
            bar.show(area, hp)
            bar.thing = ("base", seat, area)
        for slot_view, slot in zip(self.slots(), panel["line"], strict=True):
            slot_view.big = self.big
            slot_view.show(slot, hide, self.colour)
            slot_view.thing = ("slot", seat, slot["level"])

    def on_big(self, *_args) -> None:
        if self.panel:
            self.show(*self.panel)

    def bases(self) -> list:
        return [w for w in reversed(self.children) if isinstance(w, AtsBase)]

    def slots(self) -> list:
        return [w for w in reversed(self.children) if isinstance(w, AtsSlot)]

    def pieces(self) -> list:
        return [self.ids.name] + self.bases() + self.slots()

    def head(self, width: float) -> float:
        """Everything but the line at this width: padding, name and bases, details
        (measured here, not read back from the label: no layout feedback)."""
        self.big = (width - dp(PAD)) / 5 > dp(120)
        chips = len(self.ids.held.children)
        words = width - dp(PAD) - chips * (dp(CHIP) + dp(2))
        self.details_height = max(text_height(self.details, words) + dp(2),
                                  dp(40) if chips else 0)
        return dp(4) + dp(HEAD) + self.details_height + 2 * dp(2)


class AtsCompact(Tappable, Widget):
    """A compact row: tap it to open it (or, when the prompt asks for a player, to
    choose them)."""

    colour = ColorProperty(theme.GOLD)
    acting = BooleanProperty(False)
    light = ColorProperty((0, 0, 0, 0))
    key_x = NumericProperty(0)  # board.kv: where the ATK / DEF key and the slots go
    mini_x = NumericProperty(0)
    mini_w = NumericProperty(0)

    def show(self, panel: dict, command: bool, acting: bool, hide: bool) -> None:
        self.colour = rgba(look.player_colour(panel["colour"]))
        self.acting = acting
        self.thing = ("player", panel["seat"])
        cell = self.ids.name
        cell.name, cell.command, cell.out = panel["name"], command, panel["out"]
        cells = [w for w in reversed(self.children) if isinstance(w, HpCell)]
        icons = look.icon_names()["areas"]
        for cell, (area, hp) in zip(cells, panel["bases"], strict=True):
            cell.icon, cell.text = icons[area], str(hp)
            cell.colour = hp_colour(hp) if hp > 0 else theme.MUTED
        for mini, slot in zip(self.minis(), panel["line"], strict=True):
            mini.band = rgba(look.level_colour(slot["level"]))
            mini.gap, mini.hidden = slot["gap"], hide and not slot["gap"]
            mini.piece = None if mini.gap or mini.hidden else ("defense", slot["id"])
            if mini.gap or mini.hidden:
                mini.atk = mini.left = ""
                continue
            mini.atk = str(slot["atk"])
            mini.left = str(slot["def"] - slot["damage"])
            mini.hurt, mini.working = bool(slot["damage"]), slot["working"]

    def minis(self) -> list:
        return [w for w in reversed(self.children) if isinstance(w, MiniSlot)]

    def frame_minis(self, seat: int, marks: dict) -> None:
        """Each slot framed as the open row lights its card."""
        for level, mini in enumerate(self.minis(), start=1):
            mini.mark_colour = MARKS.get(marks.get(("slot", seat, level), ""), (0, 0, 0, 0))


class SeatRow(Widget):
    """Holds a player's row, open or compact, at its own place and size. It does not
    clip (a stencil costs two row-sized fills and a test of every pixel each frame on a
    software renderer); `bounds` asks the UI tests to hold its contents inside it."""

    bounds = True

    def __init__(self, seat: int, on_tap, **kwargs):
        super().__init__(size_hint=(None, None), **kwargs)
        self.bind(pos=self.place, size=self.place)
        self.seat = seat
        self.open_row = AtsRow()
        self.compact = AtsCompact()
        for button in (self.compact, self.open_row.ids.name):
            button.bind(on_release=lambda w: None if was_hold(w) else on_tap(w))
        for piece in self.open_row.pieces()[1:]:  # a hold on these is no tap (Holdable)
            piece.bind(on_release=on_tap)
        self.is_open = None

    def set_open(self, is_open: bool, head: float, slot_height: float) -> None:
        if is_open:
            self.open_row.slot_height = slot_height
            self.height = head + slot_height
        else:
            self.height = dp(COMPACT)
        if is_open != self.is_open:
            self.is_open = is_open
            self.clear_widgets()
            self.add_widget(self.open_row if is_open else self.compact)
        self.place()

    def place(self, *_args) -> None:
        for child in self.children:
            child.pos, child.size = self.pos, self.size

    def pieces(self) -> list:
        return self.open_row.pieces() if self.is_open else [self.compact]


class AtsBoard(RelativeLayout):
    """The players' rows in columns; `show` draws them, `fit` opens what fits and
    places each row itself (no layout between the board and a row's parts)."""

    landscape = BooleanProperty(False)
    spacing = NumericProperty(dp(4))

    def __init__(self, on_tap, on_fit=None, **kwargs):
        super().__init__(**kwargs)
        self.on_tap = on_tap
        self.on_fit = on_fit  # called after each fit
        self.rows: list[SeatRow] = []
        self.order: list[int] = []  # seats from the top: seat order
        self.wants: dict = {}  # seat -> how much the prompt needs its row open (low first)
        self.focus: int | None = None  # a row the player opened with a tap
        self._fit = Clock.create_trigger(lambda _dt: self.fit(), -1)
        self.bind(size=lambda *_a: self._fit(), landscape=lambda *_a: self._fit())

    def pieces(self) -> list:
        return [p for row in self.rows for p in row.pieces()]

    def show(self, state: dict, panels: list, marks: dict, acting, command, hidden,
             keep=(), hits=None) -> None:
        """`panels`: view.panel of each seat; `hidden(seat)`: its line face down;
        `keep`: the seats whose rows the prompt needs open first (an attack's check);
        `hits`: where damage just landed (results.landed)."""
        hits = hits or {}
        seats = list(range(len(panels)))
        if len(self.rows) != len(seats):  # another game: its own rows, nothing left over
            self.clear_widgets()
            self.rows = [SeatRow(seat, self.on_tap) for seat in seats]
            for row in self.rows:
                self.add_widget(row)
            self.focus = None
        self.order = seats
        colour = {s: MARKS.get(lit(marks, s), (0, 0, 0, 0)) for s in seats}
        for seat, row in zip(seats, self.rows, strict=True):
            for view in (row.open_row, row.compact):
                view.show(panels[seat], seat == command, seat == acting, hidden(seat))
                view.light = colour[seat]
            for piece in row.open_row.pieces()[1:] + [row.compact]:
                piece.mark = marks.get(piece.thing, "")
                piece.hit = hits.get(piece.thing, "")
            row.open_row.ids.name.mark = marks.get(("player", seat), "")
            row.compact.frame_minis(seat, marks)
        self.wants = wants(seats, marks, acting, keep, self.focus)
        self._fit()

    def columns(self) -> list[list]:
        """The rows of each column, top first: two columns on a tablet for three
        players or more."""
        count = 2 if self.landscape and len(self.rows) >= 3 else 1
        per = ceil(len(self.order) / count)
        return [[self.rows[s] for s in self.order[i * per:(i + 1) * per]]
                for i in range(count)]

    def toggle(self, seat: int) -> None:
        """A tap on a player's name or compact row: open it (or close it again)."""
        self.focus = None if self.focus == seat else seat
        want = self.wants.get(seat, (4, 0))
        self.wants[seat] = (0 if self.focus == seat else 4, want[1])
        self._fit()

    def fit(self) -> None:
        if not self.rows or self.height <= 0 or not self.order:
            return
        columns = self.columns()
        width = self.column_width(len(columns))
        for i, rows in enumerate(columns):
            heads, opened, slot = self.opening(rows, width, self.height)
            top = self.height
            for row in rows:
                row.set_open(row in opened, heads[row.seat], slot)
                row.width = width
                row.pos = (i * (width + self.spacing), top - row.height)
                top -= row.height + dp(GAP)
        if self.on_fit is not None:
            self.on_fit()

    def column_width(self, count: int) -> float:
        return (self.width - (count - 1) * self.spacing) / count

    def compact_at(self, height: float) -> set:
        """The seats whose rows would be compact in a board this high (the table asks,
        to say so in a prompt that takes room from the board)."""
        return self.layout_at(height)[0]

    def layout_at(self, height: float) -> tuple[set, float]:
        """(the seats compact, the open rows' smallest slot height) in a board this high:
        what the table weighs before it takes room from the board."""
        columns = self.columns()
        width = self.column_width(len(columns))
        out, smallest = set(), float("inf")
        for rows in columns:
            _heads, opened, slot = self.opening(rows, width, height)
            out |= {row.seat for row in rows if row not in opened}
            smallest = min(smallest, slot) if opened else smallest
        return out, smallest

    def opening(self, rows: list, width: float, height: float) -> tuple:
        """(each row's head height, the rows open, their slots' height) in a column."""
        slot_max = slot_cap(width)
        heads = {row.seat: row.open_row.head(width) for row in rows}
        budget = height - (len(rows) - 1) * dp(GAP)
        ranked = sorted(rows, key=lambda r: self.wants.get(r.seat, (4, 0)))
        first = budget - (len(rows) - 1) * dp(COMPACT) - heads[ranked[0].seat]
        opened = ranked[:1] if first >= dp(SLOT_FLOOR) else []  # the row needed most
        for row in ranked[1:] if opened else ():
            trial = opened + [row]
            closed = len(rows) - len(trial)
            room = budget - closed * dp(COMPACT) - sum(heads[r.seat] for r in trial)
            if room / len(trial) < dp(SLOT_MIN):
                break
            opened = trial
        room = budget - (len(rows) - len(opened)) * dp(COMPACT) - sum(
            heads[r.seat] for r in opened)
        slot = min(slot_max, room / len(opened)) if opened else 0
        return heads, opened, slot


def slot_cap(width: float) -> float:
    """The highest a slot of a row `width` wide grows: twice its width and SLOT_TALL at
    most, but on a wide board (a large screen of low density) as high as a printed card,
    so that two players' rows fill the screen with cards shaped as printed."""
    wide = (width - dp(PAD)) / 5  # five slots in a row
    return max(dp(SLOT_MIN), min(wide * 2, max(dp(SLOT_TALL), wide * CARD_SHAPE)))


Builder.load_file(str(Path(__file__).with_name("board.kv")))
