"""The expert's starting line (R-SET-1: one card of each level, chosen in secret)."""

from __future__ import annotations

PREFERRED = {1: "D1-06", 2: "D2-01", 3: "D3-05", 4: "D4-05", 5: "D5-03"}


def starting_card(actions: list[dict], level: int) -> dict:
    """The card the expert starts with at `level` (among the legal start_card actions)."""
    for action in actions:
        if action["card"] == PREFERRED.get(level):
            return action
    return actions[0]
