"""Choices that stay lists because nothing on the table shows them (a card named
from a printed hand, a card searched for in a deck): grouped by level, the
likely ones first. No Kivy here."""

from __future__ import annotations

from companion.games.ats.ai import value
from companion.games.ats.data import cards, defense, encounter

DROPPED = {"discard", "bottom"}  # players drop their weakest cards and place their best


def card_of(action: dict) -> str | None:
    """The defense card an action names, if it names one."""
    if action["type"] in ("start_card", "reinforce", "discard", "swap"):
        return action.get("card")
    value_ = action.get("value")
    if action["type"] == "choose" and isinstance(value_, str) and value_ in cards()[0]:
        return value_
    return None


def dropping(state: dict) -> bool:
    wait = state["await"]
    return wait["kind"] == "discard" or wait.get("choice") in DROPPED


def likely_first(state: dict, actions: list[dict]) -> list[dict]:
    """Card actions, the one a player most likely takes first (by the greedy
    player's card value: the best card to place, the weakest to drop)."""
    sign = 1 if dropping(state) else -1
    return sorted(actions, key=lambda a: (sign * value(card_of(a)), card_of(a)))


def by_level(state: dict, actions: list[dict]) -> list[tuple[int, list[dict]]]:
    """Card actions grouped by the card's level, in level order, likely first in each."""
    groups: dict[int, list] = {}
    for action in likely_first(state, actions):
        groups.setdefault(defense(card_of(action))["level"], []).append(action)
    return sorted(groups.items())


def likely_level(state: dict, actions: list[dict]) -> int:
    """The level of the likeliest card: the group to open first."""
    return defense(card_of(likely_first(state, actions)[0]))["level"]


def by_kind(actions: list[dict]) -> list[tuple[str, list[dict]]]:
    """Encounter cards named by a `choose` (printed decks), grouped by their kind."""
    groups: dict[str, list] = {}
    for action in actions:
        groups.setdefault(encounter(action["value"])["kind"], []).append(action)
    return sorted(groups.items())
