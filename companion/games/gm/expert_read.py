"""What the expert can know about the other player's hand, from the table only.

Cards are numbered 0..39 in deck order (the game's card list, which every player has).
The unseen cards are the deck less one's own hand and every card played. The other
player's five cards are among them; his plays tell more when he plays like the greedy
AI (ai.py): a lead is his strongest card for the place, a won answer his cheapest
winner, a lost answer means he had no winner. Each such play bounds the other cards he
held then. The i-th newest card of his hand has been in it for at least his last i-1
plays (one card is drawn after every play), so it obeys at least those plays' bounds;
`redraw` deals him hands that obey them, and the pile from the rest."""

from __future__ import annotations

from companion.games.gm.data import agents

CARDS = list(agents())
INDEX = {card: i for i, card in enumerate(CARDS)}
ROLES = ("city", "defend", "attack")  # 0, 1, 2: the value each place reads
VALUE = tuple(tuple(agents()[c][key] for c in CARDS) for key in ("find", "defence", "attack"))
SPARE = tuple(tuple(max(VALUE[o][c] for o in range(3) if o != r) for c in range(40))
              for r in range(3))
# the greedy AI's orders, as one number each: lead the largest, win with the smallest,
# throw the smallest (ai.py's keys: value then spare, spare then value)
LEAD_KEY = tuple(tuple(VALUE[r][c] * 16 - SPARE[r][c] for c in range(40)) for r in range(3))
WIN_KEY = tuple(tuple(VALUE[r][c] * 16 + SPARE[r][c] for c in range(40)) for r in range(3))
THROW_KEY = tuple(tuple(SPARE[r][c] * 16 + VALUE[r][c] for c in range(40)) for r in range(3))
LEAD, WON, LOST = 0, 1, 2  # kinds of a play by the other player
HAND = 5


def greedy_answer(hand, role: int, lead: int) -> int:
    """The card the greedy AI answers `lead` with (role 0 city, 2 attack)."""
    value = VALUE[role]
    best = None
    for c in hand:
        if value[c] > lead and (best is None or WIN_KEY[role][c] < WIN_KEY[role][best]):
            best = c
    if best is not None:
        return best
    return min(hand, key=THROW_KEY[role].__getitem__)


def allowed(card: int, play: tuple) -> bool:
    """May `card` have been in the hand that made `play` (kind, role, lead, card)?"""
    kind, role, lead, played = play
    if kind == LEAD:
        return LEAD_KEY[role][card] <= LEAD_KEY[role][played]
    if kind == WON:
        return VALUE[role][card] <= lead or WIN_KEY[role][card] >= WIN_KEY[role][played]
    return VALUE[role][card] <= lead and THROW_KEY[role][card] >= THROW_KEY[role][played]


def unseen(state: dict, me: int) -> list[int]:
    """The cards seat `me` has not seen: the other hand and the pile are among them."""
    seen = set(state["players"][me]["hand"]) | set(state["played"])
    for field in (state["city"], *state["embassies"]):
        seen |= {play["card"] for play in field}
    return [i for i, c in enumerate(CARDS) if c not in seen]


class Reader:
    """The other player's plays, in order, read off the table at each of my turns.

    A new game (or a fresh reader mid-game) starts from what the table shows. The
    reader trusts the greedy model only while the plays fit it together."""

    def __init__(self):
        self.me, self.left, self.round, self.seen, self.plays = None, None, None, [0] * 3, []

    def update(self, state: dict, me: int) -> None:
        if self.me != me or self.left is None or state["pile_left"] > self.left or \
                state["round"] < self.round:  # another game
            self.__init__()
            self.me = me
        self.left = state["pile_left"]
        if state["round"] != self.round:
            self.round, self.seen = state["round"], [0] * 3
        new = []
        for f, field in enumerate((state["city"], *state["embassies"])):
            for i in range(self.seen[f], len(field)):
                play = field[i]
                if play["seat"] == me or play["card"] is None:
                    continue
                role, card = ROLES.index(play["role"]), INDEX[play["card"]]
                if i % 2 == 0:  # a field holds pairs: lead, answer
                    new.append((1, (LEAD, role, None, card)))
                else:
                    lead = field[i - 1]["value"]
                    new.append((0, (WON if VALUE[role][card] > lead else LOST, role, lead, card)))
            self.seen[f] = len(field)
        new.sort(key=lambda pair: pair[0])  # between two of my turns: his answer, then his lead
        self.plays += [play for _, play in new]

    def slots(self, pool: list[int]) -> list[list[int]]:
        """The cards each of his hand's slots may hold, oldest slot first."""
        out = []
        for age in range(HAND - 1, -1, -1):
            bounds = self.plays[len(self.plays) - age:] if age else []
            fit = [c for c in pool if all(allowed(c, p) for p in bounds)] if bounds else pool
            out.append(fit or pool)
        return out


def redraw(slots: list[list[int]], pool: list[int], rng, count: int) -> list[list[int]]:
    """`count` hands the other player may hold (one card per slot, no card twice)."""
    hands = []
    for _ in range(count):
        hand = []
        for fit in slots:
            for _ in range(12):
                card = rng.choice(fit)
                if card not in hand:
                    break
            else:
                card = rng.choice([c for c in pool if c not in hand])
            hand.append(card)
        hands.append(hand)
    return hands
