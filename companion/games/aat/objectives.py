"""The six alternate objectives (AAT-OBJ-3 to AAT-OBJ-8): their orders, scoring
(AAT-OBJ-2), the Incident of each step (AAT-ESC-2) and each player's progress."""

from __future__ import annotations

from companion.games.aat import model as m

NAMES = {"evacuation": "Base Evacuation", "raid": "Supply Raid",
         "signal": "Send Distress Signal", "crack": "Crack the Planet",
         "singularity": "Summon the Singularity", "viral": "Viral Computer Takeover"}
CHARGE_CAP = 2  # AAT-OBJ-5
CARRY_CAP = 1  # AAT-OBJ-4
ASCEND = 3  # AAT-OBJ-7


class Objectives:
    """Part of AatRules (rules.py)."""

    # -- the orders the rules give -------------------------------------------------------
    def rule_order_problem(self, state: dict, p: dict, name: str) -> tuple | None:
        if p["kind"] != "unit":
            return ("AAT-BASE-3", "a base uses only printed orders")
        if name == "escape":
            if m.objective(state, p["owner"]) != "evacuation" or \
                    not m.has_type(self.cards, p, "Transport"):
                return ("AAT-OBJ-3", "Escape is for the Freedom Fighters Defender's Transports")
            if p["theater"] != "Space" or not p["planetside"]:
                return ("AAT-OBJ-3", "a Transport escapes from Space after coming up from "
                        "the planet")
            return None
        if m.objective(state, p["owner"]) != "viral" or \
                not m.trait(self.cards, p, "Mainframe"):
            return ("AAT-OBJ-8", "Upload is for the Robot Uprising Attacker's Mainframes")
        if p["theater"] != m.base(state, 1 - p["owner"])["theater"]:
            return ("AAT-OBJ-8", "Upload in the enemy base's theater")
        return None

    def escape(self, state: dict, p: dict) -> list[dict]:
        """AAT-OBJ-3: the unit leaves the game (not destroyed); one step."""
        player = state["players"][p["owner"]]
        del state["table"][p["uid"]]
        player["removed"].append(p["card"])
        player["escaped"] += 1
        m.EDITS[2] += 1
        events = [{"kind": "escaped", "text": f"{self.label(state, p)} escapes the system "
                   f"({player['escaped']} of {m.WIN_TOKENS})", "player": p["owner"],
                   "card": p["card"]}]
        events += m.add_incidents(state, 1, "a Transport escapes")
        if player["escaped"] >= m.WIN_TOKENS:
            player["complete"] = True
        return events + self.check_end(state)

    def upload(self, state: dict, p: dict) -> list[dict]:
        """AAT-OBJ-8: all its Computation onto the enemy base; one step if any moved."""
        moved = m.tokens(p, "computation")
        m.add_tokens(p, "computation", -moved)
        m.add_tokens(m.base(state, 1 - p["owner"]), "computation", moved)
        events = [{"kind": "upload", "text": f"{self.label(state, p)} uploads {moved} "
                   "Computation onto the enemy base", "player": p["owner"], "amount": moved}]
        return events + (m.add_incidents(state, 1, "Upload") if moved else [])

    # -- objective cards' orders ---------------------------------------------------------
    def objective_problem(self, state: dict, source: dict, name: str) -> tuple | None:
        if name == "load-supplies" and (source["theater"] != "Planetside" or
                                        m.tokens(source, "objective") >= CARRY_CAP):
            return ("AAT-OBJ-4", "Load Supplies on the planet, with no supplies aboard")
        if name == "ascend" and m.tokens(source, "computation") < ASCEND:
            return ("AAT-OBJ-7", "Ascend needs 3 Computation tokens on the Core")
        return None

    def objective_order(self, state: dict, source: dict, name: str) -> list[dict]:
        seat = source["owner"]
        label = self.label(state, source)
        if name == "load-supplies":
            m.add_tokens(source, "objective", 1)
            return [{"kind": "loaded", "text": f"{label} loads supplies", "player": seat}]
        if name == "charge":
            if m.tokens(source, "charge") < CHARGE_CAP:
                m.add_tokens(source, "charge", 1)
            return [{"kind": "charged", "text": f"{label} holds "
                     f"{m.tokens(source, 'charge')} Charge", "player": seat}]
        if name == "transmit":
            sent = m.tokens(source, "charge")
            m.add_tokens(source, "charge", -sent)
            return [{"kind": "transmit", "text": f"{label} transmits {sent} Charge",
                     "player": seat}] + self.score(state, seat, sent, "a signal is sent")
        if name == "ascend":
            m.add_tokens(source, "computation", -ASCEND)
            return self.score(state, seat, 1, "the Singularity grows")
        # fire (AAT-OBJ-6): not an attack, so nothing protects the base
        enemy = m.base(state, 1 - seat)
        enemy["damage"] = max(enemy["damage"], self.cards[enemy["card"]]["health"])
        m.EDITS[2] += 1
        state["players"][seat]["complete"] = True
        events = [{"kind": "fired", "text": f"{label} fires: the planet cracks",
                   "player": seat}] + m.add_incidents(state, 1, "the Cracker fires")
        return events + self.check_end(state)

    def arrived(self, state: dict, p: dict) -> list[dict]:
        """AAT-OBJ-4: a Rogue Transport reaching Space with supplies scores them."""
        if p["theater"] != "Space" or not m.tokens(p, "objective") or \
                p["card"] not in self.raiders:
            return []
        m.add_tokens(p, "objective", -1)
        return self.score(state, p["owner"], 1, "supplies get away")

    def score(self, state: dict, seat: int, count: int, why: str) -> list[dict]:
        """AAT-OBJ-2: scored tokens are permanent; each is a step (AAT-ESC-2)."""
        player = state["players"][seat]
        events = []
        for _ in range(count):
            player["scored"] += 1
            m.EDITS[2] += 1
            events.append({"kind": "scored", "text": f"{player['name']} scores an Objective "
                           f"token ({player['scored']} of {m.WIN_TOKENS})", "player": seat})
            events += m.add_incidents(state, 1, why)
        if player["scored"] >= m.WIN_TOKENS:
            player["complete"] = True
        return events + self.check_end(state)

    def viral_check(self, state: dict, seat: int) -> list[dict]:
        """AAT-OBJ-8 point 3: at the end of the Attacker's turn, 10 on the enemy base."""
        if m.objective(state, seat) != "viral" or \
                m.tokens(m.base(state, 1 - seat), "computation") < m.VIRAL_TOKENS:
            return []
        state["players"][seat]["complete"] = True
        return self.check_end(state)

    # -- progress, as the table shows it ---------------------------------------------------
    def progress(self, state: dict, seat: int) -> str:
        player = state["players"][seat]
        kind = m.objective(state, seat)
        if kind == "evacuation":
            return f"Transports escaped {player['escaped']} of {m.WIN_TOKENS}"
        if kind == "viral":
            held = m.tokens(m.base(state, 1 - seat), "computation")
            return f"Computation on enemy base {held} of {m.VIRAL_TOKENS}"
        if kind == "crack":
            if any(p.get("objective") and p["owner"] == seat for p in state["table"].values()):
                return "Planet Cracker in play"
            return f"Escalation {state['escalation']} of 5 for the Planet Cracker"
        return f"Objective tokens {player['scored']} of {m.WIN_TOKENS}"
