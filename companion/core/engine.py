"""The rules interface every game implements, and the refusals it raises.

A game's state is plain JSON data. `apply` never changes the state it is
given: it returns a new state and the events that happened, or raises
`Rejected`. The framework's own refusals (malformed action, game over, not
this player's prompt, an action that answers nothing now, an action or a setup
whose shape is not the one the game declares, a die face out of range, a choice
not offered) are `Refused`, with ids `F-*`, checked here before any game code
runs; a game's own rejections name its rulings.
"""

from __future__ import annotations

import marshal
from contextlib import nullcontext
from dataclasses import dataclass, field

from companion.core import figures, rng
from companion.core.shapes import Maybe, Record, Text, action_problem, same


class Rejected(Exception):
    """An action the rules do not allow; the state is unchanged."""

    def __init__(self, rule: str, message: str):
        super().__init__(f"{rule}: {message}")
        self.rule = rule
        self.message = message


class Refused(Rejected):
    """A framework refusal: the same for every game."""

    rule_id = "F"

    def __init__(self, message: str):
        super().__init__(self.rule_id, message)


class Malformed(Refused):
    rule_id = "F-ACTION"


class GameOver(Refused):
    rule_id = "F-OVER"


class NotYourTurn(Refused):
    rule_id = "F-TURN"


class NotNow(Refused):
    rule_id = "F-PROMPT"


class BadFace(Refused):
    rule_id = "F-DIE"


class NotOffered(Refused):
    rule_id = "F-CHOICE"


class BadSetup(Refused):
    rule_id = "F-SETUP"


FREE_ROLL = Record(die=Maybe(Text()))  # the dice roller's action, the framework's own


@dataclass
class Outcome:
    state: dict
    events: list = field(default_factory=list)


def clone(value):
    """A deep copy of plain JSON data: marshal's C code is several times
    faster than copy.deepcopy or a Python walk for dicts, lists and scalars."""
    return marshal.loads(marshal.dumps(value))


def whole(value) -> bool:
    return type(value) is int


class Rules:
    """Base class of a game's rules. A game implements `new_game`,
    `legal_actions` and `step` (which changes a state in place), and says who
    acts and who won; the rest has defaults that fit most games.

    The state holds `await` (None once the game is over, else a mapping with
    the acting `player` and the prompt's `kind`) and `rng` (the generator)."""

    save_version = 1
    spec = None  # the game's declaration (core.spec.GameSpec): its setup and dice
    actions: dict = {}  # action type -> its fields' shape (core.shapes.Record): each type
    # the game's prompts accept is declared, and checked before `step` sees it

    @property
    def game_id(self) -> str:
        """The game's id, as its spec declares it."""
        return self.spec.id if self.spec else ""

    @property
    def dice(self) -> tuple:
        """The game's dice (core.spec.Die): the dice roller and die answers."""
        return self.spec.dice if self.spec else ()

    # -- what a game must provide ----------------------------------------------------------
    def new_game(self, setup: dict, seed: int) -> dict:
        raise NotImplementedError

    def opening(self, setup: dict, seed: int) -> tuple[dict, list[dict]]:
        """A new game's state and what setting it up said (who starts, the deal, a pile
        that ran short): the log's first lines. A game whose setup says nothing keeps
        this default; one that deals overrides it, and `new_game` returns its state."""
        return self.new_game(setup, seed), []

    def legal_actions(self, state: dict) -> list[dict]:
        """Every action the acting player may take now (each one `step` accepts)."""
        raise NotImplementedError

    def step(self, state: dict, action: dict) -> list[dict]:
        """Change `state` in place; return events. Raise Rejected before changing anything."""
        raise NotImplementedError

    def winning_seats(self, state: dict) -> list[int]:
        """The seats that won a finished game (empty: a draw, or not over): by default
        the one seat in `state["winner"]` (None: nobody, yet or at all)."""
        winner = state.get("winner")
        return [winner] if type(winner) is int else []

    # -- defaults ---------------------------------------------------------------------------
    def acting_seat(self, state: dict) -> int:
        """The seat whose decision the state is waiting for."""
        return state["await"]["player"]

    def is_over(self, state: dict) -> bool:
        return state["await"] is None

    def accepts(self, state: dict) -> set[str]:
        """The action types that answer the current prompt (a game may say it
        faster, or more widely so its own rule explains a refusal)."""
        return {action["type"] for action in self.legal_actions(state)}

    def live_only(self):
        """A context for stepping states in place that are never copied (the
        simulator): a game may then keep what it worked out for one step for the next
        (a prompt's listing) instead of working it out again."""
        return nullcontext()

    def invariants(self, state: dict, previous=None) -> list[str]:
        """Broken invariants, as messages (empty when all hold). `previous` is
        what `snapshot_for_checks` kept of the state before the last action."""
        return []

    def snapshot_for_checks(self, state: dict):
        """The little of a state that invariants compare across one action."""
        return None

    def simulation_setup(self, seats: int) -> dict:
        """The setup the simulator plays with `seats` AI players (ValueError if none)."""
        return {"players": [{"name": f"Seat {i + 1}"} for i in range(seats)]}

    def simulation_setups(self, seats: int) -> list[dict]:
        """The setups a simulation goes round, game after game (a game whose sides
        differ lists every pairing: each gets the same number of games)."""
        return [self.simulation_setup(seats)]

    def tally(self, state: dict, actions: list[dict], events: list[dict]) -> dict:
        """Counters of one finished game, summed over a simulation (by default: the
        winner's seat order and the game's length, core.figures)."""
        return figures.seat_order_tally(state, self.winning_seats(state))

    def statistics(self, counters: dict, games: int) -> dict:
        """The game's own statistics for the simulator's report, from the summed tallies."""
        return figures.seat_order_statistics(counters, games)

    def report(self, statistics: dict) -> str:
        """`statistics` as text for the simulator's report."""
        return "\n".join(figures.seat_order_lines(statistics))

    def summary(self, state: dict) -> str:
        """The state in a few lines of text (`pnp replay`)."""
        return ""

    # -- the framework ----------------------------------------------------------------------
    def begin(self, setup, seed: int) -> tuple[dict, list[dict]]:
        """A new game's state and its opening events (`opening`), the setup checked
        against the spec's first (the one way a session starts: a save's setup is
        hand-editable)."""
        problem = self.spec.setup_shape().problem(setup, "setup") if self.spec else None
        if problem:
            raise BadSetup(problem)
        return self.opening(setup, seed)

    def apply(self, state: dict, action: dict) -> Outcome:
        """The one way the app and replays change a game: framework checks, then the
        game's `step` on a copy."""
        if self.check(state, action):
            work = clone(state)
            return Outcome(work, free_roll(work, self.dice, action))
        work = clone(state)
        events = self.step(work, action)
        return Outcome(work, events)

    def check(self, state: dict, action) -> bool:
        """Raise the framework refusal that applies; True for a dice-roller roll
        (which the framework carries out itself)."""
        if not isinstance(action, dict) or not isinstance(action.get("type"), str):
            raise Malformed("an action is a mapping with a 'type'")
        if action["type"] == "free_roll":
            problem = FREE_ROLL.problem({k: v for k, v in action.items() if k != "type"},
                                        "free_roll")
            if problem:
                raise Malformed(problem)
            return True
        if action["type"] in self.actions:
            problem = action_problem(self.actions, action)
            if problem:
                raise Malformed(problem)
        if self.is_over(state):
            raise GameOver("the game is over")
        by = action.get("by")
        if by is not None:
            if not whole(by):
                raise Malformed("'by' is the acting seat's number")
            seat = self.acting_seat(state)
            if by != seat:
                raise NotYourTurn(f"it is seat {seat + 1}'s decision, not seat {by + 1}'s")
        prompt = state["await"]
        if action["type"] not in self.accepts(state):
            raise NotNow(f"now: {prompt['kind'].replace('_', ' ')}, not '{action['type']}'")
        if action["type"] not in self.actions:  # accepted, yet its shape never declared
            raise Malformed(action_problem(self.actions, action))
        if action["type"] == "roll" and "value" in action:
            die = die_of(self.dice, prompt.get("die", "d6"))
            if not whole(action["value"]) or not 1 <= action["value"] <= len(die.faces):
                raise BadFace(f"the {die.name} shows 1 to {len(die.faces)}")
        if action["type"] == "choose" and prompt.get("options") is not None and \
                not any(same(action.get("value"), o) for o in prompt["options"]):
            raise NotOffered(f"{action.get('value')!r} is not one of the offered choices")
        return False


def framework_words(rules: Rules, action: dict) -> str | None:
    """How Undo and Redo name an action the framework carries out itself (the dice
    roller's), so that no game's view is ever asked about one (None: the game's own)."""
    if action.get("type") != "free_roll":
        return None
    return f"a roll of the {die_of(rules.dice, action.get('die', 'd6')).name}"


def die_of(dice: tuple, die_id: str):
    from companion.core.spec import D6

    return next((d for d in dice if d.id == die_id), D6)


def free_roll(state: dict, dice: tuple, action: dict) -> list[dict]:
    """The dice roller, any time: rolled on the game's generator (a waiting task's too),
    so it is logged and replays exactly."""
    die_id = action.get("die", "d6")
    known = {d.id for d in dice} | {"d6"}
    if not isinstance(die_id, str) or die_id not in known:
        raise Malformed(f"the dice are {', '.join(sorted(known))}")
    die = die_of(dice, die_id)
    value = rng.randint(state, 1, len(die.faces))
    face = die.faces[value - 1]
    shown = face if face == str(value) else f"{value} ({face})"
    return [{"kind": "free_roll", "text": f"Dice roller: {die.name}: {shown}", "die": die_id,
             "value": value}]
