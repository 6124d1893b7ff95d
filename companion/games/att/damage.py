"""Who fights in a battle, how much damage each side gives in a step, what it may be
given to, the kills it marks and the damage that adds up on a piece until the battle
ends (ATT-INITIATIVE, ATT-REGULAR, ATT-DAMAGE, ATT-UNMANNED, ATT-ARTILLERY). Pieces are
counted one by one: a base with two troops alike is two pieces with the same target; of
those, damage goes to the one already damaged first.

`battle["targets"][seat]`: [piece, damage still needed to destroy it] of each piece of
the other side that `seat`'s damage may reach in this step and has not destroyed;
`battle["wounds"][seat]`: [piece, damage] `seat` has given without destroying it, kept
until the battle ends (ATT-HEAL). A step's pools and reach, and what the Assign task
may offer, are worked out at once in strike.py."""

from __future__ import annotations

from operator import itemgetter

from companion.games.att import model
from companion.games.att.data import tables

STRUCTURES = ("base", "palace")


def side(state: dict, seat: int) -> list[list]:
    """Every fighting piece of a side (troops and special troops; not buildings)."""
    battle = state["battle"]
    if seat == battle["a"]:
        out = fighting_troops(state, seat, battle["from"])
        return out + [["special", c] for c in battle["specials"]
                      if c in state["players"][seat]["palace"]]
    if battle["palace"]:
        return [["special", c] for c in state["players"][seat]["palace"]]
    return fighting_troops(state, seat, battle["to"])


def attackers(state: dict) -> list[list]:
    return side(state, state["battle"]["a"])


def fighting_troops(state: dict, seat: int, territory: int) -> list[list]:
    out = []
    for s, base in enumerate(state["players"][seat]["board"][territory]):
        if base is not None:
            for bonus in base["troops"]:
                out.append(["troop", territory, s, bonus])
    return out


def buildings(state: dict, seat: int) -> list[list]:
    """The defence's buildings in the fight: the territory's bases, or the palace."""
    battle = state["battle"]
    if seat != battle["d"]:
        return []
    if battle["palace"]:
        return [["palace"]]
    return [["base", battle["to"], s]
            for s, base in enumerate(state["players"][seat]["board"][battle["to"]])
            if base is not None]


def kind_of(state: dict, owner: int, piece: list) -> str | None:
    if piece[0] != "troop":
        return None
    return state["players"][owner]["board"][piece[1]][piece[2]]["type"]


def cost(state: dict, owner: int, piece: list) -> int:
    """What it takes to destroy a piece: its power."""
    if piece[0] == "troop":
        return model.power(state, owner, kind_of(state, owner, piece), piece[3])
    if piece[0] == "special":
        return model.army(state, owner).special(piece[1])["power"]
    limits = tables().limits
    return limits["base_power"] if piece[0] == "base" else limits["palace_power"]


def fighting_at(state: dict, seat: int) -> tuple:
    """(territory or None, special cards joining) a side fights with in this battle."""
    fought, palace = state["battle"], state["players"][seat]["palace"]
    if seat == fought["a"]:
        return fought["from"], [c for c in fought["specials"] if c in palace]
    if fought["palace"]:
        return None, palace
    return fought["to"], ()


def priced(state: dict, seat: int) -> list[tuple]:
    """(piece, power, troop type or None) of every fighting piece of a side, in `side`'s
    order."""
    player = state["players"][seat]
    territory, joined = fighting_at(state, seat)
    out = []
    if territory is not None:
        set_to, powers = state["mods"][seat]["power"], tables().powers
        for s, base in enumerate(player["board"][territory]):
            if base is not None and base["troops"]:
                kind = base["type"]
                power = set_to.get(kind, powers[kind])
                for bonus in base["troops"]:  # a loop: a comprehension is a frame
                    out.append((["troop", territory, s, bonus], power + bonus, kind))
    if joined:
        army = model.army(state, seat)
        out += [(["special", c], army.special(c)["power"], None) for c in joined]
    return out


def pool(state: dict, seat: int, step: str) -> dict:
    """A side's damage in a step: `damage` (for troops; for buildings too once they are
    unmanned), `artillery` (for unmanned buildings only) and `lost` (damage with nothing
    it may hit: Initiative against buildings, the defence's Artillery)."""
    out = {"damage": 0, "artillery": 0, "lost": 0}
    attacking = seat == state["battle"]["a"]
    first_step = step == "initiative"
    initiative, artillery = tables().initiative, tables().artillery
    for piece, power, kind in priced(state, seat):
        first = kind is not None and (piece[3] > 0 or kind in initiative)
        if first_step != first:
            continue
        if kind in artillery:
            out["artillery" if attacking and not first_step else "lost"] += power
        else:
            out["damage"] += power
    if not first_step:
        for building in buildings(state, seat):
            out["damage"] += cost(state, seat, building)
    return out


def hurt(reach: list, wounds: list) -> None:
    """The damage already given in this battle off the pieces' prices: each wound on the
    first piece alike not yet wounded (ATT-DAMAGE: damage adds up until the battle
    ends)."""
    done = set()
    for piece, given in wounds:
        for index, entry in enumerate(reach):
            if entry[0] == piece and index not in done:
                entry[1] -= given
                done.add(index)
                break


# -- what may be hit -------------------------------------------------------------------
def standing(state: dict, seat: int) -> list[list]:
    """[piece, price] of the other side's pieces in reach not yet destroyed by `seat`,
    the most damaged of pieces alike first."""
    return list(state["battle"]["targets"][seat])


def affordable(state: dict, seat: int, left: list | None = None) -> list[list]:
    """Distinct targets the seat's damage left can destroy now (ATT-UNMANNED: buildings
    once no fighting piece is left standing); `left`: `standing`, if worked out."""
    pools = state["battle"]["pools"][seat]
    left = standing(state, seat) if left is None else left
    manned = False
    for piece, _ in left:
        if piece[0] not in STRUCTURES:
            manned = True
            break
    hits, artillery = pools["damage"], pools["artillery"]
    out = []
    for piece, price in left:
        building = piece[0] in STRUCTURES
        if building and manned or piece in out:
            continue
        if price <= hits + (artillery if building else 0):
            out.append(piece)
    return out


def woundable(state: dict, seat: int, left: list | None = None) -> list[list]:
    """Distinct fighting pieces the damage left can hurt but not destroy, in the
    initiative step only: the damage stays on them into regular combat (ATT-DAMAGE); what
    regular damage cannot destroy changes nothing, as everything heals at the end of the
    battle (ATT-HEAL)."""
    battle = state["battle"]
    hits = battle["pools"][seat]["damage"]
    if battle["step"] != "initiative" or not hits:
        return []
    left = standing(state, seat) if left is None else left
    out = []
    for piece, price in left:
        if piece[0] not in STRUCTURES and price > hits and piece not in out:
            out.append(piece)
    return out


def mark(state: dict, seat: int, target: list) -> int:
    """Give damage to a piece (the most damaged of pieces alike): enough to destroy it,
    buildings taking the Artillery first; or, where the damage left is less, all of it,
    kept on the piece as a wound. Returns its price (what a kill took, or 0 for a
    wound)."""
    battle = state["battle"]
    pools, targets = battle["pools"][seat], battle["targets"][seat]
    index = entry = None
    for i, candidate in enumerate(targets):
        if candidate[0] == target and (entry is None or candidate[1] < entry[1]):
            index, entry = i, candidate
    price = full = entry[1]
    building = target[0] in STRUCTURES
    if price > pools["damage"] + (pools["artillery"] if building else 0):
        given = pools["damage"]
        pools["damage"] = 0
        targets[index] = [target, price - given]
        battle.setdefault("wounds", [[], []])[seat].append([target, given])
        return 0
    if building:
        paid = min(price, pools["artillery"])
        pools["artillery"] -= paid
        price -= paid
    pools["damage"] -= price
    del targets[index]
    battle["marks"][seat].append(target)
    return full


def suggestion(state: dict, seat: int, left: list | None = None) -> list[list]:
    """The app's assignment: every fighting piece if the damage reaches, then the
    buildings; otherwise the most it can destroy, and in the initiative step what is left
    on the strongest piece still standing (`wound`)."""
    pools = state["battle"]["pools"][seat]
    left = standing(state, seat) if left is None else left
    return suggest(left, pools["damage"], pools["artillery"],
                   state["battle"]["step"] == "initiative")


def suggest(left: list, hits: int, shells: int, first_step: bool) -> list:
    """`suggestion` on [piece, price] entries (playout.py plays it too)."""
    fighters, walls, total = [], [], 0
    for entry in left:
        if entry[0][0] in STRUCTURES:
            walls.append(entry)
        else:
            fighters.append(entry)
            total += entry[1]
    if total > hits:
        picked = most_power(fighters, hits)
        return picked + wound(fighters, picked, hits) if first_step else picked
    picked = [piece for piece, _ in fighters]
    if walls:
        rest = hits - total + shells
        for piece, price in sorted(walls, key=itemgetter(1)):
            if price <= rest:
                rest -= price
                picked.append(piece)
    return picked


def wound(fighters: list, picked: list, hits: int) -> list:
    """[the piece] that takes the damage the kills in `picked` leave, if any: the one
    needing the most to destroy (the first of them)."""
    left = list(fighters)
    for piece in picked:
        index = next(i for i, (p, _) in enumerate(left) if p == piece)
        hits -= left.pop(index)[1]
    if hits <= 0 or not left:
        return []
    return [max(left, key=itemgetter(1))[0]]


def destroys_all(left: list, hits: int, shells: int) -> bool:
    """Whether the damage destroys every piece in reach (no choice to make)."""
    total = sum(price for piece, price in left if piece[0] not in STRUCTURES)
    if total > hits:
        return False
    walls = sum(price for piece, price in left if piece[0] in STRUCTURES)
    return walls <= hits - total + shells


def most_power(entries: list, budget: int) -> list:
    """The pieces whose powers add up to the most within the budget (fewest on a tie)."""
    best = {0: []}
    for piece, price in entries:
        for spent, chosen in sorted(best.items(), reverse=True):
            total = spent + price
            if total <= budget and (total not in best or len(best[total]) > len(chosen) + 1):
                best[total] = chosen + [piece]
    return best[max(best)]


# -- the end of a step -------------------------------------------------------------------
def remove(state: dict, seat: int) -> list[dict]:
    """The pieces `seat` destroyed this step off the board (troops before their bases)."""
    owner = 1 - seat
    marks = state["battle"]["marks"][seat]
    if not marks:
        return []
    if len(marks) > 1:
        for piece in marks:
            if piece[0] in STRUCTURES:  # sorted only where a building is among them
                marks = sorted(marks, key=lambda p: p[0] in STRUCTURES)
                break
    lost = []
    names = model.army(state, owner).troops
    board = state["players"][owner]["board"]
    owing = state["mods"][owner]["after"]  # model.lose_troop, its lookups made once
    for piece in marks:
        if piece[0] == "troop":
            base = board[piece[1]][piece[2]]
            lost.append(names[base["type"]])
            base["troops"].remove(piece[3])
            if owing:
                model.owe(state, owner)
        elif piece[0] == "special":
            lost.append(model.army(state, owner).special(piece[1])["name"])
            model.destroy_special(state, owner, piece[1])
            model.owe(state, owner)
        elif piece[0] == "base":
            kind = model.base_type(state, owner,
                                   state["players"][owner]["board"][piece[1]][piece[2]])
            lost.append(f"the {model.type_name(state, owner, kind)} base")
            model.destroy_base(state, owner, piece[1], piece[2])
    name = state["players"][owner]["name"]
    line = f"{name} loses {', '.join(lost)}" if lost else ""
    if line:
        state["battle"]["lines"].append(line)
    events = [{"kind": "losses", "player": owner, "text": line}] if line else []
    if ["palace"] in marks:
        winner = state["players"][seat]["name"]
        events += model.finish(state, seat, f"{winner} destroys {name}'s palace and wins")
    return events


# -- words ---------------------------------------------------------------------------------
def step_line(state: dict, step: str) -> str:
    battle = state["battle"]
    parts = []
    for seat in (battle["a"], battle["d"]):
        pools = battle["pools"][seat]
        words = f"{state['players'][seat]['name']} {pools['damage']}"
        if pools["artillery"]:
            words += f" + {pools['artillery']} Artillery"
        if pools["lost"]:
            words += f" ({pools['lost']} with nothing to hit)"
        parts.append(words)
    where = "the palace" if battle["palace"] else f"territory {battle['to'] + 1}"
    return f"{step.capitalize()} damage at {where}: {', '.join(parts)}"


def piece_name(state: dict, owner: int, piece: list) -> str:
    if piece[0] == "troop":
        player = state["players"][owner]
        name = tables().armies[player["army"]].troops[
            player["board"][piece[1]][piece[2]]["type"]]
        return f"{name} (+{piece[3]})" if piece[3] else name
    if piece[0] == "special":
        return model.army(state, owner).special(piece[1])["name"]
    if piece[0] == "base":
        kind = model.base_type(state, owner, state["players"][owner]["board"][piece[1]][piece[2]])
        return f"{model.type_name(state, owner, kind)} base"
    return "the palace"


def wound_line(state: dict, seat: int, target: list, given: int) -> str:
    owner = 1 - seat
    name = piece_name(state, owner, target).removeprefix("the ")
    return f"{state['players'][seat]['name']} gives {state['players'][owner]['name']}'s " \
           f"{name} {given} damage: it stays until the battle ends"


def mark_line(state: dict, seat: int, target: list, price: int | None = None) -> str:
    """`price`: the target's `cost`, if known."""
    owner = 1 - seat
    name = piece_name(state, owner, target).removeprefix("the ")
    if price is None:
        price = cost(state, owner, target)
    return f"{state['players'][seat]['name']} destroys {state['players'][owner]['name']}'s " \
           f"{name} ({price} damage)"
