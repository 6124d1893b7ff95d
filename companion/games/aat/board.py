"""The board: the escalation track on top, the far player's strip, the two theaters
drawn as the printed mats (each side's pieces in a row of their own, the far
player's above the mat's middle line), the near player's strip. It fits the room the
frame leaves it: every piece's size is computed first (sizes.py), and traits are
left off the pieces (the side not acting first, then all; holding a piece reads
them), then the damage tokens counted as one total, until everything is in sight.
Nothing scrolls. A tablet's room goes to larger pieces: the largest of sizes.SCALES
at which everything fits with all traits, and never larger again in a phase once it
shrank."""

from __future__ import annotations

from pathlib import Path

from kivy.clock import Clock
from kivy.core.window import Window
from kivy.lang import Builder
from kivy.metrics import dp
from kivy.properties import ColorProperty, NumericProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.widget import Widget

from companion.app.zoom import Holdable
from companion.games.aat import look
from companion.games.aat.data import THEATERS
from companion.games.aat.sizes import (
    CHIP,
    ROW,
    SCALES,
    TAP,
    piece_size,
    place,
    text_width,
)
from companion.games.aat.tiles import PieceTile, piece_chips, stack_name
from companion.games.aat.widgets import Tappable, rgba

# traits shown: near side, far; and a crowded board's damage tokens as one total
LEVELS = ((True, True, False), (True, False, False), (False, False, False),
          (False, False, True))
WIDEST = 240  # dp: a piece's widest
LINE = 2  # dp: a mat's middle line
NOTE = "tap here"  # on a mat's name while the mat may be chosen


class TheaterHeader(BoxLayout):
    """A mat's name, first in its far row (a base is known by its card); "tap here"
    while the theater may be chosen."""

    title = StringProperty("")
    note = StringProperty("")
    icon = StringProperty("")
    ink = ColorProperty((1, 1, 1, 1))
    scale = NumericProperty(1)

    def show(self, title: str, note: str, icon: str, ink, scale: float = 1.0) -> None:
        self.title, self.note, self.icon, self.ink, self.scale = title, note, icon, ink, scale
        self.ids.title.width, self.ids.note.width = self.widths(title, note, scale)
        self.size = self.measure(title, note, scale)

    @staticmethod
    def widths(title: str, note: str, scale: float) -> tuple[float, float]:
        return (text_width(title, True, scale),
                text_width(note, True, scale) + dp(12) * scale if note else 0)

    @classmethod
    def measure(cls, title: str, note: str, scale: float) -> tuple[float, float]:
        title_width, note_width = cls.widths(title, note, scale)
        return (dp(26) * scale + title_width + (note_width + dp(6) * scale if note else 0),
                dp(CHIP) * scale)


class TheaterBox(Holdable, Tappable, BoxLayout):
    """One theater as its printed mat: its name, the far side's pieces, the mat's middle,
    the near side's. Tapped where no piece is, it is chosen (lit while it may be);
    held, it shows the printed mat."""

    icon = StringProperty("")
    ground = ColorProperty((0.1, 0.1, 0.1, 1))
    ink = ColorProperty((1, 1, 1, 1))
    band = ColorProperty((0.2, 0.2, 0.2, 1))
    scale = NumericProperty(1)  # its pieces' (sizes.SCALES): the gaps between them
    spare = NumericProperty(0)  # a tablet's room left over, either side of the middle

    def on_touch_down(self, touch):
        """A touch on a piece is the piece's alone (its tap, its hold)."""
        if any(t.collide_point(*touch.pos) for t in self.tiles()):
            return Widget.on_touch_down(self, touch)
        return super().on_touch_down(touch)

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.header = TheaterHeader()

    def tiles(self) -> list:
        return [w for w in (*self.ids.far.children, *self.ids.near.children)
                if isinstance(w, PieceTile)]

    def chrome(self) -> float:
        """The height of all but the two rows of pieces (and the room left over)."""
        return self.padding[1] + self.padding[3] + 2 * self.spacing + dp(LINE)


class AatBoard(BoxLayout):
    def __init__(self, on_tap, on_overflow, on_scale=None, **kwargs):
        super().__init__(**kwargs)
        self.on_tap, self.on_overflow, self.on_scale = on_tap, on_overflow, on_scale
        self.cap: tuple = ((), max(SCALES))  # (turn, phase), the largest scale left in it
        self.capping = Clock.create_trigger(self.keep_cap, 0)  # once laid out
        self.overflow = False
        self.fitted: tuple = ()  # (shown, width, room) the board was last fitted to
        self.placed: tuple = ()  # what the tiles show (place_tiles)
        self.tiles: dict = {}  # uid -> the tile showing it
        self.shown: dict | None = None
        self.level = 0
        self.scale = 1.0  # the pieces' (sizes.SCALES)
        self.ceiling = max(SCALES)  # the largest this phase allows (keep_cap)
        self.fitting = Clock.create_trigger(self.fit, -1)
        self.settled = Clock.create_trigger(self.still_overflowing, 0)  # next frame
        for widget in (self, self.ids.far, self.ids.near, self.ids.track):
            widget.fbind("height", self.fitting)
        self.fbind("width", self.fitting)
        for theater in THEATERS:
            self.ids[theater.lower()].bind(on_release=on_tap)

    def show(self, shown: dict) -> None:
        """`shown`: rows (stacks.rows), seats (far, near), acting, marks, colours,
        components and panels by seat, escalation."""
        self.shown = shown
        ids = self.ids
        far, near = shown["seats"]
        self.ids.track.wide = self.width > dp(600)
        ids.track.show(*shown["escalation"])
        for strip, seat in ((ids.far, far), (ids.near, near)):
            panel = shown["panels"][seat]
            strip.show(panel, seat == shown["acting"], look.reference(panel["subfaction"]))
        colours = look.colours()
        for theater in THEATERS:
            box = ids[theater.lower()]
            box.thing = ("theater", theater)
            box.piece = ("theater-mats", look.mat(theater))
            box.icon = theater.lower()
            box.ground = rgba(colours["mats"][theater])
            box.ink = rgba(colours["mat_ink"][theater])
            box.band = rgba(colours["mat_band"][theater])
            box.mark = shown["marks"].get(box.thing, "")
        self.fit()

    def room(self) -> float:
        ids = self.ids
        used = ids.track.height + ids.far.height + ids.near.height + 5 * self.spacing
        return self.height - used - ids.space.chrome() - ids.planetside.chrome()

    def room_at(self, scale: float) -> float:
        """The room the theaters would have with the players' strips and the track at
        `scale` (their words grow with the pieces: one look)."""
        far, near, track = self.ids.far, self.ids.near, self.ids.track
        return self.room() + far.height + near.height + track.height - \
            far.measure(scale) - near.measure(scale) - track.measure(scale)

    def plan(self, level: tuple, width: float, scale: float = 1.0,
             noted: bool = False) -> tuple[dict, float]:
        """Each row's pieces with their chips and sizes at this level and scale, and
        the height of all rows; `noted`: as if every mat said "tap here" (a scale
        chosen so does not change when a tap lights the mats)."""
        shown = self.shown
        far, near = shown["seats"]
        rows, need = {}, 0.0
        head = self.heads()
        for theater in THEATERS:
            header = TheaterHeader.measure(theater, NOTE if noted else self.note(theater),
                                           scale)
            for side, seat in (("far", far), ("near", near)):
                traits = level[0] if seat == near else level[1]
                row = []
                for piece, count in shown["rows"][theater][seat]:
                    chips = piece_chips(piece, count, traits, level[2])
                    size = piece_size(stack_name(piece["name"], count), chips,
                                      min(width, dp(WIDEST) * scale), scale)
                    row.append((piece, count, chips, size))
                rows[theater, side, seat] = row
                sizes = [(s["width"], s["height"]) for *_r, s in row]
                if side == head[theater]:
                    sizes.insert(0, header)
                need += place(sizes, width, dp(ROW) * scale)[1]
        return rows, need

    def note(self, theater: str) -> str:
        return NOTE if self.ids[theater.lower()].mark == "target" else ""

    def heads(self) -> dict:
        """The row each mat's name starts: the far one, or the near one when the far
        side has no piece in that theater."""
        far = self.shown["seats"][0]
        return {t: "far" if self.shown["rows"][t][far] else "near" for t in THEATERS}

    def fit(self, *_args) -> None:
        if self.shown is None:
            return
        box = self.ids.space
        width = box.width - box.padding[0] - box.padding[2]
        room = self.room()
        if self.fitted == (self.shown, width, room):
            return  # a relayout or a drawing again that changed nothing this depends on
        self.fitted = (self.shown, width, room)
        before = self.scale
        for level, scale in self.choices():
            rows, need = self.plan(level, width, scale, noted=scale > 1)
            if need <= self.room_at(scale):
                break
        if scale > 1:
            rows, need = self.plan(level, width, scale)
        room = self.room_at(scale)
        for strip in (self.ids.far, self.ids.near, self.ids.track):
            strip.scale, strip.height = scale, strip.measure(scale)
        self.level, self.scale = LEVELS.index(level), scale
        spare = max(0.0, room - need) / 2  # the mats fill the room (a phone's too: no gap)
        for theater in THEATERS:
            box = self.ids[theater.lower()]
            box.scale, box.spare = scale, spare
            box.header.show(theater, self.note(theater), box.icon, box.ink, scale)
        self.need, self.overflow = need, need > room + 0.5
        if self.overflow:
            self.settled()
        self.capping()
        self.place_tiles(rows)
        if scale != before and self.on_scale is not None:
            self.on_scale()

    def keep_cap(self, *_args) -> None:
        """Within a phase the pieces never grow again once they shrank (a size going
        back and forth is noticed): the scale laid out is the phase's largest left."""
        if self.shown is None or self.get_root_window() is None or \
                self.height <= dp(TAP) * 4:
            return
        phase = self.shown.get("phase", ())
        cap = self.cap[1] if self.cap[0] == phase else max(SCALES)
        self.cap = (phase, min(cap, self.scale))

    def choices(self) -> list[tuple]:
        """(level, scale) from the fullest drawing down: on a tablet every piece with
        its traits at the largest scale that fits, then today's sizes and levels. A
        phone (portrait) keeps today's sizes: its room is the hand's to take."""
        landscape = Window.width > Window.height
        phase = self.shown.get("phase", ())
        self.ceiling = self.cap[1] if self.cap[0] == phase else max(SCALES)
        larger = [(LEVELS[0], s) for s in SCALES if 1 < s <= self.ceiling] if landscape else []
        return larger + [(level, 1.0) for level in LEVELS]

    def still_overflowing(self, *_args) -> None:
        """Once the frame has laid out (a prompt's sheet and hand take their room a
        frame after the board is drawn), a board that still does not fit asks for
        more room."""
        if self.overflow and self.get_root_window() is not None and \
                self.height > dp(TAP) * 4:  # laid out in a window, not the first guess
            self.on_overflow()

    def place_tiles(self, rows: dict) -> None:
        """Each row's tiles, after its mat's name where it starts, unless they show it
        already (a board fitted again as the frame settles keeps its plan). A piece
        keeps its tile from one drawing to the next (making widgets is what makes a
        phone slow to redraw); tiles of pieces gone serve new ones."""
        shown = self.shown
        placed = (rows, self.heads(), shown["marks"], shown["components"],
                  [p["subfaction"] for p in shown["panels"]])
        if placed == self.placed:
            return
        self.placed = placed
        shown_uids = {piece["uid"] for row in rows.values() for piece, *_r in row}
        spare = [t for uid, t in self.tiles.items() if uid not in shown_uids]
        self.tiles = {uid: t for uid, t in self.tiles.items() if uid in shown_uids}
        head = self.heads()
        for (theater, side, seat), row in rows.items():
            box = self.ids[theater.lower()]
            wanted = [box.header] if side == head[theater] else []
            for piece, *_r in row:
                tile = self.tiles.get(piece["uid"]) or (spare.pop() if spare else None)
                if tile is None:
                    tile = PieceTile()
                    tile.bind(on_release=self.on_tap)
                self.tiles[piece["uid"]] = tile
                wanted.append(tile)
            flow = box.ids[side]
            if list(reversed(flow.children)) != wanted:
                flow.clear_widgets()
                for widget in wanted:
                    if widget.parent is not None:  # from another row
                        widget.parent.remove_widget(widget)
                    flow.add_widget(widget)
            self.show_row(row, seat)
        for tile in spare:
            if tile.parent is not None:
                tile.parent.remove_widget(tile)

    def show_row(self, row: list, seat: int) -> None:
        shown = self.shown
        colour = look.deck_colour(shown["panels"][seat]["subfaction"])
        for piece, count, _chips, size in row:
            tile = self.tiles[piece["uid"]]
            tile.mark = shown["marks"].get(("piece", piece["uid"]), "")  # before: its look
            tile.show(piece, count, colour, shown["components"][seat], size)


Builder.load_file(str(Path(__file__).with_name("board.kv")))
