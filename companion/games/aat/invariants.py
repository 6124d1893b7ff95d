"""Invariants the simulator and the property tests check after every action.

They run after each of the simulator's actions (some 200 a greedy game), so they
read the state once: every pile and piece is looked at each time, in one pass,
against the decks sorted once, as numbers (AatRules.sorted_decks: numbers sort
faster than card ids that share their first letters). A seat's cards
in the same order as at its last check that found them whole are whole again, and
are not sorted again (most actions move no card between piles)."""

from __future__ import annotations

from companion.games.aat import model as m
from companion.games.aat.objectives import CARRY_CAP, CHARGE_CAP


class Invariants:
    """Part of AatRules (rules.py)."""

    def snapshot_for_checks(self, state: dict):
        return (state["escalation"], [(p["scored"], p["escaped"]) for p in state["players"]])

    def held(self, state: dict, seat: int) -> list[str]:
        """Every card of the player wherever it is (cards between piles are on the stack)."""
        return self._held_by_seat(state)[seat]

    def _held_by_seat(self, state: dict) -> list[list[str]]:
        """Each seat's cards, from its piles, the table and the task stack, in one pass."""
        held = [[*player["deck"], *player["hand"], *player["discard"], *player["special"],
                 *player["removed"], *player["objectives"], *player["unused_base"]]
                for player in state["players"]]
        for p in state["table"].values():
            held[p["owner"]].append(p["card"])
        for task in state["tasks"]:
            do = task["do"]
            if do == "discard":
                held[task["seat"]].append(task["card"])
            elif do == "mulligan":
                held[task["seat"]] += task["aside"]
        return held

    def invariants(self, state: dict, previous=None) -> list[str]:
        broken = []
        if not 0 <= state["escalation"] <= 5 or not 0 <= state["incidents"] <= 3:
            broken.append("escalation out of 0-5 or incidents out of 0-3")
        if previous is not None:
            if state["escalation"] < previous[0]:
                broken.append("escalation went down")
            for now, before in zip(state["players"], previous[1], strict=True):
                if (now["scored"], now["escaped"]) < before:
                    broken.append("scored progress was lost")
        waiting = state["await"] is not None
        if waiting == (state["phase"] == "over"):
            broken.append("waiting for nobody in a game not over")
        tracked = m.tracked(state)
        verified = self.conserved
        number = self.card_numbers.get
        for seat, (player, mine) in enumerate(zip(state["players"], self._held_by_seat(state),
                                                  strict=True)):
            full = self.sorted_decks[player["subfaction"]]
            if len(mine) != len(full):
                broken.append(f"{player['name']}: {len(mine)} cards, not {len(full)}")
            elif not tracked and verified.get(seat) != (full, mine):
                # the very sequence last found a permutation of the deck is one again
                numbers = list(map(number, mine))  # a card of no deck: None, never equal
                if None not in numbers:
                    numbers.sort()
                if numbers != full:
                    broken.append(f"{player['name']}: cards not conserved")
                else:
                    verified[seat] = (full, mine)
        live = waiting and state["phase"] != "over"
        cards = self.cards
        for p in state["table"].values():
            card = cards[p["card"]]
            tokens = p["tokens"]
            unit = p["kind"] == "unit"
            for v in tokens.values():
                if type(v) is not int or v <= 0:
                    broken.append(f"{p['uid']}: a token count below 1")
                    break
            if unit and p["theater"] not in card["theaters"]:
                broken.append(f"{p['uid']}: in a theater not marked on it")
            if unit and tokens and (tokens.get("computation", 0) > m.MAINFRAME_CAP or
                                    tokens.get("charge", 0) > CHARGE_CAP or
                                    tokens.get("objective", 0) > CARRY_CAP):
                broken.append(f"{p['uid']}: over a token cap")
            if live and p["damage"] >= card["health"] and p["kind"] != "base" and \
                    not any(t["do"] == "destroy" for t in state["tasks"]):
                broken.append(f"{p['uid']}: at its health but still in play")
        return broken
