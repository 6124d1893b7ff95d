"""The conformance suite: what every registered game's rules must do. A new game
joins it by registering its spec in companion.games; nothing here names a game.

Each game is played by random-legal agents under every value of each setup
option (one option varied at a time), through a Session, as the app plays."""

from __future__ import annotations

import contextlib
import json
import random

import pytest

from companion.core.agents import RandomAgent
from companion.core.engine import (
    BadFace,
    BadSetup,
    GameOver,
    Malformed,
    NotNow,
    NotOffered,
    NotYourTurn,
    Refused,
    Rejected,
    clone,
)
from companion.core.session import MAX_ACTIONS, Session, loads, replay
from companion.core.shapes import action_problem
from companion.games import GAMES, rules_for
from tests.conformance.folders import GAME_IDS, joined

# folder games join too (tests/conformance/folders.py): in the registry while a test of
# this folder runs (conftest.py) and while the cases are worked out, never beyond

SEEDS = (3, 17)
GARBAGE = (None, -1, 999, "x", "", [], {}, True, 2.5, [[]], {"a": 1})


def setups(spec, rules) -> list[dict]:
    """The simulator's setup, then each option's other values, one at a time."""
    seats = spec.players.counts[0]
    base = rules.simulation_setup(seats)
    out = [base]
    for option in spec.options:
        values = [v for v, _ in option.choices] + (list(range(seats)) if option.seats else [])
        out += [{**base, option.id: v} for v in values if base.get(option.id) != v]
    return out


with joined():
    CASES = [pytest.param(game_id, index, seed, id=f"{game_id}-setup{index}-seed{seed}")
             for game_id, spec in GAMES.items()
             for index in range(len(setups(spec, rules_for(game_id))))
             for seed in SEEDS]


def play(game_id: str, index: int, seed: int, check=None) -> Session:
    """A random-legal game to its end, `check(session, previous_state)` after each action."""
    rules = rules_for(game_id)
    setup = setups(GAMES[game_id], rules)[index]
    session = Session(rules, setup, seed)
    agent = RandomAgent(seed)
    while not rules.is_over(session.state):
        assert len(session.actions) < MAX_ACTIONS, "a random game did not end"
        before = session.state
        frozen = json.dumps(before, sort_keys=True)
        previous = rules.snapshot_for_checks(before)
        session.apply(agent.choose(rules, before))
        assert json.dumps(before, sort_keys=True) == frozen, "apply changed its input"
        assert rules.invariants(session.state, previous) == []
        if check:
            check(session)
    return session


@pytest.fixture(scope="module")
def finished():
    cache = {}

    def get(game_id, index, seed):
        if (game_id, index, seed) not in cache:
            cache[game_id, index, seed] = play(game_id, index, seed)
        return cache[game_id, index, seed]

    return get


@pytest.mark.parametrize("game_id, index, seed", CASES)
def test_a_random_game_ends_with_invariants_holding_and_replays(finished, game_id, index,
                                                                seed):
    session = finished(game_id, index, seed)
    rules = session.rules
    assert rules.is_over(session.state)
    assert set(rules.winning_seats(session.state)) <= set(range(len(session.setup.get(
        "players", [])) or 99))
    again = replay(rules_for(game_id), json.loads(session.dumps()))
    assert again.state == session.state, "replay differs from live play"
    assert again.log() == session.log()
    loaded = loads(rules_for(game_id), session.dumps())
    assert loaded.dumps() == session.dumps(), "save/load does not round-trip"
    json.dumps(session.state)  # plain JSON throughout


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_same_seed_gives_the_same_game(finished, game_id):
    first = finished(game_id, 0, SEEDS[0])
    second = play(game_id, 0, SEEDS[0])
    assert second.actions == first.actions and second.state == first.state
    other = play(game_id, 0, SEEDS[0] + 1000)
    assert other.actions != first.actions, "the seed changes nothing"


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_opening_is_the_new_game_and_the_logs_first_lines(finished, game_id):
    """`opening` (state, setup's events) and `new_game` give the same game, and a
    session's log begins with those events, again after undoing every move."""
    session = finished(game_id, 0, SEEDS[0])
    rules = rules_for(game_id)
    state, events = rules.opening(clone(session.setup), SEEDS[0])
    assert state == rules.new_game(clone(session.setup), SEEDS[0]) == session.states[0]
    assert session.events[0] == events and all(isinstance(e["text"], str) for e in events)
    copy = replay(rules, json.loads(session.dumps()))
    while copy.undo():
        pass
    assert copy.log() == events


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_undo_and_redo_round_trip(finished, game_id):
    session = finished(game_id, 0, SEEDS[1])
    copy = replay(rules_for(game_id), json.loads(session.dumps()))
    states = [clone(s) for s in copy.states]
    steps = len(copy.actions)
    for back in range(1, steps + 1):
        assert copy.undo()
        assert copy.state == states[steps - back]
    assert not copy.undo()
    for forward in range(1, steps + 1):
        assert copy.redo()
        assert copy.state == states[forward]
    assert not copy.redo()


@pytest.mark.parametrize("game_id, index, seed", CASES[::2])
def test_every_listed_legal_action_is_declared_and_accepted(game_id, index, seed):
    """Every listed action has its declared shape; at sampled positions of a random
    game, each applies."""
    rng = random.Random(seed)

    def each_legal(session):
        rules, state = session.rules, session.state
        if rules.is_over(state):
            return
        assert rules.accepts(state) <= rules.actions.keys(), "an undeclared action type"
        legal = rules.legal_actions(state)
        for action in legal:  # the declarations fit every action the game lists
            assert action_problem(rules.actions, action) is None, action
        if rng.random() < 0.15:
            for action in legal[:60]:
                rules.apply(state, action)

    play(game_id, index, seed, each_legal)


@pytest.mark.parametrize("game_id, index, seed", CASES[::2])
def test_malformed_and_out_of_turn_actions_are_refused_never_a_crash(game_id, index, seed):
    rng = random.Random(seed)

    def abuse(session):
        if rng.random() > 0.2:
            return
        rules, state = session.rules, session.state
        if rules.is_over(state):
            legal = rules.legal_actions(session.states[-2])
            with pytest.raises(GameOver):
                rules.apply(state, legal[0])
            return
        for bad in (None, [], "draw", {}, {"type": 3}, {"type": None}):
            with pytest.raises(Malformed):
                rules.apply(state, bad)
        with pytest.raises(NotNow):
            rules.apply(state, {"type": "no-such-move"})
        legal = rules.legal_actions(state)
        seats = len(state.get("players", ())) or 2
        seat = rules.acting_seat(state)
        with pytest.raises(NotYourTurn):
            rules.apply(state, {**legal[0], "by": (seat + 1) % seats})
        with pytest.raises(Malformed):
            rules.apply(state, {**legal[0], "by": "me"})
        rules.apply(state, {**legal[0], "by": seat})  # the right seat is accepted
        for action in legal[:8]:
            refuse_misshapen(rules, state, action)

    play(game_id, index, seed, abuse)


def refuse_misshapen(rules, state, action) -> None:
    """A legal action made wrong in shape: the framework refuses it before the game's
    code sees it (Malformed), or, where its shape still fits, the game refuses it."""
    with pytest.raises(Malformed):  # a key no action has
        rules.apply(state, {**action, "troops": 1})
    if action["type"] == "roll" and "value" in action:
        for face in (0, 99):
            with pytest.raises(BadFace):
                rules.apply(state, {**action, "value": face})
    for key in action:
        if key == "type":
            continue
        if floated(action[key]) is not None:  # no game takes a float: 1.0 is not 1
            with pytest.raises((Malformed, NotOffered)):
                rules.apply(state, {**action, key: floated(action[key])})
        without = {k: v for k, v in action.items() if k != key}
        for wrong in [without] + [{**action, key: junk} for junk in GARBAGE]:
            if action_problem(rules.actions, wrong):  # not the declared shape
                with pytest.raises(Malformed):
                    rules.apply(state, wrong)
            else:
                with contextlib.suppress(Rejected):  # the game's refusal is fine
                    rules.apply(state, wrong)


def floated(value):
    """`value` with its first whole number made a float (None: it holds none)."""
    if type(value) is int:
        return float(value)
    if isinstance(value, list):
        for index, item in enumerate(value):
            if floated(item) is not None:
                return [*value[:index], floated(item), *value[index + 1:]]
    if isinstance(value, dict):
        for key, item in value.items():
            if floated(item) is not None:
                return {**value, key: floated(item)}
    return None


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_setup_of_another_shape_is_refused_by_the_framework(game_id):
    """The spec says what a setup holds (its options, its players): anything else is
    the framework's refusal before the game's code reads it. True is not 1, 1.0 is not 1."""
    spec, rules = GAMES[game_id], rules_for(game_id)
    for setup in setups(spec, rules):
        Session(rules, setup, 1)
    fewest, most = spec.players.counts
    names = [{"name": f"P{seat}"} for seat in range(most + 1)]
    wrong = [{"no-such-option": 1}, {"players": names[:fewest - 1]}, {"players": names},
             {"players": [{"name": "A", "age": 9}, *names[1:fewest]]},
             {"players": [{"name": 7}, *names[1:fewest]]}, {"players": "Ann, Bob"}, []]
    for option in spec.options:
        values = [value for value, _ in option.choices] + list(range(most if option.seats else 0))
        wrong += [{option.id: bad} for bad in (None, 2.5, [values[0]], {"v": values[0]})]
        wrong += [{option.id: float(v)} for v in values if type(v) is int]
        wrong += [{option.id: bool(v)} for v in values if type(v) is int and v in (0, 1)]
    for setup in wrong:
        with pytest.raises(BadSetup):
            Session(rules, setup, 1)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_framework_refusals_are_apart_from_the_games_rule_ids(game_id):
    rules = rules_for(game_id)
    state = rules.new_game(rules.simulation_setup(GAMES[game_id].players.counts[0]), 1)
    with pytest.raises(Refused) as refused:
        rules.apply(state, {"type": "no-such-move"})
    assert refused.value.rule.startswith("F-")


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_dice_roller_rolls_every_declared_die(game_id):
    spec = GAMES[game_id]
    rules = rules_for(game_id)
    session = Session(rules, rules.simulation_setup(spec.players.counts[0]), 5)
    for die in spec.dice:
        seen = set()
        for _ in range(60):
            event = session.apply({"type": "free_roll", "die": die.id})[-1]
            assert event["kind"] == "free_roll" and die.name in event["text"]
            seen.add(event["value"])
        assert seen == set(range(1, len(die.faces) + 1))
    for junk in ("no-such-die", [], None, 6, {"id": "d6"}):
        with pytest.raises(Malformed):
            session.apply({"type": "free_roll", "die": junk})
