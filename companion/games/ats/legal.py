"""Above Top Secret: what may be done: the legal actions of each prompt, and why
an attack may not be declared."""

from __future__ import annotations

from itertools import combinations

from companion.games.ats import model as m
from companion.games.ats.data import (
    CLEARANCE_COST,
    LEVELS,
    defense,
)

WITHIN_ONE = {lv: [t for t in LEVELS if abs(t - lv) <= 1] for lv in LEVELS}  # R-CLR-2


class LegalMoves:
    """Part of AtsRules (rules.py)."""

    def legal_actions(self, state: dict) -> list[dict]:
        wait = state["await"]
        if wait is None:
            return []
        kind, seat = wait["kind"], wait.get("player")
        if kind == "choose":
            return [{"type": "choose", "value": o} for o in wait["options"]]
        if kind in ("roll", "turn_start"):
            if state["settings"]["dice"] == "physical":
                return [{"type": "roll", "value": v} for v in range(1, 7)]
            return [{"type": "roll"}]
        if kind == "start_card":
            return [{"type": "start_card", "card": c} for c in self.start_choices(state)]
        if kind == "draw":
            return [{"type": "draw"}]
        if kind == "main":
            return self.main_actions(state, seat)
        if kind == "reinforce":
            options = m.hand_choices(state, seat, wait["level"])
            extra = [None] if state["settings"]["cards"] == "tracked" else []
            return [{"type": "reinforce", "card": c} for c in options + extra]
        if kind == "advance":
            return [{"type": "skip"}] + [{"type": "advance", "levels": list(levels)}
                                         for levels in self.advance_options(state, seat)]
        if kind == "cloak":
            return [{"type": "skip"}] + [{"type": "cloak", "level": lv}
                                         for lv, s in self.line(state, seat) if s]
        if kind == "discard":
            return [{"type": "discard", "card": c} for c in m.hand_choices(state, seat)]
        return []

    def main_actions(self, state, seat) -> list[dict]:
        actions = [{"type": "end_turn"}]
        turn = state["turn"]
        player = state["players"][seat]
        if not (turn["intel"] or turn["attacked"] or turn["sacrificed"]):
            for level, slot in enumerate(player["line"][:m.clearance(player)], start=1):
                if slot and m.has(slot, "Intel"):
                    actions.append({"type": "intel", "level": level, "mode": "self"})
                    actions += [{"type": "intel", "level": level, "mode": "opponent",
                                 "player": q} for q in m.opponents(state, seat)]
                    break
        swaps = [{"type": "swap", "level": lv, "card": c}
                 for lv in self.swap_levels(state, seat)
                 for c in m.hand_choices(state, seat, lv)]  # R-SAC-2
        return actions + self.attack_actions(state, seat) + swaps

    def attack_actions(self, state, seat) -> list[dict]:
        """Every legal attack (the same as `attack_problem` allows, built directly)."""
        player = state["players"][seat]
        if state["turn"]["attacked"] or state["turn"]["sacrificed"]:
            return []  # R-TURN-1
        rivals = []  # (seat, per level: None for a gap else whether a Space unit, areas)
        for q in m.opponents(state, seat):
            enemy = state["players"][q]
            rivals.append((q, [s and m.unit(s) == "Space" for s in enemy["line"]],
                           m.standing_areas(enemy)))
        out = []
        for level, slot in enumerate(player["line"][:m.clearance(player)], start=1):
            if slot is None or slot["disabled"]:
                continue
            hits_space = m.unit(slot) in ("Missile", "Space")
            for q, space, areas in rivals:
                for t in WITHIN_ONE[level]:
                    if space[t - 1] is None:  # a gap: attack a standing base area through it
                        out += [{"type": "attack", "level": level,
                                 "target": {"player": q, "level": t, "area": a}} for a in areas]
                    elif hits_space or not space[t - 1]:
                        out.append({"type": "attack", "level": level,
                                    "target": {"player": q, "level": t}})
                if m.has(slot, "Bypass"):
                    out += [{"type": "attack", "level": level,
                             "target": {"player": q, "area": a, "bypass": True}} for a in areas]
        return out

    def targets(self, state, seat, level) -> list[dict]:
        """Every target an attack from this slot could name (legal or not)."""
        out = []
        for q in m.opponents(state, seat):
            enemy = state["players"][q]
            for t in (level - 1, level, level + 1):
                if t not in LEVELS:
                    continue
                if enemy["line"][t - 1]:
                    out.append({"player": q, "level": t})
                else:
                    out += [{"player": q, "level": t, "area": a} for a in m.standing_areas(enemy)]
            slot = state["players"][seat]["line"][level - 1]
            if slot and m.has(slot, "Bypass"):
                out += [{"player": q, "area": a, "bypass": True} for a in m.standing_areas(enemy)]
        return out

    def attack_problem(self, state, seat, level, target) -> tuple | None:
        """Why this attack may not be declared (rule, reason), or None (R-CMB-1)."""
        turn, player = state["turn"], state["players"][seat]
        if turn["attacked"] or turn["sacrificed"]:
            return ("R-TURN-1", "only one attack or Sacrifice per turn")
        if level not in LEVELS or not player["line"][level - 1]:
            return ("R-CMB-1", "attack with a card in your line")
        slot = player["line"][level - 1]
        if not m.cleared(player, level):
            return ("R-CLR-2", f"clearance {m.clearance(player)} does not allow level {level}")
        if slot["disabled"]:
            return ("R-CMB-7", "a Disabled card cannot attack")
        q = target.get("player")
        if q not in m.opponents(state, seat):
            return ("R-TEAM-1", "attack an opposing player still in the game")
        enemy = state["players"][q]
        if target.get("bypass"):
            if not m.has(slot, "Bypass"):
                return ("R-ATT-4", "only a Bypass card attacks a base area directly")
            if target.get("area") not in m.standing_areas(enemy):
                return ("R-CMB-6", "choose a standing base area")
            return None
        t = target.get("level")
        if t not in LEVELS or abs(t - level) > 1:
            return ("R-CLR-2", "the target must be within one level of the attacking card")
        victim = enemy["line"][t - 1]
        if victim is None:
            if target.get("area") not in m.standing_areas(enemy):
                return ("R-CMB-6", "a gap lets you attack a standing base area: choose one")
            return None
        if "area" in target:
            return ("R-CMB-1", "there is no gap at that level")
        if not m.can_strike(slot, victim):
            return ("R-UNIT-3", "only Missile and Space units can attack a Space unit")
        return None

    def advance_options(self, state, seat) -> list[tuple]:
        player = state["players"][seat]
        if player["clearance"] >= 5:
            return []
        cost = CLEARANCE_COST[player["clearance"] + 1]
        levels = [lv for lv, s in enumerate(player["line"], start=1) if s]
        printed = [defense(s["card"])["def"] for s in player["line"] if s]
        return [chosen for r in range(1, len(levels) + 1)
                for chosen, values in zip(combinations(levels, r), combinations(printed, r),
                                          strict=True)
                if sum(values) >= cost]

    @staticmethod
    def line(state, seat):
        return list(enumerate(state["players"][seat]["line"], start=1))
