"""The greedy player's cards and answers (ai.py): which card to play where, what a
piece does from a theater, and the choices the engine asks for (targets, theaters,
Computation, picks, delegated damage)."""

from __future__ import annotations

from companion.games.aat import model as m
from companion.games.aat.ai_reading import NOWHERE, PIECE_GOALS, WIN


class PlaysAndChoices:
    """Part of Look (ai.py)."""

    __slots__ = ()

    def position_value(self, p: dict, theater: str) -> float:
        """What unit `p` (or a card about to be deployed, as a piece) does from `theater`."""
        return self.raw_position(p, theater) * self.survival(p, theater)

    def raw_position(self, p: dict, theater: str) -> float:
        card_id = p["card"]
        card = self.cards[card_id]
        attack = card["attack"] * (1 + (card["traits"].get("Repeater") or 0))
        value = 0.0
        enemies = self._here[self.enemy].get(theater, NOWHERE)
        if theater == self.front:
            blocked = bool(self.blockers(p, theater))
            value += attack * self.base_weight(self.enemy) * (0.3 if blocked else 0.8)
        if enemies:
            # what `p` would put on each, moved there (memo.hit, read straight from it)
            memo = self.memo
            hits = memo.hit_by(p, theater)  # a unit's card -> what `p` puts on it
            top = None  # the most it puts on one (max: the first of the greatest)
            for e in enemies:
                found = hits.get(e["card"])
                if found is None:
                    found = hits[e["card"]] = memo.hit(p, e, theater)
                if top is None or found > top:
                    top = found
            value += 0.6 * top
            hunted = self.hunted(theater)  # (some of `enemies`: their cards are in hits)
            if hunted:  # the others add 0 (and every share is 0 or more)
                top = None  # (max over them, in order)
                for e, worth, left in hunted:
                    share = hits[e["card"]] / left  # min(1.0, share) * worth, no call
                    share = (share if share < 1.0 else 1.0) * worth
                    if top is None or share > top:
                        top = share
                value += 0.4 * (top if top < 40.0 else 40.0)
        if theater == self.home:
            threat = self.threat(theater)
            if threat:
                if card["traits"].get("Defender"):
                    value += 1.5 * threat * self.base_weight(self.seat) / 4
                value += (threat if attack > threat else attack) * 0.8  # (min, no call)
            if self.their_goal == "viral":
                value += 0.3 * m.tokens(self.bases[self.seat], "computation") + 1
        if self.goal == "evacuation" and "Transport" in card["types"] and \
                theater == "Planetside":
            value += 6.0
        if self.goal == "viral" and card["traits"].get("Mainframe") and theater == self.front:
            value += 10.0
        if card["traits"].get("Fighter") and theater == self.home and any(
                self.trait(e, "Fighter") for e in enemies):
            value += 2.0
        if theater == self.front and self.crack_threat():
            # the Cracker comes into the enemy base's theater: be there to answer it
            traits = card["traits"]
            if attack and (not traits.get("Fighter") or traits.get("Bomber") or
                           traits.get("Torpedo")):
                value += 1.5 * (attack + (traits.get("Torpedo") or 0)) * (self.level - 2)
            if any(s["op"] == "disrupt" for o in card["orders"] for s in o["effect"]):
                value += 4.0 * (self.level - 2)
        return value

    def hunted(self, theater: str) -> list:
        """The enemy units in `theater` that serve their alternate objective: (unit,
        what it does for it, its health left or 1)."""
        found = self._hunted.get(theater)
        if found is None:
            enemy, goal = self.enemy, self.their_goal
            every = goal in PIECE_GOALS  # else only objective pieces serve it
            found = self._hunted[theater] = []
            for e in self._here[enemy].get(theater, NOWHERE):
                if every or e.get("objective"):
                    worth = self.objective_worth(e, enemy, goal)
                    if worth:
                        left = self.left(e)  # (max(1, left), no call)
                        found.append((e, worth, left if left > 1 else 1))
        return found

    def threat(self, theater: str) -> int:
        """The attack of the enemy's working units in `theater`."""
        found = self._threat.get(theater)
        if found is None:
            found = 0  # (ints: the sum in any order)
            attack = self._attack
            for e in self._here[self.enemy].get(theater, NOWHERE):
                if "disruption" not in e["tokens"]:  # (model.disrupted)
                    found += attack[e["card"]]
            self._threat[theater] = found
        return found

    def play_score(self, action: dict) -> float:
        card_id = action["card"]
        card = self.cards[card_id]
        if card["kind"] == "Effect":
            value = self.steps_value(card["effect"], None, None, True, card_id)
            value -= 1.2 * card["funds"]
            if self.holds_back(card):
                value -= 25.0
            return value - 2.0
        base = 4 + self.agent.value(self.rules, card_id)
        if card["kind"] == "Leader":
            orders = [self.steps_value(o["effect"], None, self.home, False, card_id)
                      for o in card["orders"]]
            return base + max(orders + [0.0]) + 2.0 * (card["traits"].get(
                "Command", {}) or {}).get("count", 0)
        theater = action["theater"]
        piece = {"uid": "?", "card": card_id, "owner": self.seat, "kind": "unit",
                 "theater": theater, "damage": 0, "tokens": {}, "planetside": False}
        score = 4 + (base - 4 + self.raw_position(piece, theater)) * self.survival(
            piece, theater)
        traits = card["traits"]
        if traits.get("Transport"):
            step = {"from": ["hand", "special"], "type": traits["Transport"]["type"]}
            fits = [c for c in self.state["players"][self.seat]["hand"] +
                    self.state["players"][self.seat]["special"] if c != m.UNKNOWN and
                    c != card_id and m.fits(self.cards, c, self.level, step["type"],
                                            theater=theater)]
            score += 0.8 * sum(sorted((self.agent.value(self.rules, c) for c in fits),
                                      reverse=True)[:traits["Transport"]["count"]])
        if traits.get("Compute"):
            score += self.compute_value(traits["Compute"])
        if traits.get("Supply"):
            score += self.step_value({"op": "draw", "n": traits["Supply"]}, None, None,
                                     False, card_id)
        if card["effect"]:
            score += self.steps_value(card["effect"], None, theater, True, card_id)
        if self.goal == "singularity" and traits.get("Mainframe"):
            score -= 2.0
        return score

    def crack_threat(self) -> bool:
        """The enemy's Planet Cracker is near: escalation 3 or more (AAT-OBJ-6)."""
        return self.their_goal == "crack" and self.level >= 3

    def holds_back(self, card: dict) -> bool:
        """Disruption kept for the Planet Cracker once escalation nears 5."""
        if not self.crack_threat():
            return False
        if not any(s["op"] == "disrupt" for s in card["effect"]):
            return False
        return not any(p.get("objective") for p in self.units[self.enemy])

    def choice_score(self, value) -> float:
        wait = self.state["await"]
        choice = wait["choice"]
        table = self.state["table"]
        if choice == "delegate":
            return self.delegate_score(value, wait["amount"])
        if choice == "computation":
            if value == "lose":
                return -10.0
            frame = table[value]
            held = m.tokens(frame, "computation")
            if self.goal == "singularity":
                return (20.0 if frame.get("objective") else 0.0) + held
            front = 10.0 if frame["theater"] == self.front else 0.0
            safe = 0.0 if self.doomed(frame) else 3.0
            return front + safe + held - (5.0 if m.disrupted(frame) else 0.0)
        if choice == "pick":
            if value == "done":
                return -1.0
            piece = {"uid": "?", "card": value["card"], "owner": self.seat, "kind": "unit",
                     "theater": value["theater"], "damage": 0, "tokens": {},
                     "planetside": False}
            special = 1.0 if value["from"] == "special" else 0.0
            return self.agent.value(self.rules, value["card"]) + special + \
                self.position_value(piece, value["theater"])
        task = self.state["tasks"][-1]
        if choice == "target":
            step = task["steps"][task["i"]]
            played = self.cards[task["card"]]["types"] if task["played"] else ()
            n = self.count(step.get("n", 0), task["theater"], played)
            p = table[value]
            source = table.get(task["source"]) if task["source"] else None
            if step.get("target") == "self" and source is not None:
                p = source
            return self.unit_step_value(step["op"], n, p)
        if choice == "theater":
            if wait.get("card"):  # Infiltrate
                piece = {"uid": "?", "card": wait["card"], "owner": self.seat,
                         "kind": "unit", "theater": value, "damage": 0, "tokens": {},
                         "planetside": False}
                return self.position_value(piece, value)
            step = task["steps"][task["i"]]
            played = self.cards[task["card"]]["types"] if task["played"] else ()
            n = self.count(step.get("n", 0), None, played)
            owner = self.enemy if step["target"].startswith("enemy") else self.seat
            return sum(self.unit_step_value(step["op"], n, q) for q in self.here(owner, value))
        return 0.0  # trigger order

    def delegate_score(self, value, amount: int) -> float:
        """AAT-LEAD-2: pass to a leader what it can take and live, or what saves the base."""
        base = self.bases[self.seat]
        if value == "none":
            return 0.0 if self.left(base) - amount > 0 else -WIN
        leader = self.state["table"][value[0]]
        taken = value[1]
        saves = self.left(base) - amount <= 0 < self.left(base) - (amount - taken)
        if saves:
            return WIN + taken
        if self.left(base) - (amount - taken) <= 0:
            return -WIN + taken
        if taken >= self.left(leader):
            return -5.0
        return taken * 1.0
