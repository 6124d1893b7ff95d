"""Multi-step rules procedures (a combat, an encounter card) written as plain
straight-line code that can stop to ask a player and resume later.

A procedure runs on a copy of the state taken when it started, replaying
the answers and dice recorded so far. When it needs an answer it does not
have, it raises NeedInput; the state then waits for that answer, and the
next run replays everything up to the new answer and carries on. Dice are
recorded too, so a rerun rolls exactly what was rolled before.
"""

from __future__ import annotations

import marshal

from companion.core import rng
from companion.core.engine import Rejected, clone


class NeedInput(Exception):
    def __init__(self, prompt: dict):
        super().__init__(prompt.get("kind"))
        self.prompt = prompt


class Ctx:
    """What a procedure sees: the working state, its inputs and its events."""

    def __init__(self, state: dict, proc: dict, physical_dice: bool):
        self.state = state
        self.proc = proc
        self.physical = physical_dice
        self.used = 0
        self.events: list[dict] = []

    def emit(self, kind: str, text: str, **data) -> None:
        self.events.append({"kind": kind, "text": text, **data})

    def _next(self, prompt: dict):
        inputs = self.proc["inputs"]
        if self.used < len(inputs):
            value = inputs[self.used]
            self.used += 1
            return value
        raise NeedInput(prompt)

    def ask(self, player: int, kind: str, options: list, text: str, **extra):
        """A player's choice among `options` (answered with a `choose` action)."""
        if not options:
            raise ValueError(f"no options for {kind}")
        return self._next({"kind": "choose", "choice": kind, "player": player,
                           "options": options, "text": text, **extra})

    def roll(self, player: int, purpose: str, die: str = "d6") -> int:
        """A d6 rolled by `player`: from the generator, or entered from a real die."""
        inputs = self.proc["inputs"]
        if self.used < len(inputs):
            value = inputs[self.used]
            self.used += 1
            return value
        if self.physical:
            raise NeedInput({"kind": "roll", "player": player, "purpose": purpose, "die": die,
                             "text": f"roll the {die} for {purpose}"})
        holder = {"rng": self.proc["rng"]}
        value = rng.randint(holder, 1, 6)
        self.proc["rng"] = holder["rng"]
        inputs.append(value)
        self.used += 1
        return value

    def randint(self, low: int, high: int) -> int:
        """A hidden random draw (shuffles, random discards): always the generator."""
        inputs = self.proc["inputs"]
        if self.used < len(inputs):
            value = inputs[self.used]
            self.used += 1
            return value
        holder = {"rng": self.proc["rng"]}
        value = rng.randint(holder, low, high)
        self.proc["rng"] = holder["rng"]
        inputs.append(value)
        self.used += 1
        return value


def start(state: dict, kind: str, args: dict) -> None:
    """Begin procedure `kind` on `state` (it will be run by `run`). The state
    before it is kept as marshal bytes: cheap to take, and only decoded if the
    procedure has to stop and wait."""
    state.pop("proc", None)
    state["proc"] = {"kind": kind, "args": args, "inputs": [], "emitted": 0,
                     "rng": state["rng"], "base": marshal.dumps(state)}


def run(state: dict, procedures: dict, physical_dice: bool) -> list[dict]:
    """Run the current procedure as far as it goes; return the new events.

    On completion the state becomes the procedure's result; when input is
    needed, state['await'] describes it and the rest of the state is as it
    was before the procedure began (plus the waiting procedure)."""
    proc = state.pop("proc")
    first = not proc["inputs"]
    work = state if first else clone(proc["base"])  # a first run may work in place
    ctx = Ctx(work, proc, physical_dice)
    try:
        procedures[proc["kind"]](ctx, **proc["args"])
    except NeedInput as need:
        fresh = ctx.events[proc["emitted"]:]
        proc["emitted"] = len(ctx.events)
        live = {"players": work["players"]}  # the table mid-procedure, for the app to show
        if first:  # back to the state before the procedure; the base becomes plain data
            state.clear()
            state.update(marshal.loads(proc["base"]))
            proc["base"] = marshal.loads(proc["base"])
        state["proc"] = proc
        state["await"] = need.prompt
        state["live"] = live
        return fresh
    fresh = ctx.events[proc["emitted"]:]
    work["rng"] = proc["rng"]
    if work is not state:
        state.clear()
        state.update(work)
    state.pop("live", None)
    return fresh


def answer(state: dict, action: dict) -> None:
    """Record the answer to the awaited prompt, checking it is one of the options."""
    prompt = state["await"]
    if action.get("type") == "choose" and prompt["kind"] == "choose":
        value = action.get("value")
        if value not in prompt["options"]:
            raise Rejected("R-PROMPT", f"{value!r} is not one of the offered choices")
    elif action.get("type") == "roll" and prompt["kind"] == "roll":
        value = action.get("value")
        if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= 6:
            raise Rejected("R-DIE-1", "a d6 roll is a whole number from 1 to 6")
    else:
        raise Rejected("R-PROMPT", f"waiting for a '{prompt['kind']}' answer")
    state["proc"]["inputs"].append(value)

