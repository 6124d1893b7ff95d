"""A declared game's cards on the screen: a card as printed (its picture, drawn by
companion.cardart from the game's own YAML), or, where no picture can be had, a
drawn card with its name and a few short fields; and what a tap on a card offers.

A card is held to read it large (companion.app.zoom) and tapped for what can be done
with it now: one thing is done at once, several make a small menu (play first)."""

from __future__ import annotations

from pathlib import Path

from kivy.lang import Builder
from kivy.properties import BooleanProperty, StringProperty
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.boxlayout import BoxLayout

from companion.app.choices import Choice, menu
from companion.app.zoom import Holdable
from companion.declared import view
from companion.declared.model import owner, where
from companion.declared.widgets import picture

Builder.load_file(str(Path(__file__).with_name("cards.kv")))

CARD_SHAPE = 0.72  # width over height of a poker card (63 x 88 mm)
WORDS = 3  # fields a drawn card shows besides its name
ORDER = ("play", "told", "discard", "move", "reveal", "return")  # a card menu's order


class DeclaredCard(Holdable, ButtonBehavior, BoxLayout):
    """A card as printed (its picture), or drawn: its name and a few short fields."""

    source = StringProperty("")
    name = StringProperty("")
    words = StringProperty("")
    lit = BooleanProperty(False)  # something can be done with it now
    card = StringProperty("")  # its id in the state


def card_widget(state: dict, card_id: str, height: float, lit: bool = False) -> DeclaredCard:
    data = view.card(state, card_id) or {"component": "", "item": "", "name": card_id,
                                          "fields": {}}
    fields = [f"{k}: {v}" for k, v in data["fields"].items()
              if k not in ("name", "id") and isinstance(v, int | str) and len(str(v)) <= 18]
    widget = DeclaredCard(name=str(data["name"]), words="\n".join(fields[:WORDS]),
                          size_hint=(None, None), height=height, width=height * CARD_SHAPE,
                          card=card_id, lit=lit)
    if data["component"]:
        widget.source = picture(state["folder_game"], data["component"], data["item"])
        widget.piece = (data["component"], data["item"])
    return widget


def name_of(state: dict, card_id: str) -> str:
    data = view.card(state, card_id)
    return str(data["name"]) if data else card_id


def allowed(state: dict, operation: str) -> bool:
    """Whether the phase allows an operation now (the engine refuses only what the
    declaration rules out: a card moved or turned that its listing leaves out is still
    the players' call)."""
    wait = state["await"]
    if wait is None or wait["kind"] != "turn" or not state["tracked"]:
        return False
    return view.decl_of(state).allows(state, operation)


def card_actions(state: dict, legal: list, card_id: str) -> list[dict]:
    """The listed actions on one card, play first; a card that may go back on top of
    its pile may go to the bottom too (the same operation); a card lying face down
    where it is turned up may be turned down again."""
    found = [a for a in legal if a.get("card") == card_id]
    found.sort(key=lambda a: ORDER.index(a["type"]) if a["type"] in ORDER else len(ORDER))
    extra = [{**a, "bottom": True} for a in found if a["type"] == "return"]
    key = where(state, card_id)
    if allowed(state, "reveal") and key is not None and not any(
            a["type"] == "reveal" for a in found) and \
            view.decl_of(state).zone_of_key(key)["show"] != "public":
        extra.append({"type": "reveal", "card": card_id})
    return found + extra


def action_text(state: dict, action: dict) -> str:
    if action["type"] == "return":
        where_to = "bottom" if action.get("bottom") else "top"
        return f"Return {view.seen_words(state, action['card'])} to the {where_to} of its pile"
    if action["type"] == "reveal" and action["card"] in state["revealed"]:
        return f"Turn {view.seen_words(state, action['card'])} face down"
    return view.label(state, action)


def tapped(table, state: dict, legal: list, card_id: str, actions=None) -> None:
    """A card tapped: its one action done, or a menu of several (with, where the phase
    allows moves, a move to any place on the table), or why nothing."""
    actions = card_actions(state, legal, card_id) if actions is None else actions
    name = name_of(state, card_id) if view.seen_words(state, card_id) != "a card" else "Card"
    elsewhere = allowed(state, "move") and where(state, card_id) is not None
    if not actions and not elsewhere:
        table.say(f"Nothing to do with {name} now")
    elif len(actions) == 1 and not elsewhere:
        table.act(actions[0])
    else:
        choices = [Choice(action_text(state, a), lambda a=a: table.act(a),
                          "primary" if a["type"] in ("play", "told") else "normal")
                   for a in actions]
        if elsewhere:
            choices.append(Choice("Move it elsewhere...",
                                  lambda: move_sheet(table, state, card_id, name)))
        menu(name, choices)


def move_sheet(table, state: dict, card_id: str, name: str) -> None:
    """Every other place on the table for one card: the acting player's zones, the
    shared ones, then each other player's."""
    acting = state["await"]["player"]
    here = where(state, card_id)
    keys = [k for k in state["zones"] if k != here]
    keys.sort(key=lambda k: (owner(k) != acting, owner(k) is not None, owner(k) or 0))
    menu(f"Move {name} to", [Choice(view.zone_words(state, k), lambda k=k: table.act(
        {"type": "move", "card": card_id, "to": k})) for k in keys])
