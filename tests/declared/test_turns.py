"""Turns and phases, limits, triggers, and the end of the game with its winners."""

from __future__ import annotations

import pytest

from companion.core.engine import Rejected
from tests.declared.fixtures import act, effect, hand, session, table

ONE_PHASE = {"phases": [{"id": "t", "name": "Turn", "allows": None, "max": {}, "start": [],
                        "end": []}],
             "start_of_turn": [], "end_of_turn": [], "end_of_round": []}


def test_phases_then_the_turn_passes_and_the_round_ends_with_its_effects():
    s = session(seats=3, first=1)
    assert s.state["turn"] == {"seat": 1, "phase": 0, "round": 1, "number": 1, "first": 1}
    act(s, type="phase")
    act(s, type="phase")  # after the last phase the turn passes
    assert s.state["turn"]["seat"] == 2 and s.state["turn"]["phase"] == 0
    # its draw phase draws one: 9 dealt and 1 drawn, the pile and the discard are empty
    assert any(e["kind"] == "short" and e["seat"] == 2 for e in s.events[-1])
    act(s, type="pass")
    assert s.state["turn"]["seat"] == 0 and s.state["turn"]["round"] == 1
    act(s, type="pass")  # seat 0 was the round's last: end_of_round, round 2 from seat 1
    assert s.state["turn"] == {"seat": 1, "phase": 0, "round": 2, "number": 4, "first": 1}
    assert s.state["counters"]["shared"]["escalation"] == 1


def test_counterclockwise_order():
    players = {**table()["players"], "order": "counterclockwise"}
    s = session(seats=3, first=0, **{"players": players})
    act(s, type="pass")
    assert s.state["turn"]["seat"] == 2


def test_random_first_player_is_drawn_by_the_seed():
    players = {**table()["players"], "first": "random"}
    seats = {session(seed=seed, first=None, **{"players": players}).state["turn"]["seat"]
             for seed in range(12)}
    assert seats == {0, 1}


def test_a_hand_over_the_limit_is_discarded_down_before_the_turn_passes():
    s = session(setup=[effect("deal", count="5", **{"from": "deck", "to": "hand"})],
                turns=ONE_PHASE)
    act(s, type="move", card=s.state["zones"]["kit.0"][0], to="hand")  # 6 in hand, limit 5
    act(s, type="pass")
    assert s.state["await"]["kind"] == "discard" and s.state["await"]["then"] == "pass"
    assert s.state["turn"]["seat"] == 0
    act(s, type="discard", card=hand(s.state)[0])
    assert s.state["turn"]["seat"] == 1 and s.state["await"] == {"player": 1, "kind": "turn"}
    assert len(hand(s.state)) == 5


def test_a_limit_at_the_end_of_the_round_asks_each_player_over_it():
    limits = [{"zone": "hand", "max": 2, "at": "end_of_round"}]
    s = session(turns=ONE_PHASE, limits=limits)
    act(s, type="pass")
    assert s.state["turn"]["round"] == 1 and s.state["await"]["kind"] == "turn"
    act(s, type="pass")
    assert s.state["await"]["kind"] == "discard" and s.state["await"]["player"] == 0
    act(s, type="discard", card=hand(s.state)[0])
    assert s.state["await"]["player"] == 1
    act(s, type="discard", card=hand(s.state, 1)[0])
    assert s.state["await"] == {"player": 0, "kind": "turn"}
    assert s.state["turn"]["round"] == 2


def test_a_trigger_fires_when_it_becomes_true_not_after_every_action():
    s = session(turns=ONE_PHASE)
    act(s, type="change", counter="score", seat=0, to=5)
    assert s.state["counters"]["seats"][0]["coins"] == 1
    act(s, type="change", counter="score", seat=0, delta=1)
    assert s.state["counters"]["seats"][0]["coins"] == 1
    act(s, type="change", counter="score", seat=0, to=0)
    act(s, type="change", counter="score", seat=0, to=5)
    assert s.state["counters"]["seats"][0]["coins"] == 2


def test_a_player_at_zero_hit_points_is_out_and_the_last_standing_ends_it():
    s = session(seats=3, turns=ONE_PHASE)
    act(s, type="change", counter="hp", seat=1, to=0)
    assert s.state["players"][1]["out"] and s.state["ended"] is None
    act(s, type="pass")
    assert s.state["turn"]["seat"] == 2  # seat 1 is skipped
    act(s, type="change", counter="hp", seat=2, to=0)  # the seat in turn goes out
    assert s.state["ended"] == {"winners": [0], "why": "last standing"}


def test_the_seat_in_turn_going_out_passes_the_turn():
    s = session(seats=3, turns=ONE_PHASE)
    act(s, type="out", seat=0)
    assert s.state["turn"]["seat"] == 1 and s.state["await"]["player"] == 1


def test_a_shared_trigger_ends_the_game_with_the_highest_score():
    s = session(turns=ONE_PHASE)
    act(s, type="change", counter="score", seat=1, to=3)
    act(s, type="change", counter="escalation", seat=None, to=10)
    assert s.state["ended"] == {"winners": [1], "why": "escalation >= 10"}
    assert s.rules.winning_seats(s.state) == [1]
    with pytest.raises(Rejected, match="F-OVER"):
        act(s, type="pass")


def test_end_when_and_lowest_winner():
    end = {"when": "round > 2", "winner": {"rule": "lowest", "counter": "hp", "value": None},
           "rounds": 50}
    s = session(turns=ONE_PHASE, end=end)
    act(s, type="change", counter="hp", seat=0, to=4)
    for _ in range(4):
        act(s, type="pass")
    assert s.state["ended"] == {"winners": [0], "why": "round > 2"}


def test_first_to_ends_the_game_when_reached():
    end = {"when": None, "winner": {"rule": "first_to", "counter": "coins", "value": 3},
           "rounds": 50}
    s = session(turns=ONE_PHASE, end=end)
    act(s, type="change", counter="coins", seat=1, to=2)
    assert s.state["ended"] is None
    act(s, type="change", counter="coins", seat=1, delta=1)
    assert s.state["ended"]["winners"] == [1]


def test_the_round_cap_ends_the_game_and_says_so():
    s = session(turns=ONE_PHASE, end={"when": None, "winner": {
        "rule": "highest", "counter": "score", "value": None}, "rounds": 2})
    for _ in range(4):
        act(s, type="pass")
    assert s.state["ended"] == {"winners": [0, 1], "why": "round cap"}


def test_the_players_finish_the_game_with_their_winners():
    s = session()
    with pytest.raises(Rejected, match="D-SEAT"):
        act(s, type="finish", winners=[5])
    act(s, type="finish", winners=[1])
    assert s.state["ended"] == {"winners": [1], "why": "the players ended the game"}
    assert s.state["await"] is None


def test_a_trigger_end_effect_ends_it_now():
    s = session(turns=ONE_PHASE, effects={"crew": [effect("end")]})
    act(s, type="play", card=hand(s.state)[0])
    assert s.state["ended"]["why"] == "the rules"


def test_the_phases_left_in_the_turn_that_ending_it_would_skip():
    from companion.declared import view

    s = session()
    assert [p["name"] for p in view.phases_left(s.state)] == ["Play"]  # in the Draw phase
    assert view.describe(s.state, {"type": "phase"}) == "Ann goes on to Play"  # Undo's words
    act(s, type="phase")
    assert view.phases_left(s.state) == []
    assert view.describe(s.state, {"type": "phase"}) == "Ann ends the turn"
    assert view.phases_left(session("one-phase", turns=ONE_PHASE).state) == []
    assert [view.and_list(w) for w in (["Buy"], ["Buy", "Sell"], ["Draw", "Buy", "Sell"])] \
        == ["Buy", "Buy and Sell", "Draw, Buy and Sell"]


def test_a_phases_max_offers_an_operation_so_many_times_a_turn():
    """`max: {play: 1}`: one card a turn. The count is the turn's and the phase's; a
    table without a `max` keeps no count at all (its states as they always were)."""
    turns = table()["turns"]
    turns["phases"][1] = {**turns["phases"][1], "allows": ["play", "change"],
                          "max": {"play": 1}}
    s = session(turns=turns)
    act(s, type="phase")  # Ann's play phase
    first, second = hand(s.state)[:2]
    act(s, type="play", card=first)
    assert s.state["turn"]["done"] == {"play": 1}
    assert not [a for a in s.rules.legal_actions(s.state) if a["type"] == "play"]
    decl = s.rules.decl
    assert not decl.allows(s.state, "play") and decl.allows(s.state, "change")
    with pytest.raises(Rejected, match="Play: 'play' only once in this phase") as refused:
        act(s, type="play", card=second)
    assert refused.value.rule == "D-ALLOWS"
    act(s, type="change", counter="hp", seat=0, delta=-1)  # not limited: not counted
    assert s.state["turn"]["done"] == {"play": 1}
    act(s, type="phase")  # the turn passes: Bob's draw phase, no count
    assert "done" not in s.state["turn"]
    act(s, type="phase")
    assert [a for a in s.rules.legal_actions(s.state) if a["type"] == "play"]
    assert s.undo() and s.undo() and s.undo() and s.state["turn"]["done"] == {"play": 1}
    plain = session()
    act(plain, type="phase")
    act(plain, type="play", card=hand(plain.state)[0])
    assert "done" not in plain.state["turn"]
