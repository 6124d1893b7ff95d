"""The greedy player's reading of the table (ai.py): what each piece can hit, what
the enemy can put on it next turn, and what it is worth to its owner, for the base
race and for both alternate objectives. The other ai_* parts score actions on it."""

from __future__ import annotations

from companion.games.aat import model as m

WIN = 10_000.0  # an action that wins the game now
NEAR = 60.0  # an objective piece whose next action wins
MARK_COST = 2.0  # a Mark token spent (AAT-TRAIT-15): one fewer guarded unit or leader to reach


class Reading:
    """Part of Look (ai.py): readings cached for one decision."""

    def trait(self, p, name):
        value = self.cards[p["card"]]["traits"].get(name)
        if value is None or ("disruption" in p["tokens"] and name not in m.ALWAYS):
            return None
        return value

    def left(self, p) -> int:
        return self.cards[p["card"]]["health"] - p["damage"]

    def attack(self, p) -> int:
        return self.cards[p["card"]]["attack"]

    def here(self, owner: int, theater: str) -> list:
        return [p for p in self.units[owner] if p["theater"] == theater]

    def base_weight(self, owner: int) -> float:
        """What one point of damage on `owner`'s base is worth: more as it falls."""
        left = self.left(self.bases[owner]) + self.buffer(owner)
        return 3.0 + 45.0 / (max(left, 0) + 5)

    def buffer(self, owner: int) -> int:
        """Damage `owner`'s leaders can still take for the base while living."""
        return max([self.left(p) - 1 for p in m.leaders(self.state, owner)] + [0])

    def guarded(self, owner: int, theater: str) -> bool:
        return any(self.trait(u, "Defender") for u in self.here(owner, theater))

    def blockers(self, q: dict) -> list:
        """The enemy pieces keeping unit `q` off the enemy base in its theater."""
        key = (q["uid"], q["theater"])
        if q["uid"] != "?" and key in self._block:
            return self._block[key]
        out = self._blockers(q)
        if q["uid"] != "?":
            self._block[key] = out
        return out

    def _blockers(self, q: dict) -> list:
        foe = 1 - q["owner"]
        if q["theater"] != self.bases[foe]["theater"]:
            return []
        out = []
        for u in self.here(foe, q["theater"]):
            if self.trait(u, "Defender") or (
                    self.trait(q, "Fighter") and self.trait(u, "Fighter")) or (
                    self.trait(q, "Capital") and self.trait(u, "Capital")):
                out.append(u)
        return out

    def can_hit(self, e: dict, t: dict) -> bool:
        """May `e` attack unit `t` (same theater), ignoring whether it has acted?"""
        if e["theater"] != t["theater"] or m.disrupted(e):
            return False
        if self.trait(t, "Defended") and not self.trait(t, "Defender") and \
                self.guarded(t["owner"], t["theater"]) and not m.tokens(e, "mark"):
            return False
        if self.trait(t, "Capital") and self.trait(e, "Fighter") and not (
                self.trait(e, "Bomber") or self.trait(e, "Torpedo")):
            return False
        return not (self.trait(t, "Fighter") and self.trait(e, "Capital") and
                    not self.trait(e, "Point-Defense"))

    def hit(self, e: dict, t: dict) -> int:
        """Damage an attack of `e` puts through on unit `t` (Armor, not Stealth)."""
        amount = self.rules.attack_amount(e, t)
        armor = max(0, (self.trait(t, "Armor") or 0) - (self.trait(e, "Pierce") or 0))
        return max(0, amount - armor) * (1 + (self.trait(e, "Repeater") or 0))

    def danger(self, t: dict) -> int:
        """What the enemy of `t` can put on it in its next turn (Stealth and Shield
        taken off), or the damage it takes now when it is that enemy's turn."""
        if t["uid"] not in self._danger:
            foe = 1 - t["owner"]
            total = sum(self.hit(e, t) for e in self.here(foe, t["theater"])
                        if self.can_hit(e, t))
            if total and m.tokens(t, "stealth"):
                total = max(0, total - 2)
            self._danger[t["uid"]] = max(0, total - m.tokens(t, "shield"))
        return self._danger[t["uid"]]

    def doomed(self, t: dict) -> bool:
        return self.danger(t) >= self.left(t)

    def survives_in(self, p: dict, theater: str) -> bool:
        """Would `p` live through the enemy's next turn in `theater`?"""
        moved = dict(p, theater=theater)
        total = sum(self.hit(e, moved) for e in self.here(1 - p["owner"], theater)
                    if self.can_hit(e, moved))
        if total and m.tokens(p, "stealth"):
            total = max(0, total - 2)
        return total - m.tokens(p, "shield") < self.left(p)

    def survival(self, p: dict, theater: str) -> float:
        """How much of unit `p` (or a card about to be deployed) is likely to be
        left to act after the enemy's turn in `theater`: a unit walking into more
        guns than it has health mostly just dies (AAT-TURN-5: it does not act first)."""
        moved = dict(p, theater=theater)
        incoming = sum(self.hit(e, moved) for e in self.here(1 - p["owner"], theater)
                       if self.can_hit(e, moved))
        if not incoming:
            return 1.0
        stealth = m.tokens(p, "stealth") or (p["uid"] == "?" and "Stealth" in self.cards[
            p["card"]]["traits"])
        if stealth:
            incoming = max(0, incoming - 2)
        left = self.left(p) + m.tokens(p, "shield")
        if incoming >= left:
            return 0.45
        return 1.0 - 0.3 * incoming / left

    def worth(self, p: dict) -> float:
        uid = p["uid"]
        if uid not in self._worth:
            self._worth[uid] = self.compute_worth(p)
        return self._worth[uid]

    def compute_worth(self, p: dict) -> float:
        if p["kind"] == "leader":
            card = self.cards[p["card"]]
            return 4 + 2 * len(card["orders"]) + 0.5 * self.left(p) + (
                4 if "Command" in card["traits"] else 0)
        owner = p["owner"]
        foe = 1 - owner
        w = self.agent.value(self.rules, p["card"])
        if m.disrupted(p):
            w *= 0.6
        attack = self.attack(p)
        if attack and not m.disrupted(p):
            if p["theater"] == self.bases[foe]["theater"]:
                reach = 0.35 if self.blockers(p) else 1.0
                w += attack * self.base_weight(foe) * reach * (
                    1 + (self.trait(p, "Repeater") or 0))
            # what it keeps off its own base and objective
            elif any(u for u in self.here(foe, p["theater"])):
                w += attack
        goal = m.objective(self.state, owner)
        w += self.objective_worth(p, owner, goal)
        if self.trait(p, "Defender") and p["theater"] == self.bases[owner]["theater"]:
            w += min(12, 1.2 * sum(self.attack(u) for u in self.here(foe, p["theater"])))
        return w

    def objective_worth(self, p: dict, owner: int, goal: str) -> float:
        """How much `p` does for its owner's alternate objective."""
        player = self.state["players"][owner]
        if p.get("objective"):
            if goal == "crack":
                return 400.0 if not m.disrupted(p) else 80.0 + 20 * (
                    2 - min(2, m.tokens(p, "disruption")))
            need = m.WIN_TOKENS - player["scored"]
            if goal == "signal":
                charge = m.tokens(p, "charge")
                return NEAR if charge >= need else 9.0 + 9 * charge
            if goal == "singularity":
                held = m.tokens(p, "computation")
                return NEAR if held >= 3 and need <= 1 else 7.0 + 5 * held
            if goal == "raid":
                if m.tokens(p, "objective"):
                    return NEAR if need <= 1 else 28.0
                return 14.0 if p["theater"] == "Planetside" else 10.0
            return 0.0
        types = self.cards[p["card"]]["types"]
        if goal == "evacuation" and "Transport" in types:
            need = m.WIN_TOKENS - player["escaped"]
            if p["planetside"] and p["theater"] == "Space":
                return NEAR if need <= 1 else 26.0
            return 12.0 if p["planetside"] else 5.0
        if goal == "viral" and self.trait(p, "Mainframe"):
            held = m.tokens(p, "computation")
            on_base = m.tokens(self.bases[1 - owner], "computation")
            if p["theater"] == self.bases[1 - owner]["theater"] and \
                    on_base + held >= m.VIRAL_TOKENS:
                return NEAR
            return 5.0 + 4 * held
        return 0.0

    def kill_value(self, t: dict) -> float:
        """What removing enemy piece `t` is worth to me (beyond its own worth: the
        base it unguards, the threat it is to my base and my objective)."""
        if t["uid"] not in self._kill:
            self._kill[t["uid"]] = self.compute_kill_value(t)
        return self._kill[t["uid"]]

    def compute_kill_value(self, t: dict) -> float:
        value = self.worth(t)
        if t["kind"] != "unit":
            return value
        me = 1 - t["owner"]
        # the one blocker between my unit and the enemy base
        if t["theater"] == self.bases[t["owner"]]["theater"]:
            for q in self.here(me, t["theater"]):
                if not m.disrupted(q) and self.attack(q):
                    blocking = self.blockers(q)
                    if len(blocking) == 1 and blocking[0] is t:
                        value += 0.8 * self.attack(q) * self.base_weight(t["owner"])
        attack = self.attack(t)
        if attack and t["theater"] == self.bases[me]["theater"]:
            reach = 0.4 if self.blockers(t) else 1.0
            value += 0.5 * attack * self.base_weight(me) * reach  # it is coming for me
        if attack and any(self.objective_worth(q, me, m.objective(self.state, me)) > 0
                          for q in self.here(me, t["theater"])):
            value += 2.0 * attack
        if m.objective(self.state, me) == "crack":
            value += 2.0  # one more Incident towards the Cracker
        return value
