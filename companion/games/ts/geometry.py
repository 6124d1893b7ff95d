"""The board's geometry (TS-BOARD, TS-DROP, TS-FIELD, TS-ADJ): offset rows of
hexagonal spaces, numbered 0.. from the top left, row by row.

In doubled coordinates a space of row r sits at x = 0, 2, 4... in a long row (A, C,
E...) and x = 1, 3, 5... in a short row (B, D...), each set half a space right.
Below (r, x) lie (r + 1, x - 1) (down-left) and (r + 1, x + 1) (down-right); its six
neighbours are those two, the two above and the two beside it, (r, x - 2) and
(r, x + 2). Everything is computed once, from the YAML's `vars.board`."""

from __future__ import annotations

from functools import cache
from math import sqrt

OFF = -1  # off the board
ROOT3 = sqrt(3)
# where the pieces lie in a space, in space radii (centre to corner) from its centre, as
# on the printed board: the agent in the middle (a little up), its Intel in the lower
# corners; loose Intel in the middle
TOKEN = 0.475  # a loose Intel's radius
AGENT = 0.6  # an agent's hexagon, centre to corner
AGENT_UP = 0.16  # how far above the space's centre the agent sits
CHIP = 0.34  # the radius of an Intel chip an agent holds (or a least in pixels: chips)
CLEAR = 0.08  # between one agent's chips and the next space's
PIN = (0.64, 0.2, 0.2)  # a pin on its agent: where, and its radius
NUMBER = (-0.72, 0.3)  # a space's number, at the left of its agent


def chips(count: int, r: float, least: float = 0.0, ring: float = 0.0) -> list[tuple]:
    """The chips of an agent holding `count` Intel, in the order they are drawn (x, y
    from its space's centre, radius; pixels): under the agent, inside its space, a gap
    between their rings (a dark edge and `ring` round each) and the chips of an agent beside, below,
    and clear of the agents and the spaces' numbers below; three: two higher, the third
    low in the middle over them, their values moved out of its way (NUMERAL). On the
    phone's board the rows are tight: the places were found by measuring every
    neighbour at radii from 24 dp (the board beside the Intel picker) to 80."""
    c = max(CHIP * r, least)
    ring = max(1.0, c * 0.06) + ring if ring else 0.0  # its dark edge, then its side's
    x = min(0.46 * r, (ROOT3 * r - CLEAR * r) / 2 - c - ring)  # half way, less the gap
    spots = {1: ((0, -0.5 * r),), 2: ((-x, -0.42 * r), (x, -0.42 * r)),
             3: ((-x, -0.28 * r), (x, -0.28 * r), (0, -0.58 * r))}
    return [(dx, dy, c) for dx, dy in spots.get(count, ())]


# where a held chip's value lies from its centre, in the value's size: the higher two
# of three have theirs out and up, clear of the third drawn over them
NUMERAL = {(3, 0): (-0.22, 0.15), (3, 1): (0.22, 0.15)}


class Board:
    def __init__(self, rows: int, long: int, drops, field, spawn: str):
        self.rows = rows
        self.coords = []  # index -> (row, x)
        for r in range(rows):
            xs = range(0, 2 * long - 1, 2) if r % 2 == 0 else range(1, 2 * long - 2, 2)
            self.coords += [(r, x) for x in xs]
        self.index = {coord: i for i, coord in enumerate(self.coords)}
        self.names = [f"{chr(65 + r)}{x // 2 + 1}" for r, x in self.coords]
        self.by_name = {name: i for i, name in enumerate(self.names)}
        self.size = len(self.coords)
        self.tall = 2 + 1.5 * (rows - 1)  # the board's height, in spaces' radii
        self.row = [r for r, _ in self.coords]

        def at(r, x):
            return self.index.get((r, x), OFF)

        self.down = [(at(r + 1, x - 1), at(r + 1, x + 1)) for r, x in self.coords]
        self.up = [(at(r - 1, x - 1), at(r - 1, x + 1)) for r, x in self.coords]
        self.adjacent = [tuple(s for s in (at(r, x - 2), at(r, x + 2), at(r - 1, x - 1),
                                           at(r - 1, x + 1), at(r + 1, x - 1),
                                           at(r + 1, x + 1)) if s != OFF)
                         for r, x in self.coords]
        field_rows = {ord(letter) - 65 for letter in field}
        self.field = [r in field_rows for r in self.row]
        self.field_adjacent = [tuple(n for n in near if self.field[n]) for near in self.adjacent]
        spawn_row = ord(spawn) - 65
        self.spawn = tuple(i for i, r in enumerate(self.row) if r == spawn_row)
        self.is_spawn = [r == spawn_row for r in self.row]
        self.drops = tuple(self.by_name[name] for name in drops)
        # the trickle's order (TS-ORDER): the bottom row first, left to right in a row
        self.trickle_order = sorted(range(self.size), key=lambda i: (-self.coords[i][0],
                                                                      self.coords[i][1]))
        self.within_two = [self.reach(i, 2) for i in range(self.size)]
        # TS-SMUGGLER: Field spaces within two steps through the Field
        self.field_two = [self.field_reach(i) for i in range(self.size)]

    def place(self, x: float, y: float, width: float, height: float, margin: float,
              pad: float) -> tuple[float, list]:
        """The board laid out in a box (pixels, y up), as large as fits with `margin` at
        the left for the row letters and `pad` above and below, at the top of the box
        (row A where the box's top is, however tall the box): the spaces' radius
        (centre to corner) and their centres."""
        long = max(x for _, x in self.coords) // 2 + 1
        r = max(1.0, min((width - margin) / (long * ROOT3), (height - pad) / self.tall))
        left = x + width / 2 - long * ROOT3 * r / 2 + margin / 3
        top = y + height - pad / 2
        return r, [(left + (col + 1) * ROOT3 * r / 2, top - r - 1.5 * r * row)
                   for row, col in self.coords]

    def field_reach(self, start: int) -> tuple:
        steps = {n for n in self.adjacent[start] if self.field[n]}
        ends = steps | {m for n in steps for m in self.adjacent[n] if self.field[m]}
        ends.discard(start)
        return tuple(sorted(ends))

    def reach(self, start: int, steps: int) -> tuple:
        """Spaces within `steps` of `start` (through any spaces), `start` left out."""
        seen, edge = {start}, [start]
        for _ in range(steps):
            edge = [n for s in edge for n in self.adjacent[s] if n not in seen]
            seen.update(edge)
        seen.discard(start)
        return tuple(sorted(seen))


@cache
def board() -> Board:
    from companion.games.ts.data import tables

    spec = tables().board
    return Board(spec["rows"], spec["long"], spec["drops"], spec["field"], spec["spawn"])
