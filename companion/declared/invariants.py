"""A folder game's invariants, checked by the simulator and the tests after every
action: every counter within its bounds, every card in exactly one zone (tracked cards),
the turn order kept (the turn number never goes back, the seat in turn is not out),
and the prompt consistent with the end."""

from __future__ import annotations

from collections import Counter


class Invariants:
    """Part of DeclaredRules (rules.py)."""

    def snapshot_for_checks(self, state: dict):
        return (state["turn"]["number"], state["turn"]["round"])

    def invariants(self, state: dict, previous=None) -> list[str]:
        broken = []
        for counter in self.decl.table["counters"]:
            values = [state["counters"]["shared"][counter["id"]]] if counter["per"] == "shared" \
                else [seat[counter["id"]] for seat in state["counters"]["seats"]]
            low, high = counter["min"], counter["max"]
            if any(low is not None and v < low or high is not None and v > high
                   for v in values):
                broken.append(f"{counter['id']} out of its bounds")
        held = Counter(c for cards in state["zones"].values() for c in cards)
        expected = Counter(self.decl.every_card(len(state["players"]))) if state["tracked"] \
            else Counter()
        if held != expected:
            broken.append("cards not each in exactly one zone")
        turn = state["turn"]
        if not 0 <= turn["phase"] < len(self.decl.phases):
            broken.append("no such phase")
        if previous is not None and (turn["number"], turn["round"]) < previous:
            broken.append("the turn went back")
        if state["ended"] is None:
            if state["await"] is None:
                broken.append("a game not over waits for nobody")
            elif state["players"][state["await"]["player"]]["out"]:
                broken.append("a player who is out is asked")
            if state["players"][turn["seat"]]["out"]:
                broken.append("the seat in turn is out")
        elif state["await"] is not None:
            broken.append("a finished game waits for a player")
        return broken
