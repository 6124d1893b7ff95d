"""What pieces are worth to the computer players, and the special troops that join a
side: shared by the battles played out on a copy of the game (playout.py) and those
fought on shapes (clash.py), which playout calls, so that clash need not import it."""

from __future__ import annotations

from companion.games.att import model

TROOP_WORTH = 1.0  # a troop is worth its power plus this
BASE_WORTH = 6.0  # a base: its power and the troops it will recruit


def special_worth(state: dict, seat: int, card: str) -> float:
    troop = model.army(state, seat).special(card)
    return troop["power"] + TROOP_WORTH + 4 * troop["extra_recruit"]


def join(light: dict, seat: int, cards, pieces: list) -> int:
    """The special troops `cards` added to a side's `pieces` as (("special", card),
    price): their power, all regular (playout.side, clash.side)."""
    army = model.army(light, seat)
    power = 0
    for c in cards:
        price = army.special(c)["power"]
        pieces.append((("special", c), price))
        power += price
    return power
