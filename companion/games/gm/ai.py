"""Geheime Mission's greedy computer player (the random one is the core's).

It plays what a sensible beginner plays: the lowest card that wins a duel,
the least useful card when it cannot win, the strongest defence at home, and
a uniformly random back door and officer post (the guessing game's best
strategy: any pattern can be read)."""

from __future__ import annotations

from companion.core.agents import Agent


class GreedyAgent(Agent):
    name = "greedy"

    def choose(self, rules, state) -> dict:
        wait = state["await"]
        if wait["kind"] != "play":
            return {"type": wait["kind"], "door": self.random.randint(1, 3)}
        role = wait["role"]
        if state["settings"]["cards"] == "printed":  # no hand known: a middling value
            return {"type": "play", "value": self.random.randint(3, 7)}
        values = rules.values
        hand = state["players"][wait["player"]]["hand"]
        lead = state["duel"]["lead"]
        if lead is None:  # leading: the strongest card for this place
            card = max(hand, key=lambda c: (values[c][role], -spare(values, c, role)))
        else:
            winners = [c for c in hand if values[c][role] > lead]
            if winners:  # the cheapest card that wins
                card = min(winners, key=lambda c: (values[c][role], spare(values, c, role)))
            else:  # cannot win: give up the card worth least elsewhere
                card = min(hand, key=lambda c: (spare(values, c, role), values[c][role]))
        return {"type": "play", "card": card}


def spare(values: dict, card: str, role: str) -> int:
    """What a card is worth in the places it is not being played for."""
    return max(v for place, v in values[card].items() if place != role)
