"""Top-Secret's board on the screen, drawn as it prints (the same rows of hexagons,
the purple Field, the `*` tiles, the drop spaces, the Intel colours and symbols
from cards/top-secret) with each space's number in its row, and every piece on it
(pieces.py): loose Intel with its value, agents in their side's colours with their
kind's pictogram and the Intel they hold as chips under them in their space, ringed in
their side's outline, blockades and pins with the player at the end of whose turn they
go (their name, or their side's colour where a pin has no room). Row A stays where it
is, whatever the prompt (its top at the box's: TsTable.keep_steady).

After the dice, the last trickle's marks (trails.py): an arrow per piece that moved,
between the pieces and never over one, its head at the piece it points to, and the
reason in a word at the piece. `play` slides the pieces from where they were, the
bottom row first as the trickle moves them, and stops by itself. A TsSpace over each
space takes taps, and holds (held.py: the piece large, drawn at the screen's
resolution)."""

from __future__ import annotations

from pathlib import Path

from kivy.clock import Clock
from kivy.graphics import Canvas, Color, Line, PopMatrix, PushMatrix, Translate
from kivy.lang import Builder
from kivy.metrics import dp, sp
from kivy.properties import NumericProperty, StringProperty
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.widget import Widget

from companion.app.settle import before_drawing
from companion.app.zoom import Holdable
from companion.games.ts import pieces, trails
from companion.games.ts.data import tables
from companion.games.ts.geometry import AGENT, AGENT_UP, NUMBER, PIN, ROOT3, TOKEN, board
from companion.games.ts.model import frees

LIT = {"target": (0.98, 0.82, 0.25, 0.55), "selected": (0.98, 0.82, 0.25, 0.9),
       "source": (0.45, 0.85, 1.0, 0.55)}
TEAMS = ("black", "white")
EDGE = ((0.95, 0.82, 0.3, 1), (0.15, 0.15, 0.18, 1))  # a side's outline on either ground
TAG = (0.07, 0.07, 0.09, 0.94)
NUMBER_INK = ((0.86, 0.86, 0.9, 0.8), (0.1, 0.1, 0.12, 0.9))  # a space's number; lit


class TsSpace(Holdable, ButtonBehavior, Widget):
    """A space of the board, to tap (and to hold: the piece on it, large)."""

    space = NumericProperty(0)
    lit = StringProperty("")

    def on_hold(self) -> None:
        from companion.games.ts.held import hold_space

        hold_space(self.space)


class TsBoard(Widget):
    """The board and its pieces; `show(state, lit, moves)` draws them."""

    radius = NumericProperty(dp(30))
    steady = NumericProperty(0)  # the height it takes whatever the prompt (0: its box's)

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.geometry = board()
        self.spaces = [TsSpace(space=i) for i in range(self.geometry.size)]
        for child in self.spaces:
            self.add_widget(child)
        self.state, self.lit, self.moves, self.marks, self.whose = None, {}, [], [], []
        self.centres: list = []
        self.scale = 1.0  # the board's size to its steady size (smaller: layout)
        # what was drawn, for the tests to measure: values (x, y, radius, size), players'
        # names (words, seat, box, font size), reasons (words, box, font size), each
        # agent's chips (space, values), the spaces' numbers (space, (x, y, width,
        # height, font size))
        self.drawn: dict = {"values": [], "names": [], "tags": [], "chips": [], "numbers": []}
        self.hidden: set = set()  # Intel drawn moving, not at its place
        self.sliding: list = []  # (mark, Translate, Color) while the pieces slide
        self.clock = None
        # a space as drawn, kept while its place, size and light are: (key, Canvas)
        self.drawn_spaces: list = [(None, None)] * self.geometry.size
        self.edges = (None, None)
        # drawn once in the frame, after every layout (a move that resizes the board
        # would draw it three times: its pieces, its new size, its new place)
        self.due, self.playing = False, None
        self.soon = before_drawing(self.redraw)
        self.bind(pos=self.redraw_soon, size=self.redraw_soon, steady=self.redraw_soon)

    # -- drawing -------------------------------------------------------------------------
    def show(self, state: dict, lit: dict, moves: list) -> None:
        self.stop()
        self.state, self.lit, self.moves = state, lit, moves
        self.redraw_soon()

    def redraw_soon(self, *_args) -> None:
        self.due = True
        self.soon()

    def centre(self, space: int) -> tuple:
        return self.centres[space]

    def redraw(self, *_args) -> None:
        """The pieces placed and drawn (with the sliding ones of a trickle to play)."""
        self.due = False
        if self.state is None:
            return
        self.place()
        if self.playing:
            per_row, slide = self.playing
            self.playing = None
            self.begin(per_row, slide)
        else:
            self.paint()

    def place(self) -> None:
        """The spaces' places and the marks' and labels' (trails.py)."""
        self.radius, self.centres = self.layout()
        r = self.radius
        for space in self.spaces:
            space.size = (ROOT3 * r, ROOT3 * r)
            space.center = self.centres[space.space]
            space.lit = self.lit.get(space.space, "")
            space.piece = self.piece_at(space.space)
        self.marks = trails.marks(self.state, self.moves, self.centres, r)
        sides = tuple(pieces.looks()["teams"][team]["name"] for team in TEAMS)
        self.whose = trails.whose(self.state, self.centres, r, sides)
        trails.place_tags(self.whose + self.marks, self.state, self.centres, r,
                          self.tag_size, (self.x, self.y, self.right, self.top),
                          (pieces.CHIP_LEAST, pieces.EDGE))

    def paint(self) -> None:
        """Everything drawn anew but the spaces that look as they did (drawn_space)."""
        self.canvas.before.clear()
        self.drawn = {"values": [], "names": [], "tags": [], "chips": [], "numbers": []}
        for space in range(self.geometry.size):
            self.canvas.before.add(self.drawn_space(space))
        self.canvas.before.add(self.drawn_edges())
        with self.canvas.before:
            for space in range(self.geometry.size):
                self.draw_contents(space)
            for label in self.whose:
                if label.tag_at:
                    self.draw_whose(label)
            if not self.hidden:
                for mark in self.marks:
                    self.draw_mark(mark)

    def layout(self) -> tuple:
        """The spaces' radius and centres: as large as `steady` allows (or the box),
        row A at the box's top; in a box shorter than `steady` (a sheet taller than the
        room kept for it), smaller round the board's top left corner, so row A's first
        spaces stay where they were."""
        height = self.steady or self.height
        r, centres = self.geometry.place(self.x, self.top - height, self.width, height,
                                         dp(28), dp(4))
        self.scale = 1.0
        if self.height >= height:
            return r, centres
        small, _ = self.geometry.place(self.x, self.y, self.width, self.height, dp(28), dp(4))
        k, left, top = small / r, min(x for x, _ in centres) - ROOT3 * r / 2, self.top - dp(2)
        self.scale = k
        return small, [(left + (x - left) * k, top + (y - top) * k) for x, y in centres]

    @property
    def label_font(self) -> float:
        """A label's words: 14 sp (the standards' least text), up to 16 sp where
        spaces are large; on a board shrunk for a tall sheet, as much smaller."""
        return max(sp(14) * self.scale, min(sp(16), self.radius * 0.3))

    def tag_size(self, label, words: str) -> tuple:
        """A label's width and height (pieces.pill's): a reason, a player's name."""
        return pieces.pill_size(words, self.label_font, getattr(label, "sign", ""))

    def piece_at(self, space: int):
        state = self.state
        agent = state["spots"][space]
        if agent:
            return ("agents", agent)
        intel = state["board"][space]
        if intel:
            return ("intel", intel)
        return ("markers", "blockade") if state["walls"][space] else None

    def drawn_space(self, space: int) -> Canvas:
        """A space as drawn, kept while it looks the same (most of them at a move)."""
        cx, cy = self.centre(space)
        key = (round(cx, 2), round(cy, 2), round(self.radius, 3), self.lit.get(space))
        old, group = self.drawn_spaces[space]
        if old != key:
            group, self.number_box = Canvas(), None
            with group:
                self.draw_space(space)
            self.drawn_spaces[space] = (key, (group, self.number_box))
        else:
            group, self.number_box = group
        self.drawn["numbers"].append((space, self.number_box))
        return group

    def drawn_edges(self) -> Canvas:
        key = (tuple(self.centres), self.radius)
        if self.edges[0] != key:
            group = Canvas()
            with group:
                self.draw_edges()
            self.edges = (key, group)
        return self.edges[1]

    def draw_space(self, space: int) -> None:
        cx, cy = self.centre(space)
        r = self.radius
        field = self.geometry.field[space]
        outline = pieces.hex_points(cx, cy, r * 0.97)
        pieces.polygon(outline, (0.36, 0.24, 0.52, 1) if field else (0.2, 0.23, 0.28, 1))
        lit = self.lit.get(space)
        if lit:
            pieces.polygon(outline, LIT[lit])
        # its number in its row, as named (A1 ...): 14 sp or more, but on a board shrunk
        # for a tall sheet (the Intel picker's), as much smaller as the board
        size = max(sp(14) * self.scale, min(sp(16), r * 0.36))
        words = str(self.geometry.coords[space][1] // 2 + 1)
        w, h = pieces.texture(words, size).size
        # at the left of its agent, inside the space however small (the Intel picker's)
        x = cx + max(r * NUMBER[0], -0.866 * r + w * 0.45 + dp(1))
        y = cy + min(r * NUMBER[1], 0.5 * r - h * 0.3)
        pieces.text(words, x, y, size, NUMBER_INK[bool(lit)])
        self.number_box = (x - w / 2, y - h / 2, w, h, size)
        if self.geometry.is_spawn[space]:
            pieces.text("*", cx, cy - r * 0.62, sp(14), (1, 1, 1, 0.8))
        if space in self.geometry.drops:
            pieces.icon("drop", cx, cy + r * 0.62, r * 0.5, (0.95, 0.85, 0.5, 1))

    def draw_edges(self) -> None:
        """Row letters at the left; with each space's number (in its row, as the rows are
        offset: draw_space), a space is named as printed (A1 ... I7)."""
        for row in range(self.geometry.rows):
            first = next(i for i, (r, _) in enumerate(self.geometry.coords) if r == row)
            cx, cy = self.centre(first)
            pieces.text(chr(65 + row), cx - self.radius * 1.2, cy, sp(14), (0.7, 0.7, 0.7, 1))

    def draw_contents(self, space: int) -> None:
        state, r = self.state, self.radius
        cx, cy = self.centre(space)
        intel = state["board"][space]
        agent_id = state["spots"][space]
        if intel and intel not in self.hidden:
            size, _ = pieces.intel(intel, cx, cy, r * TOKEN)
            self.drawn["values"].append((cx, cy, r * TOKEN, size))
        if agent_id:
            self.draw_agent(agent_id, cx, cy, r)
        if state["walls"][space]:
            pieces.blockade(cx, cy, r)

    def draw_agent(self, agent_id: str, cx, cy, r) -> None:
        agent = self.state["agents"][agent_id]
        seat = agent["seat"]
        pieces.agent(TEAMS[seat], agent["kind"], cx, cy + r * AGENT_UP, r * AGENT, EDGE[seat])
        caught = next((m.intel for m in self.marks if m.agent == agent_id and
                       m.why.startswith("possessed")), None)
        chips = pieces.held_chips([i for i in agent["held"] if i not in self.hidden], cx, cy,
                                  r, fresh=caught, edge=EDGE[seat])
        self.drawn["values"] += [chip[:4] for chip in chips]
        self.drawn["chips"].append((agent["at"], chips))
        if agent_id in self.state["pins"]:  # and whose turn's end frees it (TS-PIN)
            seat = frees(self.state, self.state["pins"][agent_id])
            pieces.pin(cx + r * PIN[0], cy + r * PIN[1], r * PIN[2],
                       pieces.colour(pieces.looks()["teams"][TEAMS[seat]]["fill"]))

    def draw_whose(self, label) -> None:
        """The player at the end of whose turn a blockade or a pin goes: their name on
        their side's colours after an hourglass ('until') or the pin."""
        look = pieces.looks()["teams"][TEAMS[label.seat]]
        w, h = pieces.pill(label.tag, *label.tag_at, self.label_font, pieces.colour(look["fill"]),
                           pieces.colour(look["ink"]), EDGE[label.seat], label.sign)
        x, y = label.tag_at
        self.drawn["names"].append((label.tag, label.seat,
                                    (x - w / 2, y - h / 2, x + w / 2, y + h / 2),
                                    self.label_font))

    def draw_mark(self, mark) -> None:
        r = self.radius
        tile = tables().intel[mark.intel]
        fill = pieces.colour(pieces.looks()["colours"][tile.colour]["fill"])
        if mark.ghost:
            x, y, radius = mark.ghost
            Color(rgba=fill)  # opaque: a wide line not quite opaque takes the slow stencil path
            Line(circle=(x, y, radius), width=dp(1.3))
        if mark.tick:  # toward the blockade that turned it, stopped by a bar
            x1, y1, x2, y2 = mark.tick
            Color(rgba=pieces.OUTLINE)
            Line(points=[x1, y1, x2, y2], width=dp(2.2))
            dx, dy = (x2 - x1) * 0.6, (y2 - y1) * 0.6
            Color(rgba=fill)
            Line(points=[x1, y1, x2, y2], width=dp(1.2))
            Line(points=[x2 - dy, y2 + dx, x2 + dy, y2 - dx], width=dp(1.6))
        if mark.shaft:
            pieces.arrow(mark.shaft, mark.head, fill, max(dp(1.6), r * 0.06))
        if mark.tag:
            w, h = pieces.pill(mark.tag, *mark.tag_at, self.label_font, TAG, (1, 1, 1, 1),
                               fill)
            x, y = mark.tag_at
            self.drawn["tags"].append((mark.tag, (x - w / 2, y - h / 2, x + w / 2, y + h / 2),
                                       self.label_font))

    # -- the trickle, piece by piece -------------------------------------------------------
    def play(self, per_row: float, slide: float) -> None:
        """Slide the pieces that moved from where they were, a row after another (the
        bottom row first); the marks come back at the end. With the board to be drawn
        in this frame, as it is drawn (one drawing, not two)."""
        self.stop()
        if self.due:
            self.playing = (per_row, slide)
        elif self.state is not None:
            self.begin(per_row, slide)

    def begin(self, per_row: float, slide: float) -> None:
        rows = [[m for m in row if m.shaft] for row in trails.order(self.marks)]
        rows = [row for row in rows if row]
        if not rows:
            self.paint()
            return
        self.hidden = {m.intel for row in rows for m in row}
        self.sliding = []
        self.paint()
        r = self.radius
        with self.canvas:
            for delay, row in enumerate(rows):
                for mark in row:
                    PushMatrix()
                    shift = Translate(*mark.start)
                    pieces.intel(mark.intel, 0, 0, r * TOKEN)
                    PopMatrix()
                    self.sliding.append((mark, shift, delay * per_row))
        total = (len(rows) - 1) * per_row + slide
        start = Clock.get_boottime()

        def tick(_dt):
            now = Clock.get_boottime() - start
            for mark, shift, delay in self.sliding:
                done = min(1.0, max(0.0, (now - delay) / slide))
                done = done * done * (3 - 2 * done)
                shift.xy = (mark.start[0] + (mark.end[0] - mark.start[0]) * done,
                            mark.start[1] + (mark.end[1] - mark.start[1]) * done)
            if now >= total:
                self.stop()
                self.paint()
                return False
            return True

        self.clock = Clock.schedule_interval(tick, 0)

    def stop(self) -> None:
        """The sliding ends at once; the pieces at their places."""
        if self.clock is not None:
            self.clock.cancel()
            self.clock = None
        if self.sliding or self.hidden:
            self.sliding, self.hidden = [], set()
            self.canvas.clear()


Builder.load_file(str(Path(__file__).with_name("board.kv")))
