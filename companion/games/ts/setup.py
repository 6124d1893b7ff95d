"""Top-Secret's setup: checking a setup (TS-SETUP, TS-TRICKLE, TS-FIRST, and the
Smuggler as printed or in its variant, TS-SMUGGLER), the empty board, both rosters,
the bag of Intel, and lots drawn for the first player."""

from __future__ import annotations

from companion.core import rng
from companion.core.engine import Rejected
from companion.core.names import first_seat, player_names
from companion.games.ts.data import GAME_ID
from companion.games.ts.geometry import board

STATE_VERSION = 1


class SetupSteps:
    """Part of TsRules (rules.py)."""

    def new_game(self, setup: dict, seed: int) -> dict:
        names = player_names(setup, "TS-SETUP", "Top-Secret")
        bag = setup.get("bag", "app")
        if bag not in ("app", "physical"):
            raise Rejected("TS-TRICKLE", "bag: app or physical")
        smuggler = setup.get("smuggler", "printed")
        if smuggler not in ("printed", "slips"):
            raise Rejected("TS-SMUGGLER", "smuggler: printed or slips")
        first = first_seat(setup, "TS-FIRST")
        roster = {kind: sum(1 for team, k in self.tables.agents.values() if k == kind and
                            team == 0) for kind in self.tables.kinds}
        state = {"game": GAME_ID, "version": STATE_VERSION,
                 "settings": {"bag": bag, "smuggler": smuggler}, "rng": rng.seed_state(seed),
                 "round": 1, "turn": 1, "first": 0,
                 "players": [{"name": n, "score": 0, "roster": dict(roster), "scored": []}
                             for n in names],
                 "bag": sorted(self.tables.intel), "board": [None] * board().size,
                 "walls": [0] * board().size, "spots": [None] * board().size,
                 "agents": {}, "pins": {}, "gone": [], "actions": 0,
                 "hacked": [], "took": [], "rolling": [], "analyst": None, "last": None,
                 "winner": None, "ended": None, "await": None}
        state["first"] = rng.randint(state, 0, 1) if first == "lots" else first
        self.start_turn(state, state["first"])
        return state
