"""The work stack: how a procedure that stops for choices lives in plain JSON.

`state["stack"]` holds pending tasks ({"op": name, ...}); the top one runs next
(`op_<name>` of the rules). A task either finishes (pops itself, maybe pushing
the tasks it sets off, which then run before anything below it) or asks a
player (sets `state["await"]` and stays, to be called again with the answer).
With the stack empty the turn's phase gives the prompt. No generator is held,
so a copy of a waiting state carries on exactly like the original.
"""

from __future__ import annotations

from companion.games.aat import model as m


def push(state: dict, *tasks: dict) -> None:
    """Queue tasks to run next, in the order given (the first one first)."""
    state["stack"].extend(reversed(tasks))


def done(state: dict, task: dict) -> None:
    """A task finishes: it must be the top one."""
    popped = state["stack"].pop()
    assert popped is task, "a task finished out of order"


def choose(state: dict, seat: int, choice: str, options: list, text: str, **extra) -> list:
    """Ask `seat` to pick one of `options` (answered by a `choose` action)."""
    state["await"] = {"kind": "choose", "choice": choice, "player": seat,
                      "options": options, "text": text, **extra}
    return []


class Flow:
    """Part of AatRules (rules.py): runs the stack and ends the game."""

    def operations(self) -> dict:
        """name -> the bound `op_<name>` method, made once per engine."""
        ops = self.__dict__.get("ops")
        if ops is None:
            ops = self.ops = {attr[3:]: getattr(self, attr) for attr in dir(type(self))
                              if attr.startswith("op_")}
        return ops

    def run(self, state: dict) -> list[dict]:
        events: list[dict] = []
        ops = self.__dict__.get("ops") or self.operations()
        stack = state["stack"]  # replaced only by finish, which ends the loop
        while state["await"] is None and state["phase"] != "over":
            if stack:
                task = stack[-1]
                try:
                    op = ops[task["op"]]
                except KeyError:  # not a task: fails as getattr always did
                    op = getattr(self, "op_" + task["op"])
                events += op(state, task, None)
            else:
                events += self.phase_prompt(state)
        return events

    def answer_task(self, state: dict, answer) -> list[dict]:
        """A prompt of the top task is answered: the task carries on, then the rest."""
        state["await"] = None
        task = state["stack"][-1]
        return getattr(self, "op_" + task["op"])(state, task, answer) + self.run(state)

    # -- the end (AAT-WIN-1) -------------------------------------------------------------
    def dead_bases(self, state: dict) -> list[int]:
        return [seat for seat in (0, 1)
                if m.remaining(self.cards, m.base(state, seat)) <= 0]

    def check_end(self, state: dict, how: str = "base") -> list[dict]:
        """End the game if a base is at 0 or an objective is complete: both sides'
        conditions at once (or both bases) make a draw."""
        dead = self.dead_bases(state)
        complete = [seat for seat in (0, 1) if state["players"][seat]["complete"]]
        if not dead and not complete:
            return []
        winners = {1 - seat for seat in dead} | set(complete)
        if len(winners) != 1 or winners & set(dead):
            return self.finish(state, [], "draw", "Both sides fall at once: a draw")
        seat = winners.pop()
        names = [p["name"] for p in state["players"]]
        if complete:
            return self.finish(state, [seat], "objective",
                               f"{names[seat]} completes the alternate objective and wins")
        path = "fatigue" if how == "fatigue" else "base"
        return self.finish(state, [seat], path,
                           f"{names[1 - seat]}'s base is destroyed: {names[seat]} wins")

    def finish(self, state: dict, winners: list[int], path: str, text: str) -> list[dict]:
        """Pending triggers and actions are dropped (AAT-WIN-1)."""
        state["phase"] = "over"
        state["await"] = None
        state["stack"] = []
        state["result"] = {"winners": winners, "path": path}
        return [{"kind": "game_over", "text": text, "winners": winners, "path": path}]
