"""Top-Secret: invariants the simulator and property tests check after every action."""

from __future__ import annotations

from companion.games.ts.geometry import board
from companion.games.ts.model import on_board


class Invariants:
    """Part of TsRules (rules.py)."""

    def invariants(self, state: dict, previous=None) -> list[str]:
        """Every Intel in exactly one place; twelve agents a side; one agent a space,
        in the Field; no one over the carry limit; blockades on free spaces."""
        broken = []
        places = list(state["bag"]) + [i for i in state["board"] if i] + [
            i for a in state["agents"].values() for i in a["held"]] + [
            i for p in state["players"] for i in p["scored"]] + (
            [state["analyst"]] if state["analyst"] else [])
        if sorted(places) != sorted(self.tables.intel):
            broken.append("TS-INTEL: an Intel is lost or in two places")
        for seat, player in enumerate(state["players"]):
            count = sum(player["roster"].values()) + len(on_board(state, seat)) + sum(
                1 for a in state["gone"] if self.tables.agents[a][0] == seat)
            if count != 12:
                broken.append(f"TS-AGENTS: seat {seat} has {count} agents, not 12")
        spaces = [a["at"] for a in state["agents"].values()]
        if len(set(spaces)) != len(spaces) or not all(board().field[s] for s in spaces):
            broken.append("TS-MOVE: two agents on a space, or an agent outside the Field")
        if {s: a for s, a in enumerate(state["spots"]) if a} != {
                a["at"]: i for i, a in state["agents"].items()}:
            broken.append("TS-MOVE: the spots do not match where the agents stand")
        if any(len(a["held"]) > self.tables.limits["carry"] for a in state["agents"].values()):
            broken.append("TS-OVERLOAD: an agent holds more than it may")
        walls = {s for s, until in enumerate(state["walls"]) if until}
        if walls & set(spaces) or len(walls) > self.tables.limits["blockades"]:
            broken.append("TS-BLOCKADE: a blockade under an agent, or too many")
        return broken
