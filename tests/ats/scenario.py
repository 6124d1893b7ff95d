"""Build Above Top Secret positions directly, with made-up cards, for rule tests.

Dice are physical in these scenarios, so each test enters the exact die
results a rule needs. Test cards get ids like 'T-1' and are added to the
card table for the duration of a test.
"""

from __future__ import annotations

import itertools

from companion.core.engine import Rejected
from companion.games.ats import model as m
from companion.games.ats.data import cards
from companion.games.ats.rules import AtsRules

RULES = AtsRules()
_ids = itertools.count(1)


class Table:
    """A position in a two-player game, seat 0 to act in its main step."""

    def __init__(self, made: list):
        self.made = made
        state = RULES.new_game({"dice": "physical", "cards": "virtual"}, 7)
        state.update({"phase": "turn", "round": 2, "command": 0, "order": [0, 1], "pos": 0,
                      "turn": {"player": 0, "attacked": False, "sacrificed": False,
                               "intel": False},
                      "await": {"kind": "main", "player": 0}})
        for player in state["players"]:
            player["clearance"] = 5  # rule tests lift the clearance cap unless they test it
            player["enc_deck"] = sorted(cards()[1])  # so each turn starts with its roll
        self.state = state
        self.events: list = []

    # -- building --------------------------------------------------------------------
    def card(self, level=1, atk=40, defense=40, unit="Land", attributes=()) -> str:
        card_id = f"T-{next(_ids)}"
        cards()[0][card_id] = {"id": card_id, "name": f"{unit} {atk}/{defense} "
                               f"{'+'.join(attributes)}".strip(), "level": level, "atk": atk,
                               "def": defense, "unit": unit, "attributes": tuple(attributes)}
        self.made.append(card_id)
        return card_id

    def put(self, seat, level=1, **card) -> dict:
        """Place a made-up card in a line; returns its slot."""
        card_id = self.card(level=level, **card)
        slot = m.new_slot(card_id, 0)
        self.state["players"][seat]["line"][level - 1] = slot
        return slot

    def slot(self, seat, level):
        return self.state["players"][seat]["line"][level - 1]

    def bases(self, seat):
        return self.state["players"][seat]["bases"]

    # -- playing -------------------------------------------------------------------------
    def act(self, action: dict) -> list:
        outcome = RULES.apply(self.state, action)
        self.state = outcome.state
        self.events += outcome.events
        return outcome.events

    def attack(self, level, target_level=None, *, player=1, area=None, bypass=False):
        target = {"player": player}
        if target_level is not None:
            target["level"] = target_level
        if area:
            target["area"] = area
        if bypass:
            target["bypass"] = True
        return self.act({"type": "attack", "level": level, "target": target})

    def roll(self, *values):
        for value in values:
            assert self.waiting("roll"), f"no roll awaited: {self.state['await']}"
            self.act({"type": "roll", "value": value})

    def choose(self, value):
        assert self.waiting("choose"), f"no choice awaited: {self.state['await']}"
        self.act({"type": "choose", "value": value})

    def waiting(self, kind: str) -> bool:
        wait = self.state["await"]
        return wait is not None and wait["kind"] == kind

    def rejected(self, action: dict) -> Rejected:
        before = repr(self.state)
        try:
            RULES.apply(self.state, action)
        except Rejected as exc:
            assert repr(self.state) == before
            return exc
        raise AssertionError(f"{action} was accepted")

    def kinds(self) -> list:
        return [e["kind"] for e in self.events]
