"""Damage and destruction: the order Armor, Stealth, Shield, delegation
(AAT-CMB-2, AAT-LEAD-2), destruction with its Incidents and triggers (AAT-CMB-3),
and Point-Defense retaliation (AAT-TRAIT-11)."""

from __future__ import annotations

from companion.core.tasks import choose, done, push
from companion.games.aat import model as m


class Damage:
    """Part of AatRules (rules.py)."""

    wounded = None  # live: (state, uids of pieces whose damage rose since its last sweep)

    def op_damage(self, state: dict, task: dict, answer) -> list[dict]:
        """One damage instance to one card. `attack`: Armor (less Pierce) applies;
        `effect`: part of an effect, whose end decides a fallen base (AAT-WIN-1)."""
        target = state["table"].get(task["target"])
        if target is None:  # it left play before this instance
            done(state, task)
            return []
        if answer is not None:
            return self.delegated(state, task, target, answer)
        amount = task["amount"]
        tokens = target["tokens"]
        if task["attack"]:  # step 2: Armor (works when disrupted), less Pierce (AAT-TRAIT-2, 16)
            armor = self.cards[target["card"]]["traits"].get("Armor") or 0
            armor -= task.get("pierce", 0)  # max(0, amount - max(0, armor)), no calls
            amount -= armor if armor > 0 else 0
            amount = amount if amount > 0 else 0
        if amount >= 1 and tokens.get("stealth", 0):  # step 3 (AAT-TOK-3)
            m.add_tokens(target, "stealth", -1)
            done(state, task)
            return [{"kind": "negated", "text": "The Stealth token on "
                     f"{self.label(state, target)} negates {amount} damage", "uid": target["uid"]}]
        shields = tokens.get("shield", 0)  # step 4 (AAT-TOK-2): min(shields, amount)
        if shields > amount:
            shields = amount
        events = []
        if shields:
            m.add_tokens(target, "shield", -shields)
            amount -= shields
            events.append({"kind": "shielded", "text": "The Shield on "
                           f"{self.label(state, target)} stops {shields}", "uid": target["uid"]})
        if amount <= 0:
            done(state, task)
            return events + [{"kind": "no_damage", "text": f"{self.label(state, target)} takes "
                              "no damage", "uid": target["uid"]}]
        task["left"] = amount
        leaders = ()  # only a base passes damage on (AAT-LEAD-2)
        if target["kind"] == "base":
            leaders = [p for p in m.leaders(state, target["owner"])
                       if m.remaining(self.cards, p) > 0]
        if leaders and not task.get("no_delegate"):
            options = ["none"] + [[p["uid"], k] for p in leaders
                                  for k in range(1, min(amount, m.remaining(self.cards, p)) + 1)]
            labels = ["none"] + [f"{self.cards[p['card']]['name']} takes {k}"
                                 for p in leaders
                                 for k in range(1, min(amount, m.remaining(self.cards, p)) + 1)]
            return events + choose(state, target["owner"], "delegate", options,
                                   f"{amount} damage to your base: pass some to a leader?",
                                   labels=labels, amount=amount)
        return events + self.delegated(state, task, target, "none")

    def delegated(self, state: dict, task: dict, target: dict, answer) -> list[dict]:
        """Step 5: a base's owner may pass part of it to one leader (AAT-LEAD-2); the
        rest goes on the target as damage tokens."""
        amount = task["left"]
        events = []
        if answer != "none":
            leader = state["table"][answer[0]]
            leader["damage"] += answer[1]
            m.damage_edited(leader)
            self.wound(state, leader["uid"])
            amount -= answer[1]
            events.append({"kind": "delegated", "text": f"{self.label(state, leader)} takes "
                           f"{answer[1]} of it", "uid": leader["uid"], "amount": answer[1]})
        target["damage"] += amount
        m.damage_edited(target)
        self.wound(state, target["uid"])
        done(state, task)
        events.append({"kind": "damaged", "text": f"{self.label(state, target)} takes "
                       f"{amount} damage", "uid": target["uid"], "amount": amount,
                       "card": target["card"]})
        if target["kind"] == "base" and m.remaining(self.cards, target) <= 0:
            if task["effect"]:
                state["doomed"] = True
            else:
                events += self.check_end(state)
        return events

    def op_destroy(self, state: dict, task: dict, answer) -> list[dict]:
        """AAT-CMB-3: every unit and leader at its health leaves play together; one
        Incident per unit, then the triggers of the non-disrupted ones (AAT-CMB-4)."""
        done(state, task)
        gone = self.at_health(state)
        if not gone:
            return []
        carry = self.carry
        if carry is not None and carry[0] is state:  # live: legal.carried judges them
            carry[5].extend(gone)
        events = []
        batch = []
        for p in gone:
            del state["table"][p["uid"]]
            owner = state["players"][p["owner"]]
            if p.get("objective"):  # AAT-OBJ-1: back to the objective pile
                owner["objectives"].append(p["card"])
                owner["objectives"].sort()
            else:
                owner["discard"].append(p["card"])
            events.append({"kind": "destroyed", "text": f"{self.label(state, p)} is "
                           "destroyed", "player": p["owner"], "card": p["card"],
                           "uid": p["uid"], "unit": p["kind"] == "unit"})
            if p["kind"] != "unit" or m.disrupted(p):  # AAT-TOK-5: no triggers
                continue
            traits = self.cards[p["card"]]["traits"]
            held = m.tokens(p, "computation")
            for name, value in (("sympathized", traits.get("Sympathized")),
                                ("backup", min(traits.get("Backup") or 0, held))):
                if value:
                    batch.append({"seat": p["owner"], "uid": p["uid"], "card": p["card"],
                                  "trait": name, "value": value, "theater": p["theater"],
                                  "played": False})
        units = sum(p["kind"] == "unit" for p in gone)
        if units:
            events += m.add_incidents(state, units, "destroyed unit")
        if batch and not state["doomed"]:
            push(state, {"do": "triggers", "pending": batch})
        return events

    def wound(self, state: dict, uid: str) -> None:
        """Live: this piece's damage rose (the only place a unit's or leader's does)."""
        wounded = self.wounded
        if wounded is not None and wounded[0] is state:
            wounded[1].append(uid)

    def at_health(self, state: dict) -> list[dict]:
        """The units and leaders at their health, in table order. Live, once a state's
        table has been swept whole, only the pieces whose damage rose since its last
        sweep can be: pieces enter play undamaged, below their health (every card that
        can be a piece has health 1 or more: Health.sound), and leave it at their
        health at the sweep after."""
        health = self.facts.health
        table = state["table"]
        wounded = self.wounded
        if not self.live:
            return [p for p in table.values()
                    if p["damage"] >= health[p["card"]] and p["kind"] != "base"]
        if wounded is not None and wounded[0] is state and health.sound():
            uids = wounded[1]
            if len(uids) == 1:
                p = table.get(uids[0])
                gone = [p] if p is not None and p["damage"] >= health[p["card"]] and \
                    p["kind"] != "base" else []
            else:
                gone = [p for uid, p in table.items() if uid in uids and
                        p["damage"] >= health[p["card"]] and p["kind"] != "base"]
        else:
            gone = [p for p in table.values()
                    if p["damage"] >= health[p["card"]] and p["kind"] != "base"]
        self.wounded = (state, [])
        return gone

    def op_retaliate(self, state: dict, task: dict, answer) -> list[dict]:
        """AAT-TRAIT-11: after a Fighter's attack, a surviving non-disrupted
        Point-Defense unit deals X to it (an effect: no Armor), even if negated."""
        done(state, task)
        target = state["table"].get(task["target"])
        attacker = state["table"].get(task["attacker"])
        if target is None or attacker is None or target["kind"] != "unit":
            return []
        value = m.trait(self.cards, target, "Point-Defense")
        if not value or not m.trait(self.cards, attacker, "Fighter"):
            return []
        push(state, {"do": "damage", "target": attacker["uid"], "amount": value,
                     "attack": False, "effect": False, "source": target["uid"]},
             {"do": "destroy"})
        return [{"kind": "point_defense", "text": f"{self.label(state, target)} fires "
                 f"Point-Defense at {self.label(state, attacker)}", "uid": target["uid"]}]
