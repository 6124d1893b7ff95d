"""The order of play as a list of tasks: `state["tasks"]`, the first one current. A task
either finishes by itself (recruiting, working out damage) or waits for its player's
decision; an answer may put smaller tasks in front of it (an ability's choices), and
`advance` runs tasks until one waits. So a turn, a renewal and a battle are lists of
steps in the state, and saving, undo and replay need nothing more."""

from __future__ import annotations

from companion.core.engine import Rejected

TASKS: dict = {}  # kind -> the Task that runs it


class Task:
    """One kind of step. `run` adds what happens to `events` and says whether the task
    is finished (False: it waits, asking with `ask`); `options` works out the answers,
    which `ask` keeps in the task, so that listing and checking them costs nothing more
    (nothing changes the state while a task waits); `answer` carries one out."""

    kind = ""
    rule = ""  # the ruling a refused answer names

    def __init_subclass__(cls):
        super().__init_subclass__()
        if cls.kind:
            TASKS[cls.kind] = cls()

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


def push(state: dict, *tasks: dict) -> None:
    """Tasks to do before the current one, in the order given."""
    state["tasks"][0:0] = list(tasks)


def current(state: dict) -> dict:
    return state["tasks"][0]


def advance(state: dict, checks) -> list[dict]:
    """Run tasks until one waits or none is left; `checks(state)` runs before each task
    (what must happen at once whenever it applies: ATT-SPECIAL's upkeep)."""
    events = []
    tasks, players = state["tasks"], state["players"]
    while tasks:
        if players[0]["palace"] or players[1]["palace"]:  # only special troops need checks
            found = checks(state)
            if found:
                events += found
            tasks = state["tasks"]
            if not tasks:
                break
        task = tasks[0]
        if not TASKS[task["do"]].run(state, task, events):
            return events
        tasks = state["tasks"]
        if tasks and tasks[0] is task:
            del tasks[0]
        else:
            drop(state, task)
    return events


def drop(state: dict, task: dict) -> None:
    """A finished task off the list (it may no longer be the first)."""
    for index, other in enumerate(state["tasks"]):
        if other is task:
            del state["tasks"][index]
            return


def answer(state: dict, action: dict) -> list[dict]:
    task = current(state)
    handler = TASKS[task["do"]]
    handler.check(state, task, action)
    return handler.answer(state, task, action)
