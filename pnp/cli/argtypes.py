"""Command-line value types shared by pnp's commands and the companion's."""

from __future__ import annotations

import argparse


def ranged(convert, low, high, expected: str, unit: str = ""):
    """An argparse type: `convert` the text, refusing anything outside low..high
    (a float's nan too) with a plain message."""

    def parse(text: str):
        try:
            value = convert(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"expected {expected}, got '{text}'") from None
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(f"must be between {low} and {high}{unit}")
        return value

    return parse
