"""Whole numbers of any length, read and measured without Python's limit of 4,300
digits on int(text) and str(number): a value written with 5,000 digits is refused
for its size where it is written, never a ValueError that ends the run."""

from __future__ import annotations

import math

MAX_NUMBER = 10**15  # beyond any count, value or size a game has (and exact as a float)
READABLE = 4000  # digits int(text) reads (Python's limit is 4,300)


class TooLong(ValueError):
    """A whole number of more digits than Python reads from text."""

    def __init__(self, count: int):
        super().__init__(beyond(f"a number of {count} digits"))


def whole(text: str) -> int:
    """int(text) for a decimal whole number (sign, digits, `_` as YAML 1.1 allows it);
    TooLong, with the message to show, for more digits than can be read."""
    body = text.strip().lstrip("+-").replace("_", "").lstrip("0")
    if len(body) > READABLE:
        raise TooLong(len(body))
    return int(text.replace("_", ""))


def digits(value: int) -> int:
    """How many decimal digits a whole number has (str() cannot say beyond 4,300)."""
    value = abs(value)
    if value.bit_length() < 3 * READABLE:
        return len(str(value))
    return math.floor(math.log10(value)) + 1


def beyond(shown: str) -> str:
    """The message for a number no game needs."""
    return f"{shown} is beyond any real value; the limit is {MAX_NUMBER:.0e}"
