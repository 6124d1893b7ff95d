"""What the table draws with: the printed game's colours and pictograms, read from the
YAML the print tool reads (cards/against-all-tyrants/), never a copy of it.

No Kivy here (colours are hex strings, icons are the YAML's shapes), so it is tested
fast and the rules never load a widget toolkit."""

from __future__ import annotations

from functools import cache

from companion.core import printed
from companion.games.aat.data import GAME_ID, plain_text


@cache
def colours() -> dict:
    """Hex colours: each deck's (its card frames and backs), attack, health, the
    escalation amber, and each token's printed face colour and pictogram."""
    names = printed.game(GAME_ID).vars
    tokens = {i.fields["icon"]: i.fields["color"]
              for i in printed.game(GAME_ID).component("tokens").items}
    return {"decks": dict(names["deck_colors"]), "accents": dict(names["deck_accent"]),
            "emblems": dict(names["emblems"]), "attack": names["attack_color"],
            "health": names["health_color"], "escalation": names["amber"],
            "tokens": tokens, "mats": dict(names["mat_colors"]),
            "mat_ink": dict(names["mat_ink"]), "mat_band": dict(names["mat_band"])}


def reference(subfaction: str) -> str:
    """The objective reference card of a subfaction (by its display name)."""
    return next(i.id for i in printed.game(GAME_ID).component("objective-reference").items
                if i.fields["subfaction"] == subfaction)


def mat(theater: str) -> str:
    """A theater mat's printed id."""
    return next(i.id for i in printed.game(GAME_ID).component("theater-mats").items
                if i.fields["theater"] == theater)


def deck_colour(subfaction: str) -> str:
    """A subfaction's colour, by its display name (view.panel's `subfaction`)."""
    return colours()["decks"][subfaction]


def accent(subfaction: str) -> str:
    return colours()["accents"][subfaction]


def emblem(subfaction: str) -> str:
    return colours()["emblems"][subfaction]


def token_colour(token: str) -> str:
    """A token's printed colour; the engine's token names are the tokens' icon names."""
    return colours()["tokens"][token]


@cache
def token_label(token: str) -> str:
    """A token's printed word (Shield, Stealth, Compute...), by its icon name."""
    return next(i.fields["label"] for i in printed.game(GAME_ID).component("tokens").items
                if i.fields["icon"] == token)


def shapes(name: str) -> list[dict]:
    """An icon's shapes in its 100 x 100 box (KeyError for no such icon)."""
    return printed.game(GAME_ID).icons[name]


@cache
def printed_fields() -> dict:
    """Card id -> the fields as printed (traits and orders in their printed words)."""
    return {item.id: item.fields for comp in printed.game(GAME_ID).components if comp.kind == "deck"
            for item in comp.items if "kind" in item.fields}


def card_text(card_id: str) -> str:
    """A card's printed rules in one paragraph: traits, orders, text."""
    fields = printed_fields().get(card_id)
    if fields is None:
        return ""
    parts = []
    if fields.get("traits"):
        parts.append(", ".join(fields["traits"]))
    parts += [f"» {o['name']}: {o['text']}" for o in fields.get("orders") or ()]
    if fields.get("text"):
        parts.append(plain_text(fields["text"]))
    return " · ".join(parts)


# -- the escalation track and the damage tokens, as printed ------------------------------
def _resolve(value):
    return printed.resolved(value, printed.game(GAME_ID).vars)


@cache
def track() -> dict:
    """The printed escalation track (its layout in layouts.yaml): each level's number and
    colour, left to right; each incident space's number and colour; the ink of the
    numbers; the Level and Incident tokens' colours and pictograms (tokens.yaml)."""
    elements = printed.game(GAME_ID).layouts["escalation-track"].elements
    tracks = sorted((e for e in elements if e["type"] == "track"), key=lambda e: e["y"])
    levels, incidents = tracks[0], tracks[-1]

    def inside(kind: str, box: dict) -> list:  # the elements drawn in a track's boxes
        return sorted((e for e in elements if e["type"] == kind and box["x"] <= e["x"] and
                       box["y"] <= e["y"] and e["y"] < box["y"] + box["h"]),
                      key=lambda e: e["x"])

    boxes, spaces = inside("rect", levels), inside("icon", incidents)
    tokens = {i.id: i.fields for i in printed.game(GAME_ID).component("tokens").items}
    level_numbers = range(levels["start"], levels["stop"] + 1, levels["step"])
    incident_numbers = range(incidents["start"], incidents["stop"] + 1, incidents["step"])
    style = printed.game(GAME_ID).styles.get(levels.get("style"), {})
    ground = next(e["fill"] for e in elements if e["type"] == "background")
    return {"paper": _resolve(ground),
            "levels": [(n, _resolve(b["fill"])) for n, b in zip(level_numbers, boxes,
                                                                strict=True)],
            "incidents": [(n, _resolve(s["color"])) for n, s in zip(incident_numbers, spaces,
                                                                    strict=True)],
            "ink": style.get("color") or _resolve(levels["stroke"]),
            "incident_icon": spaces[0]["name"],
            "marker": (tokens["ESCALATION"]["color"], tokens["ESCALATION"]["icon"]),
            "incident": (tokens["INCIDENT"]["color"], tokens["INCIDENT"]["icon"])}


@cache
def damage_tokens() -> list[dict]:
    """The printed damage tokens, the largest first: value, colour, shape, pictogram."""
    found = [{"id": i.id, "value": int(i.fields["value"]), "colour": i.fields["color"],
              "shape": i.shape, "icon": i.fields["icon"]}
             for i in printed.game(GAME_ID).component("tokens").items
             if i.fields["icon"] == "damage" and i.fields.get("value")]
    return sorted(found, key=lambda t: -t["value"])


def damage_pile(damage: int) -> list[tuple[dict, int]]:
    """The fewest printed damage tokens that make `damage`: [(token, how many)]."""
    out = []
    for token in damage_tokens():
        count, damage = divmod(damage, token["value"])
        if count:
            out.append((token, count))
    return out
