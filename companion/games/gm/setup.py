"""Geheime Mission's setup: checking a setup (GM-DEAL, GM-PRINTED, GM-FIRST), dealing
the hands from the shuffled deck and drawing lots for the first round's starter."""

from __future__ import annotations

from companion.core import rng
from companion.core.engine import Rejected
from companion.core.names import first_seat, player_names
from companion.games.gm.data import GAME_ID, HAND

STATE_VERSION = 2  # 2: last_at_door (GM-WIN)


class SetupSteps:
    """Part of GmRules (rules.py)."""

    def new_game(self, setup: dict, seed: int) -> dict:
        names = player_names(setup, "GM-DEAL", "Geheime Mission")
        cards = setup.get("cards", "virtual")
        if cards not in ("virtual", "printed"):
            raise Rejected("GM-PRINTED", "cards: virtual or printed")
        first = first_seat(setup, "GM-FIRST")
        state = {"game": GAME_ID, "version": STATE_VERSION, "settings": {"cards": cards},
                 "rng": rng.seed_state(seed), "round": 1, "starter": 0,
                 "players": [{"name": n, "hand": [], "suitcases": 0} for n in names],
                 "pile": [], "pile_left": len(self.cards) - 2 * HAND, "played": [],
                 "city": [], "embassies": [[], []], "duel": None, "carrier": None,
                 "door": None, "last_scorer": None, "last_at_door": None, "lost": 0,
                 "winner": None,
                 "await": None}
        if cards == "virtual":  # GM-DEAL
            deck = list(self.cards)
            rng.shuffle(state, deck)
            for player in state["players"]:
                player["hand"], deck = deck[:HAND], deck[HAND:]
            state["pile"] = deck
        state["starter"] = rng.randint(state, 0, 1) if first == "lots" else first
        self.start_city(state)
        return state
