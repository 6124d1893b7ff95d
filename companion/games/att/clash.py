"""A battle the playout (playout.fought_out) has not seen yet, fought on the shapes its
key read (playout.fight_key: each slot's troop type and troops) instead of on the copy
of the game: the same steps as playout.battle (initiative, regular, then the palace
battle when the territory falls and attackers live), the same pieces in the same order,
the same kills (kills.assigned) and the same upkeep (ATT-SPECIAL), with no base copied,
no battle record kept and no board read twice. A study fights a few hundred new battles
a game, so this is the greedy AI's hottest path; tests/att/test_ai.py holds it to the
engine. Its pieces name territory 0 for the territory fought from or in: all of a side's
pieces share theirs, so the kills are the same, and are remembered once for any
territory (kills.MARKS). Both sides as the key has them are worked out once (`SIDES`)
and numbered, and their kills looked up by that number (`numbered`)."""

from __future__ import annotations

import itertools

from companion.games.att import model
from companion.games.att.data import tables
from companion.games.att.kills import assigned
from companion.games.att.worth import BASE_WORTH, TROOP_WORTH, join, special_worth

STRUCTURES = ("base", "palace")


def fight(light: dict, attacker: int, source: int, target: int, joined: list,
          key: tuple, here: tuple | None = None, there: tuple | None = None) -> tuple:
    """(palace fell, (material lost by seat), the bases changed as (0 for the attacker's
    territory or 1 for the defender's, slot, troops left or None), the palaces changed
    as (seat, cards)): what playout.fought_out remembers. `light` is only read. The
    territories' shapes are the key's, or `here` and `there` where the key numbers them
    (plans.py)."""
    data = tables()
    powers = data.powers
    base_power, palace_power = data.limits["base_power"], data.limits["palace_power"]
    defender = 1 - attacker
    mods = light["mods"]
    if here is None:
        here, there = key[3], key[4]
    kinds = ([None if b is None else b[0] for b in here],
             [None if b is None else b[0] for b in there])
    # each slot's troops as a tuple, replaced when one goes
    troops_a = [None if b is None else b[1] for b in here]
    troops_d = [None if b is None else b[1] for b in there]
    set_a, set_d = mods[attacker]["power"], mods[defender]["power"]
    palace_a, palace_d = list(key[6]), list(key[7])
    walled = True  # the palace battle (ATT-PALACE-BATTLE) once False
    lost = [0.0, 0.0]  # by side: attacker, defender
    by_seat = (0, 1) if attacker == 0 else (1, 0)  # the sides of seat 0 and seat 1
    complete_a = model.complete(light, attacker) if palace_a else 0
    # upkeep (ATT-SPECIAL) is called only where a palace holds more special troops than
    # its side's complete territories (`excess` finds none otherwise)
    # no closures: each battle would make a function for each, and a cell for each name
    # they read (some 15 % of a battle's instructions)

    won = False
    while not won:
        wounds = ([], [])  # given by the attacker, by the defender
        if walled:  # both sides as the key has them: met again and again
            known = (0, key[0], key[3], key[5], key[8])
            side_a = SIDES.get(known)
            if side_a is None:
                if len(SIDES) > 100_000:
                    SIDES.clear()
                side_a = SIDES[known] = (*side(data, kinds[0], troops_a, set_a, light, attacker,
                                               joined, palace_a), next(NUMBERS))
            known = (1, key[4], key[9])
            side_d = SIDES.get(known)
            if side_d is None:
                if len(SIDES) > 100_000:
                    SIDES.clear()
                walls = tuple([(("base", 0, s), base_power)
                               for s, kind in enumerate(kinds[1]) if kind is not None])
                side_d = SIDES[known] = (*side(data, kinds[1], troops_d, set_d, light, defender),
                                         next(NUMBERS), walls, next(NUMBERS))
        else:  # each worked out again once it loses a piece
            side_a = side_d = None
        # first the initiative step, then the regular one
        if side_a is None:
            side_a = side(data, kinds[0], troops_a, set_a, light, attacker, joined, palace_a)
        if side_d is None:
            side_d = side(data, kinds[1], troops_d if walled else None, set_d, light,
                          defender, () if walled else palace_d)
        first_a, first_d = side_a[1], side_d[1]
        if first_a or first_d:
            marks_a = marks_d = ()
            pieces_a, pieces_d = side_a[0], side_d[0]
            if pieces_d and first_a:
                marks_a = numbered(side_d[4], pieces_d, first_a, 0, True, wounds[0]) \
                    if len(side_d) > 4 else assigned(pieces_d, first_a, 0, True, wounds[0])
            if pieces_a and first_d:
                marks_d = numbered(side_a[4], pieces_a, first_d, 0, True, wounds[1]) \
                    if len(side_a) > 4 else assigned(pieces_a, first_d, 0, True, wounds[1])
            if marks_a:
                side_d = None
                worth, won = remove(marks_a, kinds[1], troops_d, set_d, palace_d, powers,
                                    light, defender)
                lost[1] += worth
            if marks_d:
                side_a = None
                lost[0] += remove(marks_d, kinds[0], troops_a, set_a, palace_a, powers, light,
                                  attacker)[0]
            if won:
                break
            if (palace_a or palace_d) and (len(palace_d) > (complete_d := key[10] + (
                    None not in kinds[1])) or len(palace_a) > complete_a) and upkeep(
                    palace_a, palace_d, complete_a, complete_d, lost, by_seat, light, attacker):
                side_a = side_d = None
            if side_a is None:
                side_a = side(data, kinds[0], troops_a, set_a, light, attacker, joined, palace_a)
            if side_d is None:
                side_d = side(data, kinds[1], troops_d if walled else None, set_d, light,
                          defender, () if walled else palace_d)
        elif (palace_a or palace_d) and (len(palace_d) > (complete_d := key[10] + (
                None not in kinds[1])) or len(palace_a) > complete_a) and upkeep(
                palace_a, palace_d, complete_a, complete_d, lost, by_seat, light,
                attacker):  # the step deals nothing
            side_a = side(data, kinds[0], troops_a, set_a, light, attacker, joined, palace_a)
            side_d = side(data, kinds[1], troops_d if walled else None, set_d, light,
                          defender, () if walled else palace_d)
        pieces_a, pieces_d = side_a[0], side_d[0]
        regular_a, shells = side_a[2], side_a[3]
        if len(side_d) > 4:  # as the key has it: its walls worked out, numbered
            walls = side_d[5]
            hits_d = side_d[2] + base_power * len(walls)
        elif walled:
            walls = tuple([(("base", 0, s), base_power)
                           for s, kind in enumerate(kinds[1]) if kind is not None])
            hits_d = side_d[2] + base_power * len(walls)
        else:
            walls = ((("palace",), palace_power),)
            hits_d = side_d[2] + palace_power
        marks_a = marks_d = ()
        reach = pieces_d + walls
        if reach and (regular_a or shells):
            marks_a = numbered(side_d[6], reach, regular_a, shells, False, wounds[0]) \
                if len(side_d) > 4 and not wounds[0] else \
                assigned(reach, regular_a, shells, False, wounds[0])
        if pieces_a and hits_d:
            marks_d = numbered(side_a[4], pieces_a, hits_d, 0, False, wounds[1]) \
                if len(side_a) > 4 and not wounds[1] else \
                assigned(pieces_a, hits_d, 0, False, wounds[1])
        if marks_a:
            worth, won = remove(marks_a, kinds[1], troops_d, set_d, palace_d, powers, light,
                                defender)
            lost[1] += worth
        if marks_d:
            lost[0] += remove(marks_d, kinds[0], troops_a, set_a, palace_a, powers, light,
                              attacker)[0]
        if won:
            break
        if (palace_a or palace_d) and (len(palace_d) > (complete_d := key[10] + (
                None not in kinds[1])) or len(palace_a) > complete_a):
            upkeep(palace_a, palace_d, complete_a, complete_d, lost, by_seat, light, attacker)
        if not walled or kinds[1].count(None) < len(kinds[1]) or not (
                any(troops_a) or any(c in palace_a for c in joined)):
            break
        walled = False  # the survivors go on to the palace (ATT-PALACE-BATTLE)
    bases = []
    for which, was, now in ((0, here, troops_a), (1, there, troops_d)):
        for s, left in enumerate(now):
            if left is None:
                if was[s] is not None:
                    bases.append((which, s, None))
            elif left != was[s][1]:
                bases.append((which, s, left))
    if len(palace_a) == len(key[6]) and len(palace_d) == len(key[7]):
        gone = ()  # no special troop lost: most battles
    else:
        palaces = (palace_a, palace_d)
        gone = tuple(((attacker, defender)[which], tuple(palaces[which]))
                     for which in by_seat if len(palaces[which]) != len(key[6 + which]))
    return won, (lost[by_seat[0]], lost[by_seat[1]]), tuple(bases), gone


def side(data, kind_of: list, left: list | None, powered: dict, light: dict, seat: int,
         specials=(), palace: list | None = None) -> tuple:
    """playout.side on the shapes: (pieces, initiative damage, regular, Artillery's) of
    the troops `left` (None: none fight, the defender at its palace) and the special
    troops `specials` (those on `palace`, if given: the attacker's joining)."""
    pieces = []
    first = regular = shells = 0
    if left is not None:
        powers, initiative, artillery = data.powers, data.initiative, data.artillery
        for s, bonuses in enumerate(left):
            if bonuses:
                kind = kind_of[s]
                power = powered.get(kind, powers[kind])
                quick, heavy = kind in initiative, kind in artillery
                for bonus in bonuses:
                    price = power + bonus
                    pieces.append((("troop", 0, s, bonus), price))
                    if bonus > 0 or quick:
                        if not heavy:
                            first += price
                    elif heavy:
                        shells += price
                    else:
                        regular += price
    if specials and palace is not None:
        specials = [c for c in specials if c in palace]
    if specials:
        regular += join(light, seat, specials, pieces)
    return tuple(pieces), first, regular, shells


def remove(marks, kind_of: list, left: list, powered: dict, palace: list, powers: dict,
           light: dict, seat: int) -> tuple:
    """playout.remove: the kills marked on one side, as (material lost, palace fell)."""
    worth = 0.0
    buildings = None
    for piece in marks:
        what = piece[0]
        if what == "troop":
            s, bonus = piece[2], piece[3]
            was = left[s]
            if was[0] == bonus:  # the first of its troops, as `index` finds it
                left[s] = was[1:]
            else:
                at = was.index(bonus)
                left[s] = was[:at] + was[at + 1:]
            kind = kind_of[s]
            worth += powered.get(kind, powers[kind]) + bonus + TROOP_WORTH
        elif what == "special":
            palace.remove(piece[1])
            worth += special_worth(light, seat, piece[1])
        elif buildings is None:
            buildings = [piece]
        else:
            buildings.append(piece)
    fell = False
    if buildings:
        for piece in buildings:
            if piece[0] == "base":
                kind_of[piece[2]] = left[piece[2]] = None
                worth += BASE_WORTH
            else:
                fell = True  # ("palace",)
    return worth, fell


def upkeep(palace_a: list, palace_d: list, complete_a: int, complete_d: int, lost: list,
           by_seat: tuple, light: dict, attacker: int) -> bool:
    """playout.upkeep: special troops beyond the complete territories go, seat 0's
    first; `lost` by side (attacker, defender)."""
    gone = False
    for which in by_seat:
        palace, done = (palace_a, complete_a) if which == 0 else (palace_d, complete_d)
        if not palace:
            continue
        seat = attacker if which == 0 else 1 - attacker
        army = model.army(light, seat)
        while palace:
            bound = excess(palace, done, army)
            if not bound:
                break
            palace.remove(bound[0])
            lost[which] += special_worth(light, seat, bound[0])
            gone = True
    return gone

SIDES: dict = {}  # (side, [army,] shape, [specials joining,] power changes) -> its `side`,
# numbered (and the defender's walls, and its pieces with them, numbered): see `numbered`
NUMBERS = itertools.count()  # never given twice, so a number means one set of pieces
NUMBERED: dict = {}  # (number, damage, Artillery, first step) -> (kills, wounds given)


def numbered(number: int, reach: tuple, hits: int, shells: int, first_step: bool,
             wounds: list) -> tuple:
    """kills.assigned on pieces that `SIDES` numbered (`number`), none yet wounded: the
    pieces' nested tuples are hashed once for each damage, not at every step of every
    new battle."""
    known = NUMBERED.get((number, hits, shells, first_step))
    if known is None:
        given: list = []
        marked = assigned(reach, hits, shells, first_step, given)
        if len(NUMBERED) > 200_000:
            NUMBERED.clear()
        known = NUMBERED[(number, hits, shells, first_step)] = (marked, tuple(given))
    if known[1]:
        wounds.extend(known[1])
    return known[0]


def excess(palace: list, complete: int, army) -> list:
    """turns.excess on a palace: the special troops without Loyal beyond the complete
    territories, if too many."""
    if len(palace) <= complete:
        return []
    bound = [c for c in palace if not army.special(c)["loyal"]]
    return bound if len(bound) > complete else []
