"""Multi-step rules procedures (a combat, an encounter card), written as
straight-line generator code that yields whenever it needs a player's choice
or a real die, and carries on when it gets it.

While a procedure waits, the state is its working state (the table as it is
mid-combat) plus `proc`: the state from before it began (`base`), the answers
and dice recorded so far, and its own position in the random stream.
An answer is carried on in one of two ways, with the same result:

- live: the generator that paused is still held, and the answer goes to the
  very state object it paused on (the simulator steps one state in place);
- replay: on any other copy of the state (undo, the app's copy-then-step,
  a restored save) the procedure runs again from `base`, taking the recorded
  inputs, up to the new answer.

The simulator steps each game's one state in place and never copies it, so it
runs procedures `live_only`: no base is kept, which spares a snapshot of the
whole state per procedure (a fifth of a simulated game's time).
"""

from __future__ import annotations

import marshal
from contextlib import contextmanager
from functools import cached_property

from companion.core import rng
from companion.core.engine import BadFace, NotNow, NotOffered, clone, whole


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

    def _take(self):
        value = self.proc["inputs"][self.used]
        self.used += 1
        return value

    def ask(self, player: int, kind: str, options: list, text: str, **extra):
        """A player's choice among `options` (answered with a `choose` action).
        Use as `value = yield from ctx.ask(...)`."""
        if not options:
            raise ValueError(f"no options for {kind}")
        if self.used == len(self.proc["inputs"]):
            yield {"kind": "choose", "choice": kind, "player": player, "options": options,
                   "text": text, **extra}
        return self._take()

    def roll(self, player: int, purpose: str, die: str = "d6"):
        """A d6 rolled by `player`: from the generator, or entered from a real
        die. Use as `value = yield from ctx.roll(...)`."""
        if self.used == len(self.proc["inputs"]):
            if self.physical:
                yield {"kind": "roll", "player": player, "purpose": purpose, "die": die,
                       "text": f"roll the {die} for {purpose}"}
            else:
                self.proc["inputs"].append(rng.randint(self.proc, 1, 6))
        return self._take()

    def randint(self, low: int, high: int) -> int:
        """A hidden random draw (shuffles, random discards): always the generator."""
        if self.used == len(self.proc["inputs"]):
            self.proc["inputs"].append(rng.randint(self.proc, low, high))
        return self._take()


class Runner:
    """Starts and carries on a game's procedures (`procedures`: kind -> generator
    function taking a Ctx and the procedure's arguments). Holds the one
    procedure that paused last, so that answering it in place needs no replay."""

    def __init__(self, procedures: dict):
        self.procedures = procedures
        self.paused: tuple | None = None  # (proc, generator, ctx)
        self.keep_base = True

    @contextmanager
    def live_only(self):
        """Within: procedures keep no base, so a waiting state can only be carried
        on in place, by the live generator (for states that are never copied)."""
        self.keep_base = False
        try:
            yield
        finally:
            self.keep_base = True

    def start(self, state: dict, kind: str, args: dict, physical_dice: bool,
              **extra) -> list[dict]:
        """Begin procedure `kind` on `state` and run it as far as it goes. Unless
        live_only, the state before it is kept as marshal bytes: cheap to take, and
        only decoded if the procedure has to pause."""
        base = marshal.dumps(state) if self.keep_base else None
        proc = state["proc"] = {"kind": kind, "args": args, "inputs": [], "emitted": 0,
                                "rng": state["rng"], **extra}
        ctx = Ctx(state, proc, physical_dice)
        return self._go(state, self.procedures[kind](ctx, **args), ctx, base)

    def resume(self, state: dict, physical_dice: bool) -> list[dict]:
        """Carry on the waiting procedure after its answer was recorded."""
        proc = state["proc"]
        if self.paused and self.paused[0] is proc and self.paused[2].state is state:
            _, generator, ctx = self.paused
        else:  # a copy of the state: run it again from the base
            if "base" not in proc:
                raise RuntimeError("this procedure was started live_only: only the state it "
                                   "paused on can carry it on, not a copy")
            state.clear()
            state.update(clone(proc["base"]))
            state["proc"] = proc
            ctx = Ctx(state, proc, physical_dice)
            generator = self.procedures[proc["kind"]](ctx, **proc["args"])
        self.paused = None
        return self._go(state, generator, ctx, None)

    def _go(self, state, generator, ctx, base: bytes | None) -> list[dict]:
        """Run until the procedure ends (the state becomes its result) or pauses
        (state['await'] says for what); return the events not yet returned."""
        proc = state["proc"]
        for prompt in generator:  # the first prompt it yields: pause there
            if base is not None:  # the first pause: the base becomes plain data
                proc["base"] = marshal.loads(base)
            state["await"] = prompt
            self.paused = (proc, generator, ctx)
            fresh = ctx.events[proc["emitted"]:]
            proc["emitted"] = len(ctx.events)
            return fresh
        state["rng"] = proc["rng"]
        del state["proc"]
        return ctx.events[proc["emitted"]:]


def answer(state: dict, action: dict) -> None:
    """Record the answer to the awaited prompt, checking it is one of the options."""
    prompt = state["await"]
    if action.get("type") == "choose" and prompt["kind"] == "choose":
        value = action.get("value")
        if value not in prompt["options"]:
            raise NotOffered(f"{value!r} is not one of the offered choices")
    elif action.get("type") == "roll" and prompt["kind"] == "roll":
        value = action.get("value")
        if not whole(value) or not 1 <= value <= 6:
            raise BadFace("a d6 roll is a whole number from 1 to 6")
    else:
        raise NotNow(f"waiting for a '{prompt['kind']}' answer")
    state["proc"]["inputs"].append(value)


class ProcedureRules:
    """Mixed into a game's Rules when it has procedures (`procedures`: kind ->
    generator function): starts them, takes the answers to their prompts, and
    hands back to the game's `after_procedure` when one has ended."""

    procedures: dict = {}

    @cached_property
    def runner(self) -> Runner:
        return Runner(self.procedures)

    def live_only(self):
        return self.runner.live_only()

    def physical_dice(self, state: dict) -> bool:
        """Whether players roll real dice and enter the results (a game setting)."""
        return state["settings"]["dice"] == "physical"

    def with_entered_dice(self, state: dict) -> dict:
        """A copy of `state` in which dice are entered, not rolled (core.preview)."""
        trial = clone(state)
        trial["settings"] = {**trial["settings"], "dice": "physical"}
        return trial

    def die(self, die_id: str):
        from companion.core.engine import die_of

        return die_of(self.dice, die_id)

    def start_procedure(self, state: dict, kind: str, args: dict, then: str) -> list[dict]:
        """Start procedure `kind`; once it has ended, `after_procedure(state, then)`."""
        events = self.runner.start(state, kind, args, self.physical_dice(state), then=then)
        return events if "proc" in state else events + self.after_procedure(state, then)

    def answer_procedure(self, state: dict, action: dict) -> list[dict]:
        """A `choose` or `roll` action answering the waiting procedure's prompt."""
        answer(state, action)
        then = state["proc"]["then"]
        events = self.runner.resume(state, self.physical_dice(state))
        return events if "proc" in state else events + self.after_procedure(state, then)

    def after_procedure(self, state: dict, then: str) -> list[dict]:
        """The game carries on after a procedure started with this `then` has ended."""
        raise NotImplementedError
