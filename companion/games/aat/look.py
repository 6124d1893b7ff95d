"""What the table draws with: the printed game's colours and pictograms, read from the
YAML the print tool reads (cards/against-all-tyrants/), never a copy of it.

No Kivy here (colours are hex strings, icons are the YAML's shapes), so it is tested
fast and the rules never load a widget toolkit."""

from __future__ import annotations

from functools import cache

from companion.games.aat.data import game, plain_text


@cache
def colours() -> dict:
    """Hex colours: each deck's (its card frames and backs), attack, health, the
    escalation amber, and each token's printed face colour and pictogram."""
    names = game().vars
    tokens = {i.fields["icon"]: i.fields["color"] for i in game().component("tokens").items}
    return {"decks": dict(names["deck_colors"]), "accents": dict(names["deck_accent"]),
            "emblems": dict(names["emblems"]), "attack": names["attack_color"],
            "health": names["health_color"], "escalation": names["amber"],
            "tokens": tokens}


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


def shapes(name: str) -> list[dict]:
    """An icon's shapes in its 100 x 100 box (KeyError for no such icon)."""
    return game().icons[name]


@cache
def printed() -> dict:
    """Card id -> the fields as printed (traits and orders in their printed words)."""
    return {item.id: item.fields for comp in game().components if comp.kind == "deck"
            for item in comp.items if "kind" in item.fields}


def card_text(card_id: str) -> str:
    """A card's printed rules in one paragraph: traits, orders, text."""
    fields = printed().get(card_id)
    if fields is None:
        return ""
    parts = []
    if fields.get("traits"):
        parts.append(", ".join(fields["traits"]))
    parts += [f"» {o['name']}: {o['text']}" for o in fields.get("orders") or ()]
    if fields.get("text"):
        parts.append(plain_text(fields["text"]))
    return " · ".join(parts)
