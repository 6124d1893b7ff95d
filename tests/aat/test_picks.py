"""The table's tap logic (companion/games/aat/picks.py), without a window: every legal
action is reached by tapping what it names and at most one button with its own label;
a tap either acts, narrows the choice, lets go, or says why nothing happens; the cards
to play come grouped, playable first."""

from __future__ import annotations

import random

import pytest

from companion.games.aat import view
from companion.games.aat.picks import Picks, order, path
from companion.games.aat.rules import AatRules
from companion.games.aat.stacks import canonical

RULES = AatRules()  # the printed decks: the table shows them
SETUPS = [{"subfaction_1": "freedom-fighters", "subfaction_2": "first-leaders-navy",
           "attacker": 1, "cards": "virtual"},
          {"subfaction_1": "robot-uprising", "subfaction_2": "freedom-fighters",
           "attacker": 0, "cards": "tracked"},
          {"subfaction_1": "first-leaders-navy", "subfaction_2": "robot-uprising",
           "attacker": 0, "cards": "virtual"}]


def reach(state, legal, action):
    """Tap the action's things one by one, then its button: what the table would do. A
    piece of a stack is reached as the stack's first (stacks.py), a legal action the
    same for the rules but its uids."""
    action = canonical(state, action)
    assert action in legal, action
    picks = Picks(state, legal, [])
    for thing in path(state, action):
        answer, value = picks.tap(thing)
        if answer == "act":
            return value
        assert answer == "sel", (action, answer, value)
        picks = Picks(state, legal, value)
    labels = [view.label(state, a) for a in picks.buttons()]
    assert len(labels) == len(set(labels)), labels  # no two buttons read the same
    assert action in picks.buttons(), (action, picks.buttons())
    return action


@pytest.mark.parametrize("setup", SETUPS, ids=["virtual", "printed", "robots"])
def test_every_legal_action_is_reached_by_taps(setup):
    view.use_rules(RULES)
    for seed in (1, 2):
        state = RULES.new_game(setup, seed)
        pick = random.Random(seed)
        steps = 0
        while state["await"] is not None and steps < 400:
            legal = RULES.legal_actions(state)
            for action in legal:
                assert reach(state, legal, action) == canonical(state, action)
            RULES.step(state, pick.choice(legal))
            steps += 1


def combat_state():
    """A game played on until a unit may attack."""
    view.use_rules(RULES)
    state = RULES.new_game(SETUPS[0], 4)
    pick = random.Random(4)
    while True:
        legal = RULES.legal_actions(state)
        if any(a["type"] == "attack" for a in legal) and state["await"]["kind"] == "combat":
            return state, legal
        RULES.step(state, pick.choice(legal))


def test_tapping_an_attacker_lights_its_targets_and_a_target_attacks():
    state, legal = combat_state()
    attack = next(a for a in legal if a["type"] == "attack" and not a.get("mark"))
    picks = Picks(state, legal, [])
    answer, sel = picks.tap(("piece", attack["unit"]))
    assert answer == "sel"
    picks = Picks(state, legal, sel)
    assert picks.marks()[("piece", attack["target"])] == "target"
    assert picks.marks()[("piece", attack["unit"])] == "picked"
    same = [a for a in legal if a.get("unit") == attack["unit"]
            and a.get("target") == attack["target"]]
    answer, value = picks.tap(("piece", attack["target"]))
    assert (answer, value) == (("act", attack) if len(same) == 1 else ("sel", value))


def test_tapping_the_picked_piece_again_lets_go():
    state, legal = combat_state()
    unit = next(a["unit"] for a in legal if a["type"] == "attack")
    picks = Picks(state, legal, [("piece", unit)])
    assert picks.tap(("piece", unit)) == ("sel", [])


def test_a_tap_that_does_nothing_says_what_the_piece_is():
    state, legal = combat_state()
    enemy = next(uid for uid, p in state["table"].items()
                 if p["owner"] != state["await"]["player"] and p["kind"] == "unit")
    answer, text = Picks(state, legal, []).tap(("piece", enemy))
    assert answer == "say"
    card = view.cards()[state["table"][enemy]["card"]]
    assert card["name"] in text and "health" in text


def test_the_hand_strip_puts_playable_cards_first_by_kind_and_type():
    cards = {"a": {"kind": "Unit", "types": ["Trooper"], "escalation": 0},
             "b": {"kind": "Unit", "types": ["Trooper"], "escalation": 2},
             "c": {"kind": "Effect", "types": ["Tactic"], "escalation": 1},
             "d": {"kind": "Leader", "types": [], "escalation": 1},
             "e": {"kind": "Unit", "types": ["Ship"], "escalation": 3},
             "f": {"kind": "Unit", "types": ["Ship"], "escalation": 5},
             "g": {"kind": "Unit", "types": ["Ship"], "escalation": 4}}
    out = order(cards, ["a", "c", "b", "d", "e"], ["f", "g", "f", "a"])
    assert out == [("e", True), ("b", True), ("a", True), ("d", True), ("c", True),
                   ("g", False), ("f", False)]
