"""What the greedy player (ai.py) reads of cards alone, worked out once per rules
engine and kept for all its games: a card's working traits (with and without
Disruption, AAT-TOK-5), and the damage one card's attack puts through on another.

A parsed card is never changed (tests add new ids, never edit one), so nothing
here goes stale; the readings of the table itself are a decision's (Look), or kept
while the engine says nothing they read has changed (ai_carry.py)."""

from __future__ import annotations

import weakref

from companion.games.aat import model as m

_MEMOS: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def memo_for(rules) -> CardMemo:
    memo = _MEMOS.get(rules)
    if memo is None:
        memo = _MEMOS[rules] = CardMemo(rules)
    return memo


class CardMemo:
    """Per rules engine: card id -> its traits as they work, and attack outcomes."""

    def __init__(self, rules):
        self.rules = rules
        self.cards = rules.cards
        self.working = Working(self.cards, disrupted=False)
        self.quiet = Working(self.cards, disrupted=True)
        self.hits: dict = {}
        self.reaches: dict = {}
        self.sourced: dict = {}
        # the same by one card for many: (target card, kind, disrupted, theater) ->
        # attacker card -> hit of a working attacker (onto); (attacker card, disrupted,
        # theater) -> target unit's card -> hit
        self.ontos: dict = {}
        self.hits_by: dict = {}
        self.guards: dict = {}
        # card id -> its printed health, attack: plain dicts, one lookup where the
        # card's dict takes two; made again when cards were added (read_cards)
        self.health: dict = {}
        self.attack: dict = {}
        self.fighters: frozenset = frozenset()  # cards with a Fighter trait that works
        self.commanders: frozenset = frozenset()  # cards with Command
        self.known = -1  # how many cards they hold

    def read_cards(self) -> None:
        """health and attack made again for cards added since (tests add new ids; a
        parsed card is never changed): Look asks once a decision."""
        cards = self.cards
        self.known = len(cards)
        self.health = {cid: card.get("health") for cid, card in cards.items()}
        self.attack = {cid: card.get("attack") for cid, card in cards.items()}
        self.fighters = frozenset(cid for cid, card in cards.items()
                                  if card["traits"].get("Fighter"))
        self.commanders = frozenset(cid for cid, card in cards.items()
                                    if "Command" in card["traits"])

    def traits(self, p: dict) -> dict:
        """The traits of piece `p` that work now (model.trait, all at once)."""
        if "disruption" in p["tokens"]:
            return self.quiet[p["card"]]
        return self.working[p["card"]]

    def hit(self, e: dict, t: dict, theater: str) -> int:
        """Damage an attack of `e` puts through on unit `t` standing in `theater`
        (Armor and Pierce, Repeater's extra attacks; not Shield or Stealth)."""
        return self.strike(e, t, theater)[1]

    def strike(self, e: dict, t: dict, theater: str) -> tuple[int, int]:
        """(one attack's damage through Armor, with Repeater's extra attacks) of `e`
        on `t` standing in `theater`."""
        key = (e["card"], "disruption" in e["tokens"], t["card"], t["kind"], theater)
        value = self.hits.get(key)
        if value is None:
            moved = t if t["theater"] == theater else dict(t, theater=theater)
            amount = self.rules.attack_amount(e, moved)
            mine, theirs = self.traits(e), self.traits(t)
            armor = max(0, (theirs.get("Armor") or 0) - (mine.get("Pierce") or 0))
            once = max(0, amount - armor)
            value = self.hits[key] = (once, once * (1 + (mine.get("Repeater") or 0)))
        return value

    def onto(self, t: dict, theater: str) -> tuple[dict, dict]:
        """What a working unit puts on `t` in `theater` (hit), by the attacker's card,
        filled as asked (Reading.incoming): (the cards whose hit always counts, 0
        for those that cannot reach `t`; the cards that reach it only past its
        guard, AAT-TRAIT-8)."""
        key = (t["card"], t["kind"], "disruption" in t["tokens"], theater)
        found = self.ontos.get(key)
        if found is None:
            found = self.ontos[key] = ({}, {})
        return found

    def hit_by(self, e: dict, theater: str) -> dict:
        """target unit card -> what `e` puts on a unit of it in `theater` (filled as
        asked)."""
        key = (e["card"], "disruption" in e["tokens"], theater)
        found = self.hits_by.get(key)
        if found is None:
            found = self.hits_by[key] = {}
        return found

    def reach(self, e: dict, t: dict):
        """Whether working unit `e` may attack unit `t` of the same theater by their
        cards alone (AAT-TRAIT-6, 9): False, True, or "guarded" when `t` is Defended
        (AAT-TRAIT-8: it then needs no working Defender beside it, or a Mark)."""
        key = (e["card"], t["card"], "disruption" in t["tokens"])
        value = self.reaches.get(key)
        if value is None:
            mine, theirs = self.working[e["card"]], self.traits(t)
            if (theirs.get("Capital") and mine.get("Fighter") and not (
                    mine.get("Bomber") or mine.get("Torpedo"))) or (
                    theirs.get("Fighter") and mine.get("Capital") and
                    not mine.get("Point-Defense")):
                value = False
            else:
                value = "guarded" if theirs.get("Defended") and \
                    not theirs.get("Defender") else True
            self.reaches[key] = value
        return value


    def reads_source(self, card_id: str, name) -> bool:
        """Does this order of the card read the piece giving it (a "self" target or an
        objective order), or only the table?"""
        key = (card_id, name)
        found = self.sourced.get(key)
        if found is None:
            found = self.sourced[key] = any(
                s["op"] == "objective" or s.get("target") == "self"
                for s in self.cards[card_id]["orders"][name]["effect"])
        return found


    def guarding(self, card_id: str) -> tuple:
        """Per printed order of the card: (op, n) if it is one step of Shield or Stealth
        on an own unit, n tokens, else None (Look.order_unless_below bounds those)."""
        found = self.guards.get(card_id)
        if found is None:
            found = self.guards[card_id] = tuple(
                (steps[0]["op"], steps[0]["n"]) if len(steps) == 1 and
                steps[0]["op"] in ("shield", "stealth") and
                steps[0].get("target") == "own-unit" and type(steps[0].get("n")) is int
                else None for steps in (o["effect"] for o in self.cards[card_id]["orders"]))
        return found


class Working(dict):
    """card id -> its traits that work (all, or under Disruption only model.ALWAYS)."""

    def __init__(self, cards: dict, disrupted: bool):
        super().__init__()
        self.cards = cards
        self.disrupted = disrupted

    def __missing__(self, card_id: str) -> dict:
        traits = self.cards[card_id]["traits"]
        if self.disrupted:
            traits = {k: v for k, v in traits.items() if k in m.ALWAYS}
        self[card_id] = traits
        return traits
