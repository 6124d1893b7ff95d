"""How a Top-Secret move is made by taps (no Kivy, so it is tested fast): tap one of
your agents, pick what it does (its options with their costs), tap the target on
the board; where one tap still leaves a choice (which Intel pays, which piece to
give) the sheet lists just that. Spawning: tap a kind of your roster, then a lit
`*` tile. Everything here reads the engine's legal actions, so a tap can only do
what the rules allow."""

from __future__ import annotations

from companion.core import viewing
from companion.games.ts import view
from companion.games.ts.data import tables
from companion.games.ts.geometry import board
from companion.games.ts.model import article, intel_name

MODES = {"move": "Move (1 action)", "smuggle": "Slip through, 2 spaces (1 action)",
         "transfer": "Give Intel to a friend (1 action)", "double": "Slip Intel to any agent "
         "(1 action)", "comms": "Move loose Intel up or down", "pin": "Pin (1 action)",
         "unpin": "Unpin a friend (1 action)", "take": "Take from a pinned enemy (1 Intel)",
         "block": "Blockade"}
ORDER = tuple(MODES)


def target_of(action: dict) -> int | None:
    """The space a tap on the board names for an action."""
    state_free = ("to", "at")
    for key in state_free:
        if key in action and isinstance(action[key], int):
            return action[key]
    return None


class Picks:
    """What the taps so far (`sel`) mean now: modes, lit spaces, and the answer to a tap."""

    def __init__(self, state: dict, legal: list[dict], sel: dict):
        self.state, self.legal, self.sel = state, legal, sel
        self.spots = state["spots"]

    # -- what the screen shows ----------------------------------------------------------
    def agent_actions(self, agent_id: str) -> list[dict]:
        return [a for a in self.legal if a.get("agent") == agent_id]

    def modes(self) -> list[str]:
        agent = self.sel.get("agent")
        kinds = {a["type"] for a in self.agent_actions(agent)} if agent else set()
        return [m for m in ORDER if m in kinds]

    def mode(self) -> str | None:
        modes = self.modes()
        chosen = self.sel.get("mode")
        return chosen if chosen in modes else (modes[0] if modes else None)

    def pending(self) -> list[dict]:
        """The actions the selection so far leaves open."""
        agent, mode = self.sel.get("agent"), self.mode()
        if self.state["await"]["kind"] == "spawn":
            return [a for a in self.legal if a["type"] == "spawn" and
                    a["kind"] == self.sel.get("kind")]
        if not agent or not mode:
            return []
        out = [a for a in self.agent_actions(agent) if a["type"] == mode]
        if mode == "comms" and self.sel.get("intel"):
            out = [a for a in out if a["intel"] == self.sel["intel"]]
        if "space" in self.sel:
            out = [a for a in out if self.space_of(a) == self.sel["space"]]
        return out

    def space_of(self, action: dict) -> int | None:
        """Where on the board an action's target lies."""
        if action["type"] in ("transfer", "double"):
            return self.state["agents"][action["to"]]["at"]
        if action["type"] in ("pin", "unpin", "take"):
            return self.state["agents"][action["target"]]["at"]
        return target_of(action)

    def lit(self) -> dict:
        """Space -> 'selected' (the agent), 'source' (comms: the Intel) or 'target'."""
        out = {}
        agent = self.sel.get("agent")
        if agent in self.state["agents"]:
            out[self.state["agents"][agent]["at"]] = "selected"
        if self.state["await"]["kind"] == "act" and not agent:
            for a in self.legal:
                if "agent" in a and a["agent"] in self.state["agents"]:
                    out.setdefault(self.state["agents"][a["agent"]]["at"], "target")
            return out
        if self.mode() == "comms" and not self.sel.get("intel"):
            for a in self.pending():
                out[self.state["board"].index(a["intel"])] = "source"
            return out
        if self.mode() == "comms":
            out[self.state["board"].index(self.sel["intel"])] = "selected"
        for a in self.pending():
            space = self.space_of(a)
            if space is not None:
                out.setdefault(space, "target")
        return out

    def prompt(self) -> str:
        base = view.prompt(self.state)
        if self.state["await"]["kind"] == "spawn":
            kind = self.sel.get("kind")
            who = viewing.acting(self.state)
            return f"{who}: tap a kind of your roster, then a * tile" if not kind else \
                f"Spawn {article(tables().kind_names[kind])}: tap a lit * tile"
        agent = self.sel.get("agent")
        if self.state["await"]["kind"] != "act" or not agent:
            return base
        who = view.kind_name(self.state, agent)
        mode = self.mode()
        if not mode:
            return f"{who}: nothing it can do now" + (" but retire" if self.can_retire()
                                                      else "")
        if mode == "comms" and not self.sel.get("intel"):
            return f"{who}: tap a loose Intel within two spaces"
        if len(self.pending()) > 1 and "space" in self.sel:
            return f"{who}: choose below"
        return f"{who}: {MODES[mode].split(' (')[0].lower()}: tap a lit space"

    def can_retire(self) -> bool:
        return {"type": "retire", "agent": self.sel.get("agent")} in self.legal

    def choices(self) -> list[tuple[str, dict]]:
        """When a tap left several actions: each with the words that tell them apart."""
        left = self.pending()
        if "space" not in self.sel or len(left) < 2:
            return []
        return [(self.words(a), a) for a in left]

    @staticmethod
    def words(action: dict) -> str:
        parts = []
        if action.get("intel") and action["type"] in ("transfer", "double", "take"):
            parts.append(f"give {intel_name(action['intel'])}" if action["type"] != "take"
                         else f"take {intel_name(action['intel'])}")
        if action.get("pay"):
            parts.append(f"pay with {intel_name(action['pay'])}")
        elif action["type"] == "block":
            parts.append("for 1 action")
        if action["type"] == "comms":
            parts.insert(0, "down" if action.get("pay") else "up")
        return ", ".join(parts) or view.label({}, action)

    # -- a tap on the board --------------------------------------------------------------
    def tap(self, space: int) -> tuple[str, object]:
        """('act', action) | ('sel', new selection) | ('say', why nothing happens)."""
        wait = self.state["await"]
        if wait is None:
            return "say", "The game is over"
        if wait["kind"] == "spawn":
            return self.tap_spawn(space)
        if wait["kind"] != "act":
            return "say", "Answer the question below first"
        mine = self.spots[space]
        if mine and self.state["agents"][mine]["seat"] == wait["player"] and \
                mine != self.sel.get("agent") and not self.targets(space):
            return "sel", {"agent": mine}
        if self.mode() == "comms" and not self.sel.get("intel"):
            intel = self.state["board"][space]
            if intel and any(a["intel"] == intel for a in self.pending()):
                return "sel", {**self.sel, "mode": "comms", "intel": intel}
            return "say", "Tap a lit loose Intel"
        matching = self.targets(space)
        if not matching:
            if mine and self.state["agents"][mine]["seat"] == wait["player"]:
                return "sel", {"agent": mine}
            return "say", self.why_not(space)
        if len(matching) == 1:
            return "act", matching[0]
        return "sel", {**self.sel, "mode": self.mode(), "space": space}

    def targets(self, space: int) -> list[dict]:
        if not self.sel.get("agent"):
            return []
        sel = {k: v for k, v in self.sel.items() if k != "space"}
        return [a for a in Picks(self.state, self.legal, sel).pending()
                if self.space_of(a) == space]

    def tap_spawn(self, space: int) -> tuple[str, object]:
        kind = self.sel.get("kind")
        if not kind:
            return "say", "First tap a kind of your roster below"
        action = {"type": "spawn", "kind": kind, "at": space}
        if action in self.legal:
            return "act", action
        return "say", f"{board().names[space]} is not an empty * tile"

    def why_not(self, space: int) -> str:
        name = board().names[space]
        if not self.sel.get("agent"):
            return f"{name}: tap one of your agents first"
        mode = self.mode()
        return f"{name} is not a target of {MODES.get(mode, mode or 'this agent').split(' (')[0]}"
