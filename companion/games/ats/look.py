"""What the table draws with: the printed cards' colours and pictograms, read from
the YAML the print tool reads (cards/above-top-secret/), never a copy of it.

No Kivy here (colours are hex strings, icons are the YAML's shapes), so it is
tested fast and the rules never load a widget toolkit.
"""

from __future__ import annotations

from functools import cache

from companion.core import printed
from companion.games.ats.data import GAME_ID

TOKENS = {"cloaked": "Cloaked", "protector": "Protector", "disabled": "Disabled"}


def _fill(layout: str, **match) -> str:
    """The fill of the first element of a layout whose keys have these values."""
    for element in printed.game(GAME_ID).layouts[layout].elements:
        if all(element.get(k) == v for k, v in match.items()):
            return element["fill"]
    raise KeyError(f"{layout}: no element {match}")


def _art_panel() -> str:
    """The fill of the panel the card's picture is drawn on (the card's art area)."""
    elements = printed.game(GAME_ID).layouts["defense-front"].elements
    icon = next(e for e in elements if e["type"] == "icon" and "{art." in e["name"])
    for element in elements:
        if element["type"] == "rect" and "{" not in str(element.get("fill", "{")) and \
                element["x"] <= icon["x"] <= element["x"] + element["w"] and \
                element["y"] <= icon["y"] <= element["y"] + element["h"]:
            return element["fill"]
    raise KeyError("defense-front: no panel under the unit pictogram")


@cache
def colours() -> dict:
    """Hex colours: per level and per player (game.yaml vars), ATK and DEF (the stat
    badges of the card front), the card face and its art panel, the card back."""
    names = printed.game(GAME_ID).vars
    return {"levels": {int(k): v for k, v in names["level_colors"].items()},
            "players": dict(names["player_colors"]),
            "atk": _fill("defense-front", type="badge", value="{atk}"),
            "def": _fill("defense-front", type="badge", value="{def}"),
            "badge": _fill("defense-front", type="badge", value="{level}"),
            "face": _fill("defense-front", type="background"),
            "art": _art_panel(),
            "back": _fill("defense-back", type="background")}


def level_colour(level: int) -> str:
    return colours()["levels"][level]


def player_colour(name: str) -> str | None:
    return colours()["players"].get(name)


@cache
def icon_names() -> dict:
    """Icon names by what they show: unit types and attributes (glossary), base
    areas (their cards), tokens (the printed token faces), the card back's badge."""
    game = printed.game(GAME_ID)
    glossary = game.vars["glossary"]
    areas = {i.fields["area"]: i.fields["icon"] for i in game.component("base-areas").items}
    faces = {i.fields["label"]: i.fields["icon"] for i in game.component("tokens").items}
    back = next(e["name"] for e in game.layouts["defense-back"].elements
                if e["type"] == "icon")
    return {"units": {u: v["icon"] for u, v in glossary["unit_types"].items()},
            "cards": dict(game.vars["art"]),  # each card's own picture (art.yaml)
            "attributes": {a: v["icon"] for a, v in glossary["attributes"].items()},
            "areas": areas,
            "tokens": {t: faces[label] for t, label in TOKENS.items()} | {
                "damage": faces["10"]},
            "back": back}


def shapes(name: str) -> list[dict]:
    """An icon's shapes in its 100 x 100 box (y down): polygon, path, circle, ring,
    rect, line; see pnp/draw/renderer.py for their meaning."""
    return printed.game(GAME_ID).icons[name]
