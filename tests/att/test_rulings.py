"""A scenario for each of Attack the Tower's rulings not shown by the battle's and the
cards' tests (docs/rulings/attack-the-tower.md): the troops and the decks as the YAML
gives them, recruiting, the setup, the piles, a turn and its renewal, declaring attacks,
special troops' upkeep, the first player and the round cap."""

from __future__ import annotations

from collections import Counter

import pytest

from companion.core.engine import Rejected
from companion.games.att.data import tables
from tests.att.scenario import (
    RULES,
    act,
    at,
    attacks,
    hand,
    new,
    special,
    territory,
    texts,
    troops,
    turn_start,
)

ATTACK = {"type": "attack", "from": 0, "to": 0, "specials": []}


def test_five_troop_types_with_their_power_and_traits():
    """ATT-TROOPS."""
    t = tables().troops
    assert {k: (v["power"], v["traits"]) for k, v in t.items()} == {
        "light": (1, ()), "shooter": (1, ("Initiative",)), "heavy": (2, ()),
        "cavalry": (3, ()), "siege": (4, ("Artillery",))}


def test_the_robots_troops_and_the_corsairs_troops():
    """ATT-ROBOTS and ATT-CORSAIRS: each army names every type."""
    armies = tables().armies
    assert armies["robots"].troops == {"light": "Automaton", "shooter": "Droid",
                                       "heavy": "Cyborg", "cavalry": "Drone",
                                       "siege": "Carrier"}
    assert armies["corsairs"].troops == {"light": "Deckhand", "shooter": "Musketeer",
                                         "heavy": "Bosun", "cavalry": "Outrider",
                                         "siege": "Cannon"}


def test_each_army_has_25_bases_and_25_abilities_in_the_ruled_numbers():
    """ATT-DECK, ATT-ROBOT-CARDS and ATT-CORSAIRS."""
    robots, corsairs = tables().armies["robots"], tables().armies["corsairs"]
    assert Counter(robots.bases.values()) == {"light": 7, "shooter": 5, "heavy": 6,
                                              "cavalry": 4, "siege": 3}
    assert Counter(a.kind for a in robots.abilities.values()) == {
        "automaton": 6, "droid": 5, "cyborg": 4, "drone": 3, "carrier": 2, "overclock": 3,
        "singularity": 2}
    assert Counter(corsairs.bases.values()) == {"light": 8, "shooter": 6, "heavy": 4,
                                                "cavalry": 4, "siege": 3}
    assert Counter(a.kind for a in corsairs.abilities.values()) == {
        "deckhand": 5, "musketeer": 4, "bosun": 5, "outrider": 4, "cannon": 3,
        "broadside": 2, "admiral": 2}


def test_a_base_recruits_its_own_type_two_at_most():
    """ATT-BASES and ATT-RENEWAL: every base recruits one troop of its type."""
    state = new()
    territory(state, 0, 0, ("light", 0), ("heavy", 1), ("cavalry", 2))
    turn_start(state, 0)
    events = act(state, {"type": "renew", "renew": True})
    assert troops(state, 0, 0) == [1, 2, 2]
    assert "Player 1 recruits an Automaton in territory 1" in texts(events)
    assert "Player 1 recruits a Cyborg in territory 1" in texts(events)


def test_a_recruit_with_no_base_of_its_type_with_room_is_lost():
    """ATT-RECRUIT: the Drone card's recruit has no room; an Automaton card's recruits go
    only to Automaton bases."""
    state = new()
    territory(state, 0, 0, ("light", 1), ("light", 2), ("heavy", 0))
    card, = hand(state, 0, "automaton")
    attacks(state, 0)
    act(state, {"type": "play", "card": card})  # up to 3; room for 1 (and optional)
    assert state["await"]["kind"] == "place"
    assert [a["at"] for a in state["tasks"][-1]["options"] if a["type"] == "place"] == [[0, 0]]
    act(state, {"type": "place", "at": [0, 0]})
    assert troops(state, 0, 0) == [2, 2, 0] and state["await"]["kind"] == "attacks"


def test_the_first_player_is_chosen_or_drawn():
    """ATT-FIRST."""
    assert RULES.new_game({"first": 1}, 5)["first"] == 1
    drawn = {RULES.new_game({}, seed)["first"] for seed in range(20)}
    assert drawn == {0, 1}
    with pytest.raises(Rejected) as refused:
        RULES.new_game({"first": True}, 1)
    assert refused.value.rule == "ATT-FIRST"


def test_the_setup_five_cards_burns_and_building_on_empty_slots():
    """ATT-SETUP: the starting player first; five cards; a person burns "as many times as
    you want" (here seven: the piles are reshuffled on the way), the burned cards to their
    discard piles; bases built on empty slots only."""
    state = RULES.new_game({"first": 1}, 3)
    assert state["await"] == {"kind": "draw", "player": 1, "left": 5}
    act(state, {"type": "draw", "bases": 3})
    hand_ = state["players"][1]["hand"]
    assert len(hand_) == 5 and sum(c.startswith("RB") for c in hand_) == 3
    for _ in range(7):
        assert {"type": "burn"} in state["tasks"][-1]["options"]
        act(state, {"type": "burn"})
        act(state, {"type": "draw", "bases": 3})
    assert {"type": "burn"} in state["tasks"][-1]["options"]  # no limit for a person
    assert state["players"][1]["burns"] == 7
    assert RULES.invariants(state) == []
    player = state["players"][1]
    assert len(player["hand"]) == 5
    assert len(player["discard"]["base"]) + len(player["draw"]["base"]) == 22
    act(state, {"type": "keep"})
    card = state["players"][1]["hand"][0]
    act(state, {"type": "build", "card": card, "at": [0, 0]})
    other = next(c for c in state["players"][1]["hand"] if c.startswith("RB"))
    with pytest.raises(Rejected) as refused:
        act(state, {"type": "build", "card": other, "at": [0, 0]})
    assert refused.value.rule == "ATT-SETUP"


def test_the_computer_player_stops_burning_at_its_own_cap():
    """ATT-SETUP: the cap binds the computer player (ai.BURNS), not the rules."""
    from companion.games.att.ai import BURNS, GreedyAgent

    state = RULES.new_game({"first": 0}, 3)
    act(state, {"type": "draw", "bases": 0})  # no base: the AI wants to burn
    agent = GreedyAgent(1)
    state["players"][0]["burns"] = BURNS - 1
    assert agent.choose(RULES, state) == {"type": "burn"}
    state["players"][0]["burns"] = BURNS
    assert agent.choose(RULES, state) == {"type": "keep"}
    assert {"type": "burn"} in RULES.legal_actions(state)


def test_draws_come_from_the_piles_chosen_and_an_empty_pile_is_reshuffled():
    """ATT-PILES."""
    state = new()
    player = state["players"][0]
    player["discard"]["ability"] = player["draw"]["ability"][:-1]
    player["draw"]["ability"] = player["draw"]["ability"][-1:]
    at(state, [{"do": "draw", "p": 0, "left": 2}])
    assert {"type": "draw", "bases": 0} in state["tasks"][-1]["options"]
    events = act(state, {"type": "draw", "bases": 0})
    assert "Player 1 shuffles the ability discard pile into a new draw pile" in texts(events)
    assert len(state["players"][0]["hand"]) == 2
    assert not state["players"][0]["discard"]["ability"]


def test_a_turn_renewal_for_both_players_the_attacker_first_then_the_attacks():
    """ATT-TURN and ATT-RENEWAL: recruit, draw two, discard to five, build (over a base,
    which goes with its troops); then the attack phase."""
    state = new(first=0)
    territory(state, 0, 0, ("light", 1))
    territory(state, 1, 0, ("heavy", 0))
    hand(state, 0, "drone", "drone", "drone", "droid", "droid")  # five: two over after drawing
    turn_start(state, 0)
    act(state, {"type": "renew", "renew": True})
    assert troops(state, 0, 0) == [2, None, None] and troops(state, 1, 0) == [0, None, None]
    assert state["await"] == {"kind": "draw", "player": 0, "left": 2}
    act(state, {"type": "draw", "bases": 2})
    assert state["await"] == {"kind": "discard", "player": 0, "left": 2}
    act(state, {"type": "discard", "card": state["players"][0]["hand"][0]})
    act(state, {"type": "discard", "card": state["players"][0]["hand"][0]})
    assert state["await"]["kind"] == "build"
    base_card = next(c for c in state["players"][0]["hand"] if c.startswith("RB"))
    events = act(state, {"type": "build", "card": base_card, "at": [0, 0]})
    assert "over the Automaton base" in texts(events)[0]
    assert troops(state, 0, 0) == [0, None, None]
    act(state, {"type": "done"})
    # then the defender's renewal: its Cyborg base recruited already; it draws
    assert troops(state, 1, 0) == [1, None, None]
    assert state["await"] == {"kind": "draw", "player": 1, "left": 2}
    act(state, {"type": "draw", "bases": 0})
    assert state["await"] == {"kind": "attacks", "player": 0}


def test_abilities_in_play_are_discarded_when_the_turn_ends():
    """ATT-TURN and ATT-ABILITY."""
    state = new()
    territory(state, 0, 0, ("cavalry", 0))
    card, = hand(state, 0, "drone")
    attacks(state, 0)
    act(state, {"type": "play", "card": card})
    assert state["in_play"][0] == [card]
    act(state, {"type": "end_turn"})
    assert state["in_play"][0] == [] and card in state["players"][0]["discard"]["ability"]
    assert state["await"] == {"kind": "renew", "player": 1}


def test_a_territory_attacks_once_a_turn_and_only_with_troops():
    """ATT-ATTACK."""
    state = new()
    territory(state, 0, 0, ("light", 2))
    territory(state, 0, 1, ("light", 0))
    territory(state, 1, 0, ("heavy", 2), ("heavy", 2))
    attacks(state, 0)
    froms = {a["from"] for a in state["tasks"][-1]["options"] if a["type"] == "attack"}
    assert froms == {0}
    with pytest.raises(Rejected) as refused:
        act(state, {**ATTACK, "from": 1})
    assert refused.value.rule == "ATT-ATTACK"
    act(state, ATTACK)
    territory(state, 0, 0, None, ("light", 2))
    attacks(state, 0)
    state["attacked"] = [0]
    with pytest.raises(Rejected):
        act(state, ATTACK)


def test_special_troops_join_an_attack_once_a_turn():
    """ATT-ATTACK: the Admiral (power 2) fights with the territory's troops."""
    state = new(("corsairs", "robots"))
    admiral = special(state, 0, "admiral")
    territory(state, 0, 0, ("light", 1))
    territory(state, 0, 1, ("light", 1))
    territory(state, 1, 0, ("light", 0))
    attacks(state, 0)
    events = act(state, {**ATTACK, "specials": [admiral]})
    assert any(t.startswith("Regular damage at territory 1: Player 1 3") for t in texts(events))
    options = state["tasks"][-1]["options"]
    assert all(a["specials"] == [] for a in options if a["type"] == "attack")


def test_which_special_troop_goes_is_the_owners_choice(monkeypatch):
    """ATT-SPECIAL: with two different special troops and one complete territory, the
    owner chooses (the shipped armies' special troops are one of a kind each: a test army
    renames one Singularity)."""
    robots = tables().armies["robots"]
    renamed = {**robots.abilities["RA-24"].effect["special"], "name": "Nexus",
               "unique": False}
    monkeypatch.setitem(robots.abilities["RA-24"].effect, "special", renamed)
    state = new()
    territory(state, 0, 0, ("light", 0), ("light", 0), ("light", 0))
    special(state, 0, "singularity")
    special(state, 0, "singularity")
    assert sorted(state["players"][0]["palace"]) == ["RA-24", "RA-25"]
    events = attacks(state, 0)
    assert state["await"] == {"kind": "upkeep", "player": 0}
    act(state, {"type": "lose", "card": "RA-25"})
    assert state["players"][0]["palace"] == ["RA-24"]
    assert not events


def test_the_game_ends_after_the_last_round_by_bases_then_troops():
    """ATT-END."""
    state = new(first=0)
    territory(state, 0, 0, ("light", 1), ("light", 1))
    territory(state, 1, 0, ("light", 2), ("light", 2))
    state["round"] = tables().limits["rounds"]
    at(state, [{"do": "attacks", "p": 1}, {"do": "owed", "p": 1},
               {"do": "cleanup", "p": 1}])
    events = act(state, {"type": "end_turn"})
    assert state["winner"] == 1 and state["await"] is None
    assert "round 40 is over: Player 1 2 bases, 2 troops : Player 2 2 bases, 4 troops" \
        in texts(events)[-1]


def test_a_malformed_setup_is_refused_with_its_ruling():
    for setup, rule in (({"army_1": "pirates"}, "ATT-CORSAIRS"),
                        ({"players": [{"name": "A"}]}, "ATT-SETUP"), ([], "ATT-SETUP")):
        with pytest.raises(Rejected) as refused:
            RULES.new_game(setup, 1)
        assert refused.value.rule == rule
