"""Engine properties over random legal play: games end, invariants hold after every
action, the state is plain JSON, and replay, undo and saves reproduce the live game.
Mirror matches and printed-card (tracked) games included."""

from __future__ import annotations

import json
import random

import pytest

from companion.core.engine import clone
from companion.core.session import Session, loads, replay
from companion.games.aat.rules import AatRules
from tests.aat.catalogue import sample

RULES = AatRules(sample())
SUBS = ("freedom-fighters", "first-leaders-navy", "robot-uprising")
SETUPS = [{"subfaction_1": a, "subfaction_2": b, "attacker": seat, "cards": cards}
          for (a, b, seat, cards) in [
              (SUBS[0], SUBS[1], 0, "virtual"), (SUBS[1], SUBS[2], 1, "virtual"),
              (SUBS[2], SUBS[0], "random", "virtual"), (SUBS[0], SUBS[0], 1, "virtual"),
              (SUBS[1], SUBS[1], 0, "virtual"), (SUBS[2], SUBS[2], 1, "virtual"),
              (SUBS[2], SUBS[1], 0, "tracked"), (SUBS[0], SUBS[2], 1, "tracked")]]


def random_game(rules, setup, seed, limit=5000):
    state = rules.new_game(setup, seed)
    pick = random.Random(seed)
    count = 0
    while state["await"] is not None:
        before = rules.snapshot_for_checks(state)
        legal = rules.legal_actions(state)
        assert legal, state["await"]
        rules.step(state, pick.choice(legal))
        assert rules.invariants(state, before) == []
        count += 1
        assert count < limit, "a random game did not end"
    return state


@pytest.mark.parametrize("index", range(len(SETUPS)))
@pytest.mark.parametrize("seed", (1, 2))
def test_random_games_end_with_invariants_holding(index, seed):
    """AAT-WIN-1, AAT-TURN-2: every game ends (fatigue ends the longest)."""
    state = random_game(RULES, SETUPS[index], seed)
    assert state["phase"] == "over" and state["result"]["path"] in (
        "base", "objective", "fatigue", "draw")
    assert json.loads(json.dumps(state)) == state


def test_replay_undo_and_saves_reproduce_the_live_game():
    """The app's path: apply copies and never changes its input; a save replays."""
    session = Session(RULES, SETUPS[2], 11)
    pick = random.Random(11)
    while session.state["await"] is not None and len(session.actions) < 400:
        before = json.dumps(session.state, sort_keys=True)
        session.apply(pick.choice(RULES.legal_actions(session.state)))
        assert json.dumps(session.states[-2], sort_keys=True) == before
    again = replay(RULES, json.loads(session.dumps()))
    assert again.state == session.state and again.log() == session.log()
    assert loads(RULES, session.dumps()).state == session.state
    states = [clone(s) for s in session.states[-30:]]
    for back in range(1, 30):
        session.undo()
        assert session.state == states[-1 - back]


def test_every_listed_action_is_accepted_at_random_positions():
    session = Session(RULES, SETUPS[1], 5)
    pick = random.Random(5)
    while session.state["await"] is not None:
        legal = RULES.legal_actions(session.state)
        if pick.random() < 0.2:
            for action in legal:
                RULES.apply(session.state, action)
        session.apply(pick.choice(legal))


def test_the_printed_decks_play_to_the_end():
    """The bundled card files, once they load, play random games to the end."""
    try:
        rules = AatRules()
    except Exception as exc:  # the card files are still being written
        pytest.skip(f"the printed card data does not load yet: {exc}")
    for seed, setup in enumerate(SETUPS[:6]):
        random_game(rules, setup, seed)
