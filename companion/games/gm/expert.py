"""Geheime Mission's strongest computer player.

The duels are where a player is better or worse: the doors and the officer are a
guessing game whose only unreadable play is a uniformly random door (as greedy plays
it). In a duel it plays the card worth most (expert_score.worth): an answer by its
known result, what the card is worth elsewhere and the next duel; a lead by its
chances against the hands the other player may hold, dealt again from the cards it has
not seen and read from his earlier plays (expert_read, expert_track), never from the
hidden hand or the pile. With printed cards no hand is known: it plays as greedy does."""

from __future__ import annotations

from companion.core.agents import Agent
from companion.games.gm.ai import GreedyAgent
from companion.games.gm.expert_read import CARDS, INDEX, ROLES, unseen
from companion.games.gm.expert_score import worth
from companion.games.gm.expert_track import TrackingReader
from companion.games.gm.rules import tie_winner

HANDS = 64  # possible hands of the other player a lead is weighed against (issue 35: 32 won
# 59.9 % of 16,000 games against greedy, 64 60.6 %, 128 60.5 %; docs/balance.md)


class ExpertAgent(Agent):
    name = "expert"

    def __init__(self, seed: int):
        super().__init__(seed)
        self.reader = TrackingReader()
        self.greedy = GreedyAgent(seed)

    def choose(self, rules, state) -> dict:
        wait = state["await"]
        me = wait["player"]
        if state["settings"]["cards"] == "printed":
            return self.greedy.choose(rules, state)
        self.reader.update(state, me)  # at every turn, doors too: a round's plays go then
        if wait["kind"] != "play":
            return {"type": wait["kind"], "door": self.random.randint(1, 3)}
        return {"type": "play", "card": CARDS[self.card(state, me)]}

    def card(self, state: dict, me: int) -> int:
        hand = [INDEX[c] for c in state["players"][me]["hand"]]
        role = ROLES.index(state["await"]["role"])
        lead = state["duel"]["lead"]
        hands = self.reader.tracker.hands(unseen(state, me), self.random, HANDS)
        players = state["players"]
        score = (players[me]["suitcases"], players[1 - me]["suitcases"])
        last = tie_winner(state)  # who wins were it night now with equal suitcases
        last = None if last is None else (0 if last == me else 1)
        return max(hand, key=lambda c: worth(c, hand, role, lead, state["pile_left"], score,
                                             last, hands))
