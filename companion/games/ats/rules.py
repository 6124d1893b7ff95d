"""Above Top Secret rules engine: legal actions and their effects.

Follows docs/rulings/above-top-secret.md exactly; rule ids in rejections and comments refer
to it. The state machine: setup (start cards, first-strike roll), rounds of
turns (encounter roll, draw, main: Intel / attack / sacrifice / end), and
the cleanup steps, with procedures (combat, encounter cards, the first
strike roll) on the state's task stack (core.tasks) that may stop to ask a player or
a real die.
"""

from __future__ import annotations

from companion.core import tasks
from companion.core.engine import Rejected, Rules, clone
from companion.core.shapes import Either, Flag, Int, ListOf, Maybe, Null, Record, Text
from companion.games.ats import SPEC
from companion.games.ats.cleanup import Cleanup
from companion.games.ats.combat import COMBAT, physical
from companion.games.ats.data import (
    LEVELS,
    cards,
)
from companion.games.ats.effects import ENCOUNTER
from companion.games.ats.invariants import Invariants
from companion.games.ats.legal import LegalMoves
from companion.games.ats.reports import Reports
from companion.games.ats.setup import FIRST_STRIKE, STATE_VERSION, SetupSteps
from companion.games.ats.turns import Turns

PROCEDURES = {"first_strike": FIRST_STRIKE, "combat": COMBAT, "encounter": ENCOUNTER}
ANSWERS = {"turn_start": ("roll",), "main": ("intel", "attack", "sacrifice", "swap",
                                                   "end_turn"),
           "advance": ("advance", "skip"), "cloak": ("cloak", "skip")}  # others: the kind
CARD, LEVEL = Text(), Int()
ACTIONS = {  # every action's fields, checked by the framework before a rule reads them
    "start_card": Record(card=CARD), "roll": Record(value=Maybe(Int())), "draw": Record(),
    "intel": Record(level=LEVEL, mode=Text(), player=Maybe(Int())),
    "attack": Record(level=LEVEL, target=Record(player=Int(), level=Maybe(LEVEL),
                                                area=Maybe(Text()), bypass=Maybe(Flag()))),
    "sacrifice": Record(swaps=ListOf(Record(level=LEVEL, card=CARD), 0, len(LEVELS))),
    "swap": Record(level=LEVEL, card=CARD), "end_turn": Record(), "skip": Record(),
    "advance": Record(levels=ListOf(LEVEL, 0, len(LEVELS))), "cloak": Record(level=LEVEL),
    "reinforce": Record(card=Either(CARD, Null())),  # printed cards: None, no card
    "discard": Record(card=CARD),
    "choose": Record(value=Either(Text(), Int(), Flag(), ListOf(Either(Text(), Int())))),
}


class AtsRules(SetupSteps, LegalMoves, Turns, Cleanup, Reports, Invariants, Rules):
    save_version = STATE_VERSION
    spec = SPEC
    actions = ACTIONS

    def __init__(self):
        self.all_ids = frozenset(cards()[0])  # also loads the card data once, up front
        self.by_level = {lv: sorted(c for c, d in cards()[0].items() if d["level"] == lv)
                         for lv in LEVELS}
        self.handlers = {name[3:]: getattr(self, name) for name in dir(self)
                         if name.startswith("on_")}  # what answers each `await` kind
        self.main_moves = {name[3:]: getattr(self, name) for name in dir(self)
                           if name.startswith("do_")}  # intel, attack, sacrifice, swap, end_turn
        self.procedures = {**PROCEDURES, "then": self.then}  # the task stack's handlers

    # -- doing it --------------------------------------------------------------------------
    def step(self, state: dict, action: dict) -> list[dict]:
        """After the framework's checks (engine.Rules.check): the prompt's handler, or
        the answer to the waiting procedure; then the procedures it started."""
        if state["tasks"]:
            self.check_roll(state, action)
            events = tasks.answer(state, self.procedures, action)
        else:
            events = self.handlers[state["await"]["kind"]](state, action)
        return events + tasks.run(state, self.procedures) if state["tasks"] else events

    def accepts(self, state: dict) -> set[str]:
        """Every move of the step, legal or not, so its rule explains a refusal."""
        kind = state["await"]["kind"]
        if state["tasks"]:
            return {"choose"} if kind == "choose" else {"roll"}
        return set(ANSWERS.get(kind, (kind,)))

    # -- procedures on the task stack ------------------------------------------------------
    def start_procedure(self, state: dict, task: dict, then: str) -> list[dict]:
        """A procedure's task (a combat, an Encounter card, the first-strike roll), run
        as the step ends; once it has ended, `after_procedure(state, then)`."""
        state["await"] = None
        tasks.push(state, task, {"do": "then", "then": then})
        return []

    def then(self, state: dict, task: dict, answer) -> list[dict]:
        tasks.done(state, task)
        return self.after_procedure(state, task["then"])

    def physical_dice(self, state: dict) -> bool:
        """Whether players roll real dice and enter the results (a game setting)."""
        return physical(state)

    def with_entered_dice(self, state: dict) -> dict:
        """A copy of `state` in which dice are entered, not rolled (core.preview)."""
        trial = clone(state)
        trial["settings"] = {**trial["settings"], "dice": "physical"}
        return trial

    def die(self, die_id: str):
        from companion.core.engine import die_of

        return die_of(self.dice, die_id)

    def check_roll(self, state, action):
        """R-DIE-1: real dice are entered (1-6, engine.Rules.check), app dice are not."""
        if action["type"] != "roll":
            return
        if self.physical_dice(state):
            if "value" not in action:
                raise Rejected("R-DIE-1", "enter the die's result, 1 to 6")
        elif "value" in action:
            raise Rejected("R-DIE-1", "the app rolls its own dice in this game")

    def after_procedure(self, state, then) -> list[dict]:
        """A procedure has ended: eliminations, then `after_<then>` carries the game on."""
        events = self.eliminations(state)
        if state["phase"] == "over":
            return events
        turn = state.get("turn")
        if turn and state["players"][turn["player"]]["out"]:  # R-WIN-1: out at once
            return events + self.end_turn(state)
        return events + getattr(self, "after_" + then)(state)

    # setup ---------------------------------------------------------------------------------

    # rounds and turns ------------------------------------------------------------------

    # cleanup ---------------------------------------------------------------------------

    # the end -----------------------------------------------------------------------------
    def eliminations(self, state) -> list[dict]:
        events = []
        for seat, player in enumerate(state["players"]):
            if not player["out"] and not any(player["bases"].values()):  # none standing
                player["out"] = True
                events.append({"kind": "eliminated", "text": f"{player['name']}'s last base "
                               "area falls: out of the game", "player": seat})
        return events + (self.check_over(state) if events else [])

    def check_over(self, state) -> list[dict]:
        alive = [t for t, members in enumerate(state["teams"])
                 if any(not state["players"][s]["out"] for s in members)]
        if len(alive) > 1:
            return []
        state["phase"] = "over"
        state["await"] = None
        state["tasks"] = []
        if not alive:
            state["winner"] = {"team": None, "draw": True}
            return [{"kind": "game_over", "text": "Everyone is out: a draw"}]
        state["winner"] = {"team": alive[0], "draw": False}
        names = " and ".join(state["players"][s]["name"] for s in state["teams"][alive[0]])
        verb = "wins" if len(state["teams"][alive[0]]) == 1 else "win"
        return [{"kind": "game_over", "text": f"{names} {verb}", "team": alive[0]}]

    # -- simulator and reports -------------------------------------------------------------

    # -- invariants (simulator and property tests) ------------------------------------------




