"""The effect vocabulary (docs/format.md section 12), one for setup, turns, triggers and the
cards' own effects: change, draw, deal, discard, move, roll, shuffle, out, end.

An effect is run for a player in scope (`seat`): a turn's effects for the seat in
turn, a trigger's for the player it was checked for, a card's for who played it. With
printed cards (`tracked` False) no zone is kept: what an effect would do to the cards
is logged as what the players do with their own.

A `discard` asks its player to pick (a prompt, the state's `await`); effects
after it do not wait for the pick (the prompt is answered before the turn goes on).
Prompts that come while one is open wait in `state["queue"]` (an addition to section
3's keys)."""

from __future__ import annotations

from companion.core import rng
from companion.declared.model import (
    amount,
    face_number,
    holds,
    label,
    next_seat,
    owner,
    seats_in,
    shown_name,
)


class Effects:
    """Part of DeclaredRules (rules.py); `self.decl` is the game's Declaration."""

    def run(self, state: dict, effects: list, seat: int, card: str | None = None) -> list:
        events = []
        for effect in effects:
            if state["ended"] is not None:
                break
            if not holds(self.decl, state, effect.get("when"), seat, card):
                continue
            events += getattr(self, f"do_{effect['op']}")(state, effect, seat, card)
        return events

    def who(self, state: dict, effect: dict, seat: int) -> list[int]:
        """The seats an effect's `who` names, from the player in scope."""
        which = effect.get("who") or "self"
        if which == "each":
            return seats_in(state)
        if which == "others":
            return [s for s in seats_in(state) if s != seat]
        if which == "next":
            after = next_seat(state, self.decl, seat)
            return [] if after is None else [after]
        return [seat]

    def name(self, state: dict, seat: int | None) -> str:
        return state["players"][seat]["name"] if seat is not None else "The table"

    # -- the operations ---------------------------------------------------------------------
    def do_change(self, state, effect, seat, card):
        counter = self.decl.counters[effect["counter"]]
        targets = [None] if counter["per"] == "shared" else self.who(state, effect, seat)
        by = None if effect.get("by") is None else amount(self.decl, state, effect["by"], seat,
                                                          card)
        to = None if effect.get("to") is None else amount(self.decl, state, effect["to"], seat,
                                                          card)
        events = []
        for target in targets:
            old = self.counter(state, counter["id"], target)
            new = self.clamp(counter, to if to is not None else old + (by or 0))
            events += self.set_counter(state, counter["id"], target, new)
        return events

    def clamp(self, counter: dict, number: int) -> int:
        if counter["min"] is not None:
            number = max(counter["min"], number)
        if counter["max"] is not None:
            number = min(counter["max"], number)
        return number

    def do_draw(self, state, effect, seat, card):
        count = amount(self.decl, state, effect["count"], seat, card)
        events = []
        for target in self.who(state, effect, seat):
            events += self.draw(state, self.decl.key(effect["from"], target),
                                self.decl.key(effect["to"], target), target, count)
        return events

    def do_deal(self, state, effect, seat, card):
        count = amount(self.decl, state, effect["count"], seat, card)
        events = []
        for target in seats_in(state):
            events += self.draw(state, self.decl.key(effect["from"], target),
                                self.decl.key(effect["to"], target), target, count, "is dealt")
        return events

    def draw(self, state, source: str, to: str, seat: int, count: int, verb="draws") -> list:
        """Up to `count` cards from the top of zone key `source` to zone key `to`, for
        `seat` (who the log names); a pile that runs out takes its discard back,
        shuffled; short (logged) if both are empty."""
        name = self.name(state, seat)
        if count <= 0:
            return []
        if not state["tracked"]:
            return [{"kind": "draw", "seat": seat, "text": f"{name} {verb} {count} "
                     f"({self.decl.zone_of_key(source)['name']}, printed cards)"}]
        pile, hand = state["zones"][source], state["zones"][to]
        moved = 0
        events = []
        while moved < count:
            if not pile and not self.refill(state, source, seat, events):
                events.append({"kind": "short", "seat": seat,
                               "text": f"{self.decl.zone_of_key(source)['name']} is empty: "
                                       f"{name} gets {moved} of {count}"})
                break
            card = pile.pop(0)
            self.forget(state, card)
            hand.append(card)
            moved += 1
        if moved:
            events.insert(0, {"kind": "draw", "seat": seat, "count": moved,
                              "text": f"{name} {verb} {moved}"})
        return events

    def refill(self, state, source: str, seat: int, events: list) -> bool:
        """The discard (role) shuffled in as the new pile, when zone key `source` is the
        pile (role): the pile owner's discard, or the drawing seat's when the pile is
        shared and the discard each player's."""
        if self.decl.zone_of_key(source)["role"] != "pile":
            return False
        key = self.decl.role_key("discard", owner(source) if owner(source) is not None
                                 else seat)
        discard = state["zones"].get(key or "")
        if not discard:
            return False
        pile = state["zones"][source]
        pile += discard
        discard.clear()
        for card in pile:
            self.forget(state, card)
        rng.shuffle(state, pile)
        events.append({"kind": "shuffle", "text": f"The discard is shuffled into the "
                                                  f"{self.decl.zone_of_key(source)['name']}"})
        return True

    def do_discard(self, state, effect, seat, card):
        count = amount(self.decl, state, effect["count"], seat, card)
        events = []
        for target in self.who(state, effect, seat):
            name = self.name(state, target)
            if not state["tracked"]:
                events.append({"kind": "discard", "seat": target,
                               "text": f"{name} discards {count} (printed cards)"})
                continue
            source = self.decl.key(effect["from"], target)
            left = min(count, len(state["zones"][source]))
            if left > 0:
                self.ask(state, {"player": target, "kind": "discard", "left": left,
                                 "from": source, "to": self.decl.key(effect["to"], target),
                                 "then": None})
                events.append({"kind": "discard_prompt", "seat": target,
                               "text": f"{name} is to discard {left}"})
        return events

    def ask(self, state: dict, prompt: dict) -> None:
        """A prompt now, or after the one open."""
        if state["await"] is not None and state["await"]["kind"] == "turn":
            state["await"] = prompt
        else:
            state["queue"].append(prompt)

    def do_move(self, state, effect, seat, card):
        if card is None:
            return []
        to_name = self.decl.zones[effect["to"]]["name"]
        if not state["tracked"]:
            return [{"kind": "move", "text": f"{self.decl.card_name(card)} goes to {to_name} "
                                             "(printed cards)"}]
        self.place(state, card, self.decl.key(effect["to"], seat))
        return [{"kind": "move", "card": card,
                 "text": f"{shown_name(self.decl, state, card)} goes to {to_name}"}]

    def place(self, state: dict, card: str, key: str, bottom: bool = True) -> None:
        """A card out of its zone and into `key` (on top unless `bottom`)."""
        for cards in state["zones"].values():
            if card in cards:
                cards.remove(card)
                break
        self.forget(state, card)
        if bottom:
            state["zones"][key].append(card)
        else:
            state["zones"][key].insert(0, card)

    @staticmethod
    def forget(state: dict, card: str) -> None:
        """A card that moves is no longer shown face up."""
        if card in state["revealed"]:
            state["revealed"].remove(card)

    def do_roll(self, state, effect, seat, card):
        return self.roll(state, effect["die"], seat, effect.get("into"))

    def roll(self, state, die_id: str, seat: int, into: str | None = None) -> list:
        die = self.decl.dice[die_id]
        face = die["faces"][rng.randint(state, 1, len(die["faces"])) - 1]
        events = [{"kind": "roll", "die": die_id, "face": face, "seat": seat,
                   "text": f"{self.name(state, seat)} rolls the {die['name']}: {face}"}]
        number = face_number(face)
        if into and number is not None:
            counter = self.decl.counters[into]
            target = None if counter["per"] == "shared" else seat
            new = self.clamp(counter, self.counter(state, into, target) + number)
            events += self.set_counter(state, into, target, new)
        return events

    def do_shuffle(self, state, effect, seat, card):
        zone = self.decl.zones[effect["zone"]]
        if state["tracked"]:
            rng.shuffle(state, state["zones"][self.decl.key(zone["id"], seat)])
        return [{"kind": "shuffle", "text": f"{zone['name']} is shuffled"}]

    def do_out(self, state, effect, seat, card):
        return self.put_out(state, seat)

    def do_end(self, state, effect, seat, card):
        return self.finish(state, self.winners(state), effect.get("why") or "the rules")

    # -- counters ---------------------------------------------------------------------------
    @staticmethod
    def counter(state: dict, counter: str, seat: int | None) -> int:
        if counter in state["counters"]["shared"]:
            return state["counters"]["shared"][counter]
        return state["counters"]["seats"][seat][counter]

    def set_counter(self, state: dict, counter: str, seat: int | None, new: int) -> list:
        declared = self.decl.counters[counter]
        old = self.counter(state, counter, seat)
        if declared["per"] == "shared":
            state["counters"]["shared"][counter] = new
            who = f"{declared['name']}"
        else:
            state["counters"]["seats"][seat][counter] = new
            who = f"{self.name(state, seat)}: {label(declared['name'])}"
        if new == old:
            return []
        return [{"kind": "change", "counter": counter, "seat": seat, "old": old, "new": new,
                 "text": f"{who} {old} to {new}"}]
