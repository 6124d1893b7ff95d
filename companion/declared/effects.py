"""The effect vocabulary of a declared table (docs/format.md, section 12): change, draw,
deal, discard, move, roll, shuffle, out and end, carried out the same way wherever they
are declared (setup, turns, triggers, a card's own effects).

An effect's `who` widens its scope: `each` player still in, `others`, `next` (the next in
turn order); amounts are worked out for each player in scope, with that player's names."""

from __future__ import annotations

from companion.core import rng
from companion.declared import model
from companion.declared.model import Table

ZONE_OPS = frozenset({"draw", "deal", "discard", "move", "shuffle"})


class Effects:
    """Part of DeclaredRules (rules.py); `self.table` is the folder's Table."""

    table: Table

    def run(self, state: dict, effects: list, seat: int | None, card: str | None = None) -> list:
        """Carry out `effects` in order for the player in scope; the events they make."""
        events = []
        for effect in effects:
            if state["ended"]:
                break
            if not state["tracked"] and effect["op"] in ZONE_OPS:
                continue  # the printed cards: the players move them, the app keeps no zones
            for who in self.scope(state, effect, seat):
                if model.holds(self.table, state, effect.get("when"), who, card):
                    events += getattr(self, f"do_{effect['op']}")(state, effect, who, card)
        return events

    def scope(self, state: dict, effect: dict, seat: int | None) -> list:
        who, playing = effect.get("who", "self"), model.seats_in(state)
        if who == "each":
            return playing
        if who == "others":
            return [s for s in playing if s != seat]
        if who == "next":
            following = self.next_seat(state, seat if seat is not None else 0)
            return [] if following is None else [following]
        return [seat]

    def name(self, state: dict, seat) -> str:
        return "The table" if seat is None else state["players"][seat]["name"]

    # -- the vocabulary ---------------------------------------------------------------------
    def do_change(self, state, effect, seat, card) -> list:
        counter = self.table.counters[effect["counter"]]
        if counter["per"] == "player" and seat is None:
            return []
        owner = None if counter["per"] == "shared" else seat
        before = model.counter_value(state, counter, owner)
        if effect.get("to") is not None:
            target = model.number(self.table, state, effect["to"], seat, card)
        else:
            target = before + model.number(self.table, state, effect["by"], seat, card)
        return self.changed(state, counter, owner, before, target)

    def changed(self, state, counter: dict, owner, before: int, target: int) -> list:
        after = model.set_counter(state, counter, owner, target)
        if after == before:
            return []
        who = "" if owner is None else f"{self.name(state, owner)}: "
        return [{"kind": "counter", "player": owner, "counter": counter["id"],
                 "text": f"{who}{counter['name']} {before} to {after}"}]

    def do_draw(self, state, effect, seat, card) -> list:
        count = model.number(self.table, state, effect["count"], seat, card)
        return self.draw(state, self.key(effect["from"], seat), self.key(effect["to"], seat),
                         count, seat)

    def do_deal(self, state, effect, seat, card) -> list:
        events = []
        count = model.number(self.table, state, effect["count"], seat, card)
        for each in model.seats_in(state):
            events += self.draw(state, self.key(effect["from"], each),
                                self.key(effect["to"], each), count, each)
        return events

    def do_discard(self, state, effect, seat, card) -> list:
        count = model.number(self.table, state, effect["count"], seat, card)
        source = self.key(effect["from"], seat)
        count = min(count, len(state["zones"][source]))
        if count <= 0 or seat is None:
            return []
        self.ask(state, {"player": seat, "kind": "discard", "left": count, "from": source,
                         "to": self.key(effect["to"], seat), "then": None})
        return []

    def do_move(self, state, effect, seat, card) -> list:
        if card is None or model.where(state, card) is None:
            return []
        target = self.key(effect["to"], seat)
        return self.move(state, card, target, seat)

    def do_roll(self, state, effect, seat, card) -> list:
        return self.roll(state, effect["die"], seat, effect.get("into"))

    def do_shuffle(self, state, effect, seat, card) -> list:
        key = self.key(effect["zone"], seat)
        rng.shuffle(state, state["zones"][key])
        return [{"kind": "shuffled", "text": f"{self.zone_name(key)} shuffled"}]

    def do_out(self, state, effect, seat, card) -> list:
        return [] if seat is None else self.put_out(state, seat, effect.get("why", ""))

    def do_end(self, state, effect, seat, card) -> list:
        return self.finish(state, effect.get("why") or "the declared end")

    # -- shared moves -----------------------------------------------------------------------
    def key(self, zone_id: str, seat) -> str:
        return self.table.zone_key(zone_id, 0 if seat is None else seat)

    def zone_name(self, key: str) -> str:
        zone, owner = self.table.zone_of(key)
        return zone["name"]

    def draw(self, state: dict, source: str, target: str, count: int, seat) -> list:
        """`count` cards from the top of `source`; a pile that runs out takes its discard,
        shuffled; a draw that still finds too few stops short (said in the log)."""
        taken = 0
        for _ in range(max(0, count)):
            if not state["zones"][source] and not self.refill(state, source):
                break
            card = state["zones"][source].pop(0)
            state["zones"][target].append(card)
            taken += 1
        who = self.name(state, seat)
        text = f"{who} draws {taken}" + (f" of {count}: {self.zone_name(source)} is empty"
                                         if taken < count else "")
        return [{"kind": "drew", "player": seat, "count": taken, "text": text}]

    def refill(self, state: dict, source: str) -> bool:
        zone, owner = self.table.zone_of(source)
        discard = self.table.role_key("discard", owner)
        if zone["role"] != "pile" or discard is None or not state["zones"].get(discard):
            return False
        state["zones"][source] = state["zones"][discard]
        state["zones"][discard] = []
        rng.shuffle(state, state["zones"][source])
        return True

    def move(self, state: dict, card: str, target: str, seat) -> list:
        source = model.where(state, card)
        state["zones"][source].remove(card)
        state["zones"][target].append(card)
        if card in state["revealed"] and self.table.zone_of(target)[0]["show"] == "public":
            state["revealed"].remove(card)
        name = self.table.card(card)["name"]
        shown = name if self.table.zone_of(target)[0]["show"] != "hidden" else "a card"
        return [{"kind": "moved", "player": seat, "card": card,
                 "text": f"{self.name(state, seat)}: {shown} to {self.zone_name(target)}"}]

    def roll(self, state: dict, die_id: str, seat, into: str | None = None) -> list:
        die = self.table.dice[die_id]
        face = rng.randint(state, 1, len(die["faces"]))
        shown = die["faces"][face - 1]
        events = [{"kind": "rolled", "player": seat, "die": die_id, "face": face,
                   "text": f"{self.name(state, seat)} rolls the {die['name']}: {shown}"}]
        value = shown.split(",")[0].strip()
        if into is not None and value.lstrip("-").isdigit():
            counter = self.table.counters[into]
            owner = None if counter["per"] == "shared" else seat
            before = model.counter_value(state, counter, owner)
            events += self.changed(state, counter, owner, before, before + int(value))
        return events
