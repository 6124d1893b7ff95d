"""The expert player's copy of a position with what its seat cannot see dealt anew
(no peeking): the opponent's hand, deck, Special Forces Deck and set-aside cards are
redrawn from the cards that seat has not seen, its own deck is shuffled, and the
copy's generator is reseeded from the player's own. Looking ahead on such a copy
uses only what a player at the table knows."""

from __future__ import annotations

import random

from companion.core import rng
from companion.core.engine import clone


def unseen(state: dict, seat: int) -> list[str]:
    """The cards of `seat`'s deck list (main deck and Special Forces Deck: the game's
    card lists are public) not in sight: on the table, discarded or removed."""
    player = state["players"][seat]
    pool = list(player["cards"])
    known = player["discard"] + player["removed"] + [
        p["card"] for p in state["table"].values() if p["owner"] == seat and p["kind"] != "base"]
    for card_id in known:
        if card_id in pool:
            pool.remove(card_id)
    return pool


def redeal(state: dict, me: int, chance: random.Random, specials: dict) -> dict:
    """A copy of `state` that `me` may read whole: the opponent's hidden piles dealt
    from its unseen cards (the same sizes; its Special Forces Deck first from the
    cards its deck list puts there, `specials`: subfaction -> card ids), my own deck
    shuffled, the generator reseeded."""
    copy = clone(state)
    foe = copy["players"][1 - me]
    pool = unseen(state, 1 - me)
    chance.shuffle(pool)
    special = []
    for card_id in specials.get(foe["subfaction"], ()):
        if len(special) < len(foe["special"]) and card_id in pool:
            pool.remove(card_id)
            special.append(card_id)
    while len(special) < len(foe["special"]) and pool:
        special.append(pool.pop())
    sizes = (len(foe["hand"]), len(foe["aside"]))
    foe["special"] = special
    foe["hand"], pool = pool[:sizes[0]], pool[sizes[0]:]
    foe["aside"], pool = pool[:sizes[1]], pool[sizes[1]:]
    foe["deck"] = pool[:len(foe["deck"])]
    mine = copy["players"][me]["deck"]
    mine.sort()  # its order is hidden from me too: shuffled from no order at all
    chance.shuffle(mine)
    copy["rng"] = rng.seed_state(chance.getrandbits(64))
    return copy
