"""Each effect of the vocabulary and each action, on the fixture table."""

from __future__ import annotations

import pytest

from companion.core.engine import Rejected
from tests.declared.fixtures import act, counter, effect, hand, session, zone


def to_play_phase(s):
    act(s, type="phase")
    assert s.state["turn"]["phase"] == 1


def test_setup_deals_three_and_the_draw_phase_draws_one():
    s = session()
    assert len(hand(s.state, 0)) == 4 and len(hand(s.state, 1)) == 3
    assert len(s.state["zones"]["deck"]) == 10 - 7


def test_each_player_gets_their_own_copies_of_a_per_player_zones_cards():
    s = session(seats=3)
    assert s.state["zones"]["kit.2"] == ["kit/K-01#1@3", "kit/K-02#1@3"]


def test_a_played_card_changes_the_score_by_its_power_and_moons_draw():
    s = session()
    to_play_phase(s)
    moon = next(c for c in hand(s.state) if int(c[7:9]) % 2)
    before = len(hand(s.state))
    events = act(s, type="play", card=moon)
    assert s.state["counters"]["seats"][0]["score"] == int(moon[7:9])
    assert moon in s.state["zones"]["played.0"]
    assert len(hand(s.state)) == before - 1 + 1  # played one, the moon drew one
    assert any(e["text"].startswith("Ann: score 0 to") for e in events)


def test_a_change_is_clamped_by_an_effect_and_refused_by_an_action_out_of_bounds():
    s = session(effects={"crew": [effect("change", counter="hp", by="50", to=None,
                                         who="each")]})
    to_play_phase(s)
    act(s, type="play", card=hand(s.state)[0])
    assert [c["hp"] for c in s.state["counters"]["seats"]] == [20, 20]
    with pytest.raises(Rejected, match="D-BOUNDS"):
        act(s, type="change", counter="hp", seat=1, delta=1)
    act(s, type="change", counter="hp", seat=1, to=7)
    assert s.state["counters"]["seats"][1]["hp"] == 7


def test_who_others_and_next():
    s = session(seats=3, effects={"crew": [
        effect("change", counter="coins", by="2", to=None, who="others"),
        effect("change", counter="hp", by="-3", to=None, who="next")]})
    to_play_phase(s)
    act(s, type="play", card=hand(s.state)[0])
    seats = s.state["counters"]["seats"]
    assert [c["coins"] for c in seats] == [0, 2, 2]
    assert [c["hp"] for c in seats] == [10, 7, 10]


def test_a_shared_counter_and_the_words_of_a_change():
    s = session()
    act(s, type="phase")
    events = act(s, type="change", counter="escalation", seat=None, delta=1)
    assert s.state["counters"]["shared"]["escalation"] == 1
    assert events[0]["text"] == "Escalation 0 to 1"
    events = act(s, type="change", counter="hp", seat=1, delta=-2)
    assert events[0]["text"] == "Bob: hit points 10 to 8"


def test_an_empty_pile_takes_the_discard_back_shuffled_then_stops_short():
    # 10 cards, 5 dealt to each: the pile is empty; two discarded come back as the pile
    s2 = session(setup=[effect("deal", count="5", **{"from": "deck", "to": "hand"})],
                 turns={"phases": [{"id": "t", "name": "Turn", "allows": None, "max": {},
                                    "start": [], "end": []}], "start_of_turn": [],
                        "end_of_turn": [], "end_of_round": []})
    act(s2, type="discard", card=hand(s2.state)[0])
    act(s2, type="discard", card=hand(s2.state)[0])
    events = act(s2, type="draw", zone="deck", to="hand", count=3)
    assert any(e["kind"] == "shuffle" for e in events)
    assert any(e["kind"] == "short" for e in events)
    assert len(hand(s2.state)) == 5 and s2.state["zones"]["discard"] == []


def test_discard_effect_asks_the_player_and_only_their_hand_answers():
    s = session(effects={"crew": [effect("discard", count="2", who="next",
                                         **{"from": "hand", "to": "discard"})]})
    to_play_phase(s)
    act(s, type="play", card=hand(s.state)[0])
    wait = s.state["await"]
    assert wait == {"player": 1, "kind": "discard", "left": 2, "from": "hand.1",
                    "to": "discard", "then": None}
    with pytest.raises(Rejected):
        act(s, type="pass")
    with pytest.raises(Rejected, match="D-CARD"):
        act(s, type="discard", card=hand(s.state, 0)[0])
    for _ in range(2):
        act(s, type="discard", card=hand(s.state, 1)[0])
    assert len(s.state["zones"]["discard"]) == 2
    assert s.state["await"] == {"player": 0, "kind": "turn"}


def test_move_effect_sends_the_played_card_on():
    s = session(effects={"crew": [effect("move", to="discard")]})
    to_play_phase(s)
    card = hand(s.state)[0]
    act(s, type="play", card=card)
    assert s.state["zones"]["discard"] == [card] and s.state["zones"]["played.0"] == []


def test_roll_into_adds_the_faces_number_and_a_word_face_adds_nothing():
    s = session(effects={"crew": [effect("roll", die="power-die", into="coins")]}, seed=3)
    to_play_phase(s)
    for _ in range(3):
        events = act(s, type="play", card=hand(s.state)[0])
        assert any(e["kind"] == "roll" for e in events)
    faces = [e["face"] for e in s.log() if e["kind"] == "roll"]
    assert s.state["counters"]["seats"][0]["coins"] == sum(int(f) for f in faces if f != "Star")


def test_shuffle_reveal_return_and_move_actions():
    s = session()
    to_play_phase(s)
    card = hand(s.state)[0]
    act(s, type="reveal", card=card)
    assert s.state["revealed"] == [card]
    act(s, type="return", card=card, bottom=True)
    assert s.state["zones"]["deck"][-1] == card and s.state["revealed"] == []
    act(s, type="move", card=card, to="kit.1")
    assert card in s.state["zones"]["kit.1"]
    with pytest.raises(Rejected, match="D-CARD"):
        act(s, type="move", card=card, to="kit.1")
    with pytest.raises(Rejected, match="D-ZONE"):
        act(s, type="move", card=card, to="nowhere")
    deck = list(s.state["zones"]["deck"])
    act(s, type="shuffle", zone="deck")
    assert sorted(s.state["zones"]["deck"]) == sorted(deck)


def test_deal_action_gives_each_player_one():
    s = session()
    to_play_phase(s)
    act(s, type="deal", zone="deck", to="hand", count=1)
    assert (len(hand(s.state, 0)), len(hand(s.state, 1))) == (5, 4)


def test_a_phase_allows_only_its_operations():
    s = session()
    with pytest.raises(Rejected, match="D-ALLOWS"):
        act(s, type="play", card=hand(s.state)[0])
    assert {a["type"] for a in s.rules.legal_actions(s.state)} == {"draw", "phase", "pass"}


def test_an_amount_reads_counters_zones_and_game_names():
    s = session(effects={"crew": [effect("change", counter="coins",
                                         by="hand + seat * 10 + round + players", to=None,
                                         who="self")]},
                counters=[counter("coins", 0)],
                zones=[zone("deck", role="pile", cards=["crew/C-01#1", "crew/C-02#1"]),
                       zone("hand", per="player", show="private", role="hand"),
                       zone("discard", show="public", role="discard")],
                triggers=[], limits=[], setup=[],
                end={"when": None, "winner": {"rule": "highest", "counter": "coins",
                                              "value": None}, "rounds": 50})
    to_play_phase(s)
    act(s, type="play", card=hand(s.state)[0])  # the hand is empty then: 0 + 10 + 1 + 2
    assert s.state["counters"]["seats"][0]["coins"] == 13


def test_card_id_and_name_are_the_printed_ones():
    s = session(effects={"crew": [
        effect("change", when="card.id == 'C-03'", counter="coins", by="7", to=None, who="self"),
        effect("change", when="card.name == 'Crew 3'", counter="hp", by="-1", to=None,
               who="self")]})
    to_play_phase(s)
    act(s, type="play", card="crew/C-03#2")  # from wherever it lies, but another's hand
    seat = s.state["counters"]["seats"][0]
    assert (seat["coins"], seat["hp"]) == (7, 9)
