"""Attack battles played out fast, for the computer players (the greedy one chains them
into wave plans in plans.py; the expert reads them too).

The AI judges an attack by playing its battle out: both sides pass the abilities window
and give the app's suggested kills. Stepping the engine on a deep copy of the game did
that exactly but cost four fifths of a simulated game's time, so this module plays the
same battle directly: the same steps in the same order (ATT-INITIATIVE, ATT-REGULAR,
ATT-DAMAGE, ATT-UNMANNED, ATT-ARTILLERY, ATT-PALACE-BATTLE, ATT-SPECIAL's upkeep), the
damage worked out and assigned by the engine's own functions (damage.py), on a copy of
only the boards and palaces a battle touches, with no tasks, events or texts. It gives
the engine's result to the point; tests/att/test_ai.py holds it to that."""

from __future__ import annotations

from companion.games.att import clash, damage, model, turns
from companion.games.att.data import tables
from companion.games.att.kills import assigned
from companion.games.att.worth import BASE_WORTH, TROOP_WORTH, join, special_worth

PALACE = 1000.0
STRUCTURES = damage.STRUCTURES


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
    same pieces (in this decision, or in another game) is taken from `SEEN`; a new one
    is fought on the pieces alone (clash.py); either way its end is set on `light`."""
    key = fight_key(light, attacker, source, target, joined)
    known = SEEN.get(key)
    if known is None:
        if len(SEEN) > 200_000:
            SEEN.clear()
        SEEN[key] = known = clash.fight(light, attacker, source, target, joined, key)
    players = light["players"]
    if known[2]:
        boards = (players[attacker]["board"][source], players[1 - attacker]["board"][target])
        for side_of, s, troops in known[2]:
            board = boards[side_of]
            board[s] = None if troops is None else {**board[s], "troops": list(troops)}
    for seat, palace in known[3]:
        players[seat]["palace"] = list(palace)
    lost[0] += known[1][0]
    lost[1] += known[1][1]
    return known[0]


SEEN: dict = {}  # fight_key -> what clash.fight gives; pure results (the greedy
# player's wave plans keep theirs in plans.WAVES)


def shape(territory: list) -> tuple:
    """A territory's bases as (troop type, troops), None for an empty slot."""
    return tuple([None if base is None else (base["type"], tuple(base["troops"]))
                  for base in territory])


def fight_key(light: dict, attacker: int, source: int, target: int, joined: list) -> tuple:
    """All a battle depends on: both territories' troop types and troops, the special
    troops (those joining, the defender's), power changes, and how many of the
    defender's other territories are complete (ATT-SPECIAL's upkeep)."""
    players, mods = light["players"], light["mods"]
    mine, theirs = players[attacker], players[1 - attacker]
    palace = mine["palace"]
    complete = 0
    for t, territory in enumerate(theirs["board"]):
        if t != target and None not in territory:
            complete += 1
    set_mine, set_theirs = mods[attacker]["power"], mods[1 - attacker]["power"]
    return (mine["army"], theirs["army"], attacker, shape(mine["board"][source]),
            shape(theirs["board"][target]),
            tuple([c for c in joined if c in palace]) if joined else (), tuple(palace),
            tuple(theirs["palace"]), tuple(set_mine.items()) if set_mine else (),
            tuple(set_theirs.items()) if set_theirs else (), complete)


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
        sides = None  # both sides' pieces, worked out again once one is lost
        for first_step in (True, False):
            won, sides = exchange(light, first_step, lost, sides)
            if won:
                return True
            if upkeep(light, lost):
                sides = None
        if fought["palace"] or not model.territory_empty(light, defender, target) or \
                not armed(light, attacker):
            light["battle"] = None
            return False
        fought["palace"] = True  # the survivors go on to the palace (ATT-PALACE-BATTLE)
        fought["wounds"] = {attacker: [], defender: []}  # healed: another battle


def armed(light: dict, seat: int) -> bool:
    """Whether the attacker has a fighting piece left (`fighters`, not listed)."""
    fought, player = light["battle"], light["players"][seat]
    return any(base is not None and base["troops"] for base in player["board"][fought["from"]]) \
        or any(c in player["palace"] for c in fought["specials"])


def fighters(light: dict, seat: int) -> list[tuple]:
    """(piece, price, troop type or None) of a side's fighting pieces, as damage.priced."""
    player = light["players"][seat]
    t, joined = damage.fighting_at(light, seat)
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


TABLES = None  # tables(), once read


def loaded():
    global TABLES
    TABLES = tables()
    return TABLES


def side(light: dict, seat: int) -> tuple:
    """A side's fighting pieces as ((piece, price), ...) in `fighters`' order, and the
    damage they deal: in the initiative step, in the regular step, and the Artillery's
    (which only the attacker's regular step uses)."""
    player = light["players"][seat]
    t, joined = damage.fighting_at(light, seat)
    pieces = []
    first = regular = shells = 0
    if t is not None:
        set_to, data = light["mods"][seat]["power"], TABLES or loaded()
        for s, base in enumerate(player["board"][t]):
            if base is not None and base["troops"]:
                kind = base["type"]
                power = set_to.get(kind, data.powers[kind])
                quick, heavy = kind in data.initiative, kind in data.artillery
                for bonus in base["troops"]:
                    price = power + bonus
                    pieces.append((("troop", t, s, bonus), price))
                    if bonus > 0 or quick:
                        if not heavy:  # Artillery with Initiative deals nothing
                            first += price
                    elif heavy:
                        shells += price
                    else:
                        regular += price
    if joined:
        regular += join(light, seat, joined, pieces)
    return tuple(pieces), first, regular, shells


def strike(light: dict, first_step: bool, lost: list) -> bool:
    """A step's damage worked out (damage.pool), assigned by both sides, the attacker
    first (battle.Assign answered with the suggestion), and removed together; True when
    the palace falls."""
    return exchange(light, first_step, lost)[0]


def exchange(light: dict, first_step: bool, lost: list, sides=None) -> tuple:
    """`strike` given both sides (`side`, attacker first) if known: (whether the palace
    falls, the sides if no piece was lost, else None)."""
    fought = light["battle"]
    a, d = fought["a"], fought["d"]
    if sides is None:
        sides = (side(light, a), side(light, d))
    (pieces_a, first_a, regular_a, shells), (pieces_d, first_d, regular_d, _) = sides
    if first_step:
        if not (first_a or first_d):
            return False, sides  # no Initiative in the fight: nothing is dealt
        hits_a, hits_d, shells, walls = first_a, first_d, 0, ()
    else:
        walls = walls_of(light)
        hits_d = regular_d
        for _, price in walls:
            hits_d += price
        hits_a = regular_a
    wounds = fought["wounds"]
    marks_a = marks_d = ()
    reach = pieces_d + walls
    if reach and (hits_a or shells):
        marks_a = assigned(reach, hits_a, shells, first_step, wounds[a])
    if pieces_a and hits_d:
        marks_d = assigned(pieces_a, hits_d, 0, first_step, wounds[d])
    if not (marks_a or marks_d):
        return False, sides
    won = remove(light, a, marks_a, lost) if marks_a else False
    if marks_d:
        remove(light, d, marks_d, lost)
    return won, None


def walls_of(light: dict) -> tuple:
    """The defence's buildings in the fight, with their power (damage.buildings)."""
    fought, limits = light["battle"], tables().limits
    if fought["palace"]:
        return ((("palace",), limits["palace_power"]),)
    return tuple((("base", fought["to"], s), limits["base_power"])
                 for s, base in enumerate(light["players"][fought["d"]]["board"][fought["to"]])
                 if base is not None)


def remove(light: dict, seat: int, marks, lost: list) -> bool:
    """The kills `seat` marked off the board (troops before their bases), their worth
    added to the owner's loss; True if the palace was among them."""
    owner = 1 - seat
    player = light["players"][owner]
    board = player["board"]
    set_to, powers = light["mods"][owner]["power"], (TABLES or loaded()).powers
    buildings = [piece for piece in marks if piece[0] in STRUCTURES]
    worth = 0.0
    for piece in marks:
        kind = piece[0]
        if kind == "troop":
            t, s = piece[1], piece[2]
            base = board[t][s]
            troops = list(base["troops"])
            troops.remove(piece[3])
            board[t][s] = {**base, "troops": troops}
            worth += set_to.get(base["type"], powers[base["type"]]) + piece[3] + TROOP_WORTH
        elif kind == "special":
            player["palace"].remove(piece[1])
            worth += special_worth(light, owner, piece[1])
    for piece in buildings:
        if piece[0] == "base":
            board[piece[1]][piece[2]] = None
            worth += BASE_WORTH
    lost[owner] += worth  # whole numbers: the sum is exact in any order
    return ("palace",) in buildings


def upkeep(light: dict, lost: list) -> bool:
    """ATT-SPECIAL before the next step: special troops beyond the complete territories
    go, the first that may go first (as the engine's checks, or the first option);
    whether one went."""
    players = light["players"]
    if not (players[0]["palace"] or players[1]["palace"]):
        return False
    gone = False
    for seat in (0, 1):
        while light["players"][seat]["palace"] and turns.excess(light, seat):
            card = turns.excess(light, seat)[0]
            light["players"][seat]["palace"].remove(card)
            lost[seat] += special_worth(light, seat, card)
            gone = True
    return gone


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
