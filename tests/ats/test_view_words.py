"""What Above Top Secret's screens say, without Kivy (issue 33, items 4 and 6): ending the
turn is asked first while the turn's attack or Sacrifice could still be made, in the
player's words; Undo says which question a Yes answers and whose base area a choice
named; the game-over lines count in words ("1 base area")."""

from __future__ import annotations

from companion.core.session import Session
from companion.games.ats import view
from tests.ats.scenario import RULES


def test_ending_the_turn_is_asked_while_an_attack_or_a_sacrifice_could_be_made(table):
    """R-TURN-1: a turn's one attack or Sacrifice; R-SAC-2: more swaps are no reason."""
    table.put(0, 1)
    table.put(1, 1)
    name = table.state["players"][0]["name"]
    legal = RULES.legal_actions(table.state)
    assert {"attack", "end_turn"} <= {a["type"] for a in legal}
    assert view.unfinished(table.state, legal) == f"{name} can still attack"
    hand_card = table.card(level=2)
    table.state["players"][0]["hand"] = [hand_card]
    legal = RULES.legal_actions(table.state)
    assert view.unfinished(table.state, legal) == f"{name} can still attack or sacrifice"
    table.act({"type": "swap", "level": 2, "card": hand_card})
    assert view.unfinished(table.state, RULES.legal_actions(table.state)) == ""
    assert view.label(table.state, {"type": "end_turn"}) == "End the turn"


def test_nothing_to_attack_or_swap_leaves_nothing_to_ask(table):
    table.state["players"][0]["hand"] = []
    legal = RULES.legal_actions(table.state)
    assert {a["type"] for a in legal} <= {"end_turn", "intel"}
    assert view.unfinished(table.state, legal) == ""


def test_undo_says_which_question_a_yes_answers_and_whose_area(table):
    state = table.state
    names = [p["name"] for p in state["players"]]
    state["await"] = {"kind": "choose", "choice": "self_destruct", "player": 1,
                      "options": [True, False], "text": "self-destruct Rocket Troop?"}
    assert view.describe(state, {"type": "choose", "value": False}) == \
        f"{names[1]} answers No to: self-destruct Rocket Troop?"
    state["await"] = {"kind": "choose", "choice": "repair_area", "player": 0, "target": 0,
                      "options": ["OPS"], "text": "choose a base area to repair"}
    assert view.describe(state, {"type": "choose", "value": "OPS"}) == \
        f"{names[0]} repairs their own {view.AREA_NAMES['OPS']}"
    state["await"] = {"kind": "choose", "choice": "rollover_area", "player": 0, "target": 1,
                      "options": ["OPS"], "text": "30 damage rolls over"}
    assert view.describe(state, {"type": "choose", "value": "OPS"}) == \
        f"{names[0]} chooses {names[1]}'s {view.AREA_NAMES['OPS']}"


def test_the_game_over_lines_count_in_words():
    session = Session(RULES, {"cards": "virtual", "dice": "digital"}, 3)
    player = session.state["players"][0]
    player["bases"].update(HQ=0, OPS=0, TEST=0, LAB=40)
    player["discard"] = ["D-01"]
    session.state["round"] = 1
    _, details = view.game_over(session)
    assert f"{player['name']}: 1 base area standing, 40 HP, clearance 1, 1 card discarded" \
        in details
    assert details.startswith("1 round, 0 actions")


def test_undo_names_the_roll_it_takes_back(table):
    state = table.state
    name = state["players"][0]["name"]
    state["await"] = {"kind": "turn_start", "player": 0}
    assert view.describe(state, {"type": "roll"}) == f"{name}'s Encounter roll"
    state["await"] = {"kind": "roll", "player": 0, "purpose": "First Strike", "die": "d6"}
    assert view.describe(state, {"type": "roll", "value": 4}) == \
        f"{name} rolls 4 for First Strike"
    state["await"] = {"kind": "turn_start", "player": 0}
    assert view.describe(state, {"type": "roll", "value": 6}) == \
        f"{name} rolls the Encounter die: Encounter"  # its faces say words, not numbers
    assert view.describe(state, {"type": "roll", "value": 2}) == \
        f"{name} rolls the Encounter die: Clear"
