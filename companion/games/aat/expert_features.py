"""What the expert player (expert.py) reads of a position, as numbers its value model
(expert_value.py) weighs: the base race, the armies in each theater, both alternate
objectives' progress, cards in hand and deck, and whose turn it is.

Only what `me` may know at the table goes in: the board, the piles' sizes, the
objective piles (face up) and my own hand; never the opponent's hand or any deck's
order, so a position's value cannot leak hidden cards."""

from __future__ import annotations

from companion.games.aat import model as m

GOALS = ("evacuation", "raid", "signal", "crack", "singularity", "viral")
# the features of one position, in the order the value model's weights are kept
SIDE = ("left", "near_death", "pressure", "blocked", "atk_front", "hp_front", "atk_home",
        "hp_home", "guards", "units", "disrupted", "hand", "deck", "fatigue", "funds",
        "progress", "staged", "ready", "leaders", "last_step", "playable")
NAMES = ("bias", "my_turn", "escalation", "turn", "acting") + tuple(
    f"{who}_{name}" for who in ("me", "them") for name in SIDE)


def features(state: dict, me: int, cards: dict, worth=None) -> list[float]:
    """The feature vector of `state` from seat `me`'s side (NAMES gives the order);
    `worth(card id)` values the cards of my own hand I could play now or soon."""
    table = state["table"]
    players = state["players"]
    bases = (table["b0"], table["b1"])
    homes = (bases[0]["theater"], bases[1]["theater"])
    side = (_Side(), _Side())
    turn, current = state["turn"], state["current"]
    acting = 0.0  # attack still to come this turn in the enemy base's theater
    for p in table.values():
        kind = p["kind"]
        if kind == "base":
            continue
        s = side[p["owner"]]
        card = cards[p["card"]]
        left = card["health"] - p["damage"]
        if kind == "leader":
            s.buffer += max(0, left - 1)
            s.leaders += 1
            continue
        tokens = p["tokens"]
        off = "disruption" in tokens
        traits = card["traits"]
        attack = 0 if off else card["attack"] * (1 + (traits.get("Repeater") or 0))
        s.units += 1
        if off:
            s.disrupted += 1
        front = homes[1 - p["owner"]]
        if p["theater"] == front:
            s.atk_front += attack
            s.hp_front += left
            if attack:
                s.front_units.append((p, traits, attack))
            if p["owner"] == current and not p["acted"] and p["entered"] != turn:
                acting += attack if p["owner"] == me else -attack
        else:
            s.atk_home += attack
            s.hp_home += left
            if not off and traits.get("Defender"):
                s.guards += 1
        if p.get("objective") or tokens.get("computation") or traits.get("Mainframe") \
                or "Transport" in card["types"]:
            s.pieces.append((p, card, off))
    out = [1.0, 1.0 if current == me else -1.0, state["escalation"] / 5 + state["incidents"] / 20,
           min(turn, 40) / 40, acting / 10]
    for owner in (me, 1 - me):
        s = side[owner]
        player = players[owner]
        left = cards[bases[owner]["card"]]["health"] - bases[owner]["damage"] + s.buffer
        pressure, blocked = _pressure(s.front_units, table, 1 - owner, homes[1 - owner],
                                      cards)
        goal = m.OBJECTIVES[player["subfaction"], player["role"]]
        progress, staged, ready = _objective(goal, state, owner, s.pieces, bases, cards)
        out += [left / 30, 1.0 / (max(left, 0) + 3), pressure / 10, blocked / 10,
                s.atk_front / 10, s.hp_front / 20, s.atk_home / 10, s.hp_home / 20,
                s.guards / 3, s.units / 10, s.disrupted / 3, len(player["hand"]) / 10,
                len(player["deck"]) / 30, player["fatigue"] / 5,
                min(m.tokens(bases[owner], "funds"), 10) / 10, progress, staged, ready,
                s.leaders, 1.0 if progress >= 0.7 and ready else 0.0,
                _playable(player["hand"], state["escalation"], cards, worth)
                if owner == me and worth else 0.0]
    return out


def _playable(hand: list, level: int, cards: dict, worth) -> float:
    """What my hand holds that I can play now or at the next escalation level."""
    return sum(worth(c) for c in hand if c in cards and cards[c]["escalation"] <= level + 1) / 40


class _Side:
    """One seat's sums over its pieces."""

    __slots__ = ("buffer", "leaders", "units", "disrupted", "atk_front", "hp_front",
                 "atk_home", "hp_home", "guards", "front_units", "pieces")

    def __init__(self):
        self.buffer = self.leaders = self.units = self.disrupted = 0
        self.atk_front = self.hp_front = self.atk_home = self.hp_home = self.guards = 0
        self.front_units: list = []
        self.pieces: list = []


def _pressure(front_units: list, table: dict, foe: int, theater: str, cards: dict):
    """(attack that may strike the enemy base now, attack kept off it) of one side's
    working units in the enemy base's theater (AAT-CMB-1: Defender, Fighter, Capital)."""
    defender = fighter = capital = False
    for q in table.values():
        if q["owner"] == foe and q["kind"] == "unit" and q["theater"] == theater:
            traits = cards[q["card"]]["traits"]
            if traits.get("Defender") and "disruption" not in q["tokens"]:
                defender = True
            fighter = fighter or bool(traits.get("Fighter"))
            capital = capital or bool(traits.get("Capital"))
    free = held = 0
    for _p, traits, attack in front_units:
        if defender or (fighter and traits.get("Fighter")) or (capital and traits.get("Capital")):
            held += attack
        else:
            free += attack
    return free, held


def _objective(goal: str, state: dict, owner: int, pieces: list, bases: tuple,
               cards: dict) -> tuple[float, float, float]:
    """(progress made for good, work in play towards the next step, a step ready to
    be taken in the owner's next turn), each about 0..1, for the owner's objective."""
    player = state["players"][owner]
    staged = ready = 0.0
    if goal == "evacuation":
        for p, card, _off in pieces:
            if p["kind"] == "unit" and "Transport" in card["types"]:
                if p["planetside"] and p["theater"] == "Space":
                    ready += 1
                elif p["theater"] == "Planetside":
                    staged += 1
        return player["escaped"] / 4, min(staged, 4) / 4, min(ready, 4) / 4
    if goal == "viral":
        front = bases[1 - owner]["theater"]
        for p, card, off in pieces:
            if card["traits"].get("Mainframe"):
                held = m.tokens(p, "computation")
                if p["theater"] == front and not off:
                    ready += held
                    staged += 1
                else:
                    staged += 0.3 * held / 3
        return m.tokens(bases[1 - owner], "computation") / 10, min(staged, 4) / 4, ready / 10
    if goal == "crack":
        level = state["escalation"] + state["incidents"] / 4
        for p, _card, off in pieces:
            if p.get("objective"):
                ready = 0.3 if off else 1.0
        return level / 5, 1.0 if state["escalation"] >= 5 else 0.0, ready
    objective_pieces = [(p, off) for p, card, off in pieces if p.get("objective")]
    if goal == "signal":
        for p, off in objective_pieces:
            charge = m.tokens(p, "charge")
            staged += 0.5 + charge
            ready += 0 if off else charge
    elif goal == "singularity":
        for p, off in objective_pieces:
            held = m.tokens(p, "computation")
            staged += 0.5 + held / 3
            ready += 1 if held >= 3 and not off else 0
    else:  # raid
        for p, off in objective_pieces:
            carried = m.tokens(p, "objective")
            if carried:
                ready += 1 if p["theater"] == "Planetside" and not off else 0.5
            staged += 0.5 + (0.5 if p["theater"] == "Planetside" else 0)
    return player["scored"] / 4, min(staged, 6) / 6, min(ready, 4) / 4
