"""Top-Secret: invariants the simulator and property tests check after every action.

They run after every step of every simulated game, so each is checked in one pass
over what it reads (the Intel's places are counted, not sorted: every id is unique,
so 47 places holding the 47 ids are each id exactly once)."""

from __future__ import annotations

from functools import cache

from companion.games.ts.data import tables
from companion.games.ts.geometry import board


class Invariants:
    """Part of TsRules (rules.py)."""

    def invariants(self, state: dict, previous=None) -> list[str]:
        """Every Intel in exactly one place; twelve agents a side; one agent a space,
        in the Field; no one over the carry limit; blockades on free spaces."""
        broken = []
        agents, spots, walls = state["agents"], state["spots"], state["walls"]
        places = [*filter(None, state["board"]), *state["bag"]]
        carry, field, at = self.tables.limits["carry"], board().field, set()
        seats, over, crowded, astray = [0, 0], False, False, False
        for agent_id, agent in agents.items():
            places += agent["held"]
            over = over or len(agent["held"]) > carry
            space = agent["at"]
            crowded = crowded or space in at or not field[space]
            astray = astray or spots[space] != agent_id
            at.add(space)
            seats[agent["seat"]] += 1
        for player in state["players"]:
            places += player["scored"]
        if state["analyst"]:
            places.append(state["analyst"])
        if len(places) != len(self.tables.intel) or set(places) != _all_intel():
            broken.append("TS-INTEL: an Intel is lost or in two places")
        gone = state["gone"]
        second = sum(map(_seat_of().__getitem__, gone))  # seats are 0 and 1
        seats[0] += len(gone) - second
        seats[1] += second
        for seat, player in enumerate(state["players"]):
            count = sum(player["roster"].values()) + seats[seat]
            if count != 12:
                broken.append(f"TS-AGENTS: seat {seat} has {count} agents, not 12")
        if crowded:
            broken.append("TS-MOVE: two agents on a space, or an agent outside the Field")
        if astray or len(spots) - spots.count(None) != len(agents):
            broken.append("TS-MOVE: the spots do not match where the agents stand")
        if over:
            broken.append("TS-OVERLOAD: an agent holds more than it may")
        up = len(walls) - walls.count(0)
        if up and (up > self.tables.limits["blockades"] or any(walls[s] for s in at)):
            broken.append("TS-BLOCKADE: a blockade under an agent, or too many")
        return broken


@cache
def _all_intel() -> frozenset:
    return frozenset(tables().intel)


@cache
def _seat_of() -> dict:
    return {agent_id: seat for agent_id, (seat, _) in tables().agents.items()}
