"""Invariants the simulator and the property tests check after every action."""

from __future__ import annotations

from companion.games.aat import model as m
from companion.games.aat.objectives import CARRY_CAP, CHARGE_CAP


class Invariants:
    """Part of AatRules (rules.py)."""

    def snapshot_for_checks(self, state: dict):
        return (state["escalation"], [(p["scored"], p["escaped"]) for p in state["players"]])

    def held(self, state: dict, seat: int) -> list[str]:
        """Every card of the player wherever it is (cards between piles are on the stack)."""
        player = state["players"][seat]
        cards = (player["deck"] + player["hand"] + player["discard"] + player["special"]
                 + player["removed"] + player["objectives"] + player["unused_base"])
        cards += [p["card"] for p in state["table"].values() if p["owner"] == seat]
        for task in state["tasks"]:
            if task["do"] == "discard" and task["seat"] == seat:
                cards.append(task["card"])
            elif task["do"] == "mulligan" and task["seat"] == seat:
                cards += task["aside"]
        return cards

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
        if (state["await"] is None) != (state["phase"] == "over"):
            broken.append("waiting for nobody in a game not over")
        for seat, player in enumerate(state["players"]):
            full = sorted(self.deck_cards[player["subfaction"]])
            mine = self.held(state, seat)
            if len(mine) != len(full):
                broken.append(f"{player['name']}: {len(mine)} cards, not {len(full)}")
            elif not m.tracked(state) and sorted(mine) != full:
                broken.append(f"{player['name']}: cards not conserved")
        for p in state["table"].values():
            card = self.cards[p["card"]]
            if any(v <= 0 or type(v) is not int for v in p["tokens"].values()):
                broken.append(f"{p['uid']}: a token count below 1")
            if p["kind"] == "unit" and p["theater"] not in card["theaters"]:
                broken.append(f"{p['uid']}: in a theater not marked on it")
            if p["kind"] == "unit" and (m.tokens(p, "computation") > m.MAINFRAME_CAP or
                                        m.tokens(p, "charge") > CHARGE_CAP or
                                        m.tokens(p, "objective") > CARRY_CAP):
                broken.append(f"{p['uid']}: over a token cap")
            if state["phase"] != "over" and p["kind"] != "base" and \
                    p["damage"] >= card["health"] and state["await"] is not None and \
                    not any(t["do"] == "destroy" for t in state["tasks"]):
                broken.append(f"{p['uid']}: at its health but still in play")
        return broken
