"""Properties over random legal play (hypothesis): the invariants of R-* hold
after every action, and replay, undo and saves reproduce the live game."""

from __future__ import annotations

import json
import os

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.core.engine import clone, free_roll
from companion.core.session import Session, loads, replay
from companion.games.ats.rules import AtsRules

RULES = AtsRules()
SETUPS = [
    {},
    {"cards": "tracked", "dice": "physical"},
    {"players": [{"name": "A", "team": 0}, {"name": "B", "team": 1},
                 {"name": "C", "team": 0}, {"name": "D", "team": 1}]},
    {"players": [{"name": "A", "team": 0}, {"name": "B", "team": 1}, {"name": "C", "team": 2}]},
]
EXAMPLES = int(os.environ.get("ATS_EXAMPLES", 25))  # raise it for a longer search
FAST = settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
games = st.tuples(st.integers(0, 2**32), st.sampled_from(range(len(SETUPS))),
                  st.lists(st.integers(0, 10**6), min_size=1, max_size=400))


def play(seed, setup_index, picks):
    session = Session(RULES, SETUPS[setup_index], seed)
    for pick in picks:
        actions = RULES.legal_actions(session.state)
        if not actions:
            break
        session.apply(actions[pick % len(actions)])
    return session


@FAST
@given(games)
def test_invariants_hold_after_every_action(game):
    seed, setup_index, picks = game
    state = RULES.new_game(SETUPS[setup_index], seed)
    for pick in picks:
        actions = RULES.legal_actions(state)
        if not actions:
            break
        before = RULES.snapshot_for_checks(state)
        state = RULES.apply(state, actions[pick % len(actions)]).state
        assert RULES.invariants(state, before) == []
        for player in state["players"]:
            assert all(0 <= hp <= 100 for hp in player["bases"].values())
            assert 1 <= player["clearance"] <= 5
        if state["phase"] != "over" and state["phase"] != "setup":
            assert state["command"] in range(len(state["teams"]))
        assert (state["await"] is None) == (state["phase"] == "over")


@FAST
@given(games)
def test_replay_of_seed_and_actions_equals_the_live_state(game):
    session = play(*game)
    again = replay(RULES, json.loads(session.dumps()))
    assert again.state == session.state
    assert loads(RULES, session.dumps()).state == session.state


@FAST
@given(games, st.integers(1, 30))
def test_undo_after_apply_restores_and_redo_reapplies(game, depth):
    session = play(*game)
    live = clone(session.state)
    steps = min(depth, len(session.actions))
    history = [clone(s) for s in session.states[-steps - 1:]]
    for _ in range(steps):
        assert session.undo()
    assert session.state == history[0]
    for _ in range(steps):
        assert session.redo()
    assert session.state == live


@FAST
@given(games)
def test_apply_never_changes_the_state_it_is_given(game):
    seed, setup_index, picks = game
    state = RULES.new_game(SETUPS[setup_index], seed)
    for pick in picks[:120]:
        actions = RULES.legal_actions(state)
        if not actions:
            break
        frozen = json.dumps(state, sort_keys=True)
        state_after = RULES.apply(state, actions[pick % len(actions)]).state
        assert json.dumps(state, sort_keys=True) == frozen
        state = state_after
    json.dumps(state)  # always plain JSON


@FAST
@given(games)
def test_stepping_in_place_equals_copy_then_step(game):
    """A procedure waiting on the task stack (companion/core/tasks.py) carries on alike
    when its state is stepped in place, as the simulator does, and on a copy, as the app
    does: both end in the same state and events, dice roller uses mid-procedure
    included."""
    seed, setup_index, picks = game
    in_place = AtsRules()
    live = in_place.new_game(SETUPS[setup_index], seed)
    copied = clone(live)
    with in_place.live_only():  # as the simulator steps
        for pick in picks:
            actions = in_place.legal_actions(live)
            if not actions:
                break
            for action in [{"type": "free_roll"}] * (pick % 5 == 0) + [
                    actions[pick % len(actions)]]:
                events = free_roll(live, in_place.dice, action) if action["type"] == \
                    "free_roll" else in_place.step(live, action)
                outcome = RULES.apply(copied, action)
                assert outcome.events == events
                copied = outcome.state
                assert copied == live
    json.dumps(live)


@FAST
@given(games)
def test_listed_attacks_are_exactly_those_the_rules_allow(game):
    """legal_actions builds attacks directly; they must match attack_problem (R-CMB-1)."""
    seed, setup_index, picks = game
    state = RULES.new_game(SETUPS[setup_index], seed)
    for pick in picks[:250]:
        wait = state["await"]
        if wait is None:
            break
        if wait["kind"] == "main":
            seat = wait["player"]
            listed = sorted(map(repr, RULES.attack_actions(state, seat)))
            allowed = sorted(repr({"type": "attack", "level": lv, "target": t})
                             for lv, slot in RULES.line(state, seat) if slot
                             for t in RULES.targets(state, seat, lv)
                             if RULES.attack_problem(state, seat, lv, t) is None)
            assert listed == allowed
        actions = RULES.legal_actions(state)
        RULES.step(state, actions[pick % len(actions)])


json_values = st.recursive(st.none() | st.booleans() | st.integers(-3, 8) | st.text(max_size=6),
                           lambda inner: st.lists(inner, max_size=3)
                           | st.dictionaries(st.text(max_size=6), inner, max_size=3),
                           max_leaves=6)
ACTION_TYPES = ["start_card", "roll", "draw", "intel", "attack", "sacrifice", "swap", "end_turn",
                "choose", "reinforce", "advance", "skip", "cloak", "discard", "free_roll", "x"]
KEYS = ["card", "value", "level", "mode", "player", "target", "swaps", "levels", "die"]


@FAST
@given(games, st.lists(st.builds(
    lambda kind, extra: {"type": kind, **extra}, st.sampled_from(ACTION_TYPES),
    st.dictionaries(st.sampled_from(KEYS), json_values, max_size=3)), min_size=1, max_size=8))
def test_any_action_is_applied_or_rejected_never_crashes(game, junk):
    """What an app or a hand-edited save sends: R-* rejections only, state intact."""
    from companion.core.engine import Rejected

    session = play(*game)
    for action in junk:
        before = json.dumps(session.state, sort_keys=True)
        try:
            session.apply(action)
        except Rejected:
            assert json.dumps(session.state, sort_keys=True) == before
