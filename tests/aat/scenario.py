"""Build Against All Tyrants positions directly, with made-up cards, for rule tests.

A Table starts from a real setup of the sample decks (tests/aat/catalogue.py), then
clears the board: seat 0 is the Defender (base Planetside) and the current player
on turn 3, seat 1 the Attacker (base in Space). Test cards get ids 'T-1', 'T-2'...
in the Table's own engine, so nothing leaks between tests."""

from __future__ import annotations

import itertools

from companion.core.engine import Rejected
from companion.games.aat import model as m
from companion.games.aat import view
from companion.games.aat.data import card as parse_card
from companion.games.aat.rules import AatRules
from tests.aat.catalogue import sample

_ids = itertools.count(1)


class Table:
    def __init__(self, subs=("freedom-fighters", "first-leaders-navy"), cards="virtual"):
        self.rules = AatRules(sample())
        view.use_rules(self.rules)
        setup = {"players": [{"name": "Dee"}, {"name": "Art"}], "subfaction_1": subs[0],
                 "subfaction_2": subs[1], "attacker": 1, "cards": cards}
        state = self.rules.new_game(setup, 7)
        state["table"] = {uid: p for uid, p in state["table"].items() if p["kind"] == "base"}
        for player in state["players"]:
            player["hand"] = []
        state.update({"tasks": [], "turn": 3, "current": 0, "phase": "combat", "played": 0,
                      "played_cards": [], "await": None})
        self.state = state
        self.events: list = []

    # -- building --------------------------------------------------------------------
    def card(self, kind="Unit", theaters=("Planetside",), attack=2, health=4, types=("Trooper",),
             traits=(), escalation=0, **more) -> str:
        """A made-up card (fields as in the card files); returns its id."""
        card_id = f"T-{next(_ids)}"
        fields = {"name": more.pop("name", f"{kind} {card_id}"), "kind": kind,
                  "escalation": escalation, "theaters": list(theaters), "attack": attack,
                  "health": health, "types": list(types), "traits": list(traits), **more}
        self.rules.cards[card_id] = parse_card(card_id, fields)
        return card_id

    def put(self, seat, theater="Planetside", card=None, entered=0, tokens=None, damage=0,
            **fields) -> str:
        """A unit in play (made up from `fields` unless `card` names one); its uid."""
        card_id = card or self.card(theaters=fields.pop("theaters", (theater,)), **fields)
        kind = "leader" if self.rules.cards[card_id]["kind"] == "Leader" else "unit"
        uid = f"u{self.state['next_uid']}"
        self.state["next_uid"] += 1
        piece = m.new_piece(uid, card_id, seat, kind,
                            m.base(self.state, seat)["theater"] if kind == "leader" else theater,
                            entered)
        if self.rules.cards[card_id]["kind"] == "Objective":
            piece["objective"] = True
        piece["tokens"] = dict(tokens or {})
        piece["damage"] = damage
        self.state["table"][uid] = piece
        return uid

    def leader(self, seat, health=5, traits=(), orders=(), **tokens) -> str:
        card_id = self.card(kind="Leader", theaters=(), health=health, types=(), traits=traits,
                            orders=list(orders))
        return self.put(seat, card=card_id, tokens=tokens)

    def hand(self, seat, *card_ids) -> None:
        self.state["players"][seat]["hand"] += list(card_ids)

    def start(self, phase="combat", current=0, spare=False) -> list:
        """Give `current` the prompt of `phase` (or what follows if it has nothing to do).
        `spare`: a unit of no use but to change theaters, so combat stays open (a phase
        with nothing left to do ends by itself)."""
        if spare:
            self.put(current, "Space", theaters=("Space", "Planetside"), attack=0,
                     types=("Support",), name="Spare")
        self.state.update({"phase": phase, "current": current, "await": None})
        events = self.rules.run(self.state)
        self.events += events
        return events

    # -- playing ---------------------------------------------------------------------------
    def act(self, action: dict) -> list:
        outcome = self.rules.apply(self.state, action)
        self.state = outcome.state
        self.events += outcome.events
        return outcome.events

    def choose(self, value) -> list:
        assert self.waiting("choose"), f"no choice awaited: {self.state['await']}"
        return self.act({"type": "choose", "value": value})

    def attack(self, unit, target, mark=False) -> list:
        return self.act({"type": "attack", "unit": unit, "target": target, "mark": mark})

    def waiting(self, kind: str, choice: str | None = None) -> bool:
        wait = self.state["await"]
        return wait is not None and wait["kind"] == kind and (
            choice is None or wait.get("choice") == choice)

    def options(self) -> list:
        return self.state["await"]["options"]

    def legal(self) -> list:
        return self.rules.legal_actions(self.state)

    def rejected(self, action: dict) -> Rejected:
        before = repr(self.state)
        try:
            self.rules.apply(self.state, action)
        except Rejected as exc:
            assert repr(self.state) == before
            return exc
        raise AssertionError(f"{action} was accepted")

    # -- reading ---------------------------------------------------------------------------
    def piece(self, uid) -> dict | None:
        return self.state["table"].get(uid)

    def base(self, seat) -> dict:
        return m.base(self.state, seat)

    def damage(self, uid) -> int:
        return self.state["table"][uid]["damage"]

    def tokens(self, uid, name) -> int:
        return m.tokens(self.state["table"][uid], name)

    def player(self, seat) -> dict:
        return self.state["players"][seat]

    def kinds(self) -> list:
        return [e["kind"] for e in self.events]

    def targets(self, unit) -> set:
        """(target, mark) of the attacks `unit` may make now."""
        return set(self.rules.attack_targets(self.state, self.state["table"][unit]))
