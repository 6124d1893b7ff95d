"""Choosing on the table (picks.py, stacks.py), without a window: a theater is chosen
by tapping its mat, a move is the unit then the other theater, a card with two ways
in lights both theaters, the base keeps delegated damage by a tap on it; identical
pieces lie as one stack whose taps name its first piece; Undo's words stay short."""

from __future__ import annotations

import pytest

from companion.games.aat import model as m
from companion.games.aat import stacks, view
from companion.games.aat.ai import GreedyAgent
from companion.games.aat.picks import Picks
from companion.games.aat.rules import AatRules
from tests.aat.scenario import Table

RULES = AatRules()
SETUP = {"subfaction_1": "first-leaders-navy", "subfaction_2": "robot-uprising",
         "attacker": 1, "cards": "virtual"}


@pytest.fixture(autouse=True)
def printed_decks():
    view.use_rules(RULES)
    yield
    view.use_rules(None)


def find(wanted, seed: int = 6):
    """The first state of a greedy game (the UI tour's) for which `wanted` holds."""
    view.use_rules(RULES)
    state = RULES.new_game(SETUP, seed)
    agents = [GreedyAgent(5), GreedyAgent(6)]
    while state["await"] is not None:
        if wanted(state):
            return state
        RULES.step(state, agents[RULES.acting_seat(state)].choose(RULES, state))
    raise AssertionError("never met")


def test_a_theater_is_chosen_by_tapping_its_mat():
    state = find(lambda s: s["await"].get("choice") == "theater")
    picks = Picks(state, RULES.legal_actions(state), [])
    for value in state["await"]["options"]:
        assert picks.marks()[("theater", value)] == "target"
        assert picks.tap(("theater", value)) == ("act", {"type": "choose", "value": value})
    assert picks.buttons() == [] and "(tap a theater)" in picks.prompt()


def test_a_move_is_the_unit_then_the_other_theater():
    state = find(lambda s: any(a["type"] == "move" for a in RULES.legal_actions(s)))
    legal = RULES.legal_actions(state)
    move = next(a for a in legal if a["type"] == "move")
    answer, sel = Picks(state, legal, []).tap(("piece", move["unit"]))
    assert answer == "sel"
    picks = Picks(state, legal, sel)
    other = m.other(state["table"][move["unit"]]["theater"])
    assert picks.marks()[("theater", other)] == "target"
    assert "tap a theater to move there" in picks.prompt()
    assert move not in picks.buttons()  # no "move to" button while the mat is there
    assert picks.tap(("theater", other)) == ("act", move)


def test_a_card_with_two_ways_in_lights_both_theaters_one_way_plays_at_once():
    def plays(state):
        found: dict = {}
        for action in RULES.legal_actions(state):
            if action["type"] == "play" and action.get("theater"):
                found.setdefault(action["card"], []).append(action)
        return found

    state = find(lambda s: s["await"]["kind"] == "deploy" and
                 any(len(v) == 2 for v in plays(s).values()) and
                 any(len(v) == 1 for v in plays(s).values()))
    legal = RULES.legal_actions(state)
    for card, actions in plays(state).items():
        answer, value = Picks(state, legal, []).tap(("card", card))
        if len(actions) == 1:
            assert (answer, value) == ("act", actions[0])
            continue
        assert answer == "sel"
        picks = Picks(state, legal, value)
        assert {t for t, mark in picks.marks().items() if mark == "target"} == {
            ("theater", "Space"), ("theater", "Planetside")}
        assert picks.tap(("theater", "Space")) == ("act", next(
            a for a in actions if a["theater"] == "Space"))


def test_a_repeaters_next_attack_is_one_tap_on_its_target():
    state = find(lambda s: s["await"]["kind"] == "repeat")
    legal = RULES.legal_actions(state)
    picks = Picks(state, legal, [])
    attack = next(a for a in legal if a["type"] == "attack")
    assert picks.marks()[("piece", state["await"]["unit"])] == "picked"
    assert picks.marks()[("piece", attack["target"])] == "target"
    assert picks.buttons() == [{"type": "stop"}] and "(tap a target)" in picks.prompt()
    same = [a for a in legal if a.get("target") == attack["target"]]
    answer, value = picks.tap(("piece", attack["target"]))
    assert (answer, value) == (("act", attack) if len(same) == 1 else ("sel", value))


def test_delegated_damage_stays_on_the_base_by_tapping_the_base():
    state = find(lambda s: s["await"].get("choice") == "delegate")
    legal = RULES.legal_actions(state)
    picks = Picks(state, legal, [])
    base = m.base(state, state["await"]["player"])["uid"]
    assert picks.tap(("piece", base)) == ("act", {"type": "choose", "value": "none"})
    leader = next(a["value"][0] for a in legal if a["value"] != "none")
    answer, sel = picks.tap(("piece", leader))
    buttons = Picks(state, legal, sel).buttons() if answer == "sel" else [sel]
    assert buttons and all(b["value"][0] == leader for b in buttons)
    assert "tap your base to keep it all" in picks.prompt()


def test_identical_pieces_lie_as_one_stack_and_taps_name_the_first():
    t = Table()
    twin = t.card(name="Twin", attack=1, health=2)
    first, second = t.put(1, card=twin), t.put(1, card=twin)
    hurt = t.put(1, card=twin, damage=1)
    attacker = t.put(0, attack=2)
    t.start("combat")
    row = stacks.rows(t.state)["Planetside"][1]
    counts = {piece["uid"]: count for piece, count in row}
    assert counts[first] == 2 and counts[hurt] == 1 and second not in counts
    assert stacks.aliases(t.state)[second] == first
    legal = t.legal()
    on_second = {"type": "attack", "unit": attacker, "target": second, "mark": False}
    assert on_second in legal
    offered = Picks(t.state, legal, []).legal
    assert on_second not in offered
    assert stacks.canonical(t.state, on_second) in offered
    answer, sel = Picks(t.state, legal, []).tap(("piece", attacker))
    assert Picks(t.state, legal, sel).tap(("piece", first)) == (
        "act", {**on_second, "target": first})


def test_undo_names_every_action_in_few_words():
    state = RULES.new_game(SETUP, 6)
    agents = [GreedyAgent(5), GreedyAgent(6)]
    while state["await"] is not None:
        for action in RULES.legal_actions(state):
            text = view.describe(state, action)
            assert text and (len(text) <= view.SHORT or action["type"] == "choose"), text
        RULES.step(state, agents[RULES.acting_seat(state)].choose(RULES, state))
