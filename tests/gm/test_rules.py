"""Geheime Mission: one scenario per ruling of docs/rulings/geheime-mission.md
(the test names carry the ruling ids)."""

from __future__ import annotations

from collections import Counter

import pytest

from companion.core.engine import BadSetup, Malformed, Rejected
from companion.core.session import Session
from companion.games.gm import view
from companion.games.gm.data import agents
from companion.games.gm.rules import GmRules

RULES = GmRules()
ANN, BOB = 0, 1


def printed(first=ANN, seed=1) -> Session:
    """Printed cards: the players enter values, so each scenario picks them."""
    return Session(RULES, {"players": [{"name": "Ann"}, {"name": "Bob"}], "first": first,
                           "cards": "printed"}, seed)


def virtual(first=ANN, seed=1) -> Session:
    return Session(RULES, {"players": [{"name": "Ann"}, {"name": "Bob"}], "first": first,
                           "cards": "virtual"}, seed)


def plays(session: Session, *values) -> list[dict]:
    events = []
    for value in values:
        events += session.apply({"type": "play", "value": value})
    return events


def wait(session: Session) -> tuple:
    w = session.state["await"]
    return (w["kind"], w["player"], w.get("role")) if w else None


# -- GM-DECK ------------------------------------------------------------------------------
def test_gm_deck_forty_agents_whose_values_add_up_to_fifteen():
    cards = agents()
    assert len(cards) == 40
    triples = [(c["find"], c["attack"], c["defence"]) for c in cards.values()]
    assert len(set(triples)) == 40
    assert all(sum(t) == 15 and all(1 <= v <= 9 for v in t) for t in triples)
    for colour in range(3):
        counts = Counter(t[colour] for t in triples)
        assert set(counts) == set(range(1, 10))
        assert all(count in (4, 5) for count in counts.values())
    assert len({c["call"] for c in cards.values()}) == 40


# -- GM-DEAL / GM-FIRST -----------------------------------------------------------------------
def test_gm_deal_five_cards_each_and_thirty_in_the_pile():
    state = virtual().state
    hands = [p["hand"] for p in state["players"]]
    assert [len(h) for h in hands] == [5, 5] and len(state["pile"]) == 30
    assert sorted(hands[0] + hands[1] + state["pile"]) == sorted(agents())
    assert state["pile_left"] == 30 and printed().state["pile_left"] == 30


def test_gm_first_a_named_player_starts_or_lots_are_drawn():
    assert wait(printed(first=BOB)) == ("play", BOB, "city")
    starters = {Session(RULES, {"first": "lots"}, seed).state["starter"] for seed in range(20)}
    assert starters == {0, 1}
    for wrong in (2, 0.0, 1.0, True, "0"):  # the setup's shape: the framework refuses it
        with pytest.raises(BadSetup):
            Session(RULES, {"first": wrong}, 1)


# -- GM-REFILL --------------------------------------------------------------------------------
def test_gm_refill_every_play_draws_a_card():
    session = virtual()
    for number in range(1, 9):
        session.apply(session.rules.legal_actions(session.state)[0])
        state = session.state
        assert [len(p["hand"]) for p in state["players"]] == [5, 5]
        assert state["pile_left"] == 30 - number == len(state["pile"])


# -- GM-CITY ----------------------------------------------------------------------------------
def test_gm_city_the_higher_blue_value_takes_the_suitcase():
    higher = printed()
    plays(higher, 4, 6)  # Bob answers higher: Bob carries
    assert higher.state["carrier"] == BOB and wait(higher) == ("play", BOB, "defend")
    lower = printed()
    plays(lower, 6, 4)  # Bob answers lower: Ann carries
    assert lower.state["carrier"] == ANN and wait(lower) == ("play", ANN, "defend")


def test_gm_city_a_tie_makes_both_play_again_starter_first():
    session = printed()
    events = plays(session, 5, 5)
    assert any(e["kind"] == "tie" for e in events)
    assert wait(session) == ("play", ANN, "city") and session.state["carrier"] is None
    plays(session, 7, 7, 2, 3)
    assert session.state["carrier"] == BOB and len(session.state["city"]) == 6


def test_gm_city_virtual_cards_count_their_blue_value():
    session = virtual()
    lead = session.state["players"][ANN]["hand"][0]
    session.apply({"type": "play", "card": lead})
    assert session.state["city"][-1]["value"] == agents()[lead]["find"]
    with pytest.raises(Rejected) as refused:
        session.apply({"type": "play", "card": lead})  # not in Bob's hand
    assert refused.value.rule == "GM-CITY"


# -- GM-EMBASSY -------------------------------------------------------------------------------
def test_gm_embassy_green_above_red_sends_the_carrier_to_the_back_door():
    session = printed()
    plays(session, 6, 4, 7, 5)  # Ann carries; defends 7 green against Bob's red 5
    assert wait(session) == ("door", ANN, None)
    assert [p["value"] for p in session.state["embassies"][ANN]] == [7, 5]


def test_gm_embassy_a_tie_makes_the_carrier_defend_again():
    session = printed()
    plays(session, 6, 4, 5, 5)
    assert wait(session) == ("play", ANN, "defend") and session.state["carrier"] == ANN


# -- GM-FLIGHT --------------------------------------------------------------------------------
def test_gm_flight_the_snatcher_heads_straight_for_his_own_embassy():
    session = printed()
    events = plays(session, 6, 4, 3, 8)  # Bob's red 8 beats Ann's green 3
    assert any(e["kind"] == "snatched" and e["player"] == BOB for e in events)
    assert session.state["carrier"] == BOB and wait(session) == ("play", BOB, "defend")
    assert session.state["duel"]["place"] == "embassy"  # no new city duel
    plays(session, 2, 9)  # and Ann snatches it back
    assert session.state["carrier"] == ANN


# -- GM-DOOR ----------------------------------------------------------------------------------
def carrying_to_the_door(carrier=ANN) -> Session:
    session = printed()
    plays(session, *((6, 4) if carrier == ANN else (4, 6)), 9, 1)
    assert wait(session) == ("door", carrier, None)
    return session


def test_gm_door_a_different_door_scores_and_the_carrier_starts_next():
    session = carrying_to_the_door(ANN)
    chosen = session.apply({"type": "door", "door": 2})
    assert "2" not in chosen[0]["text"]  # the log never says which door before the reveal
    assert wait(session) == ("officer", BOB, None)
    session.apply({"type": "officer", "door": 3})
    state = session.state
    assert state["players"][ANN]["suitcases"] == 1 and state["last_scorer"] == ANN
    assert wait(session) == ("play", ANN, "city") and state["round"] == 2
    assert state["city"] == [] and state["embassies"] == [[], []]


def test_gm_door_the_officer_at_the_right_door_loses_the_documents():
    session = carrying_to_the_door(BOB)
    session.apply({"type": "door", "door": 1})
    session.apply({"type": "officer", "door": 1})
    state = session.state
    assert [p["suitcases"] for p in state["players"]] == [0, 0] and state["lost"] == 1
    assert wait(session) == ("play", ANN, "city")  # "the defending player" starts


def test_gm_door_only_doors_one_to_three():
    session = carrying_to_the_door()
    for bad in (0, 4, "1", None, True):
        with pytest.raises(Rejected):
            session.apply({"type": "door", "door": bad})


# -- GM-NIGHT ---------------------------------------------------------------------------------
def test_gm_night_the_draw_that_empties_the_pile_ends_the_game_mid_duel():
    session = printed()
    for _ in range(14):  # 28 plays of ties in the city
        plays(session, 5, 5)
    assert session.state["pile_left"] == 2 and session.state["await"] is not None
    plays(session, 6, 4)  # Ann wins the city; the draw takes the last card
    state = session.state
    assert state["await"] is None and state["pile_left"] == 0
    assert [p["suitcases"] for p in state["players"]] == [0, 0]  # in play: nobody's
    assert RULES.winning_seats(state) == []  # GM-WIN: no suitcase at all, a draw
    assert session.log()[-1]["kind"] == "game_over"


def test_gm_night_no_hand_runs_dry_before_night():
    session = virtual(seed=9)
    while session.state["await"]:
        assert all(len(p["hand"]) == 5 for p in session.state["players"])
        session.apply(session.rules.legal_actions(session.state)[-1])
    assert session.state["pile"] == []


# -- GM-WIN -----------------------------------------------------------------------------------
def score(session: Session, carrier: int) -> None:
    plays(session, *((6, 4) if carrier == session.state["starter"] else (4, 6)), 9, 1)
    session.apply({"type": "door", "door": 1})
    session.apply({"type": "officer", "door": 2})


def test_gm_win_most_suitcases_wins_and_a_tie_goes_to_the_latest_suitcase():
    session = printed()
    score(session, ANN)  # 4 plays each: 30 -> 26
    score(session, BOB)
    score(session, BOB)
    score(session, ANN)  # 2 : 2, Ann scored last; 14 cards left
    for _ in range(7):
        plays(session, 5, 5)
    state = session.state
    assert state["await"] is None
    assert [p["suitcases"] for p in state["players"]] == [2, 2]
    assert RULES.winning_seats(state) == [ANN]
    assert "most recent suitcase" in session.log()[-1]["text"]


def caught(session: Session, carrier: int) -> None:
    plays(session, *((6, 4) if carrier == session.state["starter"] else (4, 6)), 9, 1)
    session.apply({"type": "door", "door": 2})
    session.apply({"type": "officer", "door": 2})


@pytest.mark.parametrize("carriers, winner", [([ANN], ANN), ([ANN, BOB], BOB),
                                              ([BOB, ANN], ANN)])
def test_gm_win_without_a_suitcase_the_last_at_a_back_door_wins(carriers, winner):
    """No suitcase scored: the last player caught at a back door got one furthest."""
    session = printed()
    for carrier in carriers:
        caught(session, carrier)
    while session.state["await"]:
        plays(session, 5)
    state = session.state
    assert [p["suitcases"] for p in state["players"]] == [0, 0] and state["lost"] == len(
        carriers)
    assert RULES.winning_seats(state) == [winner]
    assert "the last to reach a back door" in session.log()[-1]["text"]
    result, details = view.game_over(session)
    assert result == f"Night falls: {['Ann', 'Bob'][winner]} wins"
    rounds = {1: "1 round", 2: "2 rounds"}[len(carriers)]  # not "1 rounds"
    assert details.startswith(f"{rounds} completed, ")
    assert details.endswith(f"Tied without a suitcase: {['Ann', 'Bob'][winner]} was the "
                            "last to carry one to a back door (GM-WIN)")


def test_gm_win_more_suitcases_win():
    session = printed()
    score(session, BOB)
    while session.state["await"]:
        plays(session, 5)
    assert RULES.winning_seats(session.state) == [BOB]


# -- GM-CHIPS ---------------------------------------------------------------------------------
def test_gm_chips_no_game_scores_more_than_seven():
    session = printed()
    while session.state["pile_left"] >= 4:
        score(session, session.state["starter"])
    while session.state["await"]:
        plays(session, 5)
    assert sum(p["suitcases"] for p in session.state["players"]) == 7 <= 10


# -- GM-PRINTED -------------------------------------------------------------------------------
def test_gm_printed_values_are_one_to_nine_and_the_pile_counts_down():
    session = printed()
    for bad in (0, 10):
        with pytest.raises(Rejected) as refused:
            session.apply({"type": "play", "value": bad})
        assert refused.value.rule == "GM-PRINTED"
    for bad in ("5", None, 2.0, True):  # not a whole number: the framework refuses it
        with pytest.raises(Malformed):
            session.apply({"type": "play", "value": bad})
    plays(session, 9)
    assert session.state["pile_left"] == 29 and session.state["players"][ANN]["hand"] == []


def test_setups_are_checked():
    for bad in ([], {"players": [{"name": "A"}]}, {"players": "AB"},
                {"players": [{"name": "A"}, {"name": "x" * 101}]}, {"cards": "paper"}):
        with pytest.raises(Rejected):
            Session(RULES, bad, 1)
