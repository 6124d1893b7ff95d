"""Where the last trickle's marks lie on the board (no Kivy, so it is tested fast).

For each piece that moved: an arrow from the rim of the piece's old space to the rim of
the piece where it landed, so no arrow lies over a piece and every value stays
readable, its head outside the piece it points at; a faint ring where the piece was,
when that space is empty now; for a piece a blockade turned, a short barred stroke
toward the blockade; for a piece off the board, an arrow out of the board from where
it was. Its reason, in a word (view.TAGS), sits at the piece: the first place around
it that covers no piece, chip, arrow or other word (`place_tags`).

Lengths are in pixels, from the board's layout (geometry.Board.place): `centres` of the
spaces and `r`, a space's radius; the pieces' measures are geometry's (board.py draws
them so)."""

from __future__ import annotations

from dataclasses import dataclass
from math import hypot

from companion.games.ts.data import tables
from companion.games.ts.geometry import AGENT, AGENT_UP, OFF, PIN, TOKEN, board, chips
from companion.games.ts.model import frees
from companion.games.ts.view import TAGS

GAP = 0.06  # between a piece and an arrow's end
HEAD = 0.3  # an arrowhead's length
REACH = AGENT * 1.1  # an agent's outline
LEFT, RIGHT = (-0.5, -0.866), (0.5, -0.866)  # down-left, down-right (unit vectors, y up)
# where a word may go round its piece (space radii), the likeliest first
BELOW, ABOVE = (0, -0.74), (0, 0.78)
AROUND = (BELOW, ABOVE, (0.95, -0.5), (-0.95, -0.5), (1.05, 0.1), (-1.05, 0.1),
          (0.8, 0.62), (-0.8, 0.62), (0, -1.05))


@dataclass
class Mark:
    """One piece's mark: what board.py draws for it."""

    intel: str
    why: str
    row: int  # the row it left (the trickle moves the bottom row first)
    start: tuple  # where it was: the centre of the space it left
    end: tuple  # where it is now (a centre; for a piece off the board, past the edge)
    shaft: tuple = ()  # x1, y1, x2, y2
    head: tuple = ()  # left barb x, y, tip x, y, right barb x, y
    tick: tuple = ()  # x1, y1, x2, y2: toward the blockade that turned it
    ghost: tuple = ()  # x, y, radius: where it was, that space empty now
    tag: str = ""
    tag_at: tuple = ()  # the word's centre
    agent: str = ""  # the agent that caught it
    spots: tuple = ()  # where its word may go, the likeliest first; the last where none is


def marks(state: dict, moves: list, centres: list, r: float) -> list[Mark]:
    """The marks of `moves` (the last trickle's, view.trickle_shown) on the board as
    `state` has it now; their words not placed yet (place_tags)."""
    dice = state["last"]["dice"] if state.get("last") else {}
    return [mark(state, move, dice, centres, r) for move in moves]


def mark(state: dict, move: dict, dice: dict, centres: list, r: float) -> Mark:
    src, dst, why = move["from"], move["to"], move["why"]
    face = dice.get(tables().intel[move["intel"]].colour, 1)
    aim = LEFT if face % 2 else RIGHT
    way = (RIGHT if aim == LEFT else LEFT) if "redirect" in why else aim
    ox, oy = centres[src]
    out = Mark(move["intel"], why, board().row[src], (ox, oy), (ox, oy), tag=TAGS[why],
               agent=move.get("agent", ""))
    empty_now = state["board"][src] is None and state["spots"][src] is None
    if "redirect" in why:
        out.tick = along((ox, oy), aim, (TOKEN + GAP) * r, (TOKEN + 0.3) * r)
    if dst == src:  # it stayed: its word round it
        out.spots = around((ox, oy), r, (*AROUND, BELOW))
        return out
    if empty_now:
        out.ghost = (ox, oy, TOKEN * r)
    if dst == OFF:  # out of the board, back to the bag: its word where it was
        out.end = point((ox, oy), way, 1.2 * r)
        out.shaft = along((ox, oy), way, (TOKEN + GAP) * r, 0.98 * r)
        out.head = head(out.shaft, r)
        out.spots = ((ox, oy),) * empty_now + around((ox, oy), r, AROUND)
        out.spots += out.spots[:1]
        return out
    dx, dy = centres[dst]
    out.end = (dx, dy)
    length = hypot(dx - ox, dy - oy)
    unit = ((dx - ox) / length, (dy - oy) / length)
    spots = around((dx, dy), r, AROUND)
    if state["spots"][dst] is not None:  # caught (or one too many): it ends at the agent
        rim = (dx - unit[0] * REACH * r, dy + AGENT_UP * r - unit[1] * REACH * r)
        stop = hypot(rim[0] - ox, rim[1] - oy) - GAP * r
        # over the agent, where nothing else is free: over its pictogram, clear of the
        # values of the chips it holds
        spots += ((dx, dy + (AGENT_UP + 0.08) * r),)
    elif state["board"][dst] is not None:  # loose where it landed
        stop = length - (TOKEN + GAP) * r
        spots += spots[:1]
    else:  # a Honeypot took the agent: where it stood
        stop = length - (0.3 + GAP) * r
        spots = ((dx, dy), *spots, (dx, dy))
    out.shaft = along((ox, oy), unit, (TOKEN + GAP) * r, stop)
    out.head = head(out.shaft, r)
    out.spots = spots
    return out


def around(centre: tuple, r: float, offsets) -> tuple:
    return tuple((centre[0] + x * r, centre[1] + y * r) for x, y in offsets)


def point(origin: tuple, unit: tuple, distance: float) -> tuple:
    return origin[0] + unit[0] * distance, origin[1] + unit[1] * distance


def along(origin: tuple, unit: tuple, begin: float, stop: float) -> tuple:
    """The segment from `begin` to `stop` along `unit` from `origin`."""
    return (*point(origin, unit, begin), *point(origin, unit, stop))


def head(shaft: tuple, r: float) -> tuple:
    """An arrowhead whose tip is the shaft's end."""
    x1, y1, x2, y2 = shaft
    length = hypot(x2 - x1, y2 - y1) or 1.0
    ux, uy = (x2 - x1) / length, (y2 - y1) / length
    back, side = HEAD * r, HEAD * r * 0.62
    bx, by = x2 - ux * back, y2 - uy * back
    return bx - uy * side, by + ux * side, x2, y2, bx + uy * side, by - ux * side


# -- the words, where they cover nothing -------------------------------------------------
@dataclass
class Whose:
    """A blockade's or a pin's player, the one at the end of whose turn it goes: their
    name on their side's colours, at the blockade or over the pinned agent."""

    seat: int
    sign: str  # 'hourglass' (a blockade: until) or 'pin'
    tag: str  # their name; their side's name where the name has no room
    side: str
    spots: tuple
    tag_at: tuple = ()  # () for a pin with no room: the pin's ring alone says the side


def whose(state: dict, centres: list, r: float, sides: tuple) -> list[Whose]:
    """The players of every blockade and pin (`sides`: the sides' names by seat)."""
    out = []
    for space, until in enumerate(state["walls"]):
        if until:
            seat = frees(state, until)
            x, y = centres[space]
            out.append(Whose(seat, "hourglass", state["players"][seat]["name"], sides[seat],
                             ((x, y - 0.6 * r),)))
    for agent_id, until in state["pins"].items():
        seat = frees(state, until)
        x, y = centres[state["agents"][agent_id]["at"]]
        out.append(Whose(seat, "pin", state["players"][seat]["name"], sides[seat],
                         around((x, y), r, ((0, 1.0), (1.0, 0.55), (-1.0, 0.55)))))
    return out


def pieces_at(state: dict, centres: list, r: float, least: tuple = (0.0, 0.0)) -> list[tuple]:
    """Every piece on the board as a disc (x, y, radius): loose Intel, agents, the
    chips they hold (`least`: a chip's least radius and its side's ring, as
    geometry.chips takes them), blockades."""
    out = []
    for space, (x, y) in enumerate(centres):
        if state["board"][space] is not None:
            out.append((x, y, TOKEN * r))
        agent = state["spots"][space]
        if agent is not None:
            out.append((x, y + AGENT_UP * r, AGENT * 0.92 * r))  # its hexagon, near enough
            held = state["agents"][agent]["held"]
            out += [(x + cx, y + cy, c) for cx, cy, c in chips(len(held), r, *least)]
            if agent in state["pins"]:
                out.append((x + PIN[0] * r, y + PIN[1] * r, PIN[2] * 1.32 * r))
        if state["walls"][space]:
            out.append((x, y + 0.2 * r, 0.5 * r))  # its name may lie on its lower edge
    return out


def place_tags(found: list, state: dict, centres: list, r: float, size, box,
               least: tuple = (0.0, 0.0)) -> None:
    """Each label (the Whose first, then the marks' words) at the first of its spots
    where it covers no piece, arrow or label placed before and stays in `box` (left,
    bottom, right, top). A mark's word goes to its last spot when none is free; a
    Whose tries its side's shorter name, then a blockade's stays under it and a pin's
    is left out. `size(label, words)`: a label's width and height in pixels; `least`:
    a held chip's least radius and its side's ring."""
    discs = pieces_at(state, centres, r, least)
    marks = [m for m in found if isinstance(m, Mark)]
    lines = [m.shaft for m in marks if m.shaft] + [m.tick for m in marks if m.tick]
    discs += [(m.head[2], m.head[3], HEAD * r * 0.7) for m in marks if m.head]
    taken: list = []
    for m in sorted(found, key=lambda m: (isinstance(m, Mark), len(m.spots))):
        if not m.tag or not m.spots:
            continue
        words = (m.tag, m.side) if isinstance(m, Whose) else (m.tag,)
        spot = next(((text, spot) for text in words for spot in m.spots if free(
            rect(spot, *size(m, text)), discs, lines, taken, box)), None)
        if spot is None:
            if isinstance(m, Whose) and m.sign == "pin":
                continue
            spot = (words[-1], m.spots[-1])
        m.tag, m.tag_at = spot
        taken.append(rect(m.tag_at, *size(m, m.tag)))


def rect(centre: tuple, w: float, h: float) -> tuple:
    return centre[0] - w / 2, centre[1] - h / 2, centre[0] + w / 2, centre[1] + h / 2


def free(area: tuple, discs: list, lines: list, taken: list, box: tuple) -> bool:
    left, bottom, right, top = area
    if left < box[0] or bottom < box[1] or right > box[2] or top > box[3]:
        return False
    if any(overlap(area, other) for other in taken):
        return False
    if any(hits(area, x, y, radius) for x, y, radius in discs):
        return False
    return not any(crosses(area, line) for line in lines)


def overlap(a: tuple, b: tuple) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def hits(area: tuple, x: float, y: float, radius: float) -> bool:
    """Whether a disc reaches into a rectangle."""
    nx, ny = min(max(x, area[0]), area[2]), min(max(y, area[1]), area[3])
    return hypot(nx - x, ny - y) < radius


def crosses(area: tuple, line: tuple, steps: int = 12) -> bool:
    """Whether a segment passes through a rectangle (tested along it)."""
    x1, y1, x2, y2 = line
    return any(area[0] <= x1 + (x2 - x1) * k / steps <= area[2] and
               area[1] <= y1 + (y2 - y1) * k / steps <= area[3] for k in range(steps + 1))


def order(found: list[Mark]) -> list[list[Mark]]:
    """The marks row by row as the trickle moved them: the bottom row first (TS-ORDER)."""
    rows: dict = {}
    for m in found:
        rows.setdefault(m.row, []).append(m)
    return [rows[row] for row in sorted(rows, reverse=True)]
