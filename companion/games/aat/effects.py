"""Effects: one-time effect cards, orders and immediate texts, step by step, in the
vocabulary of docs/against-all-tyrants-cards.md section 4.

An order's targets are in its card's theater; a one-time effect's are anywhere
(one unit) or in one theater its player picks (all units). Effects never choose
leaders (AAT-LEAD-1)."""

from __future__ import annotations

from companion.core.tasks import choose, done, push
from companion.games.aat import model as m
from companion.games.aat.data import THEATERS

TOKEN_OPS = {"disrupt": "disruption", "shield": "shield", "stealth": "stealth", "mark": "mark"}
BASE_TARGETS = ("enemy-base", "own-base")


class Effects:
    """Part of AatRules (rules.py)."""

    def op_effect(self, state: dict, task: dict, answer) -> list[dict]:
        """Run the steps in order; a step that needs a target asks, one whose children
        (damage, picks) must resolve first returns and is called again after them."""
        events: list[dict] = []
        steps = task["steps"]
        while task["i"] < len(steps):
            step = steps[task["i"]]
            if state["doomed"] and (step["op"] in ("deploy", "place", "compute") or
                                    step.get("target", "enemy-base") not in BASE_TARGETS):
                task["i"] += 1  # a base is down: only what decides this event still counts
                continue
            targets = self.step_targets(state, task, step, answer)
            answer = None
            if targets is None:  # a prompt is waiting
                return events
            task["i"] += 1
            pushed = len(state["tasks"])
            events += self.apply_step(state, task, step, targets)
            if state["phase"] == "over" or len(state["tasks"]) != pushed or \
                    state["await"] is not None:
                return events
        done(state, task)
        if state["doomed"]:  # AAT-WIN-1: the whole effect was one event
            state["doomed"] = False
            events += self.check_end(state)
        return events

    # -- targets ---------------------------------------------------------------------------
    def step_targets(self, state: dict, task: dict, step: dict, answer):
        """The pieces a step acts on ([] when there are none); None after asking."""
        target = step.get("target")
        if target is None:
            return []
        seat = task["seat"]
        enemy = 1 - seat
        source = state["table"].get(task["source"]) if task["source"] else None
        if target == "self":
            return [source] if source else []
        if target in BASE_TARGETS:
            return [m.base(state, enemy if target == "enemy-base" else seat)]
        owner = enemy if target.startswith("enemy") else seat
        theater = task["theater"]
        pool = m.units(state, owner, theater)
        if target.endswith("-unit"):
            if not pool:
                return []
            if answer is None:
                op = step["op"]
                what = f"deal {self.amount(state, task, step['n'])} damage to" \
                    if op == "damage" else op  # "repair", "disrupt" and the rest: the op
                choose(state, seat, "target", [p["uid"] for p in pool],
                       f"{self.cards[task['card']]['name']}: {what} which "
                       f"{'enemy unit' if owner == enemy else 'of your units'}?")
                return None
            return [state["table"][answer]]
        if theater is not None:  # an order: every such unit in its theater
            return pool
        if answer is None:  # a one-time effect: every such unit in one chosen theater
            where = [t for t in THEATERS if m.units(state, owner, t)]
            if not where:
                return []
            if len(where) == 1:
                return m.units(state, owner, where[0])
            choose(state, seat, "theater", where,
                   f"{self.cards[task['card']]['name']}: in which theater?")
            return None
        return m.units(state, owner, answer)

    def amount(self, state: dict, task: dict, n) -> int:
        """A number, or a count of own units of a type; X Expert units count twice
        while a card of type X their owner played resolves (AAT-TRAIT-23)."""
        if type(n) is int:
            return n
        kind = n.get("type")
        played = self.cards[task["card"]]["types"] if task["played"] else ()
        total = 0
        for p in m.units(state, task["seat"], task["theater"]):
            if m.has_type(self.cards, p, kind):
                expert = m.trait(self.cards, p, "Expert") or ()
                total += 2 if any(t in played for t in expert) else 1
        return total

    # -- doing a step ----------------------------------------------------------------------
    def apply_step(self, state: dict, task: dict, step: dict, targets: list) -> list[dict]:
        op, seat = step["op"], task["seat"]
        name = state["players"][seat]["name"]
        what = self.cards[task["card"]]["name"]
        n = self.amount(state, task, step.get("n", 0))
        if op == "damage":
            targets = [p for p in targets if p["kind"] != "leader"]  # AAT-LEAD-1
            if targets:
                push(state, *[{"do": "damage", "target": p["uid"], "amount": n,
                               "attack": False, "effect": True, "source": task["source"]}
                              for p in targets], {"do": "destroy"})
            return []
        if op in TOKEN_OPS:
            events = []
            for p in targets:
                if op == "mark" and p["kind"] != "unit":
                    continue  # Marks go on units only
                m.add_tokens(p, TOKEN_OPS[op], n)
                events.append({"kind": "tokens", "text": f"{what}: {self.label(state, p)} gets "
                               f"{n} {TOKEN_OPS[op].capitalize()}", "player": seat,
                               "uid": p["uid"], "token": TOKEN_OPS[op], "amount": n})
            return events
        if op == "repair":
            events = []
            for p in targets:
                fixed = min(n, p["damage"])
                p["damage"] -= fixed
                m.damage_edited(p)
                events.append({"kind": "repaired", "text": f"{what}: {self.label(state, p)} "
                               f"repairs {fixed}", "player": seat, "uid": p["uid"]})
            return events
        if op == "draw":
            drawn = m.draw(state, seat, n)  # AAT-TURN-2: no fatigue
            return [{"kind": "drew", "text": f"{name} draws {drawn} ({what})", "player": seat,
                     "count": drawn}]
        if op == "funds":
            m.add_tokens(m.base(state, seat), "funds", n)
            return [{"kind": "funds", "text": f"{name} gains {n} Funds ({what})",
                     "player": seat}]
        if op == "compute":
            push(state, {"do": "computation", "seat": seat, "left": n, "why": what})
            return []
        if op in ("deploy", "place"):
            push(state, {"do": "pick", "seat": seat, "left": n, "type": step["type"],
                         "rallied": False, "theater": None, "deployed": op == "deploy",
                         "from": step["from"], "why": what})
            return []
        source = state["table"].get(task["source"]) if task["source"] else None
        return self.objective_order(state, source, step["name"]) if source else []

    def label(self, state: dict, p: dict) -> str:
        """A piece as the log names it: owner and card (some 400 a greedy game: each
        (owner's name, card) worded once an engine; a parsed card is never changed)."""
        owner, card = state['players'][p['owner']]['name'], p['card']
        key = (owner, card)
        found = self.labels.get(key)
        if found is None:
            found = self.labels[key] = m.owned(owner, self.cards[card]['name'])
        return found
