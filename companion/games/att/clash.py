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

from companion.games.att import model, playout
from companion.games.att.kills import assigned

STRUCTURES = ("base", "palace")


def fight(light: dict, attacker: int, source: int, target: int, joined: list,
          key: tuple, here: tuple | None = None, there: tuple | None = None) -> tuple:
    """(palace fell, (material lost by seat), the bases changed as (0 for the attacker's
    territory or 1 for the defender's, slot, troops left or None), the palaces changed
    as (seat, cards)): what playout.fought_out remembers. `light` is only read. The
    territories' shapes are the key's, or `here` and `there` where the key numbers them
    (plans.py)."""
    data = playout.TABLES or playout.loaded()
    powers, initiative, artillery = data.powers, data.initiative, data.artillery
    base_power, palace_power = data.limits["base_power"], data.limits["palace_power"]
    defender = 1 - attacker
    mods = light["mods"]
    if here is None:
        here, there = key[3], key[4]
    kinds = ([None if b is None else b[0] for b in here],
             [None if b is None else b[0] for b in there])
    # each slot's troops as a tuple, replaced when one goes
    troops = ([None if b is None else b[1] for b in here],
              [None if b is None else b[1] for b in there])
    set_to = (mods[attacker]["power"], mods[defender]["power"])
    palaces = (list(key[6]), list(key[7]))
    walled = [True]  # the palace battle (ATT-PALACE-BATTLE) once False
    lost = [0.0, 0.0]  # by side: attacker, defender
    armies = [None, None]  # read once a special troop is priced

    def army(which: int):
        if armies[which] is None:
            armies[which] = model.army(light, (attacker, defender)[which])
        return armies[which]

    def side(which: int) -> tuple:
        """playout.side on the shapes."""
        pieces = []
        first = regular = shells = 0
        if which == 0 or walled[0]:
            kind_of, left, powered = kinds[which], troops[which], set_to[which]
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
        palace = palaces[which]
        joined_now = [c for c in joined if c in palace] if which == 0 else \
            (palace if not walled[0] else ())
        for c in joined_now:
            price = army(which).special(c)["power"]
            pieces.append((("special", c), price))
            regular += price
        return tuple(pieces), first, regular, shells

    def remove(which: int, marks) -> bool:
        """playout.remove: the kills marked on side `which`."""
        worth = 0.0
        kind_of, left, palace = kinds[which], troops[which], palaces[which]
        buildings = []
        for piece in marks:
            if piece[0] == "troop":
                s = piece[2]
                was = left[s]
                at = was.index(piece[3])
                left[s] = was[:at] + was[at + 1:]
                kind = kind_of[s]
                worth += set_to[which].get(kind, powers[kind]) + piece[3] + \
                    playout.TROOP_WORTH
            elif piece[0] == "special":
                palace.remove(piece[1])
                worth += playout.special_worth(light, (attacker, defender)[which], piece[1])
            else:
                buildings.append(piece)
        for piece in buildings:
            if piece[0] == "base":
                kind_of[piece[2]] = left[piece[2]] = None
                worth += playout.BASE_WORTH
        lost[which] += worth
        return ("palace",) in buildings

    by_seat = (0, 1) if attacker == 0 else (1, 0)  # the sides of seat 0 and seat 1
    complete_a = model.complete(light, attacker) if palaces[0] else 0

    def upkeep() -> bool:
        """playout.upkeep: special troops beyond the complete territories go."""
        gone = False
        for which in by_seat:  # seat 0 first
            palace = palaces[which]
            done = complete_a if which == 0 else key[10] + (None not in kinds[1])
            while palace:
                bound = excess(palace, done, army(which))
                if not bound:
                    break
                palace.remove(bound[0])
                lost[which] += playout.special_worth(light, (attacker, defender)[which],
                                                     bound[0])
                gone = True
        return gone

    won = False
    while not won:
        wounds = ([], [])  # given by the attacker, by the defender
        if walled[0]:  # both sides as the key has them: met again and again
            known = (0, key[0], key[3], key[5], key[8])
            side_a = SIDES.get(known)
            if side_a is None:
                if len(SIDES) > 100_000:
                    SIDES.clear()
                side_a = SIDES[known] = (*side(0), next(NUMBERS))
            known = (1, key[4], key[9])
            side_d = SIDES.get(known)
            if side_d is None:
                if len(SIDES) > 100_000:
                    SIDES.clear()
                walls = tuple([(("base", 0, s), base_power)
                               for s, kind in enumerate(kinds[1]) if kind is not None])
                side_d = SIDES[known] = (*side(1), next(NUMBERS), walls, next(NUMBERS))
        else:  # each worked out again once it loses a piece
            side_a = side_d = None
        # first the initiative step, then the regular one
        if side_a is None:
            side_a = side(0)
        if side_d is None:
            side_d = side(1)
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
                won = remove(1, marks_a)
            if marks_d:
                side_a = None
                remove(0, marks_d)
            if won:
                break
            if (palaces[0] or palaces[1]) and upkeep():
                side_a = side_d = None
            if side_a is None:
                side_a = side(0)
            if side_d is None:
                side_d = side(1)
        elif (palaces[0] or palaces[1]) and upkeep():  # the step deals nothing
            side_a, side_d = side(0), side(1)
        pieces_a, pieces_d = side_a[0], side_d[0]
        regular_a, shells = side_a[2], side_a[3]
        if len(side_d) > 4:  # as the key has it: its walls worked out, numbered
            walls = side_d[5]
            hits_d = side_d[2] + base_power * len(walls)
        elif walled[0]:
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
            won = remove(1, marks_a)
        if marks_d:
            remove(0, marks_d)
        if won:
            break
        if palaces[0] or palaces[1]:
            upkeep()
        if not walled[0] or kinds[1].count(None) < len(kinds[1]) or not (
                any(troops[0]) or any(c in palaces[0] for c in joined)):
            break
        walled[0] = False  # the survivors go on to the palace (ATT-PALACE-BATTLE)
    bases = []
    for which in (0, 1):
        was = (here, there)[which]
        for s, left in enumerate(troops[which]):
            if left is None:
                if was[s] is not None:
                    bases.append((which, s, None))
            elif left != was[s][1]:
                bases.append((which, s, left))
    gone = tuple(((attacker, defender)[which], tuple(palaces[which])) for which in by_seat
                 if len(palaces[which]) != len(key[6 + which]))
    return won, (lost[by_seat[0]], lost[by_seat[1]]), tuple(bases), gone


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
