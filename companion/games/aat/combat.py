"""The combat phase (AAT-TURN-6): who may attack what (AAT-CMB-1), each unit's and
base's one action, Repeater's extra attacks, and Command's instructions
(AAT-TRAIT-7, AAT-INS-1)."""

from __future__ import annotations

from companion.core.tasks import done, push
from companion.games.aat import model as m
from companion.games.aat.reach import Board, screen


class Combat:
    """Part of AatRules (rules.py)."""

    # -- targets (AAT-CMB-1) ---------------------------------------------------------------
    def attack_problem(self, state: dict, p: dict, target_uid, mark) -> tuple | None:
        """Why unit `p` may not attack this target (rule, reason), or None."""
        cards = self.cards
        if type(mark) is not bool:
            return ("AAT-TRAIT-15", "mark is true or false")
        t = m.piece(state, target_uid)
        if t is None:
            return ("AAT-CMB-1", "attack a unit, base or leader in play")
        if mark and not m.tokens(p, "mark"):
            return ("AAT-TOK-8", "this unit holds no Mark token")
        if t["owner"] == p["owner"]:
            if t["kind"] == "base" and not mark:
                return self.cleanup_problem(state, p, t)
            return ("AAT-GEN-1", "attacks pick enemy cards")
        if m.theater_of(state, t) != p["theater"]:
            return ("AAT-CMB-1", "a unit attacks in its own theater")
        if t["kind"] == "leader":
            return None if mark else ("AAT-LEAD-3", "a leader is attacked only by spending "
                                                    "a Mark")
        # the guards: the target owner's units in this theater (read only when needed)
        if t["kind"] == "base":
            if mark:
                return ("AAT-TRAIT-15", "a Mark does not pass a base's protection")
            defenders, fighters, capitals = screen(state, self.facts, t["owner"],
                                                   p["theater"])
            if defenders:
                return ("AAT-TRAIT-8", "a Defender guards this base")
            if m.trait(cards, p, "Fighter") and fighters:
                return ("AAT-TRAIT-9", "enemy Fighters screen the base from Fighters")
            if m.trait(cards, p, "Capital") and capitals:
                return ("AAT-TRAIT-6", "an enemy Capital unit screens the base from Capitals")
            return None
        # the traits as model.trait reads them: Fighter and Capital work when disrupted
        tf, pf = self.facts[t["card"]], self.facts[p["card"]]
        working = "disruption" not in p["tokens"]
        guarded = tf.defended and not tf.defender and "disruption" not in t["tokens"] and \
            screen(state, self.facts, t["owner"], p["theater"])[0]
        if guarded and not mark:
            return ("AAT-TRAIT-8", "a Defender protects this Defended unit (a Mark passes it)")
        if mark and not guarded:
            return ("AAT-TRAIT-15", "a Mark is spent only to pass a Defender or reach a "
                    "leader")
        if tf.capital and pf.fighter and not (working and pf.passes_capital):
            return ("AAT-TRAIT-6", "a Fighter attacks Capital units only with Bomber or "
                    "Torpedo")
        if tf.fighter and pf.capital and not (working and pf.point_defense):
            return ("AAT-TRAIT-9", "a Capital unit attacks Fighters only with Point-Defense")
        return None

    def cleanup_problem(self, state: dict, p: dict, base: dict) -> tuple | None:
        """AAT-OBJ-8: against a Viral attacker, units in their own base's theater may
        attack it to remove a Computation token."""
        if m.objective(state, 1 - p["owner"]) != "viral":
            return ("AAT-GEN-1", "attacks pick enemy cards")
        if p["theater"] != base["theater"] or not m.tokens(base, "computation"):
            return ("AAT-OBJ-8", "a clean-up attack is made in the base's theater, on "
                    "Computation tokens")
        return None

    def attack_amount(self, p: dict, t: dict) -> int:
        """AAT-CMB-2 step 1: attack value (Point-Defense X on a Fighter), Bomber on a
        Planetside unit, Torpedo on a Capital unit."""
        card = self.cards[p["card"]]
        if t["kind"] != "unit":
            return card["attack"]
        # model.trait: the attacker's traits stop under Disruption; Fighter and Capital
        # (the target's) never do
        mine = card["traits"] if "disruption" not in p["tokens"] else {}
        theirs = self.cards[t["card"]]["traits"]
        point = mine.get("Point-Defense")
        amount = point if point and theirs.get("Fighter") else card["attack"]
        if t["theater"] == "Planetside":
            amount += mine.get("Bomber") or 0
        if theirs.get("Capital"):
            amount += mine.get("Torpedo") or 0
        return amount

    def op_attack(self, state: dict, task: dict, answer) -> list[dict]:
        """A Repeater's further attack (AAT-TRAIT-17), queued after the one before."""
        done(state, task)
        return self.resolve_attack(state, task["unit"], task["target"], task["mark"])

    def resolve_attack(self, state: dict, unit: str, target: str, mark: bool) -> list[dict]:
        """One attack: Mark spent, damage computed and dealt, destruction, then
        Point-Defense retaliation (queued: they run next, in that order)."""
        p, t = state["table"][unit], state["table"][target]
        events = [{"kind": "attack", "text": f"{self.label(state, p)} attacks "
                   f"{self.label(state, t)}" + (" (spending a Mark)" if mark else ""),
                   "player": p["owner"], "uid": p["uid"], "target": t["uid"]}]
        if mark:
            m.add_tokens(p, "mark", -1)
        if t["owner"] == p["owner"]:  # AAT-OBJ-8 clean-up: no damage
            m.add_tokens(t, "computation", -1)
            return events + [{"kind": "cleanup", "text": "one Computation token is removed "
                              "from the base", "uid": t["uid"]}]
        push(state, {"do": "damage", "target": t["uid"], "amount": self.attack_amount(p, t),
                     "attack": True, "effect": False, "source": p["uid"],
                     "pierce": m.trait(self.cards, p, "Pierce") or 0}, {"do": "destroy"})
        if self.facts[p["card"]].fighter and self.facts[t["card"]].point_defense:
            # AAT-TRAIT-11 may apply (it checks the rest after the destruction)
            state["tasks"].insert(-2, {"do": "retaliate", "attacker": p["uid"],
                                       "target": t["uid"]})
        return events

    # -- a card's actions (AAT-TURN-6; listed by reach.py) ----------------------------------
    def action_problem(self, state: dict, action: dict) -> tuple | None:
        """Why this attack, order, move or Disruption removal may not be taken now."""
        wait = state["await"]
        p = m.piece(state, action.get("unit"))
        if p is None or p["owner"] != state["current"] or p["kind"] == "leader":
            return ("AAT-TURN-6", "act with one of your units or your base")
        if not m.can_act(state, p):
            return ("AAT-TURN-5", "a unit that entered play this turn does not act")
        kind = action["type"]
        if wait["kind"] == "combat" and p["acted"]:
            return ("AAT-TURN-6", "each unit and base acts once a turn")
        if wait["kind"] == "repeat" and (p["uid"] != wait["unit"] or kind != "attack"):
            return ("AAT-TRAIT-17", "the Repeater's next attack, or stop")
        if wait["kind"] == "command":
            problem = self.instruction_problem(state, p)
            if problem:
                return problem
        if kind == "undisrupt":
            return None if m.disrupted(p) else ("AAT-TOK-5", "it holds no Disruption token")
        if m.disrupted(p):
            return ("AAT-TOK-5", "a disrupted card may only remove a Disruption token")
        if kind == "attack":
            if p["kind"] != "unit":
                return ("AAT-BASE-3", "a base never attacks")
            return self.attack_problem(state, p, action.get("target"), action.get("mark"))
        if kind == "move":
            if p["kind"] != "unit" or not m.both_theaters(self.cards, p):
                return ("AAT-TURN-6", "only a unit marked for both theaters changes theater")
            return None
        return self.order_problem(state, p, action)

    def take_action(self, state: dict, action: dict, instruction: bool) -> list[dict]:
        """A unit's or base's action (or an instruction), resolved fully; then
        Repeater's further attacks and Command (after_action)."""
        p = state["table"][action["unit"]]
        p["instructed" if instruction else "acted"] = True
        kind = action["type"]
        leader = action.get("leader")
        repeats = (m.trait(self.cards, p, "Repeater") or 0) if kind == "attack" else 0
        commander = state["table"][leader] if leader else p
        if repeats or "Command" in self.cards[commander["card"]]["traits"]:
            # what follows the action, once it is resolved (nothing for any other card)
            push(state, {"do": "after_action", "unit": p["uid"], "leader": leader,
                         "repeats": repeats})
        if kind == "attack":
            return self.resolve_attack(state, p["uid"], action["target"], action["mark"])
        if kind == "undisrupt":
            m.add_tokens(p, "disruption", -1)
            return [{"kind": "undisrupted", "text": f"{self.label(state, p)} removes a "
                     "Disruption token", "uid": p["uid"]}]
        if kind == "move":
            return self.change_theater(state, p)
        return self.use_order(state, p, action)

    def change_theater(self, state: dict, p: dict) -> list[dict]:
        """It moves with all its tokens and damage (AAT-TURN-6)."""
        p["theater"] = m.other(p["theater"])
        m.EDITS[0] += 1
        m.EDITS[1] += 1
        if p["theater"] == "Planetside":
            p["planetside"] = True  # AAT-OBJ-3: it has been on the planet
        events = [{"kind": "moved", "text": f"{self.label(state, p)} moves to "
                   f"{p['theater']}", "uid": p["uid"]}]
        return events + self.arrived(state, p)

    def op_after_action(self, state: dict, task: dict, answer) -> list[dict]:
        """AAT-TRAIT-17: further attacks, each with its own target; then AAT-TRAIT-7:
        a commander's instructions, once a turn, after its first action."""
        p = state["table"].get(task["unit"])
        if answer is not None:
            if answer["type"] == "stop":
                task["repeats"] = 0
            else:
                task["repeats"] -= 1
                push(state, {"do": "attack", "unit": p["uid"], "target": answer["target"],
                             "mark": answer["mark"]})
                return []
        if task["repeats"] > 0 and p is not None and not m.disrupted(p):
            targets = self.attack_targets(state, p)
            if targets:
                uid = p["uid"]
                return self.prompt(state, {"kind": "repeat", "player": p["owner"], "unit": uid,
                                           "left": task["repeats"]},
                                   [{"type": "attack", "unit": uid, "target": t, "mark": mark}
                                    for t, mark in targets])
        done(state, task)
        source = state["table"].get(task["leader"] or task["unit"])
        if source is None or source["kind"] == "base" or source["commanded"]:
            return []
        source["commanded"] = True
        command = m.trait(self.cards, source, "Command")
        if not command:
            return []
        push(state, {"do": "command", "seat": source["owner"], "commander": source["uid"],
                     "type": command["type"], "left": command["count"]})
        return []

    # -- instructions (AAT-INS-1) ----------------------------------------------------------
    def instruction_problem(self, state: dict, p: dict) -> tuple | None:
        task = state["tasks"][-1]
        if p["kind"] != "unit" or p["uid"] == task["commander"] or not m.has_type(
                self.cards, p, task["type"]):
            return ("AAT-TRAIT-7", f"instruct another of your {task['type']} units")
        if p["instructed"]:
            return ("AAT-INS-1", "a unit receives at most one instruction a turn")
        return None

    def command_actions(self, state: dict) -> list[dict]:
        task = state["tasks"][-1]
        board = Board(state, self.facts)
        out = []
        for p in m.units(state, task["seat"]):
            if m.can_act(state, p) and self.instruction_problem(state, p) is None:
                out += self.unit_actions(state, p, board)
        return out

    def op_command(self, state: dict, task: dict, answer) -> list[dict]:
        """Up to Y other own units of type X each take one instruction, in the order
        their owner picks; a unit not picked declines, keeping its instruction."""
        if answer is not None:
            if answer["type"] == "done":
                task["left"] = 0
            else:
                task["left"] -= 1
                return self.take_action(state, answer, instruction=True)
        acts = task["left"] > 0 and state["current"] == task["seat"] and \
            self.command_actions(state)
        if not acts:
            done(state, task)
            return []
        return self.prompt(state, {"kind": "command", "player": task["seat"],
                                   "commander": task["commander"], "left": task["left"]}, acts)
