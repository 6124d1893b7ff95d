"""The holes a fuzz campaign found in the two newest games, each closed by the framework
(companion.core.engine, companion.core.shapes) rather than by the game: kept here as
the cases they were found with."""

from __future__ import annotations

import json

import pytest

from companion.controller import GameController
from companion.core.agents import RandomAgent
from companion.core.engine import BadSetup, Malformed
from companion.core.session import SaveError, Session, read_save
from companion.games import rules_for


def ts_session(**setup) -> Session:
    return Session(rules_for("top-secret"), {"bag": "physical", "first": 0, **setup}, 3)


def test_a_top_secret_roll_without_its_value_is_refused_not_a_key_error():
    session = ts_session()
    while session.state["await"]["kind"] != "roll":
        session.apply(session.rules.legal_actions(session.state)[0])
    with pytest.raises(Malformed, match="roll.value is missing"):
        session.apply({"type": "roll"})


def test_floats_and_extra_keys_in_attack_the_tower_actions_are_refused():
    rules = rules_for("attack-the-tower")
    session, agent = Session(rules, {"first": 0}, 5), RandomAgent(5)
    while not any(a["type"] == "attack" for a in rules.legal_actions(session.state)):
        session.apply(agent.choose(rules, session.state))
    attack = next(a for a in rules.legal_actions(session.state) if a["type"] == "attack")
    with pytest.raises(Malformed, match="attack.troops is not one of its keys"):
        session.apply({**attack, "troops": 3})
    with pytest.raises(Malformed, match="attack.to is a whole number, not"):
        session.apply({**attack, "to": float(attack["to"])})
    build = {"type": "build", "at": [0.0, 1.0], "card": "RB-04"}
    with pytest.raises(Malformed, match=r"build.at is \[a whole number, a whole number\]"):
        rules.apply(session.state, build)


@pytest.mark.parametrize("first", [0.0, 1.0, True, False, "0", 2])
def test_a_setup_whose_first_player_is_no_seat_is_refused(first):
    with pytest.raises(BadSetup, match="setup.first is one of 'lots', 0, 1"):
        ts_session(first=first)
    session = ts_session()
    save = json.loads(session.dumps())
    save["setup"]["first"] = first
    again = read_save(json.dumps(save))  # a setup this version refuses: goes on where it was
    assert again.state == session.state and "F-SETUP" in again.changed
    del save["state"]  # an older save keeps no position
    with pytest.raises(SaveError, match="F-SETUP"):  # at load: kept aside, never a crash
        read_save(json.dumps(save))


def test_a_dice_roller_roll_is_named_by_the_framework_for_undo_and_redo():
    """Top-Secret's view was asked to name the dice roller's roll: KeyError, at every
    start after it was saved."""
    session = ts_session(bag="app")
    session.apply({"type": "free_roll", "die": "codes"})
    controller = GameController(store=None)
    controller.session = read_save(session.dumps())
    assert controller.undo_text() == "a roll of the Codes die"
    controller.session.undo()
    assert controller.redo_text() == "a roll of the Codes die"
