"""The agent cards, read with the same loader and schema as the print tool."""

from __future__ import annotations

from functools import cache

from companion.core import printed

GAME_ID = "geheime-mission"
HAND = 5  # GM-DEAL
VALUES = range(1, 10)  # GM-DECK
DOORS = (1, 2, 3)  # GM-DOOR
DOOR_NAMES = {1: "yellow", 2: "violet", 3: "white"}
CHIPS = 10  # GM-CHIPS
ROLE = {"city": "find", "defend": "defence", "attack": "attack"}  # the value each place reads


def art(agent: str) -> str:
    """The pictogram an agent's card shows as its photograph (art.yaml)."""
    return printed.game(GAME_ID).vars["art"][agent]


def colours() -> dict:
    """The printed colours the table screen repeats: values, doors, paper and ink."""
    v = printed.game(GAME_ID).vars
    return {"city": v["blue"], "attack": v["red"], "defend": v["green"], "ink": v["ink"],
            "paper": v["paper"], "paper_dark": v["paper_dark"], "muted": v["muted"],
            "brass": v["brass"], "spot": v["spot"], "doors": v["door_fill"],
            "door_text": v["door_text"]}


@cache
def agents() -> dict:
    """Agent card id -> {id, name, call, find, attack, defence}, in deck order."""
    return {item.id: {"id": item.id, "name": item.fields["name"], "call": item.fields["call"],
                      "find": item.fields["find"], "attack": item.fields["attack"],
                      "defence": item.fields["defence"]}
            for item in printed.game(GAME_ID).component("agents").items}
