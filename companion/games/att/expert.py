"""Attack the Tower's expert computer player (issue 35): the greedy AI (ai.py) with its
turn planned one turn further (expert_plan.py: which attacks, whether to renew) and its
abilities in a battle's window tried and fought out (expert_window.py); the rest of its
choices (drawing, building, discarding) are the greedy AI's."""

from __future__ import annotations

import marshal

from companion.games.att import expert_plan, expert_window
from companion.games.att.ai import GreedyAgent

FOLLOW_UPS = ("sacrifice", "boost", "carrier", "rebuild", "place")


class ExpertAgent(GreedyAgent):
    name = "expert"

    def __init__(self, seed: int):
        super().__init__(seed)
        self.planned = (None, None)  # (position, its best plan): on_renew's, for on_attacks
        self.pending = None  # the choices a card played in a window asks for next

    def choose(self, rules, state) -> dict:
        if state["await"]["kind"] not in FOLLOW_UPS:
            self.pending = None  # a window's plan holds only for the choices it sets off
        return super().choose(rules, state)

    def plan(self, state, seat):
        """(first attack or None, worth) of the best plan from here."""
        players = state["players"]
        key = marshal.dumps(([(p["board"], p["palace"], len(p["hand"])) for p in players],
                             players[seat]["hand"], state["attacked"], state["joined"],
                             state["mods"], seat))
        if self.planned[0] == key:
            return self.planned[1]
        light = expert_plan.light_of(state, seat)
        found = expert_plan.best_first(light, seat, state["attacked"],
                                       expert_plan.free_specials(state, seat))
        self.planned = (key, found)
        return found

    def on_renew(self, rules, state, seat, legal):
        """Renew when the best plan after both players' renewal is about as good as the best
        without or better (a game where no one renews goes nowhere)."""
        stay = self.plan(state, seat)[1]
        light = expert_plan.renew(expert_plan.light_of(state, seat), seat)
        floor = stay - expert_plan.RENEW_BIAS
        renew = expert_plan.best_first(light, seat, [], expert_plan.free_specials(state, seat),
                                       floor)[1]
        return {"type": "renew", "renew": renew > floor}

    def on_attacks(self, rules, state, seat, legal):
        plays = [a for a in legal if a["type"] == "play" and self.wanted(state, seat, a)]
        if plays:
            return plays[0]
        attack, _ = self.plan(state, seat)
        if attack is not None and attack in legal:
            return attack
        late = [a for a in legal if a["type"] == "play" and self.wanted(state, seat, a, True)]
        return late[0] if late else {"type": "end_turn"}

    # -- a battle's window and the choices a card asks for ---------------------------------
    def on_window(self, rules, state, seat, legal):
        action, self.pending = expert_window.choose(state, seat, legal)
        return action

    def on_sacrifice(self, rules, state, seat, legal):
        plan = self.pending or {}
        for troop in plan.get("sacrifice", []):
            plan["sacrifice"] = plan["sacrifice"][1:]
            if {"type": "sacrifice", "troop": troop} in legal:
                return {"type": "sacrifice", "troop": troop}
        if plan and {"type": "done"} in legal:
            return {"type": "done"}
        return super().on_sacrifice(rules, state, seat, legal)

    def on_boost(self, rules, state, seat, legal):
        plan = self.pending or {}
        if plan.get("boost") and {"type": "boost", "troop": plan["boost"]} in legal:
            return {"type": "boost", "troop": plan["boost"]}
        return super().on_boost(rules, state, seat, legal)

    def on_carrier(self, rules, state, seat, legal):
        plan = self.pending or {}
        if plan.get("troop") and {"type": "sacrifice", "troop": plan["troop"]} in legal:
            return {"type": "sacrifice", "troop": plan["troop"]}
        return super().on_carrier(rules, state, seat, legal)

    def on_rebuild(self, rules, state, seat, legal):
        plan = self.pending or {}
        wanted = {"type": "rebuild", "base": plan.get("base"), "at": plan.get("at")}
        return wanted if wanted in legal else super().on_rebuild(rules, state, seat, legal)

    def on_place(self, rules, state, seat, legal):
        """In a battle, recruits go where they fight."""
        battle = state["battle"]
        places = [a for a in legal if a["type"] == "place"]
        if battle and places:
            here = battle["from"] if seat == battle["a"] else \
                (None if battle["palace"] else battle["to"])
            near = [a for a in places if a["at"][0] == here]
            if near:
                board = state["players"][seat]["board"]
                return min(near, key=lambda a: (len(board[a["at"][0]][a["at"][1]]["troops"]),
                                                a["at"]))
        return super().on_place(rules, state, seat, legal)
