"""Choosing by tapping: every legal action is reached by tapping what it names on the
table (a unit, a base, a leader, a theater, a card in the hand strip) and, where
several actions share those taps, a button. No Kivy here, so the table's logic is
tested fast.

A *thing* is ("piece", uid), ("card", card id) or ("theater", name). `sel` is what
has been tapped for the action under way. Identical pieces lie as one stack
(stacks.py): an action names the stack's first piece."""

from __future__ import annotations

from companion.games.aat import look, view
from companion.games.aat import model as m
from companion.games.aat.stacks import aliases, canonical

Thing = tuple


def path(state: dict, action: dict) -> list[Thing]:
    """What is tapped to take this action; its button appears when all is tapped."""
    kind = action["type"]
    if kind in ("play", "set_aside", "place_objective"):
        if not action.get("card"):
            return []  # printed cards: the app does not know which
        steps = [("card", action["card"])]
        return steps + [("theater", action["theater"])] if action.get("theater") else steps
    if kind == "attack" and (state["await"] or {}).get("kind") == "repeat":
        return [("piece", action["target"])]  # the Repeater's next attack: its unit is set
    if kind == "attack":
        return [("piece", action["unit"]), ("piece", action["target"])]
    if kind == "move":
        return [("piece", action["unit"]),
                ("theater", m.other(state["table"][action["unit"]]["theater"]))]
    if kind in ("order", "undisrupt"):
        return [("piece", action["unit"])]
    if kind == "choose":
        return choice_path(state, action["value"])
    return []


def choice_path(state: dict, value) -> list[Thing]:
    wait = state["await"]
    choice = wait.get("choice")
    if choice == "theater":
        return [("theater", value)]
    if choice == "delegate" and value == "none":  # all of it on the base: tap the base
        return [("piece", m.base(state, wait["player"])["uid"])]
    if choice == "trigger" and isinstance(value, str):
        uid = value.split(":")[0]
        return [("piece", uid)] if uid in state["table"] else []
    if isinstance(value, str) and value in state["table"]:
        return [("piece", value)]
    if isinstance(value, list) and value and value[0] in state["table"]:
        return [("piece", value[0])]  # a leader and an amount of delegated damage
    if isinstance(value, dict) and "card" in value:
        return [("card", value["card"]), ("theater", value["theater"])]
    return []


class Picks:
    def __init__(self, state: dict, legal: list[dict], sel: list):
        self.state = state
        self.legal = offered(state, legal)
        self.sel = list(sel)
        self.paths = [(action, path(state, action)) for action in self.legal]
        if not self.open():  # a stale selection (the prompt moved on) starts afresh
            self.sel = []

    def open(self) -> list[tuple]:
        """The actions the taps so far lead towards."""
        n = len(self.sel)
        return [(a, p) for a, p in self.paths if p[:n] == self.sel]

    def marks(self) -> dict:
        """thing -> "picked" (tapped) or "target" (may be tapped next)."""
        marks = {thing: "picked" for thing in self.sel}
        wait = self.state["await"] or {}
        if wait.get("kind") == "repeat":  # the attacking unit, set by the prompt
            marks[("piece", wait["unit"])] = "picked"
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
            rest = leads[0][1][n:]
            if len(leads) == 1 and (not rest or sel[0][0] == "card" and all(
                    t[0] == "theater" for t in rest)):
                return "act", leads[0][0]  # a card with one way in: the theater adds nothing
            return "sel", sel
        return "say", self.why_not(thing)

    def why_not(self, thing: Thing) -> str:
        kind, key = thing
        if kind == "theater":
            return f"Nothing to do in {key} now."
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

    def prompt(self, hint: bool = True) -> str:
        """The prompt (with what to tap, unless `hint` is off), or what the taps so far
        picked and what to tap next."""
        targets = {t[0] for t, mark in self.marks().items() if mark == "target"}
        more = bool(self.buttons())
        if not self.sel:
            text = view.prompt_text(self.state)
            wait = self.state["await"] or {}
            hinted = wait.get("choice") or wait.get("kind")
            if hint and targets and hinted in HINTS:
                text += f" ({HINTS[hinted]})"
            return text
        first = self.sel[0]
        who = view.piece_label(self.state, first[1]) if first[0] == "piece" else \
            view.name(first[1])
        steps = []
        if "piece" in targets:
            steps.append("tap a target")
        if "theater" in targets:
            steps.append("tap a theater" + (" to move there" if first[0] == "piece" else ""))
        if more:
            steps.append("choose below")
        return f"{who}: " + (", or ".join(steps) if steps else "tap it again to let go")


HINTS = {"repeat": "tap a target", "theater": "tap a theater",
         "delegate": "tap your base to keep it all, or a leader", "pick": "tap a card",
         "target": "tap it on the table", "computation": "tap a Mainframe",
         "trigger": "tap its unit"}


def offered(state: dict, legal: list[dict]) -> list[dict]:
    """The legal actions as taps reach them: each piece of a stack named by the stack's
    uid (stacks.py), one action for all that are then the same."""
    alias = aliases(state)
    out: list = []
    for action in legal:
        same = canonical(state, action, alias)
        chosen = same if same == action or same in legal else action
        if chosen not in out:
            out.append(chosen)
    return out


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


KIND_ORDER = ("Unit", "Leader", "Effect", "Objective", "Base")


def order(cards: dict, offered: list[str], rest: list[str]) -> list[tuple[str, bool]]:
    """The hand strip's cards, as (card id, playable now): what can be played first,
    by kind and type (units of a type together, as a printed card says at its top),
    the highest requirement first within them; then the rest of the hand, the
    nearest to playable first."""
    def key(card_id):
        card = cards[card_id]
        return (KIND_ORDER.index(card["kind"]), card["types"][:1], -card["escalation"],
                card_id)

    playable = [(c, True) for c in sorted(set(offered), key=key)]
    return playable + [(c, False) for c in sorted(set(rest) - set(offered), key=lambda c: (
        cards[c]["escalation"], c))]
