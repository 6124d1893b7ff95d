"""The greedy player's value of effect steps (ai.py): one-time effects, orders and
entry effects all read as the same steps (docs/against-all-tyrants-cards.md)."""

from __future__ import annotations

from companion.games.aat import model as m
from companion.games.aat.ai_reading import NOWHERE, WIN


class EffectValues:
    """Part of Look (ai.py)."""

    __slots__ = ()

    def steps_value(self, steps: list, source, theater, played: bool, card_id) -> float:
        """What these effect steps are worth now (an order's: in `theater`; a card's:
        anywhere, or the best theater for every-unit steps)."""
        total = 0.0
        for step in steps:
            total += self.step_value(step, source, theater, played, card_id)
        return total

    def count(self, n, theater, played_types) -> int:
        if type(n) is int:
            return n
        total = 0
        for p in self.units[self.seat]:
            if (theater is None or p["theater"] == theater) and \
                    n.get("type") in self.cards[p["card"]]["types"]:
                expert = self.trait(p, "Expert") or ()
                total += 2 if any(t in played_types for t in expert) else 1
        return total

    def pool(self, owner: int, theater) -> list:
        return self.units[owner] if theater is None else self._here[owner].get(theater, NOWHERE)

    def step_value(self, step: dict, source, theater, played: bool, card_id) -> float:
        op = step["op"]
        n = step.get("n", 0)
        if type(n) is not int:
            n = self.count(n, theater, self.cards[card_id]["types"] if played else ())
        target = step.get("target")
        if op == "objective":
            return self.objective_order_value(step["name"], source) if source else 0.0
        if target in ("enemy-unit", "own-unit"):
            owner = self.enemy if target == "enemy-unit" else self.seat
            value = self.unit_step_value
            top = None  # max of each unit's value and -3.0, in that order (no lists)
            for q in self.pool(owner, theater):
                v = value(op, n, q)
                if top is None or v > top:
                    top = v
            return -3.0 if top is None or top < -3.0 else top
        if target in ("enemy-units", "own-units"):
            owner = self.enemy if target == "enemy-units" else self.seat
            value, here = self.unit_step_value, self._here[owner]
            if theater is not None:
                return sum(value(op, n, q) for q in here.get(theater, NOWHERE))
            space = sum(value(op, n, q) for q in here.get("Space", NOWHERE))
            planetside = sum(value(op, n, q) for q in here.get("Planetside", NOWHERE))
            # (max of the two and -3.0, in that order)
            top = planetside if planetside > space else space
            return -3.0 if top < -3.0 else top
        if target in ("enemy-base", "own-base"):
            if op == "damage" and target == "enemy-base":
                base = self.bases[self.enemy]
                if n - m.tokens(base, "shield") >= self.left(base):
                    return WIN
                return n * self.base_weight(self.enemy)
            return 0.5 * n
        if target == "self":
            return self.unit_step_value(op, n, source) if source else 0.0
        if op == "draw":
            deck = len(self.state["players"][self.seat]["deck"])
            return 2.5 * min(n, deck) - (3.0 if deck <= n + 2 else 0.0)
        if op == "funds":
            return 1.2 * n
        if op == "compute":
            return self.compute_value(n)
        if op in ("deploy", "place"):
            return self.pick_value(step, n)
        return 0.0

    def unit_step_value(self, op: str, n: int, q: dict) -> float:
        """A targeted step on one unit `q`."""
        mine = q["owner"] == self.seat
        if op == "damage":
            if mine:
                return -self.worth(q)
            tokens = q["tokens"]
            if "stealth" in tokens and tokens["stealth"]:
                return 0.2 * self.kill_value(q)
            dealt = n - tokens["shield"] if "shield" in tokens else n
            if dealt < 0:
                dealt = 0
            left = self._health[q["card"]] - q["damage"]
            if dealt >= left:
                return 6 + self.kill_value(q)
            return 0.5 * self.kill_value(q) * dealt / left
        if op == "disrupt":
            if mine:
                return -0.5 * self.worth(q)
            value = self.kill_value(q)
            if self.objective_worth(q, q["owner"], self.their_goal) >= 400:
                return 300.0 + 50 * min(n, 2)  # the Cracker about to fire
            held = m.tokens(q, "disruption")
            more = n - 1  # (min(n - 1, 1), no call)
            return (0.3 + 0.15 * (1 if more > 1 else more)) * value * (0.5 if held else 1.0)
        if op in ("shield", "stealth"):
            if not mine:
                return -1.0
            if op == "stealth" and m.tokens(q, "stealth"):
                return 0.3
            danger = self.danger(q)
            # min(n, max(danger, 1)), and min(1.0, guard / max(1, left)) below: no calls
            most = 1 if danger < 1 else danger
            guard = (most if n > most else n) * (2 if op == "stealth" else 1)
            scale = 1.0 if danger else 0.25
            worth, left = self.worth(q), self.left(q)
            share = guard / (left if left > 1 else 1)
            return scale * worth * (share if share < 1.0 else 1.0) * 0.6
        if op == "repair":
            if not mine:
                return -1.0
            fixed = q["damage"]  # (min(n, damage), no call)
            if n <= fixed:
                fixed = n
            if not fixed:  # (what worth(q) * 0 / health is: a worth is 0 or more)
                return 0.0
            return self.worth(q) * fixed / self._health[q["card"]]
        if op == "mark":
            if not mine:
                return -0.5
            return self.mark_use(q) * n
        return 0.0

    def mark_use(self, q: dict) -> float:
        """What a Mark token on my unit `q` may buy: a guarded unit, a leader."""
        foe = self.enemy
        value = 0.3
        theater = q["theater"]
        if theater == self.front and self.leaders[foe]:
            value = 2.0
        if self.guarded(foe, theater):  # (the guard is read once a theater)
            for u in self.here(foe, theater):
                if self.trait(u, "Defended"):
                    return 3.0
        return value

    def compute_value(self, n: int) -> float:
        """Computation tokens, on my Mainframes with room (the rest are lost)."""
        if self.goal not in ("viral", "singularity"):
            return 0.0
        room = 0
        for p in self.units[self.seat]:
            if self.trait(p, "Mainframe"):
                space = m.MAINFRAME_CAP - m.tokens(p, "computation")
                if self.goal == "singularity" and not p.get("objective"):
                    space = min(space, 1) * 0.2  # only a Core ascends
                room += space
        return 5.0 * min(n, room)

    def pick_value(self, step: dict, n: int) -> float:
        player = self.state["players"][self.seat]
        ids = []
        if "hand" in step["from"]:
            ids += player["hand"]
        if "special" in step["from"]:
            ids += player["special"]
        fit = sorted((self.agent.value(self.rules, c) for c in ids if c != m.UNKNOWN and
                      m.fits(self.cards, c, self.level, step["type"])), reverse=True)
        return 0.8 * sum(fit[:n])
