"""What Top-Secret's screen says (view.py) and how taps become moves (picks.py),
without a window: every legal action has words, a tap on an agent lights its
targets, a tap on a lit space does exactly one legal action or asks which."""

from __future__ import annotations

import random

from companion.core.session import Session
from companion.games.ts import view
from companion.games.ts.ai import GreedyAgent
from companion.games.ts.picks import Picks
from companion.games.ts.rules import TsRules
from tests.ts.scenario import Table, at


def test_every_action_of_whole_games_has_words():
    rules = TsRules()
    for seed, bag in ((1, "app"), (2, "physical")):
        session = Session(rules, {"first": 0, "bag": bag}, seed)
        agents = [GreedyAgent(seed), GreedyAgent(seed + 1)]
        pick = random.Random(seed)
        while not rules.is_over(session.state):
            state = session.state
            legal = rules.legal_actions(state)
            for action in pick.sample(legal, min(5, len(legal))):
                assert view.label(state, action) and view.describe(state, action)
            assert view.prompt(state) and view.status(state)["title"].startswith("Round")
            session.apply(agents[rules.acting_seat(state)].choose(rules, state))
        result, details = view.game_over(session)
        assert result.endswith("wins") or result == "A draw"
        assert "rounds" in details


def test_the_trickle_is_told_piece_by_piece_with_the_reason():
    table = Table()
    table.intel("B2", "codes")
    table.block("C2")
    table.fall(codes=1)
    assert view.trickle_lines(table.state) == ["Codes 1: B2 to C3, redirected by a blockade"]


def test_a_tap_on_an_agent_lights_its_targets_and_a_tap_on_one_does_it():
    table = Table()
    agent = table.agent(0, "engineer", "G4")
    legal = table.rules.legal_actions(table.state)
    answer, sel = Picks(table.state, legal, {}).tap(at("G4"))
    assert (answer, sel) == ("sel", {"agent": agent})
    picks = Picks(table.state, legal, sel)
    assert picks.mode() == "move" and picks.lit()[at("G4")] == "selected"
    assert picks.lit()[at("F4")] == "target"
    answer, action = picks.tap(at("F4"))
    assert (answer, action) == ("act", {"type": "move", "agent": agent, "to": at("F4")})
    answer, why = picks.tap(at("A1"))
    assert answer == "say" and "not a target" in why


def test_a_tap_that_leaves_a_choice_asks_which():
    """A far blockade can be paid with either piece the Engineer holds."""
    table = Table()
    agent = table.agent(0, "engineer", "G4", held=[("codes", 1), ("naval", 2)])
    legal = table.rules.legal_actions(table.state)
    picks = Picks(table.state, legal, {"agent": agent, "mode": "block"})
    answer, sel = picks.tap(at("B3"))
    assert answer == "sel"
    choices = Picks(table.state, legal, sel).choices()
    assert [words for words, _ in choices] == ["pay with Codes 1", "pay with Naval 2"]


def test_spawning_is_a_kind_then_a_tile():
    table = Table()
    table.state["await"] = {"kind": "spawn", "player": 0}
    legal = table.rules.legal_actions(table.state)
    assert Picks(table.state, legal, {}).tap(at("I1"))[0] == "say"
    answer, action = Picks(table.state, legal, {"kind": "hacker"}).tap(at("I1"))
    assert (answer, action) == ("act", {"type": "spawn", "kind": "hacker", "at": at("I1")})


def test_a_held_piece_has_its_words():
    assert "Hacker" in view.piece_words("agents", "black-hacker-1")
    assert "Honeypot" in view.piece_words("intel", "naval-honeypot")
    assert "scores 3" in view.piece_words("intel", "codes-3a")


def test_the_intel_picker_holds_a_colour_a_row_each_kind_in_its_column():
    """Printed bag: a row a colour in the dice's order, 1-4 then the Honeypot, a gap
    where none of a kind is left, so a key is always found at the same place."""
    from companion.games.ts.data import tables

    legal = [{"type": "draw", "intel": kind} for kind in
             ("politics-honeypot", "codes-3", "naval-1", "codes-1", "politics-2")]
    rows = view.picker_rows(legal)
    assert [colour for colour, _ in rows] == ["codes", "naval", "politics"]
    assert [c for c in tables().colours if c in ("politics", "naval", "codes")] == \
        [colour for colour, _ in rows]
    codes, naval, politics = (keys for _, keys in rows)
    assert [k and k["intel"] for k in codes] == ["codes-1", None, "codes-3", None, None]
    assert [k and k["intel"] for k in naval] == ["naval-1", None, None, None, None]
    assert [k and k["intel"] for k in politics] == [None, "politics-2", None, None,
                                                     "politics-honeypot"]
