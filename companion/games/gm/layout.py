"""Geheime Mission's sizes, worked out from what the table must show before Kivy lays it
out. A size read back from a finished layout (the board's height, to weigh the hand
against it) takes a second frame, and a tap that needs two frames costs twice; so the
hand's rows and the cards' height come from sums of what the sheet and the fields will
hold, each of them drawn at sizes set from here."""

from __future__ import annotations

from kivy.metrics import dp

from companion.app.widgets import text_width

CITY = 1.3  # the board's city centre: its width to an embassy's
PER_ROW = 3  # hand cards a row: a phone's 4 or 5 go to two rows, never scrolling
PRINTED = 88 / 63  # the printed card's height to its width
SQUAT = 0.92  # a hand card no squatter than this: below, its values no longer read
GAP = 6  # dp: the hand's gap between cards (the frame's StackLayout)
NAME_SIZES = (16, 15, 14)  # sp: a card's name, never below 14 (the standard's least)


def name_size(name: str, room: float) -> float:
    """The largest size (16 sp down to 14) at which no word of a card's name breaks."""
    return next((size for size in NAME_SIZES if name_width(name, size) <= room),
                NAME_SIZES[-1])


def name_width(name: str, size: float) -> float:
    """The width of the longest word of a card's name at `size` sp, bold."""
    return max(text_width(word, size, True) for word in name.split() or [name])


def name_lines(name: str, size: float, room: float) -> int:
    return 1 if text_width(name, size, True) <= room else 2


def card_width(column: float) -> float:
    """Three cards a row in `column` px (the strip's padding of 4 dp a side)."""
    return (column - dp(8) - dp(GAP) * (PER_ROW - 1)) / PER_ROW - 0.01


def card_height(width: float, rows: int, room: float) -> float:
    """The cards' height in `rows` rows sharing `room` px: as printed when there is the
    room, squatter (down to SQUAT) when the fields need it."""
    share = (room - dp(GAP) * (rows - 1)) / max(1, rows)
    return max(width * SQUAT, min(width * PRINTED, share))


def rows_of(count: int) -> int:
    return max(1, -(-count // PER_ROW))
