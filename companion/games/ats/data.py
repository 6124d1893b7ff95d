"""The card data, read with the same loader and schema as the print tool."""

from __future__ import annotations

from functools import cache

from companion.core import printed

GAME_ID = "above-top-secret"
LEVELS = (1, 2, 3, 4, 5)
AREAS = ("HQ", "OPS", "TEST", "LAB")
CLEARANCE_COST = {2: 10, 3: 20, 4: 30, 5: 40}
HAND_LIMIT = 7
BASE_HP = 100


DEFENSE: dict = {}  # filled once by cards(); rules read it on every strike
ENCOUNTER: dict = {}




@cache
def cards() -> tuple[dict, dict]:
    """(defense cards by id, encounter cards by id)."""
    defense = DEFENSE
    for item in printed.game(GAME_ID).component("defense").items:
        f = item.fields
        defense[item.id] = {"id": item.id, "name": f["name"], "level": f["level"],
                            "atk": f["atk"], "def": f["def"], "unit": f["unit"],
                            "attributes": tuple(f["attributes"])}
    ENCOUNTER.update({item.id: {"id": item.id, "name": item.fields["name"],
                                "kind": item.fields["kind"],
                                "effect": printed.plain(item.fields["effect"]),
                                "text": plain_text(item.fields["text"])}
                      for item in printed.game(GAME_ID).component("encounter").items})
    return defense, ENCOUNTER


def plain_text(markup: str) -> str:
    """Card text without the print markup (**bold**, *italic*, :icon:)."""
    import re

    return re.sub(r"\s+", " ", re.sub(r"\*+|:[a-z0-9-]+:", "", markup)).strip()


def defense(card_id: str) -> dict:
    return (DEFENSE or cards()[0])[card_id]


def encounter(card_id: str) -> dict:
    return (ENCOUNTER or cards()[1])[card_id]
