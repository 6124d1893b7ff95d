"""A game in progress: the setup, the seed and the actions taken so far.

Everything else is derived by replaying, so saves are tiny and exact, and
undo/redo are a matter of moving along the action list.
"""

from __future__ import annotations

import json

from companion.core.engine import Rules, clone

SAVE_FORMAT = "dossier-save"
SAVE_VERSION = 1


class SaveError(ValueError):
    """A save file that cannot be read or does not replay."""


class Session:
    def __init__(self, rules: Rules, setup: dict, seed: int):
        self.rules = rules
        self.setup = clone(setup)
        self.seed = seed
        self.actions: list[dict] = []
        self.redo_stack: list[dict] = []
        self.states = [rules.new_game(self.setup, seed)]
        self.events: list[list[dict]] = [[]]

    @property
    def state(self) -> dict:
        return self.states[-1]

    def apply(self, action: dict) -> list[dict]:
        """Apply an action (raises Rejected, leaving everything unchanged)."""
        outcome = self.rules.apply(self.state, action)
        self.actions.append(clone(action))
        self.states.append(outcome.state)
        self.events.append(outcome.events)
        self.redo_stack.clear()
        return outcome.events

    def undo(self) -> bool:
        if not self.actions:
            return False
        self.redo_stack.append(self.actions.pop())
        self.states.pop()
        self.events.pop()
        return True

    def redo(self) -> bool:
        if not self.redo_stack:
            return False
        action = self.redo_stack.pop()
        outcome = self.rules.apply(self.state, action)
        self.actions.append(action)
        self.states.append(outcome.state)
        self.events.append(outcome.events)
        return True

    def log(self) -> list[dict]:
        return [event for batch in self.events for event in batch]

    def to_save(self) -> dict:
        return {"format": SAVE_FORMAT, "version": SAVE_VERSION, "game": self.rules.game_id,
                "rules_version": self.rules.save_version, "setup": self.setup,
                "seed": self.seed, "actions": self.actions}

    def dumps(self) -> str:
        return json.dumps(self.to_save(), indent=1, sort_keys=True)


def replay(rules: Rules, save: dict) -> Session:
    """Rebuild a session from a save; raise SaveError if it does not replay."""
    if not isinstance(save, dict) or save.get("format") != SAVE_FORMAT:
        raise SaveError("not a Dossier save file")
    if save.get("version") != SAVE_VERSION:
        raise SaveError(f"unsupported save version {save.get('version')!r}")
    if save.get("game") != rules.game_id:
        raise SaveError(f"save is for '{save.get('game')}', not '{rules.game_id}'")
    try:
        session = Session(rules, save["setup"], int(save["seed"]))
        for number, action in enumerate(save["actions"], start=1):
            try:
                session.apply(action)
            except Exception as exc:
                raise SaveError(f"action {number} {action!r} does not replay: {exc}") from exc
    except (KeyError, TypeError) as exc:
        raise SaveError(f"save file is incomplete: {exc}") from exc
    session.redo_stack.clear()
    return session


def loads(rules: Rules, text: str) -> Session:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise SaveError(f"not JSON: {exc}") from exc
    return replay(rules, data)
