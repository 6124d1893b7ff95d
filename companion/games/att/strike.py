"""A battle step's damage worked out at once (ATT-INITIATIVE, ATT-REGULAR, ATT-DAMAGE,
ATT-UNMANNED, ATT-ARTILLERY): both sides' pools and what each may reach, when the Strike
task begins, and what the Assign task may offer after every kill, each in one pass
(a battle's steps run some 140 times a game). The pieces, their prices and the kills
are damage.py's."""

from __future__ import annotations

from companion.games.att import damage, model
from companion.games.att.damage import STRUCTURES
from companion.games.att.data import tables


def work_out(state: dict, step: str) -> tuple[list, list] | None:
    """Both seats' `pool` and `targets` in a step, each worked out once; None in an
    initiative step where no fighting piece has Initiative (every pool would be 0).
    damage.priced and damage.pool in one pass over each side (a battle step's most of
    it; tests/att/test_strike.py holds the pools to damage.pool)."""
    battle = state["battle"]
    first_step = step == "initiative"
    if first_step and not initiative_in_fight(state):
        return None
    walls = [[], []]  # the defence's buildings, fighting in the regular step
    if not first_step:
        defender = battle["d"]
        walls[defender] = [[b, damage.cost(state, defender, b)]
                           for b in damage.buildings(state, defender)]
    data = tables()
    initiative, artillery, powers = data.initiative, data.artillery, data.powers
    pools, reach = [None, None], [[], []]
    for seat in (0, 1):
        player = state["players"][seat]
        territory, joined = damage.fighting_at(state, seat)
        hits = shells = lost = 0
        attacking = seat == battle["a"]
        entries = reach[1 - seat]  # this side's pieces are what the other side may reach
        if territory is not None:
            set_to = state["mods"][seat]["power"]
            for s, base in enumerate(player["board"][territory]):
                if base is not None and base["troops"]:
                    kind = base["type"]
                    power = set_to.get(kind, powers[kind])
                    typed = kind in initiative
                    shooting = kind in artillery
                    for bonus in base["troops"]:
                        entries.append([["troop", territory, s, bonus], power + bonus])
                        if first_step != (bonus > 0 or typed):
                            continue
                        if shooting:
                            if attacking and not first_step:
                                shells += power + bonus
                            else:
                                lost += power + bonus
                        else:
                            hits += power + bonus
        if joined:
            army = model.army(state, seat)
            for c in joined:
                power = army.special(c)["power"]
                entries.append([["special", c], power])
                if not first_step:  # special troops have no Initiative nor Artillery
                    hits += power
        if not first_step:
            for _, price in walls[seat]:
                hits += price
        entries += walls[seat]
        pools[seat] = {"damage": hits, "artillery": shells, "lost": lost}
    wounds = battle.get("wounds")
    if wounds:
        for seat in (0, 1):
            damage.hurt(reach[seat], wounds[seat])
    return pools, reach


def initiative_in_fight(state: dict) -> bool:
    """Whether a fighting troop has Initiative (its type's, or a sacrifice's bonus);
    special troops have none."""
    battle = state["battle"]
    initiative = tables().initiative
    places = [(battle["a"], battle["from"])]
    if not battle["palace"]:
        places.append((battle["d"], battle["to"]))
    for seat, territory in places:
        for base in state["players"][seat]["board"][territory]:
            if base is not None and base["troops"] and (
                    base["type"] in initiative or any(base["troops"])):
                return True
    return False


def choices(battle: dict, seat: int) -> tuple[list, bool]:
    """`affordable` + `woundable` of the pieces standing, worked out in one pass (the
    Assign task's loop asks for them after every kill), and whether the damage destroys
    them all (`destroys_all`)."""
    pools = battle["pools"][seat]
    left = battle["targets"][seat]
    hits, shells = pools["damage"], pools["artillery"]
    manned, total, walls = False, 0, 0
    for piece, price in left:
        if piece[0] in STRUCTURES:
            walls += price
        else:
            manned = True
            total += price
    kills, wounds = [], []
    wounding = hits and battle["step"] == "initiative"
    for piece, price in left:
        if piece[0] in STRUCTURES:
            if not manned and price <= hits + shells and piece not in kills:
                kills.append(piece)
        elif price <= hits:
            if piece not in kills:
                kills.append(piece)
        elif wounding and piece not in wounds:
            wounds.append(piece)
    return kills + wounds, total <= hits and walls <= hits - total + shells
