"""Geheime Mission: invariants the simulator and property tests check after every action."""

from __future__ import annotations

from companion.games.gm.data import CHIPS, HAND


class Invariants:
    """Part of GmRules (rules.py)."""

    def invariants(self, state: dict, previous=None) -> list[str]:
        broken = []
        virtual = state["settings"]["cards"] == "virtual"
        if virtual:
            held = [c for p in state["players"] for c in p["hand"]] + state["pile"] + \
                state["played"] + [play["card"] for f in (state["city"], *state["embassies"])
                                   for play in f]
            if sorted(held) != sorted(self.cards):
                broken.append("agent cards not conserved")
            if len(state["pile"]) != state["pile_left"]:
                broken.append("the pile count does not match the pile")
            if state["pile_left"] > 0 and any(len(p["hand"]) != HAND for p in state["players"]):
                broken.append("a hand is not 5 cards before night (GM-REFILL)")
        scored = sum(p["suitcases"] for p in state["players"])
        if scored + state["lost"] > CHIPS or scored < 0:
            broken.append("more suitcases than chips (GM-CHIPS)")
        if (state["await"] is None) != (state["pile_left"] <= 0):
            broken.append("the game ends exactly when the pile is empty (GM-NIGHT)")
        wait = state["await"] or {}
        if wait.get("kind") in ("door", "officer") and state["carrier"] is None:
            broken.append("a back door without a carrier")
        if (wait.get("kind") == "officer") != (state["door"] is not None):
            broken.append("a chosen door outside the officer's step")
        return broken
