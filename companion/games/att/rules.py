"""Attack the Tower rules engine. Rule ids (ATT-*) refer to docs/rulings/attack-the-tower.md,
which this follows exactly.

The order of play is the state's task stack (core.tasks; model.TASKS): the setup
(cards.py), the turns (turns.py), abilities (abilities.py) and battles (battle.py,
damage.py). The app
keeps the decks: draws are random from the state's generator, and hands are private
(view.private_seat)."""

from __future__ import annotations

from companion.core.engine import Rules
from companion.core.shapes import Either, Flag, Int, ListOf, OneOf, Record, Text, Tuple
from companion.games.att import SPEC, abilities, battle, cards, turns  # noqa: F401 - their tasks
from companion.games.att.data import tables
from companion.games.att.invariants import Invariants
from companion.games.att.model import TASKS
from companion.games.att.reports import Reports
from companion.games.att.setup import STATE_VERSION, SetupSteps

ABILITY_PROMPTS = ("abilities", "window", "attacks")
CARD, SLOT, TROOP = Text(), Tuple(Int(), Int()), Tuple(Int(), Int(), Int())
ACTIONS = {  # every action's fields, checked by the framework before a rule reads them
    "draw": Record(bases=Int()), "burn": Record(), "keep": Record(),
    "place": Record(at=SLOT), "build": Record(at=SLOT, card=CARD),
    "rebuild": Record(at=SLOT, base=Text()), "play": Record(card=CARD),
    "discard": Record(card=CARD), "lose": Record(card=CARD),
    "attack": Record(**{"from": Int()}, to=Int(), specials=ListOf(CARD)),
    "renew": Record(renew=Flag()),
    "kill": Record(target=Either(  # battle.py: a piece on the other side's board
        Tuple(OneOf("troop"), Int(), Int(), Int()), Tuple(OneOf("base"), Int(), Int()),
        Tuple(OneOf("special"), CARD), Tuple(OneOf("palace")))),
    "sacrifice": Record(troop=TROOP), "boost": Record(troop=TROOP),
    "done": Record(), "stop": Record(), "pass": Record(), "suggest": Record(),
    "end_turn": Record(),
}


class AttRules(SetupSteps, Reports, Invariants, Rules):
    save_version = STATE_VERSION
    spec = SPEC
    actions = ACTIONS

    def __init__(self):
        self.tables = tables()

    # -- what may be done --------------------------------------------------------------------
    def legal_actions(self, state: dict) -> list[dict]:
        if not state["tasks"]:
            return []
        task = state["tasks"][-1]  # the current one
        return TASKS.handlers[task["do"]].legal(state, task)

    def accepts(self, state: dict) -> set[str]:
        """The answers of the prompt; where abilities may be played, "play" even when
        none can, so that a refused card names ATT-ABILITY."""
        types = {action["type"] for action in self.legal_actions(state)}
        if state["await"]["kind"] in ABILITY_PROMPTS:
            types.add("play")
        return types

    def step(self, state: dict, action: dict) -> list[dict]:
        events = TASKS.answer(state, action)
        return events + turns.advance(state)
