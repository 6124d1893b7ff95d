"""Encounter cards: the effect vocabulary of R-EFF-0 / R-EFF-1 (rulings file), as a task
on the state's task stack (core.tasks.Steps): the card is revealed, then each of its
effect's steps (`task["steps"][task["i"]]`) is one step of the task, `op_<name>`, which
asks its players first (`j`, `k`: how far a step that asks again and again has got)."""

from __future__ import annotations

from itertools import permutations

from companion.core import rng
from companion.core.tasks import WAIT, Steps
from companion.games.ats import model as m
from companion.games.ats.combat import hit_base, name_of
from companion.games.ats.data import BASE_HP, cards, defense, encounter

PROGRESS = ("j", "k", "n", "seats")  # a step's own progress, gone when the next begins


def encounter_task(drawer: int, roll: int) -> dict:
    """R-ENC-1: the card revealed on an encounter roll of 5 or 6."""
    return ENCOUNTER.task("encounter", drawer=drawer, roll=roll, card=None, steps=[], i=0,
                          previous=[], opponent=None)


def encounter_happens(player: dict, roll: int) -> bool:
    """R-DIE-1 / R-ENC-1: 5 or 6, and a card left to reveal."""
    return roll >= 5 and bool(player["enc_deck"])


class Encounter(Steps):
    first = "turn_up"

    def turn_up(self, state, task, events):
        task["card"] = state["players"][task["drawer"]]["enc_deck"].pop(0)
        return "reveal"

    def reveal(self, state, task, events):
        drawer = task["drawer"]
        player = state["players"][drawer]
        card_id = task["card"]
        if card_id == m.UNKNOWN:
            seen = set(player["enc_discard"]) | set(player["held"])
            options = [c for c in sorted(cards()[1]) if c not in seen]
            card_id = self.ask(state, task, "reveal", drawer, "reveal", options,
                               "which Encounter card came up?")
            if card_id is None:
                return WAIT
            task["card"] = card_id
        card = encounter(card_id)
        events.append({"kind": "encounter", "text": f"Encounter: {card['name']} "
                       f"({card['kind']}): {card['text']}", "player": drawer, "card": card_id})
        if card["effect"]["timing"] == "hold":
            player["held"].append(card_id)
            return None
        task["steps"] = list(card["effect"]["steps"])
        return "effect"

    def effect(self, state, task, events):
        """The next step of the card's effect, or the card to its discard pile."""
        if task["i"] < len(task["steps"]):
            return "op_" + task["steps"][task["i"]]["op"]
        state["players"][task["drawer"]]["enc_discard"].append(task["card"])
        return None

    def next(self, state, task, events):
        task["i"] += 1
        for key in PROGRESS:
            task.pop(key, None)
        return "effect"

    # -- who and what a step affects ----------------------------------------------------
    def who(self, state, task, step):
        """The seats a step affects (WAIT: the drawer is asked which opponent)."""
        if "seats" in task:
            return task["seats"]
        who, drawer = step["who"], task["drawer"]
        if who == "self":
            seats = [drawer]
        elif who == "opponent":
            if task["opponent"] is None:
                rivals = m.opponents(state, drawer)
                if not rivals:
                    task["seats"] = []
                    return []
                chosen = rivals[0] if len(rivals) == 1 else self.ask(
                    state, task, "opponent", drawer, "opponent", rivals,
                    "choose the opponent this card affects")
                if chosen is None:
                    return WAIT
                task["opponent"] = chosen  # one opponent for the whole card
            seats = [task["opponent"]]
        else:
            order = state["order"]
            start = order.index(drawer) if drawer in order else 0
            seats = [s for s in order[start:] + order[:start]
                     if not state["players"][s]["out"]]
        task["seats"] = seats
        return seats

    def select(self, state, task, step, seats):
        """The (seat, level) slots a step affects (WAIT: a card is being chosen)."""
        spec = step.get("select")
        players = state["players"]
        if spec == "previous":
            return [s for s in task["previous"] if players[s[0]]["line"][s[1] - 1]]
        spec = spec or {"count": "all"}
        matching = [[seat, level] for seat in seats
                    for level, slot in enumerate(players[seat]["line"], start=1)
                    if slot and level in spec.get("levels", range(1, 6))
                    and m.unit(slot) in spec.get("units", (m.unit(slot),))]
        if spec.get("count") == "all" or not matching:
            return matching
        chooser = task["drawer"] if spec.get("chooser", "drawer") == "drawer" else seats[0]
        pick = self.ask(state, task, "card", chooser, "card", [list(s) for s in matching],
                        "choose a defense card",
                        labels=[name_of(players[s]["line"][lv - 1]) for s, lv in matching])
        return WAIT if pick is None else [pick]

    def each_seat(self, state, task, one):
        """The current step for each seat it affects in turn, `one(step, seat, j)`, which
        may ask (WAIT) and then runs again for that seat with the answer."""
        step = task["steps"][task["i"]]
        seats = self.who(state, task, step)
        if seats is WAIT:
            return WAIT
        task.setdefault("j", 0)
        while task["j"] < len(seats):
            if one(step, seats[task["j"]], task["j"]) is WAIT:
                return WAIT
            task["j"] += 1
        return "next"

    def each_slot(self, state, task, change, remember: bool = True):
        """The current step's change to each slot it affects (who(), then select(): WAIT
        while either asks), `change(step, seat, level, slot)`; the slots become
        `previous` for the next step that selects "previous"."""
        step = task["steps"][task["i"]]
        seats = self.who(state, task, step)
        chosen = WAIT if seats is WAIT else self.select(state, task, step, seats)
        if chosen is WAIT:
            return WAIT
        for seat, level in chosen:
            change(step, seat, level, state["players"][seat]["line"][level - 1])
        if remember:
            task["previous"] = chosen
        return "next"

    def until(self, state, task, duration: str):
        turn_player = state["turn"]["player"]
        return {"this_turn": {"event": "turn_end", "player": turn_player},
                "until_your_next_turn": {"event": "turn_start", "player": task["drawer"]},
                "end_of_round": {"event": "cleanup"},
                "permanent": {"event": "never"}}.get(duration)

    @staticmethod
    def chooser(task, step, seat):
        return task["drawer"] if step.get("chooser", "drawer") == "drawer" else seat

    # -- the ops ------------------------------------------------------------------------
    def op_damage_base(self, state, task, events):
        def one(step, seat, j):
            player = state["players"][seat]
            areas = m.standing_areas(player)
            if step.get("area", "each") == "choose" and areas:
                area = self.ask(state, task, f"area{j}", self.chooser(task, step, seat),
                                "area", areas, f"choose {player['name']}'s base area",
                                target=seat)
                if area is None:
                    return WAIT
                areas = [area]
            for area in areas:
                hit_base(state, events, seat, area, step["amount"], "encounter")
            return None

        return self.each_seat(state, task, one)

    def op_repair_base(self, state, task, events):
        """R-EFF-1: a standing area that can regain HP (below 100): an area at full HP
        regains nothing and is not offered; with none, the step does nothing (R-EFF-0)."""
        def one(step, seat, j):
            player = state["players"][seat]
            areas = [a for a in m.standing_areas(player) if player["bases"][a] < BASE_HP]
            if not areas:
                return None
            area = self.ask(state, task, f"area{j}", self.chooser(task, step, seat),
                            "repair_area", areas, "choose a base area to repair", target=seat)
            if area is None:
                return WAIT
            before = player["bases"][area]
            player["bases"][area] = min(BASE_HP, before + step["amount"])
            events.append({"kind": "base_repaired", "text": f"{player['name']}'s {area} "
                           f"regains {player['bases'][area] - before} HP", "player": seat,
                           "area": area})
            return None

        return self.each_seat(state, task, one)

    def op_modify_stat(self, state, task, events):
        def change(step, seat, level, slot):
            slot["mods"].append({"stat": step["stat"], "amount": step["amount"],
                                 "until": self.until(state, task, step["duration"])})
            events.append({"kind": "modified", "text": f"{name_of(slot)} "
                           f"{step['amount']:+d} {step['stat'].upper()}", "player": seat,
                           "level": level, "stat": step["stat"], "amount": step["amount"]})

        return self.each_slot(state, task, change)

    def op_grant_attribute(self, state, task, events):
        def change(step, seat, level, slot):
            slot["granted"].append({"attr": step["attribute"],
                                    "until": self.until(state, task, step["duration"])})
            events.append({"kind": "granted", "text": f"{name_of(slot)} gains "
                           f"{step['attribute']}", "player": seat, "level": level,
                           "attr": step["attribute"]})

        return self.each_slot(state, task, change)

    def op_disable(self, state, task, events):
        def change(step, seat, level, slot):
            slot["disabled"] = True
            events.append({"kind": "disabled", "text": f"{name_of(slot)} is Disabled",
                           "player": seat, "level": level})

        return self.each_slot(state, task, change)

    def op_repair_cards(self, state, task, events):
        def change(step, seat, level, slot):
            slot["damage"] = 0

        after = self.each_slot(state, task, change, remember=False)
        if after is not WAIT:
            events.append({"kind": "repaired", "text": "damage removed from defense cards",
                           "player": task["drawer"]})
        return after

    def op_discard_hand(self, state, task, events):
        def one(step, seat, j):
            player = state["players"][seat]
            if "n" not in task:  # how many this player discards, as the step reaches them
                task["n"], task["k"] = min(step["amount"], len(player["hand"])), 0
            while task["k"] < task["n"]:
                key = f"card{j}.{task['k']}"
                if state["settings"]["cards"] == "virtual" and step.get("chooser") == "random":
                    card_id = player["hand"][self.draw(state, task, key, 0,
                                                       len(player["hand"]) - 1)]
                else:
                    card_id = self.ask(state, task, key, seat, "discard",
                                       m.hand_choices(state, seat),
                                       "choose a card to discard from your hand")
                    if card_id is None:
                        return WAIT
                m.take_from_hand(player, card_id)
                player["discard"].append(card_id)
                shown = defense(card_id)["name"] if card_id != m.UNKNOWN else "a card"
                events.append({"kind": "discarded", "text": f"{player['name']} discards "
                               f"{shown}", "player": seat, "card": card_id})
                task["k"] += 1
            del task["n"]
            return None

        return self.each_seat(state, task, one)

    def op_clearance(self, state, task, events):
        step = task["steps"][task["i"]]
        player = state["players"][task["drawer"]]
        cap = min(5, step.get("max", 5))
        if step["duration"] == "permanent":
            new = max(1, min(cap, player["clearance"] + step["amount"]))
            if (new - player["clearance"]) * step["amount"] <= 0:  # a cap never reverses it
                i = task["i"]  # otherwise: its steps instead, next
                task["steps"] = task["steps"][:i + 1] + list(step.get("otherwise", [])) + \
                    task["steps"][i + 1:]
                return "next"
            player["clearance"] = new
        else:
            player["clr_mods"].append({"amount": step["amount"],
                                       "until": self.until(state, task, step["duration"])})
        events.append({"kind": "clearance", "text": f"{player['name']}'s clearance is now "
                       f"{m.clearance(player)}", "player": task["drawer"]})
        return "next"

    def op_look_hand(self, state, task, events):
        players, drawer = state["players"], task["drawer"]

        def one(step, seat, j):
            events.append({"kind": "looked", "text": f"{players[drawer]['name']} looks at "
                           f"{players[seat]['name']}'s hand", "player": drawer,
                           "cards": list(players[seat]["hand"]), "private": True})

        return self.each_seat(state, task, one)

    def op_peek_deck(self, state, task, events):
        players, drawer = state["players"], task["drawer"]

        def one(step, seat, j):
            deck = players[seat]["deck"]
            count = min(step["count"], len(deck))
            top = deck[:count]
            if step.get("reorder") and count > 1 and m.UNKNOWN not in top:
                top = self.ask(state, task, f"order{j}", drawer, "order",
                               [list(p) for p in permutations(top)],
                               "put the cards back on top in this order")
                if top is None:
                    return WAIT
                deck[:count] = top
            events.append({"kind": "peeked", "text": f"{players[drawer]['name']} looks at "
                           f"the top {count} cards", "player": drawer, "cards": top,
                           "private": True})
            return None

        return self.each_seat(state, task, one)

    def op_search_deck(self, state, task, events):
        step = task["steps"][task["i"]]
        player = state["players"][task["drawer"]]
        if "n" not in task:
            if not player["deck"]:
                return "next"
            task["n"], task["k"] = min(step["count"], len(player["deck"])), 0
        if self.move_cards(state, task, "deck", "hand", "search",
                           "take a card from your Defense Deck") is WAIT:
            return WAIT
        return "search_shuffle"

    def search_shuffle(self, state, task, events):
        step = task["steps"][task["i"]]
        player = state["players"][task["drawer"]]
        if state["settings"]["cards"] == "virtual":
            deck = player["deck"]
            for i in range(len(deck) - 1, 0, -1):
                j = rng.randint(state, 0, i)
                deck[i], deck[j] = deck[j], deck[i]
        task["n"], task["k"] = min(step.get("bottom", 0), len(player["hand"])), 0
        return "search_bottom"

    def search_bottom(self, state, task, events):
        player = state["players"][task["drawer"]]
        if self.move_cards(state, task, "hand", "deck", "bottom",
                           "put a card from your hand under the deck") is WAIT:
            return WAIT
        events.append({"kind": "searched", "text": f"{player['name']} searches the Defense "
                       "Deck", "player": task["drawer"]})
        return "next"

    def move_cards(self, state, task, source: str, target: str, choice: str, text: str):
        """The rest of the step's `task["n"]` cards from the drawer's `source` pile to the
        end of `target`, each the one they choose (printed cards: one unknown)."""
        player = state["players"][task["drawer"]]
        while task["k"] < task["n"]:
            card_id = m.UNKNOWN
            if state["settings"]["cards"] == "virtual":
                card_id = self.ask(state, task, f"card{task['k']}", task["drawer"], choice,
                                   sorted(set(player[source])), text)
                if card_id is None:
                    return WAIT
            player[source].remove(card_id)
            player[target].append(card_id)
            task["k"] += 1
        return None

    def op_cancel_attack(self, state, task, events):
        """Only usable in its hold window; handled by the combat (R-EFF-1)."""
        return "next"


ENCOUNTER = Encounter()
