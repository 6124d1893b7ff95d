"""A battle the playout (playout.fought_out) has not seen yet, fought on the shapes its
key read (playout.fight_key: each slot's troop type and troops) instead of on the copy
of the game: the same steps as playout.battle (initiative, regular, then the palace
battle when the territory falls and attackers live), the same pieces in the same order,
the same kills (kills.assigned) and the same upkeep (ATT-SPECIAL), with no base copied,
no battle record kept and no board read twice. A study fights a few hundred new battles
a game, so this is the greedy AI's hottest path; tests/att/test_ai.py holds it to the
engine. Its pieces name territory 0 for the territory fought from or in: all of a side's
pieces share theirs, so the kills are the same, and are remembered once for any
territory (kills.MARKS)."""

from __future__ import annotations

from companion.games.att import model, playout
from companion.games.att.data import tables
from companion.games.att.kills import assigned

STRUCTURES = ("base", "palace")


def fight(light: dict, attacker: int, source: int, target: int, joined: list,
          key: tuple) -> tuple:
    """(palace fell, (material lost by seat), the bases changed as (0 for the attacker's
    territory or 1 for the defender's, slot, troops left or None), the palaces changed
    as (seat, cards)): what playout.fought_out remembers. `light` is only read."""
    data = tables()
    powers, initiative, artillery = data.powers, data.initiative, data.artillery
    limits = data.limits
    defender = 1 - attacker
    mods = light["mods"]
    kinds = ([None if b is None else b[0] for b in key[3]],
             [None if b is None else b[0] for b in key[4]])
    troops = ([None if b is None else list(b[1]) for b in key[3]],
              [None if b is None else list(b[1]) for b in key[4]])
    seats = (attacker, defender)
    by_seat = (0, 1) if attacker == 0 else (1, 0)  # the sides of seat 0 and seat 1
    set_to = (mods[attacker]["power"], mods[defender]["power"])
    palaces = (list(key[6]), list(key[7]))
    armies = (model.army(light, attacker), model.army(light, defender))
    complete = (model.complete(light, attacker) if palaces[0] else 0,
                key[10] + (None not in kinds[1]))  # the target counts while complete
    lost = [0.0, 0.0]  # by side: attacker, defender
    walled = [True]  # the palace battle (ATT-PALACE-BATTLE) once False

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
            price = armies[which].special(c)["power"]
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
                left[s].remove(piece[3])
                kind = kind_of[s]
                worth += set_to[which].get(kind, powers[kind]) + piece[3] + \
                    playout.TROOP_WORTH
            elif piece[0] == "special":
                palace.remove(piece[1])
                worth += playout.special_worth(light, seats[which], piece[1])
            else:
                buildings.append(piece)
        for piece in buildings:
            if piece[0] == "base":
                kind_of[piece[2]] = left[piece[2]] = None
                worth += playout.BASE_WORTH
        lost[which] += worth
        return ("palace",) in buildings

    def upkeep() -> bool:
        """playout.upkeep: special troops beyond the complete territories go."""
        if not (palaces[0] or palaces[1]):
            return False
        gone = False
        for which in by_seat:  # seat 0 first
            palace = palaces[which]
            done = complete[which] if which == 0 else \
                key[10] + (None not in kinds[1])
            while palace:
                bound = excess(palace, done, armies[which])
                if not bound:
                    break
                palace.remove(bound[0])
                lost[which] += playout.special_worth(light, seats[which], bound[0])
                gone = True
        return gone

    won = False
    while not won:
        wounds = ([], [])  # given by the attacker, by the defender
        sides = [None, None]  # each worked out again once it loses a piece
        if walled[0]:  # both sides as the key has them: met again and again
            for which, known in enumerate(((0, key[0], key[3], key[5], key[8]),
                                           (1, key[4], key[9]))):
                sides[which] = SIDES.get(known)
                if sides[which] is None:
                    if len(SIDES) > 100_000:
                        SIDES.clear()
                    sides[which] = SIDES[known] = side(which)
        for first_step in (True, False):
            if sides[0] is None:
                sides[0] = side(0)
            if sides[1] is None:
                sides[1] = side(1)
            (pieces_a, first_a, regular_a, shells), (pieces_d, first_d, regular_d, _) = sides
            marks_a = marks_d = ()
            if first_step:
                hits_a, hits_d, shells, walls = first_a, first_d, 0, ()
            elif walled[0]:
                walls = tuple((("base", 0, s), limits["base_power"])
                              for s, kind in enumerate(kinds[1]) if kind is not None)
                hits_a, hits_d = regular_a, regular_d + limits["base_power"] * len(walls)
            else:
                walls = ((("palace",), limits["palace_power"]),)
                hits_a, hits_d = regular_a, regular_d + limits["palace_power"]
            if not first_step or first_a or first_d:
                reach = pieces_d + walls
                if reach and (hits_a or shells):
                    marks_a = assigned(reach, hits_a, shells, first_step, wounds[0])
                if pieces_a and hits_d:
                    marks_d = assigned(pieces_a, hits_d, 0, first_step, wounds[1])
            if marks_a:
                sides[1] = None
                won = remove(1, marks_a)
            if marks_d:
                sides[0] = None
                remove(0, marks_d)
            if won:
                break
            if upkeep():
                sides = [None, None]
        if won or not walled[0] or kinds[1].count(None) < len(kinds[1]) or not (
                any(troops[0]) or any(c in palaces[0] for c in joined)):
            break
        walled[0] = False  # the survivors go on to the palace (ATT-PALACE-BATTLE)
    bases = []
    for which in (0, 1):
        was = key[3 + which]
        for s, left in enumerate(troops[which]):
            if left is None:
                if was[s] is not None:
                    bases.append((which, s, None))
            elif tuple(left) != was[s][1]:
                bases.append((which, s, tuple(left)))
    gone = tuple((seats[which], tuple(palaces[which])) for which in by_seat
                 if len(palaces[which]) != len(key[6 + which]))
    return won, (lost[by_seat[0]], lost[by_seat[1]]), tuple(bases), gone


SIDES: dict = {}  # (side, [army,] shape, [specials joining,] power changes) -> its `side`


def excess(palace: list, complete: int, army) -> list:
    """turns.excess on a palace: the special troops without Loyal beyond the complete
    territories, if too many."""
    if len(palace) <= complete:
        return []
    bound = [c for c in palace if not army.special(c)["loyal"]]
    return bound if len(bound) > complete else []
