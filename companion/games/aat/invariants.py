"""Invariants the simulator and the property tests check after every action.

They run after each of the simulator's actions (some 200 a greedy game), so they
read the state once: every pile and piece is looked at each time, in one pass over
the table, against the decks sorted once
(AatRules.sorted_decks: short card ids sort about twice as fast as the numbers they
once were mapped to). A seat's cards in the same order as at its last check that
found them whole are whole again, and are not sorted again (most actions move no
card between piles). A piece's card is read for its health and theaters from two
plain dicts made with the rules (`limits`: one lookup each, where the card's dict
took two; made again when a piece shows a card added since, as tests add them; a
parsed card is never changed)."""

from __future__ import annotations

from companion.games.aat import model as m
from companion.games.aat.objectives import CARRY_CAP, CHARGE_CAP

# the tokens a unit holds only so many of: few units hold any, so the caps are read
# only when one is there (one set operation, not three lookups a unit)
CAPPED = frozenset(("computation", "charge", "objective"))


class Invariants:
    """Part of AatRules (rules.py)."""

    def snapshot_for_checks(self, state: dict):
        one, two = state["players"]  # a game for 2 players (setup.py)
        return (state["escalation"], ((one["scored"], one["escaped"]),
                                      (two["scored"], two["escaped"])))

    def piece_checks(self, state: dict, live: bool) -> tuple[list, list]:
        """(each seat's cards in its piles and in play, the pieces' broken invariants)."""
        held = piles(state)
        pieces = []  # the pieces' broken invariants, told after the cards'
        healths, homes = self.card_limits
        for p in state["table"].values():
            card_id = p["card"]
            held[p["owner"]].append(card_id)
            tokens = p["tokens"]
            if tokens:
                for v in tokens.values():
                    if type(v) is not int or v <= 0:
                        pieces.append(f"{p['uid']}: a token count below 1")
                        break
                kind = p["kind"]
                if kind == "unit":
                    if p["theater"] not in homes[card_id]:
                        pieces.append(f"{p['uid']}: in a theater not marked on it")
                    if not CAPPED.isdisjoint(tokens) and (
                            tokens.get("computation", 0) > m.MAINFRAME_CAP or
                            tokens.get("charge", 0) > CHARGE_CAP or
                            tokens.get("objective", 0) > CARRY_CAP):
                        pieces.append(f"{p['uid']}: over a token cap")
            else:  # (most pieces: no tokens to count or cap)
                kind = p["kind"]
                if kind == "unit" and p["theater"] not in homes[card_id]:
                    pieces.append(f"{p['uid']}: in a theater not marked on it")
            if p["damage"] >= healths[card_id] and live and kind != "base" and \
                    not any(t["do"] == "destroy" for t in state["tasks"]):
                pieces.append(f"{p['uid']}: at its health but still in play")
        return held, pieces

    def held(self, state: dict, seat: int) -> list[str]:
        """Every card of the player wherever it is (cards between piles are on the stack)."""
        held = piles(state)
        for p in state["table"].values():
            held[p["owner"]].append(p["card"])
        return on_stack(state, held)[seat]

    def invariants(self, state: dict, previous=None) -> list[str]:
        broken = []
        escalation = state["escalation"]
        if not 0 <= escalation <= 5 or not 0 <= state["incidents"] <= 3:
            broken.append("escalation out of 0-5 or incidents out of 0-3")
        players = state["players"]
        if previous is not None:
            if escalation < previous[0]:
                broken.append("escalation went down")
            for now, before in pairs(players, previous[1]):
                if (now["scored"], now["escaped"]) < before:
                    broken.append("scored progress was lost")
        waiting = state["await"] is not None
        over = state["phase"] == "over"
        if waiting == over:
            broken.append("waiting for nobody in a game not over")
        live = waiting and not over
        # one pass over the table: each seat's cards there, and each piece checked
        try:
            held, pieces = self.piece_checks(state, live)
        except KeyError:  # a card added since the cards were read (a test's): again
            self.card_limits = limits(self.cards)
            held, pieces = self.piece_checks(state, live)
        on_stack(state, held)
        tracked = state["settings"]["cards"] == "tracked"
        verified = self.conserved
        for seat, (player, mine) in enumerate(pairs(players, held)):
            full = self.sorted_decks[player["subfaction"]]
            if len(mine) != len(full):
                broken.append(f"{player['name']}: {len(mine)} cards, not {len(full)}")
            elif not tracked and verified.get(seat) != (full, mine):
                # the very sequence last found a permutation of the deck is one again
                if not whole(mine, full):
                    broken.append(f"{player['name']}: cards not conserved")
                else:
                    verified[seat] = (full, mine)
        return broken + pieces


def pairs(one: list, two: list):
    """zip(one, two, strict=True), which raises for lists of two lengths, but without
    its keyword where they match (on 3.11 parsing it costs about 1,000 instructions)."""
    if len(one) == len(two):
        return zip(one, two)  # noqa: B905 - the lengths match: strict would change nothing
    return zip(one, two, strict=True)


def limits(cards: dict) -> tuple[dict, dict]:
    """(card id -> health, card id -> the theaters marked on it): one lookup a piece
    each, not two (a parsed card is never changed; tests add new ids, never edit one)."""
    return ({cid: card["health"] for cid, card in cards.items()},
            {cid: card["theaters"] for cid, card in cards.items()})


def piles(state: dict) -> list[list[str]]:
    """Each seat's cards in its piles."""
    players = state["players"]
    if len(players) == 2:  # (every game: no comprehension to call)
        one, two = players
        return [pile(one), pile(two)]
    return [pile(player) for player in players]


def pile(player: dict) -> list[str]:
    return [*player["deck"], *player["hand"], *player["discard"], *player["special"],
            *player["removed"], *player["objectives"], *player["unused_base"]]


def on_stack(state: dict, held: list[list[str]]) -> list[list[str]]:
    """`held` with the cards between piles, on the task stack, added to their seat's."""
    for task in state["tasks"]:
        do = task["do"]
        if do == "discard":
            held[task["seat"]].append(task["card"])
        elif do == "mulligan":
            held[task["seat"]] += task["aside"]
    return held


def whole(mine: list, full: list) -> bool:
    """Are `mine` the cards of the deck sorted as `full`, each as many times?"""
    try:
        return sorted(mine) == full
    except TypeError:  # a card id that is no string: of no deck
        return False
