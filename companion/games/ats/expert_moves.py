"""Which choices the expert tries in its lookahead, and the few it makes by rule: the
lookahead is the expert's cost, so choices that cannot be better are left out."""

from __future__ import annotations

from companion.games.ats import model as m
from companion.games.ats.data import CLEARANCE_COST, defense
from companion.games.ats.expert_eval import W, card_value

SWAPS_PER_LEVEL = 1  # the cards of a level in hand worth trying in the line


def candidates(state: dict, actions: list[dict]) -> list[dict]:
    """The actions worth trying: of the attacks on one player's base areas by one card
    (through any gap, all alike, or by Bypass) only the one on the area it hurts most;
    clearance bought with no card to spare; of the cards of a level in hand, the best."""
    out, areas, swaps = [], {}, {}
    for action in actions:
        kind = action["type"]
        target = action.get("target")
        if kind == "attack" and "area" in target:
            key = (action["level"], target["player"], bool(target.get("bypass")))
            areas.setdefault(key, []).append(action)
            if len(areas[key]) > 1:
                continue
        elif kind == "swap":
            swaps.setdefault(action["level"], []).append(action)
            continue
        elif kind == "advance" and not minimal(state, action["levels"]):
            continue
        out.append(action)
    seat = state["await"]["player"]
    for key, options in areas.items():
        if len(options) > 1:
            damage = m.eff_atk(state["players"][seat]["line"][key[0] - 1])
            out[out.index(options[0])] = max(
                options, key=lambda a: area_gain(state, a["target"]["player"],
                                                 a["target"]["area"], damage))
    for options in swaps.values():
        out += sorted(options, key=lambda a: card_value(a["card"]),
                      reverse=True)[:SWAPS_PER_LEVEL]
    return out


def by_rule(state: dict, actions: list[dict], w: dict) -> dict | None:
    """The choice made without looking ahead, or None: where damage rolls over, the
    opposing base area it hurts most; the top of one's own deck (E-10) put back the
    best card first. (The lookahead's copies deal that deck again, so it could not
    weigh an order of the cards it has just seen.)"""
    wait = state["await"]
    if wait["kind"] != "choose":
        return None
    if wait.get("choice") == "rollover_area":
        return max(actions, key=lambda a: area_gain(state, wait["target"], a["value"],
                                                    wait["amount"], w))
    if wait.get("choice") == "order":
        return max(actions, key=lambda a: [card_value(c) for c in a["value"]])
    return None


def area_gain(state: dict, seat: int, area: str, damage: int, w: dict | None = None):
    """What a hit of `damage` on this base area takes: its HP, the area when it falls
    (so hits are not wasted and areas go down); the fuller of two alike is spared."""
    hp = state["players"][seat]["bases"][area]
    return (min(hp, damage) + ((w or W)["area"] if damage >= hp else 0), -hp)


def minimal(state: dict, levels: list[int]) -> bool:
    """Whether no card of this payment for clearance could be kept (R-CLR-3: overpaying
    only loses cards)."""
    player = state["players"][state["await"]["player"]]
    cost = CLEARANCE_COST[player["clearance"] + 1]
    paid = [defense(player["line"][lv - 1]["card"])["def"] for lv in levels]
    return all(sum(paid) - value < cost for value in paid)
