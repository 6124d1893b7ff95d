"""Against All Tyrants' greedy computer player (the random one is the core's).

It scores each legal action with a quick heuristic and plays the best, ties
broken at random: it attacks bases when it can, kills what it can finish, pushes
its alternate objective, and plays the strongest affordable cards. No lookahead,
so balance simulations of hundreds of games stay fast."""

from __future__ import annotations

import random

from companion.games.aat import model as m

TRAIT_WORTH = {"Armor": 2.5, "Repeater": 3, "Compute": 2, "Supply": 2, "Funds": 1, "Mark": 1,
               "Point-Defense": 1.5, "Bomber": 1, "Torpedo": 1, "Sympathized": 2,
               "Backup": 1, "Pierce": 0.5}
FLAGS = {"Stealth": 2, "Defender": 3, "Defended": 1, "Mainframe": 2, "Infiltrate": 0,
         "Capital": 2, "Fighter": 1}
STEP_WORTH = {"damage": 2.5, "disrupt": 3, "shield": 1, "stealth": 2, "repair": 1,
              "mark": 1, "draw": 2, "compute": 2, "funds": 1, "deploy": 4, "place": 4}


class GreedyAgent:
    name = "greedy"

    def __init__(self, seed: int):
        self.random = random.Random(seed)
        self.worth: dict = {}

    def choose(self, rules, state) -> dict:
        actions = rules.legal_actions(state)
        if len(actions) == 1:
            return actions[0]
        seat = rules.acting_seat(state)
        best, pick = None, actions[0]
        for action in actions:
            score = (self.score(rules, state, seat, action), self.random.random())
            if best is None or score > best:
                best, pick = score, action
        return pick

    # -- how good a card is ----------------------------------------------------------------
    def value(self, rules, card_id: str) -> float:
        if card_id not in self.worth:
            card = rules.cards[card_id]
            worth = card["attack"] * 1.5 + card["health"]
            for trait, value in card["traits"].items():
                if trait in TRAIT_WORTH and isinstance(value, int):
                    worth += TRAIT_WORTH[trait] * min(value, 4)
                worth += FLAGS.get(trait, 0)
                if trait in ("Transport", "Command"):
                    worth += 2 * value["count"]
            steps = card["effect"] + [s for o in card["orders"] for s in o["effect"]]
            for step in steps:
                n = step.get("n", 1)
                worth += STEP_WORTH.get(step["op"], 3) * (n if type(n) is int else 2)
            self.worth[card_id] = worth
        return self.worth[card_id]

    # -- scoring ---------------------------------------------------------------------------
    def score(self, rules, state, seat, action) -> float:
        kind = action["type"]
        if kind == "play":
            return self.play_score(rules, state, seat, action)
        if kind == "attack":
            return self.attack_score(rules, state, seat, action)
        if kind == "order":
            return self.order_score(rules, state, seat, action)
        if kind == "move":
            return self.move_score(rules, state, seat, state["table"][action["unit"]])
        if kind == "undisrupt":
            return 8.0
        if kind == "place_objective":
            return 50.0
        if kind == "set_aside":  # dear cards cannot be played early (printed cards: keep)
            card = rules.cards.get(action.get("card"))
            return 1.0 if card and card["escalation"] >= 2 else -1.0
        if kind == "keep":
            return 0.5
        if kind == "choose":
            return self.choice_score(rules, state, seat, action["value"])
        return 0.0  # end_phase, end_turn, done, stop

    def play_score(self, rules, state, seat, action) -> float:
        card = rules.cards[action["card"]]
        score = 5 + self.value(rules, action["card"]) + 2 * card["escalation"]
        enemy = 1 - seat
        if card["kind"] == "Effect":
            for step in card["effect"]:
                target = step.get("target", "")
                if target.startswith("enemy-unit") and not m.units(state, enemy):
                    score -= 30  # nothing to hit
                if target.startswith("own-unit") and not m.units(state, seat):
                    score -= 30
            return score - card["funds"]
        theater = action.get("theater")
        if theater:
            if theater == m.base(state, enemy)["theater"]:
                score += 3
            if theater == m.base(state, seat)["theater"] and m.units(state, enemy, theater):
                score += 2
            if m.objective(state, seat) == "evacuation" and "Transport" in card["types"]:
                score += 6 if theater == "Planetside" else -6
        return score

    def attack_score(self, rules, state, seat, action) -> float:
        p, t = state["table"][action["unit"]], state["table"][action["target"]]
        if t["owner"] == seat:  # a clean-up attack (AAT-OBJ-8)
            return 12 + 3 * m.tokens(t, "computation")
        amount = rules.attack_amount(p, t)
        armor = max(0, (m.trait(rules.cards, t, "Armor") or 0) -
                    (m.trait(rules.cards, p, "Pierce") or 0))
        amount = max(0, amount - armor)
        if m.tokens(t, "stealth") and amount:
            amount = 0.5  # it strips the token
        amount = max(0, amount - m.tokens(t, "shield"))
        left = m.remaining(rules.cards, t)
        cost = 2 if action["mark"] else 0
        if t["kind"] == "base":
            return (1000 if amount >= left else 25 + 3 * amount) - cost
        if not amount:
            return -1.0  # nothing gets through
        threat = 30 if t.get("objective") else 0  # an objective unit is the race
        if amount >= left:
            bonus = 15 if m.trait(rules.cards, t, "Defender") else 0
            return 20 + self.value(rules, t["card"]) + bonus + 2 * threat - cost
        risk = 0
        if m.trait(rules.cards, p, "Fighter") and m.trait(rules.cards, t, "Point-Defense"):
            risk = 3
        return 2 + 1.5 * amount + threat * amount / left - risk - cost

    def order_score(self, rules, state, seat, action) -> float:
        p = state["table"][action["unit"]]
        name = action["order"]
        if name == "escape":
            return 200.0
        if name == "upload":  # it must beat the Mainframe's own attack on the base
            held = m.tokens(p, "computation")
            return 15.0 + 12 * held if held else -5.0
        source = state["table"][action["leader"]] if action.get("leader") else p
        order = rules.cards[source["card"]]["orders"][name]
        score = -order["funds"]
        for step in order["effect"]:
            if step["op"] == "objective":
                score += {"fire": 2000, "ascend": 150, "load-supplies": 40,
                          "transmit": 60 * m.tokens(source, "charge") - 5,
                          "charge": 30 if m.tokens(source, "charge") < 2 else -5
                          }[step["name"]]
                continue
            n = step.get("n", 1)
            score += STEP_WORTH.get(step["op"], 3) * (n if type(n) is int else 2)
            target = step.get("target", "")
            theater = m.theater_of(state, source)
            if target.startswith("enemy-unit") and not m.units(state, 1 - seat, theater):
                score -= 20
            if target.startswith("own-unit") and not m.units(state, seat, theater):
                score -= 20
            if step["op"] == "compute" and not rules.mainframes(state, seat):
                score -= 20
        return score

    def move_score(self, rules, state, seat, p) -> float:
        goal = m.objective(state, seat)
        carrying = m.tokens(p, "objective")
        if p["card"] in rules.raiders:
            if p["theater"] == "Planetside":
                return 50.0 if carrying else -5.0
            return -5.0 if carrying else 30.0
        if goal == "evacuation" and m.has_type(rules.cards, p, "Transport"):
            return 40.0 if p["theater"] == "Planetside" else -5.0
        if goal == "viral" and m.trait(rules.cards, p, "Mainframe"):
            return 20.0 if p["theater"] != m.base(state, 1 - seat)["theater"] else -5.0
        there = m.other(p["theater"])
        if there == m.base(state, 1 - seat)["theater"] and not rules.attack_targets(state, p):
            return 3.0
        return -1.0

    def choice_score(self, rules, state, seat, value) -> float:
        wait = state["await"]
        choice = wait["choice"]
        if choice == "delegate":
            if value == "none":
                return 0.0
            leader = state["table"][value[0]]
            base = m.base(state, seat)
            saves = m.remaining(rules.cards, base) - (wait["amount"] - value[1]) > 0 >= \
                m.remaining(rules.cards, base) - wait["amount"]
            dies = value[1] >= m.remaining(rules.cards, leader)
            return value[1] - (8 if dies else 0) + (500 if saves else 0)
        if choice == "computation":
            if value == "lose":
                return -10.0
            frame = state["table"][value]
            core = 5 if frame.get("objective") else 0  # Ascend: fill the Core first
            upload = 2 if frame["theater"] == m.base(state, 1 - seat)["theater"] else 0
            return m.tokens(frame, "computation") + core + upload
        if choice == "pick":
            return -1.0 if value == "done" else self.value(rules, value["card"])
        if choice == "target":
            p = state["table"][value]
            left = m.remaining(rules.cards, p)
            if p["owner"] != seat:
                return self.value(rules, p["card"]) - 2 * left
            return p["damage"] + self.value(rules, p["card"]) / 10
        if choice == "theater":
            enemy = 1 - seat
            if wait.get("card"):  # Infiltrate: where the enemy base is
                return 1.0 if value == m.base(state, enemy)["theater"] else 0.0
            return len(m.units(state, None, value))
        return 0.0
