"""Top-Secret's strongest computer player: it tries every action on its own copy of
what it sees (expert_model) and takes the one after which the position is worth most
(expert_eval) as if its turn ended there, the two most promising also followed by the
best action after them (a pick-up that pays only with the hand-over after it); it ends
the turn when nothing left makes the position better, and spawns the same way. The
worth looks past its own turn: the two trickles and the enemy's turn in between (what
the dice bring, what the enemy can do to its carriers), which the greedy AI, one
action at a time by its worth now, does not."""

from __future__ import annotations

from companion.core.agents import Agent
from companion.games.ts import expert_model as model
from companion.games.ts.expert_eval import evaluate

AHEAD = 2  # the actions looked at two deep: each costs another listing and its worths


class ExpertAgent(Agent):
    name = "expert"

    def choose(self, rules, state) -> dict:
        kind = state["await"]["kind"]
        if kind == "keep":
            return {"type": "keep", "keep": True}  # a kept piece only adds points
        if kind not in ("act", "spawn"):  # draws and dice: what the table gets
            return self.random.choice(rules.legal_actions(state))
        seen = model.seen(state)
        if kind == "spawn":
            return self.spawn(rules, state, seen)
        return self.act(seen)

    def spawn(self, rules, state, seen) -> dict:
        best, top = {"type": "done"}, evaluate(seen)
        for action in rules.legal_actions(state):
            if action["type"] != "spawn":
                continue
            after = model.copy(seen)
            spawn_into(after, action)
            value = evaluate(after) + self.random.random() * 1e-6
            if value > top:
                best, top = action, value
        return best

    def act(self, seen) -> dict:
        """The action after which the position is worth most; the AHEAD best of them
        are worth what the best action after them makes of them, if more."""
        tried = []
        for action in model.listed(seen):
            if action["type"] == "end_turn":
                continue
            after = model.copy(seen)
            model.apply(after, action)
            tried.append((evaluate(after) + self.random.random() * 1e-6, action, after))
        tried.sort(key=first, reverse=True)
        best, top = {"type": "end_turn"}, evaluate(seen)
        for rank, (value, action, after) in enumerate(tried):
            if rank < AHEAD and after["over"] is None:
                value = max(value, best_after(after))
            if value > top:
                best, top = action, value
        return best


def first(entry: tuple) -> float:
    return entry[0]


def best_after(m: dict) -> float:
    """The most any one action makes of position `m` (ending the turn at least)."""
    top = evaluate(m)
    for action in model.listed(m):
        if action["type"] != "end_turn":
            after = model.copy(m)
            model.apply(after, action)
            top = max(top, evaluate(after))
    return top


def spawn_into(m: dict, action: dict) -> None:
    """An agent of `action["kind"]` on the copy (TS-SPAWN: fresh, holding nothing)."""
    seat = m["await"]["player"]
    agent_id = f"new-{action['kind']}-{action['at']}"
    m["agents"][agent_id] = {"seat": seat, "kind": action["kind"], "at": action["at"],
                             "held": [], "fresh": True}
    m["spots"][action["at"]] = agent_id
