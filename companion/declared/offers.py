"""What a declared table offers the player in turn (legal_actions): every operation the
phase allows, on what the app keeps, in a fixed order, so a seeded computer player (the
simulator's) plays the same game twice. `out` and `finish` are the players' word and
never offered: a random player would end every game at once."""

from __future__ import annotations

from companion.declared import model


class Offers:
    """Part of DeclaredRules (rules.py)."""

    def legal_actions(self, state: dict) -> list[dict]:
        wait = state["await"]
        if wait is None:
            return []
        if wait["kind"] == "discard":
            return [{"type": "discard", "card": c} for c in state["zones"][wait["from"]]]
        seat, allowed = wait["player"], self.allowed(state)
        offers = []
        if "change" in allowed:
            offers += self.counter_offers(state)
        if state["tracked"]:
            offers += self.card_offers(state, seat, allowed)
        elif "told" in allowed:
            offers += [{"type": "told", "card": card} for card in self.told_cards()]
        if "roll" in allowed:
            offers += [{"type": "roll", "die": die} for die in self.table.dice]
        return offers + [{"type": "phase"}, {"type": "pass"}]

    def counter_offers(self, state: dict) -> list:
        offers = []
        for counter in self.table.counters.values():
            owners = [None] if counter["per"] == "shared" else model.seats_in(state)
            for owner in owners:
                value = model.counter_value(state, counter, owner)
                for amount in (counter["step"], -counter["step"]):
                    if model.clamp(counter, value + amount) == value + amount:
                        action = {"type": "change", "counter": counter["id"], "amount": amount}
                        offers.append(action if owner is None else dict(action, seat=owner))
        return offers

    def card_offers(self, state: dict, seat: int, allowed: set) -> list:
        offers, hand = [], self.table.role_key("hand", seat)
        pile = self.table.role_key("pile", seat)
        if "draw" in allowed and hand and pile and (state["zones"][pile] or self.refillable(
                state, pile)):
            offers.append({"type": "draw", "zone": pile, "to": hand, "count": 1})
        if "shuffle" in allowed and pile and len(state["zones"][pile]) > 1:
            offers.append({"type": "shuffle", "zone": pile})
        for card in state["zones"].get(hand, []) if hand else []:
            for kind in ("play", "discard", "reveal", "return"):
                if kind in allowed and self.offered(kind, seat):
                    offers.append({"type": kind, "card": card})
        if "move" in allowed:
            offers += self.move_offers(state, seat)
        return offers

    def offered(self, kind: str, seat: int) -> bool:
        if kind == "discard":
            return self.table.role_key("discard", seat) is not None
        if kind == "return":
            return self.table.role_key("pile", seat) is not None
        if kind == "reveal":
            return self.table.zones[self.table.roles["hand"]]["show"] != "public"
        return True

    def move_offers(self, state: dict, seat: int) -> list:
        """The player's own face-up and in-hand cards to any other zone of theirs or the
        table's (a few at most each, in zone order)."""
        mine = [key for key in state["zones"] if self.table.zone_of(key)[1] in (None, seat)]
        offers = []
        for key in mine:
            zone = self.table.zone_of(key)[0]
            if zone["show"] == "hidden" or self.table.zone_of(key)[1] is None:
                continue
            for card in state["zones"][key]:
                offers += [{"type": "move", "card": card, "to": other} for other in mine
                           if other != key]
        return offers

    def refillable(self, state: dict, pile: str) -> bool:
        discard = self.table.role_key("discard", self.table.zone_of(pile)[1])
        return bool(discard and state["zones"].get(discard))

    def told_cards(self) -> list:
        """Each card with effects once (its copies alike), for the printed-cards mode."""
        seen, cards = set(), []
        for card_id, card in self.table.cards.items():
            key = (card["component"], card["item"])
            if card["component"] in self.table.data["effects"] and key not in seen:
                seen.add(key)
                cards.append(card_id)
        return cards
