"""Which taps make which action, for the table screen (no Kivy here, so it is tested
fast). Every legal action has a path of taps: a card of the hand, a base slot, a
territory, a palace; the moves no tap on the table can make (how many cards from
which pile, renew or not, pass, Suggested kills, end the turn) are the sheet's buttons.

The selection is the taps made so far. A tap that leaves one action, its path
complete, takes it; one that leaves several alike (a troop with and without its
bonus, an attack with or without a special troop) offers them as buttons. An attack
always waits for its button: the calculator shows both sides' damage first."""

from __future__ import annotations

from companion.games.att import model, view


def path(state: dict, action: dict) -> tuple:
    """The taps that make `action`, in order (empty: a button of the sheet)."""
    seat = state["await"]["player"]
    kind = action["type"]
    if kind in ("play", "discard"):
        return (("card", action["card"]),)
    if kind == "build":
        return ("card", action["card"]), ("slot", seat, *action["at"])
    if kind in ("place", "rebuild"):
        return (("slot", seat, *action["at"]),)
    if kind in ("sacrifice", "boost"):
        return (("slot", seat, *action["troop"][:2]),)
    if kind == "kill":
        target = action["target"]
        if target[0] in ("troop", "base"):
            return (("slot", 1 - seat, *target[1:3]),)
        return (("palace", 1 - seat),)
    if kind == "lose":
        return (("palace", seat),)
    if kind == "attack":
        return ("territory", seat, action["from"]), ("territory", 1 - seat, action["to"])
    return ()


class Picks:
    def __init__(self, state: dict, legal: list[dict], sel: tuple = ()):
        self.state = state
        self.paths = [(path(state, a), a) for a in legal]
        self.sel = tuple(sel) if self.following(tuple(sel)) else ()

    def following(self, sel: tuple) -> list[tuple]:
        """(path, action) of the actions whose path begins with `sel` (and goes on,
        or ends there)."""
        n = len(sel)
        return [(p, a) for p, a in self.paths if p and p[:n] == sel]

    # -- what the screen shows -----------------------------------------------------------
    def buttons(self) -> list[dict]:
        """The sheet's actions: those with no taps, or those the taps made so far leave."""
        done = [a for p, a in self.following(self.sel) if len(p) == len(self.sel)] \
            if self.sel else []
        return done + [a for p, a in self.paths if not p]

    def lit(self) -> set:
        """Where the next tap may go: slots, territories, palaces and cards."""
        n = len(self.sel)
        return {p[n] for p, _ in self.following(self.sel) if len(p) > n}

    def lit_slots(self) -> set:
        """The lit places as base slots, (owner, t, s) and ("palace", owner), for the
        board: a lit territory lights its three slots."""
        out = set()
        for tap in self.lit() | set(self.sel):
            if tap[0] == "slot":
                out.add(tap[1:])
            elif tap[0] == "territory":
                out |= {(tap[1], tap[2], s) for s in range(3)}
            elif tap[0] == "palace":
                out.add(tap)
        return out

    def chosen(self) -> set:
        """The places and cards tapped so far, as the board and the hand mark them."""
        return set(self.sel)

    def playable(self) -> set[str]:
        return {tap[1] for tap in self.lit() if tap[0] == "card"}

    def attack(self) -> tuple | None:
        """(from, to) of an attack the taps have chosen, for the calculator."""
        if len(self.sel) == 2 and self.sel[0][0] == "territory":
            return self.sel[0][2], self.sel[1][2]
        return None

    # -- a tap -----------------------------------------------------------------------------
    def tap(self, place: tuple) -> tuple[str, object]:
        """("act", action), ("sel", taps) or ("say", why not). A slot tapped where a
        territory is wanted stands for its territory."""
        for candidate in self.readings(place):
            sel = self.sel + (candidate,)
            found = self.following(sel)
            if not found:
                continue
            if len(found) == 1 and len(found[0][0]) == len(sel) and \
                    found[0][1]["type"] != "attack":  # an attack waits for the calculator
                return "act", found[0][1]
            return "sel", sel
        if self.sel and place in self.sel:
            return "sel", self.sel[:self.sel.index(place)]  # tapped again: undone
        return "say", self.why_not(place)

    @staticmethod
    def readings(place: tuple) -> list[tuple]:
        if place[0] == "slot":
            return [place, ("territory", place[1], place[2])]
        return [place]

    def why_not(self, place: tuple) -> str:
        wait = self.state["await"]
        if place[0] == "card":
            return "That card cannot be played now"
        if not self.lit():
            return view.prompt(self.state)
        if wait["kind"] == "assign":
            return "Not that: it is out of the fight, still manned, or needs more damage " \
                   "than is left"
        if wait["kind"] == "attacks" and self.sel:
            return "Tap one of the opponent's territories (the lit ones)"
        return "Not there: the lit places are the ones you can choose"


def selection_words(state: dict, picks: Picks) -> str:
    """The prompt while taps are half made: what was chosen, and what comes next."""
    seat = state["await"]["player"]
    first = picks.sel[0]
    if first[0] == "card":
        card = first[1]
        army = model.army(state, seat)
        kind = army.bases.get(card)
        if kind:
            return f"A {army.troops[kind]} base: tap an empty slot, or a base to build over"
    if first[0] == "territory" and len(picks.sel) == 1:
        return f"From territory {first[2] + 1}: now tap the territory to attack"
    return view.prompt(state)
