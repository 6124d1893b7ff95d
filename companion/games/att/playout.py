"""Attack waves played out fast, for the greedy AI (ai.py).

The AI judges an attack by playing its battle out: both sides pass the abilities window
and give the app's suggested kills. Stepping the engine on a deep copy of the game did
that exactly but cost four fifths of a simulated game's time, so this module plays the
same battle directly: the same steps in the same order (ATT-INITIATIVE, ATT-REGULAR,
ATT-DAMAGE, ATT-UNMANNED, ATT-ARTILLERY, ATT-PALACE-BATTLE, ATT-SPECIAL's upkeep), the
damage worked out and assigned by the engine's own functions (damage.py), on a copy of
only the boards and palaces a battle touches, with no tasks, events or texts. It gives
the engine's result to the point; tests/att/test_ai.py holds it to that."""

from __future__ import annotations

from companion.games.att import damage, model, turns
from companion.games.att.data import tables

TROOP_WORTH = 1.0  # a troop is worth its power plus this
BASE_WORTH = 6.0  # a base: its power and the troops it will recruit
PALACE = 1000.0
STRUCTURES = damage.STRUCTURES


def waves(state: dict, seat: int, order: list, target: int, specials: list) -> float:
    """What attacking `target` from each territory of `order` in turn gains at best (the
    opponent's material lost, less 1.1 times one's own), after one wave or more;
    PALACE if the opponent's palace falls. `specials` join the first attack."""
    light = lighten(state)
    attacked = list(state["attacked"])
    lost = [0.0, 0.0]
    best = float("-inf")
    for index, source in enumerate(order):
        if source in attacked or not any(
                base and base["troops"] for base in light["players"][seat]["board"][source]) \
                or model.territory_empty(light, 1 - seat, target):
            break  # no longer a legal attack (ATT-ATTACK, ATT-EMPTY)
        attacked.append(source)
        if fight(light, seat, source, target, specials if index == 0 else [], lost):
            return PALACE
        best = max(best, lost[1 - seat] - lost[seat] * 1.1)
    return best


def lighten(state: dict) -> dict:
    """What a battle reads and changes: each board's territories and each palace copied
    (a base is copied when it loses a troop), the rest shared, read only."""
    players = [{"board": [list(t) for t in p["board"]], "palace": list(p["palace"]),
                "army": p["army"]} for p in state["players"]]
    return {"players": players, "mods": state["mods"], "battle": None}


def fight(light: dict, attacker: int, source: int, target: int, joined: list,
          lost: list) -> bool:
    """One battle as battle.py runs it, adding each side's material lost to `lost`;
    True when the defender's palace falls (ATT-WIN). A battle already fought from the
    same pieces (in this decision, or in another game) is taken from `SEEN`."""
    key = fight_key(light, attacker, source, target, joined)
    known = SEEN.get(key)
    if known is None:
        before = [territory(light, attacker, source), territory(light, 1 - attacker, target),
                  *(tuple(p["palace"]) for p in light["players"])]
        lost_here = [0.0, 0.0]
        won = battle(light, attacker, source, target, joined, lost_here)
        after = [territory(light, attacker, source), territory(light, 1 - attacker, target),
                 *(tuple(p["palace"]) for p in light["players"])]
        if len(SEEN) > 200_000:
            SEEN.clear()
        SEEN[key] = known = (won, lost_here, [a if a != b else None
                                              for a, b in zip(after, before, strict=True)])
    else:
        restore(light, attacker, source, target, known[2])
    lost[0] += known[1][0]
    lost[1] += known[1][1]
    return known[0]


SEEN: dict = {}  # fight_key -> (palace fell, [material lost], what changed); pure results


def territory(light: dict, seat: int, t: int) -> tuple:
    return tuple(None if base is None else tuple(base["troops"])
                 for base in light["players"][seat]["board"][t])


def fight_key(light: dict, attacker: int, source: int, target: int, joined: list) -> tuple:
    """All a battle depends on: both territories' troop types and troops, the special
    troops (those joining, the defender's), power changes, and how many of the
    defender's other territories are complete (ATT-SPECIAL's upkeep)."""
    players, mods, defender = light["players"], light["mods"], 1 - attacker
    sides = []
    for seat, t in ((attacker, source), (defender, target)):
        sides.append(tuple(None if b is None else (b["type"], tuple(b["troops"]))
                           for b in players[seat]["board"][t]))
    palace = players[attacker]["palace"]
    return (players[attacker]["army"], players[defender]["army"], attacker, *sides,
            tuple(c for c in joined if c in palace), tuple(palace),
            tuple(players[defender]["palace"]),
            tuple(mods[attacker]["power"].items()), tuple(mods[defender]["power"].items()),
            sum(None not in t for i, t in enumerate(players[defender]["board"])
                if i != target))


def restore(light: dict, attacker: int, source: int, target: int, changed: list) -> None:
    """A known battle's end on this copy: the troops left on each base (None: the base
    is gone) and the palaces."""
    players = light["players"]
    for (seat, t), troops in zip(((attacker, source), (1 - attacker, target)), changed[:2],
                                 strict=True):
        if troops is not None:
            board = players[seat]["board"][t]
            for s, left in enumerate(troops):
                base = board[s]
                if left is None:
                    board[s] = None
                elif list(left) != base["troops"]:
                    board[s] = {**base, "troops": list(left)}
    for seat in (0, 1):
        if changed[2 + seat] is not None:
            players[seat]["palace"] = list(changed[2 + seat])


def battle(light: dict, attacker: int, source: int, target: int, joined: list,
           lost: list) -> bool:
    """battle.py's steps: initiative, then regular damage, then the palace battle when
    the territory falls and attackers live."""
    defender = 1 - attacker
    light["battle"] = fought = {
        "a": attacker, "d": defender, "from": source, "to": target,
        "specials": list(joined), "palace": False,
        "wounds": {attacker: [], defender: []}}
    while True:
        for step in ("initiative", "regular"):
            if strike(light, step == "initiative", lost):
                return True
            upkeep(light, lost)
        if fought["palace"] or not model.territory_empty(light, defender, target) or \
                not fighters(light, attacker):
            light["battle"] = None
            return False
        fought["palace"] = True  # the survivors go on to the palace (ATT-PALACE-BATTLE)
        fought["wounds"] = {attacker: [], defender: []}  # healed: another battle


def fighters(light: dict, seat: int) -> list[tuple]:
    """(piece, price, troop type or None) of a side's fighting pieces, as damage.priced."""
    fought = light["battle"]
    player = light["players"][seat]
    if seat == fought["a"]:
        t, joined = fought["from"], [c for c in fought["specials"] if c in player["palace"]]
    elif fought["palace"]:
        t, joined = None, player["palace"]
    else:
        t, joined = fought["to"], ()
    out = []
    if t is not None:
        set_to, powers = light["mods"][seat]["power"], tables().powers
        for s, base in enumerate(player["board"][t]):
            if base is not None and base["troops"]:
                kind = base["type"]
                power = set_to.get(kind, powers[kind])
                out += [(("troop", t, s, bonus), power + bonus, kind)
                        for bonus in base["troops"]]
    if joined:
        army = model.army(light, seat)
        out += [(("special", c), army.special(c)["power"], None) for c in joined]
    return out


def strike(light: dict, first_step: bool, lost: list) -> bool:
    """A step's damage worked out (damage.pool), assigned by both sides, the attacker
    first (battle.Assign answered with the suggestion), and removed together; True when
    the palace falls."""
    fought = light["battle"]
    a, d = fought["a"], fought["d"]
    sides = {a: fighters(light, a), d: fighters(light, d)}
    walls = [] if first_step else walls_of(light)
    initiative, artillery = tables().initiative, tables().artillery
    marks = {a: [], d: []}
    for seat in (a, d):
        hits = shells = 0
        for piece, power, kind in sides[seat]:
            if first_step != (kind is not None and (piece[3] > 0 or kind in initiative)):
                continue
            if kind in artillery:
                if seat == a and not first_step:
                    shells += power
            else:
                hits += power
        if seat == d:
            hits += sum(price for _, price in walls)
        reach = [[piece, price] for piece, price, _ in sides[1 - seat]]
        if seat == a:
            reach += [list(wall) for wall in walls]
        wounds = fought["wounds"][seat]
        if wounds:
            damage.hurt(reach, wounds)
        if reach and (hits or shells):
            marks[seat] = assign(reach, hits, shells, first_step, wounds)
    won = remove(light, a, marks[a], lost)
    remove(light, d, marks[d], lost)
    return won


def walls_of(light: dict) -> list[tuple]:
    """The defence's buildings in the fight, with their power (damage.buildings)."""
    fought, limits = light["battle"], tables().limits
    if fought["palace"]:
        return [(("palace",), limits["palace_power"])]
    return [(("base", fought["to"], s), limits["base_power"])
            for s, base in enumerate(light["players"][fought["d"]]["board"][fought["to"]])
            if base is not None]


def assign(left: list, hits: int, shells: int, first_step: bool = False,
           wounds: list | None = None) -> list[tuple]:
    """The kills battle.Assign marks when every question gets the suggestion: one piece
    at a time while only one can be given damage, else the suggestion (damage.affordable,
    damage.woundable, damage.suggestion); a wound given goes into `wounds`."""
    marked = []
    while True:
        manned = any(piece[0] not in STRUCTURES for piece, _ in left)
        targets = []
        for piece, price in left:
            building = piece[0] in STRUCTURES
            if not (building and manned or piece in targets) and \
                    price <= hits + (shells if building else 0):
                targets.append(piece)
        if first_step and hits:
            for piece, price in left:
                if piece[0] not in STRUCTURES and price > hits and piece not in targets:
                    targets.append(piece)
        if not targets:
            return marked
        every = damage.destroys_all(left, hits, shells)
        picked = damage.suggest(left, hits, shells, first_step) \
            if every or len(targets) > 1 else targets
        for piece in picked:
            index = min((i for i, (p, _) in enumerate(left) if p == piece),
                        key=lambda i: left[i][1])
            price = left[index][1]
            building = piece[0] in STRUCTURES
            if price > hits + (shells if building else 0):  # a wound: all that is left
                left[index] = [piece, price - hits]
                if wounds is not None:
                    wounds.append((piece, hits))
                hits = 0
                continue
            del left[index]
            if building:
                paid = min(price, shells)
                shells -= paid
                price -= paid
            hits -= price
            marked.append(piece)
        if every:
            return marked


def remove(light: dict, seat: int, marks: list, lost: list) -> bool:
    """The kills `seat` marked off the board (troops before their bases), their worth
    added to the owner's loss; True if the palace was among them."""
    owner = 1 - seat
    player = light["players"][owner]
    board = player["board"]
    for piece in sorted(marks, key=lambda p: p[0] in STRUCTURES):
        if piece[0] == "troop":
            t, s = piece[1], piece[2]
            base = board[t][s]
            troops = list(base["troops"])
            troops.remove(piece[3])
            board[t][s] = {**base, "troops": troops}
            lost[owner] += model.power(light, owner, base["type"], piece[3]) + TROOP_WORTH
        elif piece[0] == "special":
            player["palace"].remove(piece[1])
            lost[owner] += special_worth(light, owner, piece[1])
        elif piece[0] == "base":
            board[piece[1]][piece[2]] = None
            lost[owner] += BASE_WORTH
    return ("palace",) in marks


def upkeep(light: dict, lost: list) -> None:
    """ATT-SPECIAL before the next step: special troops beyond the complete territories
    go, the first that may go first (as the engine's checks, or the first option)."""
    for seat in (0, 1):
        while light["players"][seat]["palace"] and turns.excess(light, seat):
            card = turns.excess(light, seat)[0]
            light["players"][seat]["palace"].remove(card)
            lost[seat] += special_worth(light, seat, card)


def special_worth(state: dict, seat: int, card: str) -> float:
    troop = model.army(state, seat).special(card)
    return troop["power"] + TROOP_WORTH + 4 * troop["extra_recruit"]


def material(state: dict, seat: int) -> float:
    """A side's worth on the board: bases, troops at their power, special troops."""
    player = state["players"][seat]
    worth = 0.0
    for _, _, base in model.slots(player):
        worth += BASE_WORTH + sum(model.power(state, seat, base["type"], b) + TROOP_WORTH
                                  for b in base["troops"])
    for card in player["palace"]:
        worth += special_worth(state, seat, card)
    return worth
