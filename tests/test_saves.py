"""Reading a save: whatever a file holds, the answer is a session or a SaveError
with a plain reason (docs/save-format.md), never another exception."""

from __future__ import annotations

import json
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.core.engine import Rejected
from companion.core.session import (
    MAX_ACTION_CHARS,
    MAX_ACTIONS,
    SaveError,
    Session,
    parse_save,
    read_save,
    replay,
)
from companion.games import GAMES
from companion.games.ats.rules import AtsRules
from companion.games.ats.setup import MAX_NAME

RULES = AtsRules()
SETUP = {"players": [{"name": "Ann", "colour": "Red", "team": 0},
                     {"name": "Bob", "colour": "Blue", "team": 1}],
         "dice": "digital", "cards": "virtual"}
FAST = settings(max_examples=150, deadline=None,
                suppress_health_check=[HealthCheck.too_slow])


def short_game(actions: int = 14, seed: int = 7) -> Session:
    session = Session(RULES, SETUP, seed)
    for _ in range(actions):
        session.apply(RULES.legal_actions(session.state)[0])
    return session


GOOD = short_game()
SAVE = json.loads(GOOD.dumps())
BARE = {key: value for key, value in SAVE.items() if key != "state"}  # no kept position


def mutated(**changes) -> str:
    """The save changed, without the position it kept (as older saves are): what does
    not replay is refused, not gone on from that position."""
    return json.dumps({**BARE, **changes})


def test_a_good_save_reads_back_exactly():
    session = read_save(GOOD.dumps().encode())
    assert session.actions == GOOD.actions and session.state == GOOD.state


@pytest.mark.parametrize("text, message", [
    ("", "the file is empty"),
    ("  \n", "the file is empty"),
    ("null", "not a Dossier save"),
    ("[]", "not a Dossier save"),
    ('"dossier-save"', "not a Dossier save"),
    ("{", "not JSON"),
    ("NaN", "NaN is not a JSON number"),
    (mutated(version=True), "unsupported save version True"),
    (mutated(version=1.0), "unsupported save version 1.0"),
    (mutated(version=2), "unsupported save version 2"),
    (mutated(game=None), "'game' is a game id"),
    (mutated(game="chess"), f"unknown game 'chess' (known: {', '.join(sorted(GAMES))})"),
    (mutated(setup="Ann and Bob"), "'setup' is a mapping"),
    (mutated(setup=[]), "'setup' is a mapping"),
    (mutated(seed=3.7), "'seed' is a whole number"),
    (mutated(seed=True), "'seed' is a whole number"),
    (mutated(seed=-1), "'seed' is a whole number"),
    (mutated(seed=2**64), "'seed' is a whole number"),
    (mutated(seed="7"), "'seed' is a whole number"),
    (mutated(seed=float("inf")), "Infinity is not a JSON number"),
    (mutated(seed=float("nan")), "NaN is not a JSON number"),
    (GOOD.dumps().replace('"seed": 7', '"seed": 1e999'), "1e999 is out of range"),
    (mutated(rules_version="1"), "'rules_version' is a whole number"),
    (mutated(actions={}), "'actions' is a list"),
    (mutated(actions=[None]), "action 1 is a mapping"),
    (mutated(actions=[{"type": "draw"}]), "action 1 {'type': 'draw'} does not replay: F-PROMPT"),
    (mutated(actions=[{}]), "action 1 {} does not replay: F-ACTION"),
    (mutated(actions=[{"type": {}}]), "action 1 {'type': {}} does not replay"),
    (mutated(actions=[{"type": "start_card", "card": "D1-01", "x": "y" * MAX_ACTION_CHARS}]),
     f"characters of JSON: at most {MAX_ACTION_CHARS}"),
    (mutated(setup={"players": [{"name": 5}, {"name": "Bob"}]}),
     "the setup is refused: F-SETUP: setup.players.1.name is text"),
    (mutated(setup={"players": [{"team": True}, {"team": 1}]}),
     "the setup is refused: F-SETUP: setup.players.1.team is a whole number"),
    ('{"format": "dossier-save", "version": 1, "game": "above-top-secret"}',
     "incomplete: no 'setup', 'seed', 'actions'"),
])
def test_a_bad_save_is_refused_with_a_plain_reason(text, message):
    with pytest.raises(SaveError) as error:
        read_save(text.encode())
    assert message in str(error.value)


def test_binary_junk_and_a_deep_nest_are_not_json():
    for raw, message in ((b"\x00\xff\xfe\x80junk", "not JSON"), (b"\xff\xfe" + b"[" * 9,
                         "not JSON"), (b"[" * 100_000, "nested too deeply")):
        with pytest.raises(SaveError, match=message):
            read_save(raw)


def test_the_action_limit_bounds_a_replay():
    """A million free rolls once took 3.8 GB to replay: a save holds at most MAX_ACTIONS."""
    rolls = [{"type": "free_roll", "die": "d6"}]
    at_limit = mutated(actions=SAVE["actions"] + rolls * (MAX_ACTIONS - len(SAVE["actions"])))
    assert len(parse_save(at_limit)["actions"]) == MAX_ACTIONS
    with pytest.raises(SaveError, match=f"{MAX_ACTIONS + 1} actions: a save holds at most"):
        parse_save(mutated(actions=SAVE["actions"] + rolls * (MAX_ACTIONS + 1 - 14)))


def test_a_rules_error_on_an_odd_action_stops_the_replay_there(monkeypatch):
    """Should a rule fail on an action of the declared shape (a bug, here made on
    purpose), the replay stops there like at any action that does not replay: the game
    goes on after the move before it, and says why."""
    session = Session(RULES, SETUP, 7)
    while session.state["await"]["kind"] != "main":
        session.apply(RULES.legal_actions(session.state)[0])
    save = {key: value for key, value in json.loads(session.dumps()).items()
            if key != "state"}
    save["actions"].append({"type": "sacrifice", "swaps": [{"level": 1, "card": "D1-01"}]})
    number = len(save["actions"])

    def broken(self, state, action):
        raise TypeError("a bug")

    monkeypatch.setattr(type(RULES), "do_sacrifice", broken)
    again = read_save(json.dumps(save))
    assert again.actions == save["actions"][:-1] and again.state == session.state
    assert re.search(f"action {number} .* does not replay: TypeError", again.changed)
    assert f"replay only up to move {number - 1}," in again.notice
    save["actions"] = [{"type": "draw"}]  # no move replays: nothing to go on from
    with pytest.raises(SaveError, match="action 1 .* does not replay: F-PROMPT"):
        read_save(json.dumps(save))


def test_replay_of_any_python_value_raises_save_error_only():
    loop: dict = {"type": "roll"}
    loop["self"] = loop
    for value in (None, [], "x", 1, {"format": "dossier-save"},
                  {**SAVE, "actions": [loop]}, {**SAVE, "seed": float("nan")},
                  {**SAVE, "game": "chess"}):
        with pytest.raises(SaveError):
            replay(RULES, value)


@pytest.mark.parametrize("setup, rule", [
    ("two players", "R-SET-1"),
    ({"players": "Ann, Bob"}, "R-TEAM-1"),
    ({"players": [{"name": "A"}] * 7}, "R-TEAM-1"),
    ({"players": [["Ann"], ["Bob"]]}, "R-SET-1"),
    ({"players": [{"name": "A" * (MAX_NAME + 1)}, {"name": "B"}]}, "R-SET-1"),
    ({"players": [{"name": "A\x00"}, {"name": "B"}]}, "R-SET-1"),
    ({"players": [{"name": "\ud800"}, {"name": "B"}]}, "R-SET-1"),
    ({"players": [{"name": "A", "colour": 3}, {"name": "B"}]}, "R-SET-1"),
    ({"players": [{"team": 0.0}, {"team": 1.0}]}, "R-TEAM-1"),
    ({"players": [{"team": "0"}, {"team": "1"}]}, "R-TEAM-1"),
    ({"players": [{"team": [0]}, {"team": [1]}]}, "R-TEAM-1"),
    ({"players": [{"team": 0}, {"team": 2}]}, "R-TEAM-1"),
    ({"dice": ["digital"]}, "R-SET-1"),
])
def test_ats_refuses_a_bad_setup_by_rule(setup, rule):
    with pytest.raises(Rejected) as error:
        RULES.new_game(setup, 1)
    assert error.value.rule == rule


def test_ats_keeps_the_defaults_of_a_minimal_setup():
    for setup in ({}, {"players": None}, {"players": []}):
        state = RULES.new_game(setup, 1)
        assert [p["name"] for p in state["players"]] == ["Player 1", "Player 2"]
    state = RULES.new_game({"players": [{"name": None}, {"name": "", "colour": None}]}, 1)
    assert [p["name"] for p in state["players"]] == ["Player 1", "Player 2"]


SCALARS = (st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=12)
           | st.sampled_from([0, 1, -1, 2**64, True, 3.7, "dossier-save", "above-top-secret"]))
JSON = st.recursive(SCALARS, lambda inner: st.lists(inner, max_size=4)
                    | st.dictionaries(st.text(max_size=8), inner, max_size=4), max_leaves=16)


@FAST
@given(JSON)
def test_any_json_value_is_a_save_error(value):
    with pytest.raises(SaveError):
        read_save(json.dumps(value))


@FAST
@given(st.binary(max_size=300))
def test_any_bytes_are_a_save_error(raw):
    with pytest.raises(SaveError):
        read_save(raw)


PLAYER = st.dictionaries(st.sampled_from(["name", "colour", "team", "x"]), JSON, max_size=4)
SETUPS = JSON | st.fixed_dictionaries({}, optional={
    "players": JSON | st.lists(PLAYER | JSON, max_size=7), "dice": JSON, "cards": JSON})


@FAST
@given(SETUPS, st.integers(0, 2**64 - 1))
def test_ats_new_game_refuses_any_setup_with_rejected_only(setup, seed):
    try:
        state = RULES.new_game(setup, seed)
    except Rejected:
        return
    assert all(isinstance(p["name"], str) and type(p["team"]) is int for p in state["players"])
