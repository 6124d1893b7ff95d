"""The task stack every game's procedures run on (a turn, a combat, a card's effects, a
battle): how a procedure that stops for a player's choice or a real die lives in plain
JSON, so that a copy of a waiting state (undo, the app's copy-then-step, a restored
save) carries on exactly like the original. Nothing but the state is kept.

`state["tasks"]` holds the pending tasks, `{"do": kind, ...}`; the last one is the
current one. Each kind has its handler, `handler(state, task, answer) -> events`, called
with `answer` None to run the task and with the player's answer when it waited. A task
finishes with `done` (after pushing the tasks it sets off, which then run before
anything below it), or waits: it sets `state["await"]` (`choose`, `roll`, or a `Task`'s
`ask`) and stays current. `run` carries out tasks until one waits or none is left.

A handler is a function or a method (`op_<kind>` of a game's rules: `handlers`), or a
`Task`: a class whose `run` says whether the task is finished and whose answers are
worked out once when it asks (`options`) and kept in the task, so listing and checking
them costs nothing more (nothing changes the state while a task waits)."""

from __future__ import annotations

from companion.core import rng
from companion.core.engine import BadFace, NotNow, NotOffered, Rejected, whole


def push(state: dict, *tasks: dict) -> None:
    """Tasks to run next, before the rest, in the order given (the first one first)."""
    state["tasks"].extend(reversed(tasks))


def current(state: dict) -> dict:
    return state["tasks"][-1]


def done(state: dict, task: dict) -> None:
    """A task finishes: off the stack, wherever it is now (it may have pushed others)."""
    tasks = state["tasks"]
    if tasks and tasks[-1] is task:
        tasks.pop()
        return
    for index in range(len(tasks) - 1, -1, -1):
        if tasks[index] is task:
            del tasks[index]
            return


def run(state: dict, handlers: dict, idle=None, before=None) -> list[dict]:
    """Carry out the current task, again and again, until a player is asked
    (`state["await"]`) or no task is left. `before(state) -> events` runs before each
    task (what must happen whenever it applies); with no task left, `idle(state)` gives
    the next prompt or tasks and their events, or None when there is nothing more."""
    events: list[dict] = []
    while state["await"] is None:
        tasks = state["tasks"]
        if tasks and before is not None:
            found = before(state)
            if found:
                events += found
            tasks = state["tasks"]
        if not tasks:
            found = idle(state) if idle is not None else None
            if found is None:
                break
            events += found
            continue
        task = tasks[-1]
        events += handlers[task["do"]](state, task, None)
    return events


def answer(state: dict, handlers: dict, value) -> list[dict]:
    """The current task's prompt is answered: the task carries on with `value` (the
    caller then runs the rest). A handler with a `check` (a Task) refuses an answer
    first, before anything changes."""
    task = state["tasks"][-1]
    handler = handlers[task["do"]]
    check = getattr(handler, "check", None)
    if check is not None:
        check(state, task, value)
    state["await"] = None
    return handler(state, task, value)


def choose(state: dict, seat: int, choice: str, options: list, text: str, **extra) -> list:
    """Ask `seat` to pick one of `options` (answered by a `choose` action)."""
    state["await"] = {"kind": "choose", "choice": choice, "player": seat,
                      "options": options, "text": text, **extra}
    return []


WAIT = object()  # what a step of Steps returns when it asked and the task waits


class Steps:
    """A task handler written as named steps, for a procedure with many places to stop
    (a combat, a card's effects): `task["at"]` names the current step, a method
    `(state, task, events)` that returns the next step's name, None when the task is
    finished, or WAIT. A step first gathers what it needs (`ask`, `roll`, `draw`: each
    kept in the task under its key, so a step that waited runs again from its start and
    finds its answers), then changes the state; they are forgotten as the next step
    begins. A roll from the generator is kept the same way, and so drawn once."""

    first = ""  # the first step

    def task(self, kind: str, **fields) -> dict:
        """A new task of this handler's kind, at its first step."""
        return {"do": kind, "at": self.first, "got": {}, **fields}

    def __call__(self, state: dict, task: dict, answer) -> list[dict]:
        if answer is not None:
            task["got"][task.pop("asking")] = answer.get("value")
        events: list[dict] = []
        while True:
            after = getattr(self, task["at"])(state, task, events)
            if after is WAIT:
                return events
            task["got"] = {}
            if after is None:
                done(state, task)
                return events
            task["at"] = after

    def check(self, state: dict, task: dict, action: dict) -> None:
        """The answer is a choice among the prompt's options, or a d6 entered."""
        prompt = state["await"]
        if action.get("type") == "choose" and prompt["kind"] == "choose":
            if action.get("value") not in prompt["options"]:
                raise NotOffered(f"{action.get('value')!r} is not one of the offered choices")
        elif action.get("type") == "roll" and prompt["kind"] == "roll":
            value = action.get("value")
            if not whole(value) or not 1 <= value <= 6:
                raise BadFace("a d6 roll is a whole number from 1 to 6")
        else:
            raise NotNow(f"waiting for a '{prompt['kind']}' answer")

    def ask(self, state: dict, task: dict, key: str, seat: int, choice: str, options: list,
            text: str, **extra):
        """The choice `seat` made among `options`, or None after asking (the step waits)."""
        got = task["got"]
        if key in got:
            return got[key]
        if not options:
            raise ValueError(f"no options for {choice}")
        choose(state, seat, choice, options, text, **extra)
        task["asking"] = key
        return None

    def roll(self, state: dict, task: dict, key: str, seat: int, purpose: str,
             physical: bool, die: str = "d6"):
        """The d6 `seat` rolls for `purpose`: from the game's generator, or entered from
        the table's real die (None after asking: the step waits)."""
        got = task["got"]
        if key not in got:
            if physical:
                state["await"] = {"kind": "roll", "player": seat, "purpose": purpose,
                                  "die": die, "text": f"roll the {die} for {purpose}"}
                task["asking"] = key
                return None
            got[key] = rng.randint(state, 1, 6)
        return got[key]

    def draw(self, state: dict, task: dict, key: str, low: int, high: int) -> int:
        """A hidden random draw (a shuffle, a random discard): always the generator."""
        got = task["got"]
        if key not in got:
            got[key] = rng.randint(state, low, high)
        return got[key]


def methods(owner, prefix: str = "op_") -> dict:
    """kind -> handler: the bound methods `<prefix><kind>` of `owner` (a game's rules)."""
    return {name[len(prefix):]: getattr(owner, name) for name in dir(type(owner))
            if name.startswith(prefix)}


class Registry:
    """A game's Task handlers by kind (`handlers`): `@TASKS.add` on each Task class."""

    def __init__(self):
        self.handlers: dict = {}  # a plain dict: the loop's lookups are its fastest

    def add(self, cls):
        self.handlers[cls.kind] = cls()
        return cls

    def run(self, state: dict, before=None, watch: tuple = ()) -> list[dict]:
        """`run` for a game whose handlers are all Tasks, as one tight loop (a simulated
        game runs thousands of tasks): each Task's `run` adds to the events and says
        whether it finished. `before(state)` runs before each task; given `watch` (lists
        in the state), only while one of them holds something: what it checks."""
        events: list[dict] = []
        handlers = self.handlers
        tasks = state["tasks"]
        while tasks:  # until a task waits (its run says False) or none is left
            if before is not None and (any(watch) or not watch):
                found = before(state)
                if found:
                    events += found
                tasks = state["tasks"]
                if not tasks:
                    break
            task = tasks[-1]
            if not handlers[task["do"]].run(state, task, events):
                break
            tasks = state["tasks"]
            if tasks and tasks[-1] is task:
                tasks.pop()
            else:
                done(state, task)
        return events

    def answer(self, state: dict, action: dict) -> list[dict]:
        """`answer` for a registry's Tasks: the current one checks and takes `action`."""
        task = state["tasks"][-1]
        handler = self.handlers[task["do"]]
        handler.check(state, task, action)
        state["await"] = None
        return handler.answer(state, task, action)


class Task:
    """One kind of step, as a class. `run` adds what happens to `events` and says
    whether the task is finished (False: it waits, asking with `ask`); `options` works
    out the answers, which `ask` keeps in the task; `answer` carries one out after
    `check` (an answer not listed goes to `refuse`, which names the ruling)."""

    kind = ""
    rule = ""  # the ruling a refused answer names

    def __call__(self, state: dict, task: dict, answer) -> list[dict]:
        """The handler: run the task (finished: off the stack), or take its answer (which
        `check` passed)."""
        if answer is None:
            events: list[dict] = []
            if self.run(state, task, events):
                done(state, task)
            return events
        return self.answer(state, task, answer)

    def run(self, state: dict, task: dict, events: list) -> bool:
        return self.ask(state, task)

    def options(self, state: dict, task: dict) -> list[dict]:
        return []

    def ask(self, state: dict, task: dict, **shown) -> bool:
        """Wait for the task's player: the prompt, and the answers kept in the task."""
        return self.wait(state, task, self.options(state, task), **shown)

    @staticmethod
    def wait(state: dict, task: dict, options: list[dict], **shown) -> bool:
        """`ask` with the answers already worked out (they are what `options` gives)."""
        task["options"] = options
        state["await"] = {"kind": task["do"], "player": task["p"], **shown}
        return False

    def legal(self, state: dict, task: dict) -> list[dict]:
        return task["options"]

    def answer(self, state: dict, task: dict, action: dict) -> list[dict]:
        raise NotImplementedError

    def check(self, state: dict, task: dict, action: dict) -> None:
        """Accept one of the answers listed; anything else goes to `refuse`."""
        if "by" in action:
            action = {k: v for k, v in action.items() if k != "by"}
        if action not in task["options"]:
            self.refuse(state, task, action)

    def refuse(self, state: dict, task: dict, action: dict) -> None:
        """An answer not listed: refused naming the ruling (a task may say why, or accept
        a card alike to a listed one)."""
        raise Rejected(self.rule, f"not possible now: {plain(action)}")


def plain(action: dict) -> str:
    return ", ".join(f"{k} {v}" for k, v in action.items() if k not in ("type", "by")) or \
        action["type"]
