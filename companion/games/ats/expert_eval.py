"""How good a table is for one seat, in base-area hit points: what the expert's lookahead
weighs its choices by. Material (base HP, the line, the hand, clearance) plus the threat of
the player about to move: their best attack, worked out by expert_combat."""

from __future__ import annotations

import marshal

from companion.games.ats import model as m
from companion.games.ats.data import LEVELS, cards
from companion.games.ats.expert_combat import card_attack, gap_damage

WIN = 10_000.0
NEAR = {lv: [t - 1 for t in LEVELS if abs(t - lv) <= 1] for lv in LEVELS}  # R-CLR-2
W = {  # weights, in hit points of one's own bases
    "line": 0.3,  # a card in the line, per point of card value
    "hand": 0.1,  # a card in hand
    "gap": 20.0,  # an empty slot
    "clearance": 100.0,  # each level of clearance above 1
    "area": 25.0,  # a base area still standing (each must be hit at least once more)
    "finish": 300.0,  # an attack that would put the last base area down
    "tempo": 0.8,  # the mover's best attack
    "reply": 0.4,  # the other side's best attack (it moves next)
    "kill": 0.3,  # a card destroyed in that attack, per point of value
    "held": 40.0,  # an Encounter card held for later (E-08 cancels an attack)
}


VALUE: dict = {}  # card id -> card_value, for every card


def values() -> dict:
    """Every card's worth, the greedy player's measure: ATK + DEF + 15 per attribute."""
    if not VALUE:
        VALUE.update({c: d["atk"] + d["def"] + 15 * len(d["attributes"])
                      for c, d in cards()[0].items()})
    return VALUE


def card_value(card_id: str) -> float:
    return values()[card_id]


def evaluate(state: dict, seat: int, w: dict = W) -> float:
    """The table's worth for `seat`'s side: theirs minus every opponent's."""
    players = state["players"]
    team = players[seat]["team"]
    values()  # material reads VALUE directly
    if state["phase"] == "over":
        winner = state["winner"]
        if winner["draw"]:
            return 0.0
        return WIN if winner["team"] == team else -WIN
    score = 0.0
    for player in players:
        if player["out"]:
            continue
        score += material(player, w) if player["team"] == team else -material(player, w)
    wait = state["await"]
    mover = wait.get("player") if wait else None
    for other, player in enumerate(players):
        if player["out"]:
            continue
        weight = w["tempo"] if other == mover else w["reply"]
        threat = weight * best_attack(state, other, w)
        score += threat if player["team"] == team else -threat
    return score


def material(player: dict, w: dict) -> float:
    """What one player has: bases, line, hand, clearance, held Encounter cards."""
    value = 0.0
    for hp in player["bases"].values():
        if hp > 0:
            value += hp + w["area"]
    line = 0.0
    for slot in player["line"]:
        if slot:
            line += VALUE[slot["card"]]
        else:
            value -= w["gap"]
    hand = sum(map(VALUE.__getitem__, player["hand"]))
    value += w["held"] * len(player["held"])
    return value + w["line"] * line + w["hand"] * hand + w["clearance"] * (
        player["clearance"] - 1)


_KNOWN: dict = {}  # what best_attack depends on, as bytes -> its answer


def best_attack(state: dict, seat: int, w: dict) -> float:
    """The most `seat` could gain with one attack now (0: none worth making); the same
    lines and bases come back often in a lookahead, so answers are kept."""
    player, players = state["players"][seat], state["players"]
    rivals = m.opponents(state, seat)
    known_as = marshal.dumps((id(w), m.clearance(player), player["line"],
                              [(players[q]["line"], players[q]["bases"]) for q in rivals]))
    known = _KNOWN.get(known_as)
    if known is None:
        if len(_KNOWN) > 100_000:
            _KNOWN.clear()
        known = _KNOWN[known_as] = _best_attack(state, seat, w)
    return known


def _best_attack(state: dict, seat: int, w: dict) -> float:
    player = state["players"][seat]
    kill = w["kill"]
    best = 0.0
    for q in m.opponents(state, seat):
        enemy = state["players"][q]
        areas = [hp for hp in enemy["bases"].values() if hp > 0]
        if not areas:
            continue
        line = enemy["line"]
        for level, slot in enumerate(player["line"][:m.clearance(player)], start=1):
            if slot is None or slot["disabled"]:
                continue
            gap = False
            for t in NEAR[level]:
                victim = line[t]
                if victim is None:
                    gap = True
                elif m.can_strike(slot, victim):
                    a_dead, t_dead, over = card_attack(slot, victim)
                    gain = kill * (t_dead * VALUE[victim["card"]] - a_dead * VALUE[slot["card"]])
                    if over:
                        gain += base_gain(areas, over, w)
                    if gain > best:
                        best = gain
            if gap:
                best = max(best, base_gain(areas, gap_damage(slot), w))
            elif m.has(slot, "Bypass"):  # through a gap it hits in full
                best = max(best, base_gain(areas, gap_damage(slot, True), w))
    return best


def base_gain(areas: list[int], damage: float, w: dict) -> float:
    """The most a hit of this size takes from these standing base areas: their HP, an
    area put down, the game when it is the last."""
    last = len(areas) == 1
    return max(min(hp, damage) + (w["area"] + w["finish"] * last if damage >= hp else 0)
               for hp in areas)
