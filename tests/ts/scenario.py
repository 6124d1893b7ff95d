"""Build Top-Secret positions directly for rule tests: an empty board with seat 0
(black) to act in the action phase, pieces put where a test wants them, spaces
named as printed (A1 ... I7)."""

from __future__ import annotations

from companion.core.engine import Rejected
from companion.games.ts import trickle
from companion.games.ts.data import tables
from companion.games.ts.geometry import board
from companion.games.ts.rules import TsRules

RULES = TsRules()


def at(name: str) -> int:
    return board().by_name[name]


class Table:
    def __init__(self, bag: str = "app", smuggler: str = "printed"):
        self.rules = RULES
        state = RULES.new_game({"players": [{"name": "Ann"}, {"name": "Bob"}], "first": 0,
                                "bag": bag, "smuggler": smuggler}, 7)
        state.update({"await": {"kind": "act", "player": 0}, "actions": 3})
        self.state = state
        self.events: list = []

    # -- building --------------------------------------------------------------------
    def intel(self, space: str, colour: str = "codes", value: int = 1, honeypot=False) -> str:
        """A loose piece from the bag onto `space`; its id."""
        piece = self.piece(colour, value, honeypot)
        self.state["bag"].remove(piece)
        self.state["board"][at(space)] = piece
        return piece

    def piece(self, colour: str, value: int = 1, honeypot=False) -> str:
        """An Intel id of that kind still in the bag."""
        return next(i for i in self.state["bag"] if tables().intel[i].colour == colour and
                    tables().intel[i].honeypot == honeypot and
                    (honeypot or tables().intel[i].value == value))

    def agent(self, seat: int, kind: str, space: str, held=(), fresh=False) -> str:
        """An agent of `seat` on `space`, holding pieces from the bag; its id."""
        agent_id = next(a for a, (team, k) in tables().agents.items()
                        if team == seat and k == kind and a not in self.state["agents"])
        self.state["players"][seat]["roster"][kind] -= 1
        pieces = []
        for colour, value in held:
            piece = self.piece(colour, value)
            self.state["bag"].remove(piece)
            pieces.append(piece)
        self.state["agents"][agent_id] = {"seat": seat, "kind": kind, "at": at(space),
                                          "held": pieces, "fresh": fresh}
        self.state["spots"][at(space)] = agent_id
        return agent_id

    def block(self, space: str, until: int | None = None) -> None:
        self.state["walls"][at(space)] = self.state["turn"] + 1 if until is None else until

    # -- playing ---------------------------------------------------------------------
    def do(self, **action) -> list:
        outcome = self.rules.apply(self.state, action)
        self.state = outcome.state
        self.events += outcome.events
        return outcome.events

    def refused(self, rule: str, **action) -> str:
        try:
            self.rules.apply(self.state, action)
        except Rejected as exc:
            assert exc.rule == rule, (exc.rule, exc.message)
            return exc.message
        raise AssertionError(f"{action} was allowed")

    def fall(self, **dice) -> dict:
        """Resolve a trickle with these dice (colour -> face; others 1): the report."""
        faces = [dice.get(c, 1) for c in tables().colours]
        events = trickle.resolve(self.state, faces)
        self.events += events
        return events[0]

    def where(self, piece: str) -> str:
        """A piece's place: a space name, an agent id, 'bag' or 'scored'."""
        if piece in self.state["board"]:
            return board().names[self.state["board"].index(piece)]
        for agent_id, agent in self.state["agents"].items():
            if piece in agent["held"]:
                return agent_id
        return "bag" if piece in self.state["bag"] else "scored"
