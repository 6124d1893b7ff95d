"""Above Top Secret's greedy computer player (the random one is the core's)."""

from __future__ import annotations

from functools import cache

from companion.core.agents import Agent
from companion.games.ats import model as m
from companion.games.ats.data import defense


@cache
def value(card_id) -> int:
    if card_id in (None, m.UNKNOWN):
        return 0
    card = defense(card_id)
    return card["atk"] + card["def"] + 15 * len(card["attributes"])


class GreedyAgent(Agent):
    """Scores each legal action with a quick heuristic (no lookahead: it never
    sees the dice) and plays the best, ties broken at random."""

    name = "greedy"

    def choose(self, rules, state) -> dict:
        actions = rules.legal_actions(state)
        if len(actions) == 1:
            return actions[0]
        seat = rules.acting_seat(state)
        scored = [(self.score(rules, state, seat, a), self.random.random(), i)
                  for i, a in enumerate(actions)]
        return actions[max(scored)[2]]

    # -- scoring ----------------------------------------------------------------------
    def score(self, rules, state, seat, action) -> float:
        kind = action["type"]
        me = state["players"][seat]
        if kind == "start_card":  # random starting lines, so balance studies see every card
            return 0.0
        if kind == "reinforce":
            return value(action["card"])
        if kind == "discard":
            return -value(action["card"])
        if kind == "end_turn":
            return 0.0
        if kind == "attack":
            return self.attack_score(state, seat, action)
        if kind in ("sacrifice", "swap"):
            swap = action["swaps"][0] if kind == "sacrifice" else action
            old = me["line"][swap["level"] - 1]
            gain = value(swap["card"]) - (value(old["card"]) if old else -200)
            return gain / 4 - 5
        if kind == "intel":
            return 3.0 if action["mode"] == "opponent" else 1.0
        if kind == "advance":
            lost = sum(value(me["line"][lv - 1]["card"]) for lv in action["levels"])
            highest = max((lv for lv, s in enumerate(me["line"], 1) if s), default=0)
            return (40.0 if highest > me["clearance"] else 5.0) - lost / 4
        if kind == "cloak":
            slot = me["line"][action["level"] - 1]
            return 10.0 + m.eff_atk(slot) / 10
        if kind == "skip":
            return 0.0
        if kind == "choose":
            return self.choice_score(state, seat, action["value"])
        return 0.0

    def attack_score(self, state, seat, action) -> float:
        slot = state["players"][seat]["line"][action["level"] - 1]
        target = action["target"]
        enemy = state["players"][target["player"]]
        atk = m.eff_atk(slot)
        if m.has(slot, "Inaccuracy"):
            atk = atk * 0.45
        if "area" in target:
            hp = enemy["bases"][target["area"]]
            damage = min(hp, atk * (0.75 if target.get("bypass") else 1.0))
            finishing = 60 if damage >= hp else 0
            return 20 + damage + finishing + (400 if len(m.standing_areas(enemy)) == 1
                                              and damage >= hp else 0)
        victim = enemy["line"][target["level"] - 1]
        minus = 10 * m.has(slot, "Flanking") + 10 * m.has(slot, "Infiltration")
        remaining = m.eff_def(victim, slot, minus) - victim["damage"]
        risk = 0.0
        strikes_first = (m.has(victim, "Disabler") and not m.has(slot, "Disabler")) or (
            m.has(victim, "First Strike") and not m.has(slot, "First Strike")
            and m.unit(slot) != "Covert")
        if strikes_first and m.can_strike(victim, slot) and \
                m.eff_atk(victim) >= m.eff_def(slot, victim) - slot["damage"]:
            risk = value(slot["card"]) * 0.9
        if atk >= remaining:
            return 30 + value(victim["card"]) / 2 + (atk - remaining) - risk
        return atk / max(remaining, 10) * 20 - risk - 5

    def choice_score(self, state, seat, option) -> float:
        prompt = state["await"]
        kind = prompt["choice"]
        if kind in ("use_held",):
            return 1.0 if option else 0.0
        if kind == "self_destruct":
            return 1.0 if option else 0.5
        if kind in ("rollover_area", "area"):
            target = state["players"][prompt.get("target", seat)]
            if target is state["players"][seat]:
                return target["bases"][option]
            return -target["bases"][option]
        if kind == "repair_area":
            return -state["players"][seat]["bases"][option]
        if kind == "card" and isinstance(option, list):
            owner, level = option
            # own cards get boosts, enemy cards get hindered: either way the best one
            return value(state["players"][owner]["line"][level - 1]["card"])
        if kind in ("discard", "bottom"):
            return -value(option)
        if kind == "search":
            return value(option)
        if kind == "opponent":
            return -sum(state["players"][option]["bases"].values())
        return 0.0
