"""Choosing by tapping: every legal action is reached by tapping what it names on the
table (a unit, a base, a leader, a card in the hand row) and, where several actions
share those taps, a button. No Kivy here, so the table's logic is tested fast.

A *thing* is ("piece", uid) or ("card", card id). `sel` is what has been tapped
for the action under way."""

from __future__ import annotations

from companion.games.aat import look, view
from companion.games.aat import model as m

Thing = tuple


def path(state: dict, action: dict) -> list[Thing]:
    """What is tapped to take this action; its button appears when all is tapped."""
    kind = action["type"]
    if kind in ("play", "set_aside", "place_objective"):
        return [("card", action["card"])] if action.get("card") else []  # printed: no id
    if kind == "attack":
        return [("piece", action["unit"]), ("piece", action["target"])]
    if kind in ("order", "move", "undisrupt"):
        return [("piece", action["unit"])]
    if kind == "choose":
        value = action["value"]
        if isinstance(value, str) and value in state["table"]:
            return [("piece", value)]
        if isinstance(value, list) and value and value[0] in state["table"]:
            return [("piece", value[0])]  # a leader and an amount of delegated damage
        if isinstance(value, dict) and "card" in value:
            return [("card", value["card"])]
    return []


class Picks:
    def __init__(self, state: dict, legal: list[dict], sel: list):
        self.state, self.legal = state, legal
        self.sel = list(sel)
        self.paths = [(action, path(state, action)) for action in legal]
        if not self.open():  # a stale selection (the prompt moved on) starts afresh
            self.sel = []

    def open(self) -> list[tuple]:
        """The actions the taps so far lead towards."""
        n = len(self.sel)
        return [(a, p) for a, p in self.paths if p[:n] == self.sel]

    def marks(self) -> dict:
        """thing -> "picked" (tapped) or "target" (may be tapped next)."""
        marks = {thing: "picked" for thing in self.sel}
        n = len(self.sel)
        for _action, p in self.open():
            if len(p) > n:
                marks.setdefault(p[n], "target")
        return marks

    def buttons(self) -> list[dict]:
        """Actions whose taps are all made (the ones needing no tap when nothing is
        tapped), in the engine's order."""
        n = len(self.sel)
        return [a for a, p in self.open() if len(p) == n]

    def cards(self) -> list[str]:
        """Card ids the hand row offers to tap for this prompt."""
        seen: list[str] = []
        for _action, p in self.paths:
            if p and p[0][0] == "card" and p[0][1] not in seen:
                seen.append(p[0][1])
        return seen

    def tap(self, thing: Thing) -> tuple[str, object]:
        """("act", action), ("sel", new selection) or ("say", why nothing happens)."""
        if self.sel and thing == self.sel[-1]:
            return "sel", self.sel[:-1]  # tapped again: let go
        for sel in (self.sel + [thing], [thing]):  # go on, or start again from this
            n = len(sel)
            leads = [(a, p) for a, p in self.paths if p[:n] == sel]
            if not leads:
                continue
            if len(leads) == 1 and len(leads[0][1]) == n:
                return "act", leads[0][0]
            return "sel", sel
        return "say", self.why_not(thing)

    def why_not(self, thing: Thing) -> str:
        kind, key = thing
        if kind == "card":
            return f"{view.name(key)} cannot be played now. {look.card_text(key)}"
        p = self.state["table"].get(key)
        if p is None:
            return "Nothing to do with that now."
        wait = self.state["await"] or {}
        if p["owner"] == wait.get("player") and wait.get("kind") == "combat":
            if p["acted"]:
                return f"{view.piece_label(self.state, key)} has acted this turn."
            if not m.can_act(self.state, p):
                return f"{view.piece_label(self.state, key)} arrived this turn and acts " \
                       "next turn (AAT-TURN-5)."
        return inspect(self.state, key)

    def prompt(self) -> str:
        if self.sel and self.sel[0][0] == "piece":
            uid = self.sel[0][1]
            targets = [t for t, mark in self.marks().items() if mark == "target"]
            if targets and len(self.sel) == 1:
                return f"{view.piece_label(self.state, uid)}: tap a target, or an order below"
            return f"{view.piece_label(self.state, uid)}: choose below"
        if self.sel:
            return f"{view.name(self.sel[0][1])}: choose below"
        return view.prompt_text(self.state)


def inspect(state: dict, uid: str) -> str:
    """A piece in words, for a tap that does nothing else: its full name, numbers,
    tokens and printed rules."""
    p = state["table"][uid]
    card = view.cards()[p["card"]]
    bits = [view.piece_label(state, uid), m.theater_of(state, p)]
    if p["kind"] == "unit":
        bits.append(f"attack {card['attack']}")
    bits.append(f"health {card['health'] - p['damage']} of {card['health']}")
    bits += [f"{count} {token}" for token, count in sorted(p["tokens"].items())]
    text = look.card_text(p["card"])
    return " · ".join(bits) + (f"\n{text}" if text else "")


KIND_NAMES = {"Unit": "units", "Leader": "Leaders", "Effect": "effects",
              "Objective": "Objective units"}
KIND_ORDER = tuple(KIND_NAMES)


def groups(cards: dict, offered: list[str], rest: list[str]) -> list[tuple[str, list, bool]]:
    """The cards to show, as (heading, card ids, playable): what can be played now
    first, grouped by kind and type ("Trooper units", "Tactic effects") so a printed
    card is found by what it says at its top, each group the highest requirement
    first; then the rest of the hand, not playable yet."""
    found: dict = {}
    for card_id in offered:
        card = cards[card_id]
        kind = card["kind"]
        kind_type = card["types"][0] if card["types"] and kind in ("Unit", "Effect") else ""
        found.setdefault((KIND_ORDER.index(kind), kind_type), []).append(card_id)
    out = []
    for (kind, kind_type), ids in sorted(found.items()):
        name = KIND_NAMES[KIND_ORDER[kind]]
        heading = f"{kind_type} {name}" if kind_type else name
        out.append((heading, sorted(ids, key=lambda c: (-cards[c]["escalation"], c)), True))
    if rest:
        out.append(("Not yet playable (escalation)",
                    sorted(set(rest), key=lambda c: (cards[c]["escalation"], c)), False))
    return out
