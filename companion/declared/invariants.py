"""What must hold after every action at a declared table (the simulator and the tests
check it): every counter within its bounds, every card the app keeps in exactly one
zone, the turn with a player still in, and the turn order kept."""

from __future__ import annotations

from collections import Counter

from companion.declared import model


class Invariants:
    """Part of DeclaredRules (rules.py)."""

    def invariants(self, state: dict, previous=None) -> list[str]:
        broken = []
        for counter in self.table.counters.values():
            owners = [None] if counter["per"] == "shared" else range(len(state["players"]))
            for owner in owners:
                value = model.counter_value(state, counter, owner)
                if model.clamp(counter, value) != value:
                    broken.append(f"{counter['id']} of seat {owner} is {value}, out of bounds")
        if state["tracked"]:
            seen = Counter(card for cards in state["zones"].values() for card in cards)
            if previous and set(seen) != previous["cards"]:
                broken.append("a card appeared or vanished")
            broken += [f"{card} lies in {n} zones" for card, n in seen.items() if n > 1]
        if state["await"] is not None:
            seat = state["turn"]["seat"]
            if state["players"][seat]["out"]:
                broken.append(f"seat {seat} is out but has the turn")
            if previous and previous["turn"] != seat and previous["turn"] is not None and \
                    not state["players"][previous["turn"]]["out"]:
                expected = self.next_seat(state, previous["turn"])
                if seat != expected and previous["number"] != state["turn"]["number"]:
                    broken.append(f"the turn went from seat {previous['turn']} to {seat}, "
                                  f"not {expected}")
        return broken

    def snapshot_for_checks(self, state: dict):
        cards = {card for cards in state["zones"].values() for card in cards}
        turn = state["turn"]
        return {"cards": cards, "turn": turn["seat"] if state["await"] else None,
                "number": turn["number"]}
