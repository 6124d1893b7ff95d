"""What every rules engine provides, and the typed rejection it raises.

A game's state is plain JSON data. `apply` never changes the state it is
given: it returns a new state and the events that happened, or raises
`Rejected`, naming the rule that forbids the action.
"""

from __future__ import annotations

import marshal
from contextlib import nullcontext
from dataclasses import dataclass, field


class Rejected(Exception):
    """An action the rules do not allow; the state is unchanged."""

    def __init__(self, rule: str, message: str):
        super().__init__(f"{rule}: {message}")
        self.rule = rule
        self.message = message


@dataclass
class Outcome:
    state: dict
    events: list = field(default_factory=list)


def clone(value):
    """A deep copy of plain JSON data: marshal's C code is several times
    faster than copy.deepcopy or a Python walk for dicts, lists and scalars."""
    return marshal.loads(marshal.dumps(value))


class Rules:
    """Base class of a game's rules. Subclasses implement `new_game`,
    `legal_actions` and `step` (which changes a state in place)."""

    game_id = ""
    save_version = 1

    def new_game(self, setup: dict, seed: int) -> dict:
        raise NotImplementedError

    def legal_actions(self, state: dict) -> list[dict]:
        raise NotImplementedError

    def step(self, state: dict, action: dict) -> list[dict]:
        """Change `state` in place; return events. Raise Rejected before changing anything."""
        raise NotImplementedError

    def live_only(self):
        """A context for stepping states in place that are never copied (the
        simulator): a waiting procedure may then keep no snapshot for replaying it
        on a copy (see procedure.py)."""
        return nullcontext()

    def invariants(self, state: dict, previous: dict | None = None) -> list[str]:
        """Broken invariants, as messages (empty when all hold). `previous` is
        what `snapshot_for_checks` kept of the state before the last action."""
        return []

    def snapshot_for_checks(self, state: dict):
        """The little of a state that invariants compare across one action."""
        return None

    def acting_seat(self, state: dict) -> int:
        """The seat whose decision the state is waiting for."""
        return state["await"]["player"]

    def winning_seats(self, state: dict) -> list[int]:
        return []

    def tally(self, state: dict, actions: list[dict], events: list[dict]) -> dict:
        """Per-game tallies for the simulator's report (e.g. cards destroyed)."""
        return {}

    def apply(self, state: dict, action: dict) -> Outcome:
        work = clone(state)
        events = self.step(work, action)
        return Outcome(work, events)
