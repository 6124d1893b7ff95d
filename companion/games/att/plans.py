"""The greedy AI's wave plans at an attack decision (ai.best_plan): every territory that
may attack sent at one target, the weakest or the strongest first, each chain of
battles played out on shapes (clash.fight, remembered in `WAVES`) and worth what its
best number of waves gains.

A decision weighs up to six plans, some 56 decisions a game: the position is read once
for all of them (each territory's shape, the palaces, the power changes), and a decision
met again on the same position (about one in nine: the same boards, palaces, attacks
made, sources and specials) is answered from memory (`BEST`), as its plans are pure.
The keys name each territory's shape by a number (`number`): a key is hashed at every
battle of every plan, a shape's nested tuples once. A battle is remembered under one
number (`chain`), for either seat and any armies where no special troop is in it."""

from __future__ import annotations

from companion.games.att import clash, playout
from companion.games.att.data import tables
from companion.games.att.recall import Recall

PALACE = playout.PALACE
BEST: dict = {}  # a decision's key -> (source, target, worth) or None; pure results
WAVES = Recall(800_000)  # a battle's number (chain) -> its end, kept small; pure results
CONTEXTS: dict = {}  # a battle key's parts but the shapes -> their number, for WAVES
NUMBERS: dict = {}  # a territory's shape -> its number, what the keys hold: short to hash
SHAPES: list = []  # number -> shape
EMPTY: list = []  # number -> whether the shape has no base left (ATT-EMPTY)


def number(shape: tuple) -> int:
    found = NUMBERS.get(shape)
    if found is None:
        found = NUMBERS[shape] = len(SHAPES)
        SHAPES.append(shape)
        EMPTY.append(shape.count(None) == len(shape))
    return found


def renumber() -> None:
    """Numbers given again from 0 once there are many (between decisions only): what
    they keyed is forgotten with them."""
    if len(SHAPES) >= 100_000 or len(CONTEXTS) >= 100_000:
        for remembered in (NUMBERS, SHAPES, EMPTY, BEST, WAVES, CONTEXTS, playout.SEEN,
                           clash.SIDES):
            remembered.clear()


class Reading:
    """What every plan of one decision reads, read once: `mine` and `theirs` are each
    territory's shape (playout.shape), `head` and the power changes the start and end of
    every battle's key (playout.fight_key)."""

    __slots__ = ("state", "seat", "mine", "theirs", "head", "powers", "palace",
                 "palace_foe", "attacked", "armed", "complete", "numbers")

    def __init__(self, state: dict, seat: int):
        players, mods, foe = state["players"], state["mods"], 1 - seat
        me, them = players[seat], players[foe]
        self.state, self.seat = state, seat
        renumber()
        # each territory's shape (playout.shape) and its number, written out: a call and
        # a comprehension a territory cost more than the reading itself
        attacked = self.attacked = tuple(state["attacked"])
        shapes, numbers, armed, whole = [], [], [], []
        known, own = NUMBERS.get, len(me["board"])
        for t, territory in enumerate(me["board"] + them["board"]):
            form = []
            fighting = False
            for base in territory:
                if base is None:
                    form.append(None)
                else:
                    troops = base["troops"]
                    form.append((base["type"], tuple(troops)))
                    if troops:
                        fighting = True
            form = tuple(form)
            shapes.append(form)
            found = known(form)
            numbers.append(number(form) if found is None else found)
            if t < own:  # the territories that may attack (with troops, not yet: ATT-ATTACK)
                armed.append(fighting and t not in attacked)
            else:
                whole.append(None not in form)
        self.mine, self.theirs = tuple(shapes[:own]), tuple(shapes[own:])
        self.numbers = tuple(numbers)
        self.armed = armed
        self.head = (me["army"], them["army"], seat)
        set_mine, set_theirs = mods[seat]["power"], mods[foe]["power"]
        self.powers = (tuple(set_mine.items()) if set_mine else (),
                       tuple(set_theirs.items()) if set_theirs else ())
        self.palace, self.palace_foe = tuple(me["palace"]), tuple(them["palace"])
        # the opponent's complete territories but the target (ATT-SPECIAL's upkeep)
        total = sum(whole)
        self.complete = [total - done for done in whole]

    def key(self, sources: tuple, specials: tuple) -> tuple:
        """All a decision's plans depend on."""
        return (*self.head, self.numbers, self.palace, self.palace_foe, self.attacked,
                *self.powers, sources, specials)

    def strength(self, territory: int) -> int:
        """ai.GreedyAgent.strength on the shape: the power of the territory's troops."""
        set_to, powers = self.state["mods"][self.seat]["power"], tables().powers
        total = 0
        for base in self.mine[territory]:
            if base is not None:
                power = set_to.get(base[0], powers[base[0]])
                for bonus in base[1]:
                    total += power + bonus
        return total


def best(state: dict, seat: int, sources: set, specials: list) -> tuple:
    """(the first attack's source, target, the plan's worth) of the best plan, or None
    with no plan; the first plan of the best worth, the first that takes the palace."""
    reading = Reading(state, seat)
    key = reading.key(tuple(sorted(sources)), tuple(specials))
    known = BEST.get(key, False)
    if known is False:
        if len(BEST) > 50_000:
            BEST.clear()
        BEST[key] = known = weigh(reading, sorted(sources, key=reading.strength), specials)
    return known


def weigh(reading: Reading, order: list, specials: list) -> tuple | None:
    found, best_worth = None, float("-inf")
    for target in range(tables().limits["territories"]):
        for plan in (order, order[::-1])[:1 + (len(order) > 1)]:
            worth = chain(reading, plan, target, specials)
            if worth > best_worth:
                best_worth = worth
                found = (plan[0], target, worth)
                if worth >= PALACE:  # nothing beats a win
                    return found
    return found


def waves(state: dict, seat: int, order: list, target: int, specials: list) -> float:
    """One plan's worth on the game as it is (`chain` on a fresh reading)."""
    return chain(Reading(state, seat), order, target, specials)


def chain(reading: Reading, order: list, target: int, specials: list) -> float:
    """What attacking `target` from each territory of `order` in turn gains at best (the
    opponent's material lost, less 1.1 times one's own), after one wave or more;
    PALACE if the opponent's palace falls. `specials` join the first attack.

    Each wave's battle is all its key says (playout.fight_key, with the shapes'
    numbers), put together from the target's shape and the palaces as the waves before
    left them (a territory attacks once, so every other is as the game has it). It is
    remembered (`WAVES`) under one number: the key's parts but the two shapes
    (`context`), numbered, and the shapes' numbers; a remembered end (clash.fight)
    holds the number of the target's shape it leaves. The game is only read."""
    state, seat, foe = reading.state, reading.seat, 1 - reading.seat
    mine, numbers = reading.mine, reading.numbers
    there = numbers[3 + target]  # the target's shape, by number
    head, powers = reading.head, reading.powers
    tail = None  # the power changes and the complete territories, once a key needs them
    palace, palace_foe, armed = reading.palace, reading.palace_foe, reading.armed
    waves, met, fight = WAVES.kept, WAVES.met, clash.fight
    lost = lost_foe = 0.0
    best = float("-inf")
    context = None  # the later waves' number: no specials joining, the palaces as read
    for index, source in enumerate(order):
        if not armed[source]:
            break  # no longer a legal attack (ATT-ATTACK)
        if EMPTY[there]:
            break  # nothing left to attack (ATT-EMPTY)
        joined = specials if index == 0 else ()
        joining = tuple([c for c in joined if c in palace]) if joined else ()
        if joining or context is None:
            # with no special troop on either palace the battle is the shapes' and the
            # power changes' alone (no upkeep, nothing joins): one context for any seat,
            # armies and complete territories (a sixth of the battles met again so)
            if joining or palace or palace_foe:
                if tail is None:
                    tail = (*powers, reading.complete[target])
                parts = (*head, joining, palace, palace_foe, *tail)
            else:
                parts = powers
            number_of = CONTEXTS.get(parts)
            if number_of is None:
                number_of = CONTEXTS[parts] = len(CONTEXTS)
            if not joining:
                context = number_of
        else:
            number_of = context
        short = (number_of << 40) | (numbers[source] << 20) | there
        known = waves.get(short)
        if known is None:
            if tail is None:
                tail = (*powers, reading.complete[target])
            key = (*head, numbers[source], there, joining, palace, palace_foe, *tail)
            shape = SHAPES[there]
            ended = fight(state, seat, source, target, joined, key, mine[source], shape)
            for side_of, s, troops in ended[2]:
                if side_of:  # the target's base: fewer troops, or gone
                    shape = (*shape[:s], None if troops is None else (shape[s][0], troops),
                             *shape[s + 1:])
            # kept flat and small: (palace fell, the attacker's loss, the defender's
            # (whole numbers), the palaces changed, the target as it is left), which the
            # cycle collector then no longer walks
            known = (ended[0], int(ended[1][seat]), int(ended[1][foe]), ended[3],
                     number(shape))
            WAVES.put(short, known)
        else:
            met.add(short)
        if known[0]:
            return PALACE
        lost += known[1]
        lost_foe += known[2]
        there = known[4]
        if known[3]:
            for owner, cards in known[3]:
                if owner == seat:
                    palace = cards
                else:
                    palace_foe = cards
            context = None
        worth = lost_foe - lost * 1.1
        if worth > best:
            best = worth
    return best
