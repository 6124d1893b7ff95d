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

from companion.games.att import damage, model, turn

TROOP_WORTH = 1.0  # a troop is worth its power plus this
BASE_WORTH = 6.0  # a base: its power and the troops it will recruit
PALACE = 1000.0


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
                base and base["troops"] for base in light["players"][seat]["board"][source]):
            break  # no longer a legal attack (ATT-ATTACK)
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
    True when the defender's palace falls (ATT-WIN)."""
    defender = 1 - attacker
    light["battle"] = battle = {
        "a": attacker, "d": defender, "from": source, "to": target,
        "specials": list(joined), "palace": model.territory_empty(light, defender, target),
        "pools": [None, None], "targets": [[], []], "marks": [[], []]}
    while True:
        for step in ("initiative", "regular"):
            if strike(light, step, lost):
                return True
            upkeep(light, lost)
        if battle["palace"] or not model.territory_empty(light, defender, target) or \
                not damage.attackers(light):
            light["battle"] = None
            return False
        battle["palace"] = True  # the survivors go on to the palace (ATT-PALACE-BATTLE)


def strike(light: dict, step: str, lost: list) -> bool:
    """A step's damage worked out, assigned by both sides (the attacker first) and
    removed together, as battle.Strike, Assign and Remove do; True when the palace
    falls."""
    battle = light["battle"]
    battle["marks"] = [[], []]
    worked = damage.work_out(light, step)
    if worked is None:
        return False
    battle["pools"], battle["targets"] = worked
    for seat in (battle["a"], battle["d"]):
        pools = worked[0][seat]
        if worked[1][seat] and (pools["damage"] or pools["artillery"]):
            assign(light, seat)
    won = False
    for seat in (battle["a"], battle["d"]):
        won = remove(light, seat, lost) or won
    battle["pools"], battle["targets"] = [None, None], [[], []]
    return won


def assign(light: dict, seat: int) -> None:
    """battle.Assign answered with the suggestion whenever it asks."""
    while True:
        left = damage.standing(light, seat)
        targets = damage.affordable(light, seat, left)
        if not targets:
            return
        picked = damage.suggestion(light, seat, left)
        if len(picked) == len(left):
            mark(light, seat, picked)
            return
        mark(light, seat, targets if len(targets) == 1 else picked)


def mark(light: dict, seat: int, targets: list) -> None:
    for target in targets:
        damage.mark(light, seat, target)


def remove(light: dict, seat: int, lost: list) -> bool:
    """The kills `seat` marked off the board (troops before their bases), their worth
    added to the owner's loss; True if the palace was among them."""
    owner = 1 - seat
    marks = sorted(light["battle"]["marks"][seat], key=lambda p: p[0] in damage.STRUCTURES)
    player = light["players"][owner]
    board = player["board"]
    for piece in marks:
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
    return ["palace"] in marks


def upkeep(light: dict, lost: list) -> None:
    """ATT-SPECIAL before the next step: special troops beyond the complete territories
    go, the first that may go first (as the engine's checks, or the first option)."""
    for seat in (0, 1):
        while light["players"][seat]["palace"] and turn.excess(light, seat):
            card = turn.excess(light, seat)[0]
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
