"""A fuller reading of the other player's hand: when did each of his cards arrive?

Bounds by age alone (expert_read.Reader.slots) forget that a card he keeps may have been
in his hand for many plays, and that each card he plays tells which of his cards left.
Here his hand is five slots, each known by the play after which its card was drawn (0:
the deal). A card drawn after play `a` obeys the bounds of every play he made since (he
plays as greedy does: expert_read.allowed), so its card is one of the unseen cards that
obey them all. The tracker weighs every set of arrival times by how likely his plays
were under it, taking each slot's card as uniform over the cards it may hold (the cards
are drawn from one pool, which this treats as independent slots): at his play of card X,
for each slot, the chance that X was in it times the chance that the other slots' cards
obey the play. The slot X left takes the card drawn next. A few of the likeliest sets
are kept. It reads only the table: his plays, and which cards are still unseen.
"""

from __future__ import annotations

from companion.games.gm.expert_read import HAND, Reader, allowed, unseen

KEEP = 24  # sets of arrival times kept after each play
FULL = (1 << 40) - 1
MASKS = {}  # play -> the cards it allows, as a 40-bit mask


def mask(play: tuple) -> int:
    bits = MASKS.get(play)
    if bits is None:
        bits = sum(1 << c for c in range(40) if allowed(c, play))
        MASKS[play] = bits
    return bits


def cards_of(bits: int) -> list[int]:
    out = []
    while bits:
        low = bits & -bits
        out.append(low.bit_length() - 1)
        bits ^= low
    return out


class Tracker:
    """The other player's hand as weighted sets of arrival times, one play at a time."""

    def __init__(self):
        self.count = 0  # his plays so far
        self.cum = [FULL]  # cum[a]: the cards that obey every play after play a
        self.sets = {(0,) * HAND: 1.0}

    def observe(self, play: tuple, pool: int) -> None:
        """His play (kind, role, lead, card); `pool` the cards unseen before it (a mask
        of the cards he and the pile may have held, the played card included)."""
        card, bits = play[3], mask(play)
        self.count += 1
        chance, keep = [], []
        for cum in self.cum:
            held = pool & cum
            n = held.bit_count() or 1
            chance.append((held >> card & 1) / n)
            keep.append((held & bits).bit_count() / n)
        out = {}
        for arrivals, weight in self.sets.items():
            for s, a in enumerate(arrivals):
                if not chance[a] or (s and arrivals[s - 1] == a):
                    continue  # a repeated arrival time is counted once, times its number
                w = weight * chance[a] * arrivals.count(a)
                for t, b in enumerate(arrivals):
                    if t != s:
                        w *= keep[b]
                        if not w:
                            break
                else:
                    key = arrivals[:s] + arrivals[s + 1:] + (self.count,)
                    out[key] = out.get(key, 0.0) + w
        self.cum = [cum & bits for cum in self.cum] + [FULL]
        if not out:  # he did not play as greedy does: nothing bounds his hand
            self.sets = {(self.count,) * HAND: 1.0}
            return
        best = sorted(out.items(), key=lambda item: -item[1])[:KEEP]
        total = sum(w for _, w in best)
        self.sets = {key: w / total for key, w in best}

    def hands(self, pool: list[int], rng, count: int) -> list[list[int]]:
        """`count` hands he may hold, dealt from `pool` (the unseen cards)."""
        bits = sum(1 << c for c in pool)
        keys, weights = list(self.sets), list(self.sets.values())
        fits = {}
        out = []
        for arrivals in rng.choices(keys, weights, k=count):
            slots = []
            for a in arrivals:
                fit = fits.get(a)
                if fit is None:
                    fit = fits[a] = cards_of(bits & self.cum[a]) or pool
                slots.append(fit)
            slots.sort(key=len)
            hand = []
            for fit in slots:
                for _ in range(12):
                    card = fit[int(rng.random() * len(fit))]
                    if card not in hand:
                        break
                else:
                    card = rng.choice([c for c in pool if c not in hand])
                hand.append(card)
            out.append(hand)
        return out


class TrackingReader(Reader):
    """expert_read.Reader that also follows his plays with a Tracker."""

    def __init__(self):
        super().__init__()
        self.tracker, self.fed = Tracker(), 0

    def update(self, state: dict, me: int) -> None:
        super().update(state, me)  # a new game starts a new tracker (__init__)
        new = self.plays[self.fed:]
        if new:
            pool = sum(1 << c for c in unseen(state, me)) | sum(1 << p[3] for p in new)
            for play in new:
                self.tracker.observe(play, pool)
            self.fed = len(self.plays)
