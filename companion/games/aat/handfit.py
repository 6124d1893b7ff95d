"""How the hand's cards are laid out in the room the table leaves them (issue 33,
item 3: cards shrink to a readable minimum before anything scrolls, and a tablet's
room goes to bigger cards). Every card of a layout has the same slot: `across` of
them in a row, in as many rows as it takes, each card's height computed from its
words (sizes.card_size) before anything is drawn, so what is computed to fit fits.

A tablet: the largest scale (at least the board's, larger where the column has
room) at which the cards fit the column's height below the prompt. A phone: the
cards in as few rows as they take at the narrowest readable slot, where the board
has that much room left over; otherwise one row that scrolls, as before."""

from __future__ import annotations

from dataclasses import dataclass
from math import ceil

from kivy.metrics import dp

from companion.games.aat.sizes import CHIP, GAP, PAD, SCALES, TAP, card_size

SPACING = 6  # dp: between the strip's cards, across and down (frame.kv)
EDGE = 4  # dp: the strip's padding at either end (frame.kv)
LEAST = 112  # dp: a card's narrowest slot on a phone (two name words on a line)
HAND_SCALES = SCALES  # a tablet's cards, the largest first: as large as the pieces grow


@dataclass(frozen=True)
class Layout:
    """`across` cards a row at `scale`: each card's size (sizes.card_size) and height
    (a row's cards alike), and the rows' height in all. A tablet's cards that cannot
    be chosen now (the rest of the hand, dimmed) may follow in a layout of their own,
    at `rest_scale`, no larger."""

    scale: float
    across: int
    sizes: tuple
    heights: tuple
    height: float
    rest_scale: float = 0.0

    @property
    def card(self) -> float:
        return max(self.heights, default=0.0)


def lay(cards: list[tuple], width: float, across: int, scale: float) -> Layout | None:
    """`cards`: (name, kind line, chips) each. None when a card's words or chips
    do not fit the slot (no word broken, no chip cut)."""
    slot = (width - 2 * dp(EDGE) - (across - 1) * dp(SPACING)) / across - 0.5
    inner = slot - dp(PAD) * 2 * scale
    if inner <= 0 or not cards:
        return None
    sizes = tuple(card_size(name, kind, chips, inner, inner, scale)
                  for name, kind, chips in cards)
    if any(s["width"] > slot + 0.01 for s in sizes):
        return None
    card = max([dp(TAP)] + [s["height"] for s in sizes])  # a tap target at the least
    rows = ceil(len(cards) / across)
    return Layout(scale, across, sizes, (card,) * len(cards),
                  rows * card + (rows - 1) * dp(SPACING))


def largest(cards: list[tuple], width: float, room: float, least: float,
            most: float = max(HAND_SCALES)) -> tuple[Layout | None, tuple]:
    """The largest scale, `least` or more (and at most `most`), at which the cards
    fit `room` high, in the fewest across that do (the widest cards); below `least`
    only where nothing fits at it. Also (scale, height, room) of the next scale up
    tried that did not fit, for the tests."""
    scales = [s for s in HAND_SCALES if s <= most]
    missed: tuple = ()
    for scale in [s for s in scales if s >= least] + [s for s in scales if s < least]:
        tried = [lay(cards, width, n, scale) for n in range(1, min(4, len(cards)) + 1)]
        fits = [t for t in tried if t is not None and t.height <= room]
        if fits:
            return fits[0], missed
        missed = (scale, min((t.height for t in tried if t is not None),
                             default=float("inf")), room)
    return None, missed


def for_tablet(ready: list[tuple], rest: list[tuple], width: float, room: float,
               least: float) -> tuple[Layout | None, tuple]:
    """The cards to choose from (`ready`) as large as the room allows (handfit
    .largest, from the board's scale `least` up), leaving the rest of the hand room
    at scale 1; the rest as large as the room left allows, never larger than they."""
    if not ready:
        ready, rest = rest, []
    smallest = [t.height for n in range(1, 5) if (t := lay(rest, width, n, 1.0))]
    first, missed = largest(ready, width, room - (min(smallest) + dp(SPACING)
                                                  if smallest else 0), least)
    if first is None or not rest:
        return first, missed
    second, _missed = largest(rest, width, room - first.height - dp(SPACING), 1.0,
                              first.scale)
    if second is None:
        return None, missed
    return Layout(first.scale, first.across, first.sizes + second.sizes,
                  first.heights + second.heights,
                  first.height + dp(SPACING) + second.height, second.scale), missed


def for_phone(ready: list[tuple], rest: list[tuple], width: float, room: float,
              row: float = 0.0) -> Layout | None:
    """The rows that take the least height (the narrowest readable slots), where
    they fit `room`: all the cards, or else the ones to choose from alone (the rest
    of the hand, dimmed, is what a phone short of room leaves out; the player's strip
    counts it), these also where they take at most a chip's line more than the one
    row that scrolls (`row` high) would. None: that row, as before."""
    for cards, most in (([*ready, *rest], room), (ready, max(room, row + dp(CHIP + GAP)))):
        if not cards or cards is ready and not rest:
            continue
        best = None
        for across in range(1, len(cards) + 1):
            if (width - 2 * dp(EDGE) - (across - 1) * dp(SPACING)) / across < dp(LEAST):
                break
            layout = lay(cards, width, across, 1.0)
            if layout is not None and (best is None or layout.height < best.height - 0.5):
                best = layout
        if best is not None and best.height <= most:
            return best
    return None
