"""Against All Tyrants rules engine. Follows docs/rulings/against-all-tyrants.md
exactly; rule ids (AAT-*) in rejections and docstrings refer to it.

The rules are mixins, one job each; the state's task stack (core.tasks, each kind
handled by an op_<kind> method) carries a procedure that stops for a player's choice.
The engine takes its cards as data: the printed decks by default, or a catalogue built
by a test (data.catalogue)."""

from __future__ import annotations

from companion.core import tasks
from companion.core.engine import NotOffered, Rejected, Rules
from companion.core.shapes import Either, Flag, Int, Maybe, Offered, Record, Text
from companion.games.aat import SPEC
from companion.games.aat.combat import Combat
from companion.games.aat.damage import Damage
from companion.games.aat.data import bundled
from companion.games.aat.effects import Effects
from companion.games.aat.facts import Facts
from companion.games.aat.invariants import Invariants, limits
from companion.games.aat.legal import LegalMoves
from companion.games.aat.live import Live
from companion.games.aat.objectives import Objectives
from companion.games.aat.orders import Orders
from companion.games.aat.reach import Reach
from companion.games.aat.reports import Reports
from companion.games.aat.setup import STATE_VERSION, SetupSteps
from companion.games.aat.triggers import Triggers
from companion.games.aat.turns import Turns

PHASE_MOVES = {"play": "do_play", "end_phase": "do_end_phase",
               "place_objective": "do_place_objective", "end_turn": "do_end_turn"}
UNIT, CARD = Text(), Text()
ACTIONS = {  # every action's fields, checked by the framework before a rule reads them
    "play": Record(card=CARD, theater=Maybe(Text())), "place_objective": Record(card=CARD),
    "set_aside": Record(card=Maybe(CARD)), "keep": Record(), "end_phase": Record(),
    "end_turn": Record(), "done": Record(), "stop": Record(),
    "move": Record(unit=UNIT), "undisrupt": Record(unit=UNIT),
    "attack": Record(unit=UNIT, target=UNIT, mark=Flag()),
    "order": Record(unit=UNIT, order=Either(Int(), Text()), leader=Maybe(UNIT)),
    "choose": Record(value=Offered()),  # every choice lists its options (tasks.choose)
}


class AatRules(SetupSteps, Turns, Triggers, Effects, Damage, Reach, Combat, Orders,
               Objectives, LegalMoves, Live, Reports, Invariants, Rules):
    save_version = STATE_VERSION
    spec = SPEC
    actions = ACTIONS

    def __init__(self, catalogue: dict | None = None):
        catalogue = catalogue or bundled()
        self.cards = catalogue["cards"]
        self.decks = catalogue["decks"]
        self.facts = Facts(self.cards)  # what listing actions reads of each card
        self.deck_cards = {sub: [c for pile in deck.values() for c in pile]
                           for sub, deck in self.decks.items()}
        # for the invariants: each deck's card ids sorted
        self.sorted_decks = {sub: sorted(cards) for sub, cards in self.deck_cards.items()}
        self.conserved: dict = {}  # seat -> (its deck sorted, its cards found whole last)
        self.card_limits = limits(self.cards)  # (health, theaters) by card id
        self.labels: dict = {}  # (owner's name, card id) -> a piece's name in the log
        self.raiders = frozenset(  # Rogue Transports (AAT-OBJ-4): they carry supplies
            cid for cid, card in self.cards.items() if card["kind"] == "Objective" and any(
                s["op"] == "objective" and s["name"] == "load-supplies"
                for order in card["orders"] for s in order["effect"]))
        self.handlers = tasks.methods(self)  # task kind -> its op_<kind> method

    def step(self, state: dict, action: dict) -> list[dict]:
        """After the framework's checks (engine.Rules.check): answer the prompt."""
        kind = state["await"]["kind"]
        if self.carry is not None:
            self.keep_carry(kind)
        if kind == "choose":
            if action.get("type") != "choose" or \
                    action.get("value") not in state["await"]["options"]:
                raise NotOffered(f"{action.get('value')!r} is not one of the offered choices")
            return self.answer_task(state, action["value"])
        if not (self.live and self.handed_out(state, action)):  # listed: it passes
            problem = self.problem(state, action)
            if problem:
                raise Rejected(*problem)
        if kind in ("mulligan", "command", "repeat"):
            return self.answer_task(state, action)
        if self.live and kind == "combat":
            self.carrying(state, action)
        state["await"] = None
        move = action["type"]
        if move in PHASE_MOVES:
            events = getattr(self, PHASE_MOVES[move])(state, action)
        else:  # a unit's or base's action
            events = self.take_action(state, action, instruction=False)
        return events + self.run(state)

    # -- the task stack (core.tasks) ------------------------------------------------------
    def run(self, state: dict) -> list[dict]:
        """The tasks, then (with none left) the phase's prompt, until a player is asked
        or the game is over."""
        return tasks.run(state, self.handlers, idle=self.idle)

    def idle(self, state: dict):
        return None if state["phase"] == "over" else self.phase_prompt(state)

    def answer_task(self, state: dict, answer) -> list[dict]:
        """A prompt of the top task is answered: the task carries on, then the rest."""
        return tasks.answer(state, self.handlers, answer) + self.run(state)
