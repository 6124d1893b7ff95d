"""The expert player's lookahead (expert.py): each candidate action is played on a
copy of the position with the unseen cards dealt anew (expert_hidden.py), then
both sides play on greedily to the end of my turn (horizon 1) or of the opponent's
reply (horizon 2), and the position reached is valued (expert_value.py).

Within one of my turns every decision deals the unseen cards from the same seed, so
the copies of one turn share one guess of the hidden cards and can be compared; and
the line the chosen candidate was played on is kept (`Trail`): if my next decision's
greedy favourite is that line's next move, its value is already known.

The copies are stepped by a rules engine of the expert's own, so the simulator's
engine never sees them. That engine stays inside live_only (live.py) for good: each
copy is made once and then only stepped, which is all live_only asks, and it then
lists each prompt's actions once instead of twice."""

from __future__ import annotations

import random

from companion.core.engine import clone
from companion.games.aat.ai import GreedyAgent
from companion.games.aat.expert_hidden import redeal
from companion.games.aat.expert_value import value

LONGEST = 400  # moves played on a copy before it is valued as it stands


class Trail:
    """The line a chosen candidate was played on: the moves after it (seat, action),
    the turn it was played to, and the value it reached."""

    __slots__ = ("moves", "until", "value")

    def __init__(self, moves: list, until: int, value: float):
        self.moves, self.until, self.value = moves, until, value


class Lookahead:
    """Candidate actions tried on copies, for one rules engine's cards."""

    margin = 0.02  # the value another candidate must gain over greedy's favourite

    def __init__(self, rules, chance: random.Random):
        from companion.games.aat.rules import AatRules

        self.cards = rules.cards
        self.rules = AatRules({"cards": rules.cards, "decks": rules.decks})
        self.rules.live_only().__enter__()  # never left: the engine is this player's
        self.chance = chance
        self.specials = {sub: deck["special"] for sub, deck in rules.decks.items()}
        self.model = GreedyAgent(chance.getrandbits(32))
        self.worth = lambda card_id: self.model.value(rules, card_id)
        self.dealt = (None, 0)  # (turn, seat) -> the seed its copies are dealt from
        self.trail: Trail | None = None

    def follow(self, seat: int, action: dict) -> None:
        """A move of mine taken without a look: the kept line goes on if it is the
        line's next move, else it is dropped."""
        trail = self.trail
        if trail is not None and trail.moves and trail.moves[0] == (seat, action):
            trail.moves = trail.moves[1:]
        else:
            self.trail = None

    def best(self, state: dict, seat: int, picks: list[dict], horizon: int) -> dict:
        """The candidate (in greedy's order) whose copy values best for `seat`;
        greedy's favourite keeps its place unless another beats it by `margin`."""
        if self.dealt[0] != (state["turn"], seat):
            self.dealt = ((state["turn"], seat), self.chance.getrandbits(64))
            self.trail = None
        until = state["turn"] + horizon - 1
        base = redeal(state, seat, random.Random(self.dealt[1]), self.specials)
        trail = self.trail
        lines = []
        for action in picks:
            if trail is not None and trail.until == until and trail.moves and \
                    trail.moves[0] == (seat, action):
                lines.append(Trail(trail.moves[1:], until, trail.value))
                continue
            copy = clone(base)
            self.rules.step(copy, action)
            moves = self.play_on(copy, until)
            lines.append(Trail(moves, until, value(copy, seat, self.cards, self.worth)))
        top = max(range(len(lines)), key=lambda i: (
            lines[i].value + (self.margin if i == 0 else 0.0), -i))
        self.trail = lines[top]
        return picks[top]

    def play_on(self, copy: dict, until: int) -> list:
        """Greedy play on the copy to the end of turn `until`: the moves, by seat."""
        moves = []
        rules, model = self.rules, self.model
        for _ in range(LONGEST):
            wait = copy["await"]
            if wait is None or copy["turn"] > until:
                break
            action = model.choose(rules, copy)
            moves.append((wait["player"], action))
            rules.step(copy, action)
        return moves
