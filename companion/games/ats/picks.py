"""Choosing by tapping the table: for the prompt and what the player has tapped
so far (`sel`), which cards, gaps, base areas and hand cards may be tapped
(`marks`), and what a tap does (`tap`). No Kivy here, so it is tested fast.

A thing on the table is ("slot", seat, level), ("base", seat, area),
("player", seat) (a player's row) or ("hand", card_id). Marks: "can" (may be
chosen: your own things, the hand), "picked" (chosen), "target" (an opposing
player's thing to hit: a target of the chosen attacker, of Intel's -1, of an
Encounter card). A tap answers ("act", action), ("sel", new selection) or ("say",
why not).
"""

from __future__ import annotations

from companion.games.ats import model as m
from companion.games.ats import view
from companion.games.ats.data import defense

AREA_CHOICES = {"rollover_area", "area", "repair_area"}
HAND_CHOICES = {"discard", "bottom"}


class Picks:
    def __init__(self, rules, state: dict, legal: list[dict], sel: dict):
        self.rules, self.state, self.legal, self.sel = rules, state, legal, sel
        self.wait = state["await"]
        self.seat = self.wait["player"]
        self.virtual = state["settings"]["cards"] == "virtual"
        self.name = state["players"][self.seat]["name"]

    # -- the main step ----------------------------------------------------------------
    def swapping(self) -> bool:
        """R-SAC-2: Sacrifice chosen, or a swap made this turn."""
        return self.sel.get("mode") == "sacrifice" or self.state["turn"]["sacrificed"]

    def options(self, level: int) -> list[dict]:
        return view.attack_options(self.rules, self.state, self.seat, level)

    def attackers(self) -> set[int]:
        return {a["level"] for a in self.legal if a["type"] == "attack"}

    def intel(self) -> dict:
        """R-ATT-10: the player whose row a tap picks -> the Intel action."""
        return {self.seat if a["mode"] == "self" else a["player"]: a
                for a in self.legal if a["type"] == "intel"}

    def main_marks(self) -> dict:
        marks = {}
        if self.sel.get("mode") == "intel":
            return {("player", seat): self.mark(("player", seat)) for seat in self.intel()}
        if self.swapping():
            levels = self.rules.swap_levels(self.state, self.seat)
            for level in levels:
                picked = self.sel.get("level") == level
                marks[("slot", self.seat, level)] = "picked" if picked else "can"
            for card in self.hand():
                if defense(card)["level"] in levels and self.sel.get("level") in (
                        None, defense(card)["level"]):
                    marks[("hand", card)] = "can"
            return marks
        for level in self.attackers():
            marks[("slot", self.seat, level)] = "can"
        attacker = self.sel.get("attacker")
        if attacker is None:
            return marks
        marks[("slot", self.seat, attacker)] = "picked"
        gap = self.sel.get("gap")
        for option in self.options(attacker):
            if not option["legal"]:
                continue
            target = option["action"]["target"]
            if target.get("bypass") or (gap and [target["player"], target.get("level")] == gap):
                marks[("base", target["player"], target["area"])] = "target"
            else:
                marks[("slot", target["player"], target["level"])] = "target"
        if gap:
            marks[("slot", *gap)] = "picked"
        chosen = self.sel.get("target")
        if chosen:
            place = ("base", chosen["player"], chosen["area"]) if "area" in chosen else (
                "slot", chosen["player"], chosen["level"])
            marks[place] = "picked"
        return marks

    def main_tap(self, thing) -> tuple:
        kind, *where = thing
        if self.sel.get("mode") == "intel":
            if kind == "player" and where[0] in self.intel():
                return ("act", self.intel()[where[0]])
            return ("say", "Tap your own name for your clearance +1, or an opponent's "
                           "for theirs -1 (R-ATT-10).")
        if self.swapping():
            return self.swap_tap(thing)
        if kind == "player":
            return ("say", "First tap one of your own cards to attack with it.")
        if kind == "hand":
            return ("say", "To put a card from your hand in your line, tap Sacrifice.")
        seat = where[0]
        attacker = self.sel.get("attacker")
        if kind == "slot" and seat == self.seat:
            level = where[1]
            if level in self.attackers():
                if attacker == level and "target" not in self.sel:
                    return ("sel", {})
                return ("sel", {"attacker": level})
            return ("say", self.why_not_attacker(level))
        if attacker is None:
            return ("say", "First tap one of your own cards to attack with it.")
        if seat not in m.opponents(self.state, self.seat):
            return ("say", "Attack an opposing player's card or base area (R-TEAM-1).")
        matches = [o for o in self.options(attacker) if self.aims_at(o, kind, where)]
        legal = [o["action"]["target"] for o in matches if o["legal"]]
        if not legal:
            reasons = [o["reason"] for o in matches] or [
                "not within one level of the attacking card (R-CLR-2)"]
            return ("say", f"Not that one: {reasons[0]}")
        if kind == "slot" and len(legal) > 1:  # a gap: which base area behind it?
            return ("sel", {"attacker": attacker, "gap": list(where)})
        return ("sel", {"attacker": attacker, "target": legal[0]})

    def aims_at(self, option, kind, where) -> bool:
        target = option["action"]["target"]
        if kind == "base":
            gap = self.sel.get("gap")
            through = gap is not None and [target["player"], target.get("level")] == gap
            return (target["player"], target.get("area")) == tuple(where) and (
                target.get("bypass") or through)
        return (target["player"], target.get("level")) == tuple(where) and \
            not target.get("bypass")

    def why_not_attacker(self, level) -> str:
        slot = self.state["players"][self.seat]["line"][level - 1]
        if slot is None:
            return "A gap cannot attack: tap one of your cards."
        options = self.options(level)
        reason = options[0]["reason"] if options else "no target within one level (R-CLR-2)"
        return f"{defense(slot['card'])['name']} cannot attack: {reason}"

    def swap_tap(self, thing) -> tuple:
        levels = self.rules.swap_levels(self.state, self.seat)
        kind, *where = thing
        if kind == "hand":
            level = defense(where[0])["level"]
            if level in levels:
                return ("act", {"type": "swap", "level": level, "card": where[0]})
            return ("say", f"Level {level} cannot take another card this turn (R-SAC-2).")
        if kind == "slot" and where[0] == self.seat and where[1] in levels:
            return ("sel", {"mode": "sacrifice", "level": where[1]})
        return ("say", "Tap one of your marked cards or gaps: a card of that level is in "
                       "your hand (R-SAC-1).")

    # -- the other prompts ----------------------------------------------------------------
    def hand(self) -> list[str]:
        return sorted(set(self.state["players"][self.seat]["hand"]) - {m.UNKNOWN},
                      key=lambda c: (defense(c)["level"], c))

    def answers(self) -> dict:
        """Table things that answer the prompt by themselves: thing -> action."""
        kind, found = self.wait["kind"], {}
        for action in self.legal:
            thing = None
            if kind == "cloak" and action["type"] == "cloak":
                thing = ("slot", self.seat, action["level"])
            elif kind in ("reinforce", "discard") and self.virtual and action.get("card"):
                thing = ("hand", action["card"])
            elif kind == "choose":
                thing = self.choice_thing(action["value"])
            if thing:
                found[thing] = action
        return found

    def choice_thing(self, value):
        choice = self.wait.get("choice")
        if choice == "opponent":
            return ("player", value)
        if choice in AREA_CHOICES and "target" in self.wait:
            return ("base", self.wait["target"], value)
        if choice == "card" and isinstance(value, list):
            return ("slot", value[0], value[1])
        if choice in HAND_CHOICES and self.virtual:
            return ("hand", value)
        return None

    def marks(self) -> dict:
        kind = self.wait["kind"]
        if kind == "main":
            return self.main_marks()
        if kind == "advance":
            picked = set(self.sel.get("picked", ()))
            return {("slot", self.seat, lv): "picked" if lv in picked else "can"
                    for lv, slot in enumerate(self.state["players"][self.seat]["line"], 1)
                    if slot}
        marks = {thing: self.mark(thing) for thing in self.answers()}
        if kind in ("reinforce", "start_card") or self.wait.get("choice") == "self_destruct":
            marks[("slot", self.seat, self.wait["level"])] = "picked"
        return marks

    def mark(self, thing) -> str:
        """How a thing that answers the prompt is lit: red ("target") only for an
        opposing player's, gold ("can") for the player's own (a card to cloak, an area
        to repair) and the hand's (issue 33)."""
        if thing[0] != "hand" and thing[1] in m.opponents(self.state, self.seat):
            return "target"
        return "can"

    def tap(self, thing) -> tuple:
        kind = self.wait["kind"]
        if kind == "main":
            return self.main_tap(thing)
        if kind == "advance":
            if thing[0] == "slot" and thing[1] == self.seat and \
                    self.state["players"][self.seat]["line"][thing[2] - 1]:
                return ("sel", {"picked": sorted(set(self.sel.get("picked", ())) ^ {thing[2]})})
            return ("say", "Tap your own line cards to choose what to sacrifice (R-CLR-3).")
        answers = self.answers()
        if tuple(thing) in answers:
            return ("act", answers[tuple(thing)])
        if not answers:
            return ("say", "Choose below.")
        return ("say", "Not that one: tap one of the marked ones.")

    def check_seats(self) -> tuple:
        """While an attack is checked (its target chosen): the attacker's seat and the
        target's, whose rows the board keeps open."""
        target = self.sel.get("target") if self.wait["kind"] == "main" else None
        return (self.seat, target["player"]) if target else ()

    # -- what the prompt says --------------------------------------------------------
    def prompt(self) -> str:
        kind, name = self.wait["kind"], self.name
        if kind == "main":
            if self.swapping():
                level = self.sel.get("level")
                if level is None:
                    return f"{name}: tap a marked card or gap of yours to swap from your hand"
                source = "tap the card from your hand" if self.virtual else "choose the card"
                return f"{name}: {source} to put in level {level}"
            attacker = self.sel.get("attacker")
            if attacker is None:
                return f"{name}: tap one of your cards to attack with it"
            if "target" in self.sel:
                return f"{name}: attack?"
            if self.sel.get("mode") == "intel":
                return f"{name}: Intel: tap your name for clearance +1 this turn, or an " \
                       "opponent's for -1"
            card = defense(self.state["players"][self.seat]["line"][attacker - 1]["card"])
            if self.sel.get("gap"):
                return f"{name}: tap the base area to attack through the gap"
            return f"{name}: tap the target for {card['name']}"
        if kind == "advance":
            return f"{name}: tap line cards to sacrifice for clearance, or Not this round"
        if kind == "cloak":
            return f"{name}: tap a card to cloak for the next round, or No cloak this round"
        if kind == "reinforce" and self.virtual:
            return f"{name}: tap a level {self.wait['level']} card from your hand for the gap"
        if kind == "discard" and self.virtual:
            held = len(self.state["players"][self.seat]["hand"])
            return f"{name}: tap a card to discard ({held} in hand, keep 7)"
        if kind == "choose" and self.wait.get("choice") == "opponent":
            return f"{name}: {self.wait.get('text', '')}: tap their name"
        if kind == "choose" and self.answers():
            return f"{name}: {self.wait.get('text', '')} (tap it)"
        if kind == "choose" and self.wait.get("choice") == "order":
            return f"{name}: tap the cards in the order to put them back, the top card first"
        return view.prompt_text(self.state)
