"""The invariants the simulator checks after every action (invariants.py) catch each
kind of broken state: a state taken from a real game, then broken one way at a time."""

from __future__ import annotations

import random

import pytest

from companion.core.engine import clone
from companion.games.aat.rules import AatRules
from tests.aat.catalogue import sample

RULES = AatRules(sample())
SETUP = {"subfaction_1": "robot-uprising", "subfaction_2": "first-leaders-navy",
         "attacker": 0, "cards": "virtual"}


@pytest.fixture(scope="module")
def middle() -> dict:
    """A game some 60 random actions in, with units in play and cards in every pile."""
    state = RULES.new_game(SETUP, 5)
    pick = random.Random(5)
    for _ in range(60):
        RULES.step(state, pick.choice(RULES.legal_actions(state)))
    assert any(p["kind"] == "unit" for p in state["table"].values())
    assert RULES.invariants(state) == []
    return state


def unit(state: dict) -> dict:
    return next(p for p in state["table"].values() if p["kind"] == "unit")


def broken(state: dict, previous=None) -> list[str]:
    return RULES.invariants(state, previous)


def test_a_card_lost_or_changed_is_caught(middle):
    state = clone(middle)
    player = state["players"][0]
    lost = player["deck"].pop()
    assert broken(state) == [f"{player['name']}: {len(RULES.deck_cards[player['subfaction']]) - 1}"
                             f" cards, not {len(RULES.deck_cards[player['subfaction']])}"]
    other = next(c for c in RULES.deck_cards[state["players"][1]["subfaction"]]
                 if c not in RULES.deck_cards[player["subfaction"]])
    player["deck"].append(other)
    assert lost != other and broken(state) == [f"{player['name']}: cards not conserved"]
    player["deck"][-1] = "no-such-card"
    assert broken(state) == [f"{player['name']}: cards not conserved"]
    player["deck"][-1] = lost
    assert broken(state) == broken(state) == []  # whole again (and once more, as checked)
    player["deck"][-1] = other
    assert broken(state) == [f"{player['name']}: cards not conserved"]
    state["settings"]["cards"] = "tracked"  # printed cards: only the count is known
    assert broken(state) == []


def test_a_card_on_the_stack_is_counted(middle):
    state = clone(middle)
    card = state["players"][1]["hand"].pop() if state["players"][1]["hand"] else \
        state["players"][1]["deck"].pop()
    state["tasks"].append({"do": "discard", "seat": 1, "card": card})
    assert broken(state) == []


@pytest.mark.parametrize("change, message", [
    (lambda p: p["tokens"].update(shield=0), "a token count below 1"),
    (lambda p: p["tokens"].update(shield=True), "a token count below 1"),
    (lambda p: p["tokens"].update(computation=4), "over a token cap"),
    (lambda p: p["tokens"].update(charge=3), "over a token cap"),
    (lambda p: p["tokens"].update(objective=2), "over a token cap"),
    (lambda p: p.update(theater="Nowhere"), "in a theater not marked on it"),
    (lambda p: p.update(damage=99), "at its health but still in play"),
])
def test_a_broken_piece_is_caught(middle, change, message):
    state = clone(middle)
    p = unit(state)
    change(p)
    assert broken(state) == [f"{p['uid']}: {message}"]


def test_a_piece_at_its_health_waits_for_its_destruction(middle):
    state = clone(middle)
    unit(state)["damage"] = 99
    state["tasks"].append({"do": "destroy"})
    assert broken(state) == []


def test_escalation_progress_and_the_prompt_are_checked(middle):
    state = clone(middle)
    state["escalation"], state["players"][0]["scored"] = 2, 1
    before = RULES.snapshot_for_checks(state)
    state["incidents"] = 4
    assert broken(state) == ["escalation out of 0-5 or incidents out of 0-3"]
    state["incidents"] = 0
    state["escalation"], state["players"][0]["scored"] = 1, 0
    assert broken(state, before) == ["escalation went down", "scored progress was lost"]
    state = clone(middle)
    state["await"] = None
    assert broken(state) == ["waiting for nobody in a game not over"]


def test_a_card_added_after_the_rules_were_read_is_checked(middle):
    """The checks read each card's health and theaters from tables made with the
    rules (Invariants.card_limits): a card added since (as tests add them) is read."""
    rules = AatRules(sample())
    state = clone(middle)
    assert rules.invariants(state) == []
    p = unit(state)
    elsewhere = "Space" if p["theater"] == "Planetside" else "Planetside"
    rules.cards["T-added"] = dict(rules.cards[p["card"]], theaters=[elsewhere],
                                  health=p["damage"])
    p["card"] = "T-added"
    state["settings"]["cards"] = "tracked"  # (no deck holds it: only the count is known)
    assert rules.invariants(state) == [f"{p['uid']}: in a theater not marked on it",
                                       f"{p['uid']}: at its health but still in play"]
    p["card"] = "T-none"
    with pytest.raises(KeyError):  # a card of no catalogue, as before
        rules.invariants(state)


def test_a_snapshot_of_another_number_of_players_is_refused(middle):
    """The progress checks pair each player with its snapshot as zip(strict=True)
    did (invariants.pairs): a snapshot of three players for two raises."""
    state = clone(middle)
    before = RULES.snapshot_for_checks(state)
    assert broken(state, before) == []
    with pytest.raises(ValueError):
        broken(state, (before[0], before[1] + ((0, 0),)))
