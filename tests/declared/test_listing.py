"""What a declared game lists and takes for cards: draws from the zone an action names
(another player's own pile too), which zones are piles, a market's buy (the top card of a
zone into the hand), turning up a pile's cards one by one, and what a player may play."""

from __future__ import annotations

import pytest

from companion.core.engine import Rejected
from tests.declared.fixtures import OWN, act, hand, session, zone

ONE_PHASE = {"phases": [{"id": "t", "name": "Turn", "allows": None, "max": {}, "start": [],
                        "end": []}],
             "start_of_turn": [], "end_of_turn": [], "end_of_round": []}
TAKE = {**ONE_PHASE, "phases": [{"id": "buy", "name": "Buy", "allows": ["move", "reveal"],
                                 "max": {}, "start": [], "end": []}]}
OWN_DECKS = [zone("own", per="player", role="pile", cards=OWN, name="Own deck"),
             zone("hand", per="player", show="private", role="hand"),
             zone("discard", per="player", show="public", role="discard")]


def plain(**changes):
    """The fixture table with one phase, no setup, no triggers, no limits."""
    return session(turns=changes.pop("turns", ONE_PHASE), setup=[], triggers=[], limits=[],
                   **changes)


def test_a_draw_from_another_players_own_pile_takes_from_that_pile():
    s = plain(zones=OWN_DECKS)
    mine = list(s.state["zones"]["own.0"])
    act(s, type="draw", zone="own.1", to="hand.0", count=1)
    assert hand(s.state) and hand(s.state)[0].endswith("@2")
    assert s.state["zones"]["own.0"] == mine and len(s.state["zones"]["own.1"]) == 1


def test_an_empty_own_pile_refills_from_its_owners_discard():
    s = plain(zones=OWN_DECKS)
    act(s, type="draw", zone="own.1", to="hand.1", count=2)
    for card in list(hand(s.state, 1)):
        act(s, type="move", card=card, to="discard.1")
    act(s, type="draw", zone="own.0", to="hand.0", count=1)  # seat 0's discard stays empty
    act(s, type="discard", card=hand(s.state)[0])
    events = act(s, type="draw", zone="own.1", to="hand.0", count=2)
    assert any(e["kind"] == "shuffle" for e in events)
    assert sorted(hand(s.state)) == sorted(OWN_DECKS[0]["cards"][i] + "@2" for i in (0, 1))
    assert s.state["zones"]["discard.0"] == [OWN[0] + "@1"] or \
        s.state["zones"]["discard.0"] == [OWN[1] + "@1"]


def test_a_draw_to_its_own_zone_and_from_an_empty_zone_are_refused():
    s = plain(zones=OWN_DECKS)
    with pytest.raises(Rejected, match="D-ZONE"):
        act(s, type="draw", zone="own.0", to="own.0", count=1)
    with pytest.raises(Rejected, match="D-EMPTY"):
        act(s, type="draw", zone="discard.0", to="hand.0", count=1)


def test_a_hidden_zone_of_played_cards_is_no_pile_to_draw_from():
    zones = [zone("deck", role="pile", cards=["crew/C-02#1", "crew/C-04#1"]),  # suns
             zone("hand", per="player", show="private", role="hand"),
             zone("played", per="player", show="hidden", role="play", shuffle=False),
             zone("spare", show="hidden", cards=["crew/C-03#1"])]
    s = plain(zones=zones)
    act(s, type="draw", zone="deck", to="hand", count=1)
    act(s, type="play", card=hand(s.state)[0])
    draws = {a["zone"] for a in s.rules.legal_actions(s.state) if a["type"] == "draw"}
    assert draws == {"deck", "spare"}


def test_a_market_buy_takes_the_top_card_of_a_zone_into_the_hand():
    s = plain(turns=TAKE)
    top = s.state["zones"]["deck"][0]
    listed = s.rules.legal_actions(s.state)
    assert {"type": "move", "card": top, "to": "hand.0"} in listed
    assert not any(a["type"] == "draw" for a in listed)  # the phase allows move, reveal
    act(s, type="move", card=top, to="hand.0")
    assert hand(s.state) == [top] and top not in s.state["zones"]["deck"]


def test_a_piles_cards_are_turned_up_one_by_one():
    s = plain(turns=TAKE)
    deck = list(s.state["zones"]["deck"])
    for shown in range(3):  # the market's top three
        reveals = [a for a in s.rules.legal_actions(s.state) if a["type"] == "reveal"]
        assert reveals == [{"type": "reveal", "card": deck[shown]}]
        act(s, **reveals[0])
    assert s.state["revealed"] == deck[:3] and s.state["zones"]["deck"] == deck


def test_a_card_is_refused_for_play_only_in_another_players_zone():
    s = session(turns=ONE_PHASE)
    top = s.state["zones"]["deck"][0]
    act(s, type="play", card=top)  # the top of the shared pile, played at once
    assert top in s.state["zones"]["played.0"]
    with pytest.raises(Rejected, match="D-CARD"):
        act(s, type="play", card=hand(s.state, 1)[0])
    with pytest.raises(Rejected, match="D-CARD"):
        act(s, type="discard", card=hand(s.state, 1)[0])


def test_every_listed_action_is_taken_at_each_step_of_a_scripted_turn():
    s = session(turns=ONE_PHASE)
    for _ in range(6):
        for action in s.rules.legal_actions(s.state):
            s.rules.apply(s.state, action)  # none is refused
        act(s, type="pass")


def test_a_tap_on_a_zone_finds_the_actions_on_it_and_on_its_cards():
    from companion.declared import view

    s = plain(turns=TAKE)
    legal = s.rules.legal_actions(s.state)
    top = s.state["zones"]["deck"][0]
    on_deck = view.actions_at(s.state, legal, "deck")
    assert {"type": "move", "card": top, "to": "hand.0"} in on_deck
    assert {"type": "reveal", "card": top} in on_deck
    assert all(a.get("zone") == "deck" or a.get("card") in s.state["zones"]["deck"]
               for a in on_deck)
    assert view.actions_at(s.state, legal, "hand.1") == []
    on_own = view.actions_at(s.state, [{"type": "draw", "zone": "hand", "to": "kit.0",
                                        "count": 1}], "hand.0")
    assert on_own and not view.actions_at(s.state, on_own, "hand.1")


def test_a_card_action_with_printed_cards_and_a_told_card_with_tracked_ones_say_why():
    s = plain(cards="printed")
    with pytest.raises(Rejected, match="printed cards: tell the app"):
        act(s, type="draw", zone="deck", to="hand", count=1)
    s = plain()
    with pytest.raises(Rejected, match="the app keeps the cards"):
        act(s, type="told", card="crew/C-01#1")


def test_a_discards_top_card_is_its_last_and_a_piles_its_first():
    s = plain()
    first, second = s.state["zones"]["deck"][:2]
    act(s, type="move", card=first, to="discard")
    act(s, type="move", card=second, to="discard")
    assert s.state["zones"]["discard"] == [first, second]
    act(s, type="return", card=second, bottom=False)
    assert s.state["zones"]["deck"][0] == second
    act(s, type="draw", zone="deck", to="hand", count=1)
    assert hand(s.state) == [second]


def test_a_buttons_words_never_name_a_face_down_card():
    from companion.declared import view

    s = plain(turns=TAKE)
    top = s.state["zones"]["deck"][0]
    name = s.rules.decl.card_name(top)
    words = [view.label(s.state, a) for a in s.rules.legal_actions(s.state)]
    assert "The top card of Draw pile to Ann's Hand" in words
    assert "Reveal the top card of Draw pile" in words and not any(name in w for w in words)
    act(s, type="reveal", card=top)
    assert view.label(s.state, {"type": "move", "card": top, "to": "hand.0"}) == \
        f"{name} to Ann's Hand"
    act(s, type="move", card=top, to="hand.0")  # in Ann's own hand: she reads it
    assert view.label(s.state, {"type": "reveal", "card": top}) == f"Reveal {name}"
