"""What the expert may look ahead on: a copy of the table in which everything its seat
cannot see is drawn again from what it could be (no peeking, issue 35).

Hidden at the table: every other player's hand and Defense Deck (which cards, in what
order: only how many), the order of every Defense Deck (one's own too) and of every
Encounter deck, and the dice to come. The copy deals each of those again from the cards
they could be (sorted first, so the real order never shows through) with the expert's
own generator, and reseeds the copy's dice from it too; two tables that differ only in
what the seat cannot see give the same copies."""

from __future__ import annotations

from companion.core.engine import clone

MASK = (1 << 64) - 1


def redraw(state: dict, seat: int, rnd) -> dict:
    """A copy of `state` for `seat` to look ahead on, its hidden cards and dice redrawn
    with `rnd` (a random.Random)."""
    copy = clone(state)
    for other, player in enumerate(copy["players"]):
        if other == seat:
            deck = sorted(player["deck"])
            rnd.shuffle(deck)
            player["deck"] = deck
        else:  # hand and deck together are what the seat knows of them
            pool = sorted(player["hand"] + player["deck"])
            rnd.shuffle(pool)
            held = len(player["hand"])
            player["hand"], player["deck"] = pool[:held], pool[held:]
        encounters = sorted(player["enc_deck"])
        rnd.shuffle(encounters)
        player["enc_deck"] = encounters
    copy["rng"] = rnd.getrandbits(64) & MASK
    copy["settings"] = {**copy["settings"], "dice": "digital"}  # the copy rolls its own
    return copy
