"""The expert's abilities in a battle's window (ATT-WINDOW): each card it may play, and
passing, tried on a light copy of the board (expert_plan) and the battle played out
(playout's steps); the one that leaves the best position is played.

Where the greedy AI (ai.py) plays whatever adds fighters, the expert counts what a card
costs: a sacrifice thins another territory (the next wave's target), a boost given to a
troop with Artillery is lost in the initiative step, a card played is a card no longer in
hand (expert_plan.CARD_WORTH). After the battle the position is judged as the turn would
go on: the defender by the waves the attacker can still send this turn, the attacker by
its own best plan and the opponent's answer (expert_plan.best_first)."""

from __future__ import annotations

from companion.games.att import expert_plan, model, playout
from companion.games.att.data import tables

WIN = expert_plan.WIN


def light_battle(state: dict, seat: int) -> dict:
    """expert_plan.light_of with its own copy of the powers in play, and the battle."""
    light = expert_plan.light_of(state, seat)
    light["mods"] = [{"power": dict(m["power"]), "after": list(m["after"]),
                      "owed": dict(m["owed"])} for m in state["mods"]]
    battle = state["battle"]
    light["fought"] = {key: battle[key] for key in ("a", "d", "from", "to", "palace")}
    light["fought"]["specials"] = list(battle["specials"])
    return light


def branch(light: dict) -> dict:
    out = expert_plan.copy(light)
    out["mods"] = [{"power": dict(m["power"]), "after": list(m["after"]),
                    "owed": dict(m["owed"])} for m in light["mods"]]
    out["fought"] = light["fought"]
    return out


def fighting(light: dict, seat: int):
    """The territory whose troops fight for `seat` now (None: the palace's specials)."""
    fought = light["fought"]
    if seat == fought["a"]:
        return fought["from"]
    return None if fought["palace"] else fought["to"]


def add_troops(light: dict, seat: int, kind, count: int) -> None:
    """`count` troops of `kind` (None: any) into bases with room: the fighting territory
    first, then the bases with the fewest troops (ATT-RECRUIT)."""
    board = light["players"][seat]["board"]
    here = fighting(light, seat)
    per_base = tables().limits["per_base"]
    for _ in range(count):
        room = [(t != here, len(b["troops"]), t, s) for t, territory in enumerate(board)
                for s, b in enumerate(territory) if b is not None and
                len(b["troops"]) < per_base and (kind is None or b["type"] == kind)]
        if not room:
            return
        *_, t, s = min(room)
        base = board[t][s]
        board[t][s] = {**base, "troops": [*base["troops"], 0]}


def remove_troop(light: dict, seat: int, t: int, s: int, bonus: int) -> None:
    board = light["players"][seat]["board"]
    troops = list(board[t][s]["troops"])
    troops.remove(bonus)
    board[t][s] = {**board[t][s], "troops": troops}


def troops(light: dict, seat: int) -> list[tuple]:
    """(worth, t, s, bonus) of each troop of `seat`: power and one."""
    out = []
    for t, territory in enumerate(light["players"][seat]["board"]):
        for s, base in enumerate(territory):
            if base is not None:
                out += [(model.power(light, seat, base["type"], b) + 1, t, s, b)
                        for b in base["troops"]]
    return out


def boosts(light: dict, seat: int, effect: dict) -> list[dict]:
    """The sacrifice-and-boost plays worth trying: how many troops go (the cheapest away
    from the fight first, then any), and which fighting troop without Artillery gains."""
    here = fighting(light, seat)
    if here is None:
        return []
    board = light["players"][seat]["board"]
    mine = troops(light, seat)
    gainers = {}
    for _, t, s, b in mine:
        kind = board[t][s]["type"]
        if t == here and not model.artillery(kind) and (kind, b) not in gainers:
            gainers[(kind, b)] = [t, s, b]
    out = []
    for gainer in gainers.values():
        away = sorted(x for x in mine if x[1] != here)
        near = sorted(x for x in mine if x[1] == here and list(x[1:]) != gainer)
        for pool in (away, away + near):
            for count in range(1, min(effect["max"], len(pool)) + 1):
                chosen = [list(x[1:]) for x in pool[:count]]
                play = {"sacrifice": chosen, "boost": gainer,
                        "power": count * effect["factor"]}
                if play not in out:
                    out.append(play)
    return out


def play(light: dict, seat: int, card: str, variant: dict | None) -> dict:
    """The card's effects on a copy (abilities.py's vocabulary, the expert's choices)."""
    out = branch(light)
    out["players"][seat]["cards"] -= 1
    effect = model.army(out, seat).abilities[card].effect
    mods = out["mods"][seat]
    board = out["players"][seat]["board"]
    if "power" in effect:
        mods["power"][effect["power"]["troop"]] = effect["power"]["value"]
    if "recruit" in effect:
        found = effect["recruit"]
        count = model.troop_count(out, seat, found["per"]) if "per" in found \
            else found["count"]
        add_troops(out, seat, found["troop"], count)
    if "recruit_all" in effect:
        kind = effect["recruit_all"]["troop"]
        for territory in board:
            for s, base in enumerate(territory):
                if base is not None and base["type"] == kind and \
                        len(base["troops"]) < tables().limits["per_base"]:
                    territory[s] = {**base, "troops": [*base["troops"], 0]}
    if "after_losses" in effect:
        mods["after"].append(effect["after_losses"]["troop"])
    if "sacrifice_build" in effect and variant:
        t, s, b = variant["troop"]
        lose(out, seat, t, s, b)
        slot = variant["at"][1]
        board[t][slot] = {"card": None, "type": variant["base"], "troops": []}
    if "sacrifice_boost" in effect and variant:
        for t, s, b in variant["sacrifice"]:
            lose(out, seat, t, s, b)
        t, s, b = variant["boost"]
        gained = list(board[t][s]["troops"])
        gained[gained.index(b)] = b + variant["power"]
        board[t][s] = {**board[t][s], "troops": gained}
    if "special" in effect:
        out["players"][seat]["palace"].append(card)
    return out


def lose(light: dict, seat: int, t: int, s: int, bonus: int) -> None:
    """A troop sacrificed: off its base, and owed replacements (after_losses)."""
    remove_troop(light, seat, t, s, bonus)
    mods = light["mods"][seat]
    for kind in mods["after"]:
        mods["owed"][kind] = mods["owed"].get(kind, 0) + 1


def fight_out(light: dict) -> bool:
    """The battle from its window to its end (playout.battle's steps, from the territory
    or the palace battle); True when the defender's palace falls. Each side's losses
    bring what its after-loss abilities owe (recruited at the turn's end)."""
    fought = light["fought"]
    attacker, defender = fought["a"], fought["d"]
    before = [model.troop_count(light, seat) for seat in (0, 1)]
    light["battle"] = {**fought, "specials": list(fought["specials"]),
                       "wounds": {attacker: [], defender: []}}
    lost = [0.0, 0.0]
    won = False
    while not won:
        for step in ("initiative", "regular"):
            if playout.strike(light, step == "initiative", lost):
                won = True
                break
            playout.upkeep(light, lost)
        battle = light["battle"]
        if won or battle["palace"] or not model.territory_empty(light, defender, battle["to"]) \
                or not playout.fighters(light, attacker):
            break
        battle["palace"] = True  # ATT-PALACE-BATTLE
        battle["wounds"] = {attacker: [], defender: []}
    light["battle"] = None
    for seat in (0, 1):
        mods = light["mods"][seat]
        dead = max(0, before[seat] - model.troop_count(light, seat))
        for kind in mods["after"]:
            mods["owed"][kind] = mods["owed"].get(kind, 0) + dead
        for kind, count in mods["owed"].items():
            add_troops(light, seat, kind, count)
        mods["owed"] = {}
    return won


def rest_of_turn(light: dict, seat: int, attacked: list) -> float:
    """The defender's view once the battle is over: its material difference less the
    most the attacker can still gain this turn with the territories that have not
    attacked, every one at one target (strongest first or weakest first)."""
    foe = 1 - seat
    base = expert_plan.score(light, seat)
    sources = sorted((t for t in range(3) if t not in attacked and
                      expert_plan.has_troops(light, foe, t)),
                     key=lambda t: expert_plan.strength(light, foe, t))
    worst = base
    if not sources:
        return worst
    for target in expert_plan.targets(light, foe):
        for order in (sources[::-1], sources)[:1 + (len(sources) > 1)]:
            trial = expert_plan.copy(light)
            lost = [0.0, 0.0]
            for source in order:
                if model.territory_empty(trial, seat, target):
                    break
                if playout.fight(trial, foe, source, target, [], lost):
                    return -WIN
                worst = min(worst, base - lost[seat] + lost[foe])
    return worst


def judge(light: dict, seat: int, attacked: list) -> float:
    """What a copy at the window is worth to `seat` once the battle is fought."""
    won = fight_out(light)
    attacker = light["fought"]["a"]
    if won:
        return WIN if seat == attacker else -WIN
    if seat == attacker:
        return expert_plan.best_first(light, seat, attacked, [])[1]
    return rest_of_turn(light, seat, attacked)


def choose(state: dict, seat: int, legal: list) -> tuple:
    """(the best window action, its variant for the choices that follow): passing, or
    one of the playable cards."""
    light = light_battle(state, seat)
    attacked = list(state["attacked"])
    best = ({"type": "pass"}, None, judge(branch(light), seat, attacked))
    for action in legal:
        if action["type"] != "play":
            continue
        effect = model.army(state, seat).abilities[action["card"]].effect
        if "sacrifice_boost" in effect:
            variants = boosts(light, seat, effect["sacrifice_boost"])
        elif "sacrifice_build" in effect:
            variants = carriers(state, seat)
        else:
            variants = [None]
        for variant in variants:
            worth = judge(play(light, seat, action["card"], variant), seat, attacked)
            if worth > best[2]:
                best = (action, variant, worth)
    return best[0], best[1]


def carriers(state: dict, seat: int) -> list[dict]:
    """The Carrier plays worth trying (ATT-ROBOT-CARDS): a troop of the card's type
    sacrificed in each territory that has one, and the strongest discarded base built
    there on an empty slot, else over the base with the fewest troops."""
    player = state["players"][seat]
    bases = model.army(state, seat).bases
    kinds = {bases[c] for c in player["discard"]["base"]}
    if not kinds:
        return []
    kind = max(kinds, key=lambda k: (tables().powers[k], k))
    out = []
    for effect_troop in {a.effect["sacrifice_build"]["troop"]
                         for a in model.army(state, seat).abilities.values()
                         if "sacrifice_build" in a.effect}:
        seen = set()
        for t, s, base in model.slots(player):
            if base["type"] != effect_troop or not base["troops"] or t in seen:
                continue
            seen.add(t)
            left = [(len(b["troops"]) - (i == s), i) for i, b in enumerate(player["board"][t])
                    if b is not None]
            empty = [i for i, b in enumerate(player["board"][t]) if b is None]
            slot = empty[0] if empty else min(left)[1]
            out.append({"troop": [t, s, min(base["troops"])], "at": [t, slot], "base": kind})
    return out
