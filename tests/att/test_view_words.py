"""What Attack the Tower's screens say, without Kivy: a card in hand says what it does
(its printed words), Undo names what it takes back in words a player reads (no "0 base,
2 ability"), and ending the turn with a territory that can still attack says so first
(issue 33, items 4 and 6)."""

from __future__ import annotations

from companion.games.att import view
from companion.games.att.data import tables
from tests.att.scenario import RULES, act, at, attacks, hand, new, territory


def test_every_card_in_hand_says_what_it_does():
    for army_id, army in tables().armies.items():
        for card, ability in army.abilities.items():
            assert view.card_words(army_id, card) == ability.text  # the printed text
        for card, kind in army.bases.items():
            words = view.card_words(army_id, card)
            assert words.startswith(f"Recruits {army.troops[kind]}s: ")
            assert f"power {tables().troops[kind]['power']}" in words
            assert words.endswith("Base power 4.")
    assert view.card_words("robots", "RB-08") == \
        "Recruits Droids: shooter, power 1, Initiative. Base power 4."


def test_undo_names_the_cards_drawn_and_what_a_done_ends():
    state = new()
    at(state, [{"do": "draw", "p": 1, "left": 2}])
    state["players"][1]["name"] = "Bob"
    assert view.describe(state, {"type": "draw", "bases": 0}) == "Bob: Draw 2 ability cards"
    assert view.describe(state, {"type": "draw", "bases": 1}) == \
        "Bob: Draw 1 base card and 1 ability card"
    for kind, words in (("build", "Done building"), ("abilities", "Done: on to the recruits"),
                        ("sacrifice", "Done sacrificing")):
        state["await"] = {"kind": kind, "player": 0}
        assert view.label(state, {"type": "done"}) == words
    assert view.label(state, {"type": "stop"}) == "No more recruits"


def test_playing_an_ability_is_named_by_its_printed_title():
    state = new()
    card = hand(state, 0, "overclock")[0]
    territory(state, 0, 0, ("light", 2))
    attacks(state, 0)
    assert view.label(state, {"type": "play", "card": card}) == "Play Overclock"


def test_ending_the_turn_is_asked_while_a_territory_can_still_attack():
    """ATT-ATTACK: each territory with troops attacks once a turn."""
    state = new()
    territory(state, 0, 0, ("light", 1))
    territory(state, 0, 2, ("light", 1))
    territory(state, 1, 1, ("light", 1))
    attacks(state, 0)
    name = state["players"][0]["name"]
    legal = RULES.legal_actions(state)
    assert view.unfinished(state, legal) == f"{name} can still attack from territories 1 and 3"
    state["attacked"] = [0]  # territory 1 has attacked this turn
    attacks(state, 0)
    legal = RULES.legal_actions(state)
    assert view.unfinished(state, legal) == f"{name} can still attack from territory 3"
    state["attacked"] = [0, 2]
    attacks(state, 0)
    assert view.unfinished(state, RULES.legal_actions(state)) == ""


def test_no_territory_with_troops_leaves_nothing_to_ask():
    state = new()
    territory(state, 0, 0, ("light", 0))
    attacks(state, 0)
    assert {a["type"] for a in RULES.legal_actions(state)} == {"end_turn"}
    assert view.unfinished(state, RULES.legal_actions(state)) == ""
    act(state, {"type": "end_turn"})
