"""A folder game's invariants, checked by the simulator and the tests after every
action: every counter within its bounds, every card in exactly one zone (tracked cards),
the turn order kept (the turn number never goes back; a turn passes to the next seat in
turn order, over players out only; the seat in turn is not out), and the prompt
consistent with the end.

One allowance: a player who goes out in their own turn while another player's discard
prompt is open (their card made the next player discard) keeps the turn until that
prompt is answered; the turn then passes at once. The prompt is another player's to
answer, and it may hold up the round's end, which passing the turn first would repeat."""

from __future__ import annotations

from collections import Counter


class Invariants:
    """Part of DeclaredRules (rules.py)."""

    def snapshot_for_checks(self, state: dict):
        return (state["turn"]["number"], state["turn"]["round"], state["turn"]["seat"])

    def in_order(self, state: dict, before: int, after: int) -> bool:
        """Whether `after` is the next seat from `before` in turn order, every seat between
        them out (the turn passed over nobody still in)."""
        count = len(state["players"])
        step = -1 if self.decl.table["players"]["order"] == "counterclockwise" else 1
        for k in range(1, count + 1):
            seat = (before + step * k) % count
            if seat == after:
                return True
            if not state["players"][seat]["out"]:
                return False
        return False

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
        if len(set(state["revealed"])) < len(state["revealed"]) or \
                any(card not in held for card in state["revealed"]):
            broken.append("a card turned up twice, or turned up in no zone")
        turn = state["turn"]
        if not 0 <= turn["phase"] < len(self.decl.phases):
            broken.append("no such phase")
        if previous is not None:
            number, round_, seat = previous
            if (turn["number"], turn["round"]) < (number, round_):
                broken.append("the turn went back")
            elif turn["number"] == number + 1 and not self.in_order(state, seat, turn["seat"]):
                broken.append("the turn passed over a player still in")
        if state["ended"] is None:
            if state["await"] is None:
                broken.append("a game not over waits for nobody")
            elif state["players"][state["await"]["player"]]["out"]:
                broken.append("a player who is out is asked")
            if state["players"][turn["seat"]]["out"] and state["await"] is not None and \
                    state["await"]["kind"] == "turn":
                broken.append("the seat in turn is out")
        elif state["await"] is not None:
            broken.append("a finished game waits for a player")
        return broken
