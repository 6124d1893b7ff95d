"""Orders (»): printed on units, bases and leaders (a base uses its own and its
leaders', AAT-BASE-3), paid in Funds where printed (AAT-TOK-7), plus the orders the
rules give (Escape, AAT-OBJ-3; Upload, AAT-OBJ-8)."""

from __future__ import annotations

from companion.core.tasks import push
from companion.games.aat import model as m

RULE_ORDERS = ("escape", "upload")
RULE_ORDER = {"evacuation": "escape", "viral": "upload"}  # each for one objective


class Orders:
    """Part of AatRules (rules.py)."""

    def order_actions(self, state: dict, p: dict, leaders=None) -> list[dict]:
        """Every order `p` may use now as its action: the judgement of order_problem,
        made from the card's facts (its printed orders, its leaders', the rules').
        `leaders`: its owner's leaders in table order, if already read."""
        uid, owner = p["uid"], p["owner"]
        facts = self.facts
        funds = m.base(state, owner)["tokens"].get("funds", 0)
        out = []
        for i, (cost, goals) in enumerate(facts[p["card"]].orders):
            if cost <= funds and (not goals or self.goals_open(state, p, goals)):
                out.append({"type": "order", "unit": uid, "order": i})
        if p["kind"] == "base":  # AAT-BASE-3: its leaders' orders, unless disrupted
            for leader in m.leaders(state, owner) if leaders is None else leaders:
                if "disruption" not in leader["tokens"]:
                    for i, (cost, goals) in enumerate(facts[leader["card"]].orders):
                        if cost <= funds and (not goals or
                                              self.goals_open(state, leader, goals)):
                            out.append({"type": "order", "unit": uid,
                                        "leader": leader["uid"], "order": i})
        else:  # Escape and Upload are for one objective each
            name = RULE_ORDER.get(m.objective(state, owner))
            if name and self.rule_order_problem(state, p, name) is None:
                out.append({"type": "order", "unit": uid, "order": name})
        return out

    def goals_open(self, state: dict, source: dict, goals: tuple) -> bool:
        return not any(self.objective_problem(state, source, name) for name in goals)

    def order_problem(self, state: dict, p: dict, action: dict) -> tuple | None:
        """Why `p` may not use this order now (rule, reason), or None."""
        name, leader = action.get("order"), action.get("leader")
        source = p
        if leader is not None:
            source = m.piece(state, leader)
            if p["kind"] != "base" or source is None or source["kind"] != "leader" or \
                    source["owner"] != p["owner"]:
                return ("AAT-BASE-3", "a base uses the orders of its own leaders in play")
            if m.disrupted(source):
                return ("AAT-TOK-5", "a disrupted leader's orders cannot be used")
        if name in RULE_ORDERS and leader is None:
            return self.rule_order_problem(state, p, name)
        orders = self.cards[source["card"]]["orders"]
        if type(name) is not int or not 0 <= name < len(orders):
            return ("AAT-TURN-6", "use an order printed on the card")
        order = orders[name]
        if order["funds"] > m.tokens(m.base(state, p["owner"]), "funds"):
            return ("AAT-TOK-7", f"{order['name']} costs {order['funds']} Funds from your "
                    "base")
        for step in order["effect"]:
            if step["op"] == "objective":
                problem = self.objective_problem(state, source, step["name"])
                if problem:
                    return problem
        return None

    def use_order(self, state: dict, p: dict, action: dict) -> list[dict]:
        name = action["order"]
        if name in RULE_ORDERS and action.get("leader") is None:
            return self.escape(state, p) if name == "escape" else self.upload(state, p)
        source = state["table"][action["leader"]] if action.get("leader") else p
        order = self.cards[source["card"]]["orders"][name]
        if order["funds"]:
            m.add_tokens(m.base(state, p["owner"]), "funds", -order["funds"])
        push(state, {"do": "effect", "seat": p["owner"], "steps": order["effect"], "i": 0,
                     "source": source["uid"], "card": source["card"], "played": False,
                     "theater": m.theater_of(state, source)})
        return [{"kind": "order", "text": f"{self.label(state, source)}: » {order['name']}",
                 "player": p["owner"], "uid": source["uid"], "order": order["name"]}]
