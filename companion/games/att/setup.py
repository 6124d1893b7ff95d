"""Attack the Tower's setup: checking a setup (ATT-SETUP, ATT-CORSAIRS, ATT-FIRST), each
player's army with its piles shuffled, lots drawn for the first player, and the opening
tasks (turns.opening: the opening hands and the bases built)."""

from __future__ import annotations

from companion.core import rng
from companion.core.engine import Rejected
from companion.core.names import first_seat, player_names
from companion.core.tasks import push
from companion.games.att import model, turns
from companion.games.att.data import GAME_ID, tables

STATE_VERSION = 1


class SetupSteps:
    """Part of AttRules (rules.py)."""

    def new_game(self, setup: dict, seed: int) -> dict:
        names, armies, first = check_setup(setup, tuple(self.tables.armies))
        state = {"game": GAME_ID, "version": STATE_VERSION, "rng": rng.seed_state(seed),
                 "round": 1, "turn": 1, "first": 0,
                 "players": [new_player(name, army)
                             for name, army in zip(names, armies, strict=True)],
                 "mods": [turns.fresh_mods(), turns.fresh_mods()], "in_play": [[], []],
                 "attacked": [], "joined": [], "battle": None, "last": None,
                 "tasks": [], "started": False, "winner": None, "ended": None,
                 "await": None}
        for player in state["players"]:
            for pile in model.PILES:
                rng.shuffle(state, player["draw"][pile])
        state["first"] = rng.randint(state, 0, 1) if first == "lots" else first
        push(state, *turns.opening(state["first"]))
        turns.advance(state)
        return state


def new_player(name: str, army_id: str) -> dict:
    army = tables().armies[army_id]
    empty = [[None] * tables().limits["slots"] for _ in range(tables().limits["territories"])]
    return {"name": name, "army": army_id, "hand": [], "burns": 0, "palace": [],
            "draw": {"base": sorted(army.bases), "ability": sorted(army.abilities)},
            "discard": {"base": [], "ability": []}, "board": empty}


def check_setup(setup, armies: tuple) -> tuple[list[str], list[str], object]:
    """The players' names, their armies and who starts, refusing a malformed setup."""
    names = player_names(setup, "ATT-SETUP", "Attack the Tower")
    chosen = [setup.get("army_1", "robots"), setup.get("army_2", "robots")]
    if not all(isinstance(a, str) and a in armies for a in chosen):
        raise Rejected("ATT-CORSAIRS", f"each player's army is one of {', '.join(armies)}")
    return names, chosen, first_seat(setup, "ATT-FIRST")
