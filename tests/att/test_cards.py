"""Every ability card of both armies does what its text says (ATT-ROBOT-CARDS,
ATT-CORSAIRS), and can be played only where it can do anything (ATT-ABILITY)."""

from __future__ import annotations

import pytest

from companion.core.engine import Rejected
from companion.games.att.data import tables
from tests.att.scenario import (
    act,
    at,
    attacks,
    discard_base,
    hand,
    new,
    special,
    territory,
    texts,
    troops,
)

ATTACK = {"type": "attack", "from": 0, "to": 0, "specials": []}


def play(state, card):
    return act(state, {"type": "play", "card": card})


def test_the_printed_texts_are_the_rulings_and_every_card_has_a_known_effect():
    robots, corsairs = tables().armies["robots"], tables().armies["corsairs"]
    kinds = {a.kind for a in robots.abilities.values()}
    assert kinds == {"automaton", "droid", "cyborg", "drone", "carrier", "overclock",
                     "singularity"}
    assert {a.kind for a in corsairs.abilities.values()} == {
        "deckhand", "musketeer", "bosun", "outrider", "cannon", "broadside", "admiral"}
    from companion.games.att.abilities import EFFECTS

    for army in (robots, corsairs):
        for ability in army.abilities.values():
            assert ability.effect and set(ability.effect) <= set(EFFECTS), ability.id


def test_automaton_recruits_up_to_one_for_each_automaton():
    """ATT-ROBOT-CARDS (Automaton): two Automatons, room for three: up to two more, the
    player choosing the bases (ATT-RECRUIT) and stopping when they like."""
    state = new()
    territory(state, 0, 0, ("light", 2), ("light", 0), ("light", 0))
    card, = hand(state, 0, "automaton")
    attacks(state, 0)
    play(state, card)
    assert state["await"] == {"kind": "place", "player": 0, "troop": "light", "left": 2}
    act(state, {"type": "place", "at": [0, 2]})
    act(state, {"type": "stop"})
    assert troops(state, 0, 0) == [2, 0, 1] and state["await"]["kind"] == "attacks"
    assert card in state["in_play"][0]


def test_an_ability_that_can_do_nothing_cannot_be_played():
    """ATT-ABILITY: a Drone with no Drone base with room."""
    state = new()
    territory(state, 0, 0, ("cavalry", 2), ("light", 0))
    card, = hand(state, 0, "drone")
    attacks(state, 0)
    assert {"type": "play", "card": card} not in state["tasks"][-1]["options"]
    with pytest.raises(Rejected) as refused:
        play(state, card)
    assert refused.value.rule == "ATT-ABILITY"


def test_droid_brings_a_droid_for_each_loss_at_the_end_of_the_turn():
    """ATT-ROBOT-CARDS (Droid): played by the defender in the window, each of its losses
    brings a Droid at the end of the turn, into Droid bases with room."""
    state = new()
    territory(state, 0, 0, ("cavalry", 2))  # 6 damage: two Automatons and their base
    territory(state, 1, 0, ("light", 2))
    territory(state, 1, 1, ("shooter", 0))
    card, = hand(state, 1, "droid")
    attacks(state, 0)
    act(state, ATTACK)  # the attacker has nothing to play: the defender's window
    assert state["await"] == {"kind": "window", "player": 1}
    play(state, card)
    assert state["mods"][1]["after"] == ["shooter"]
    assert state["await"] == {"kind": "attacks", "player": 0}
    events = act(state, {"type": "end_turn"})
    assert troops(state, 1, 1) == [2, None, None]  # two Automatons lost: two Droids
    assert any("recruits a Droid" in t for t in texts(events))
    assert card in state["players"][1]["discard"]["ability"]  # discarded at the turn's end


def test_cyborg_sets_cyborgs_to_power_1_and_every_cyborg_base_recruits():
    state = new()
    territory(state, 0, 0, ("heavy", 1), ("heavy", 2), ("heavy", 0))
    card, = hand(state, 0, "cyborg")
    attacks(state, 0)
    play(state, card)
    assert troops(state, 0, 0) == [2, 2, 1]
    assert state["mods"][0]["power"] == {"heavy": 1}
    act(state, {"type": "end_turn"})
    assert state["mods"][0]["power"] == {}  # until the turn ends


def test_drone_recruits_one_drone():
    state = new()
    territory(state, 0, 0, ("cavalry", 0))
    card, = hand(state, 0, "drone")
    attacks(state, 0)
    events = play(state, card)  # one base with room: no question
    assert troops(state, 0, 0) == [1, None, None] and "Player 1 recruits a Drone in territory 1" \
        in texts(events)


def test_carrier_sacrifices_a_carrier_for_a_base_from_the_discard_pile():
    """ATT-ROBOT-CARDS (Carrier): not playable with an empty base discard pile; then the
    Carrier goes and a discarded base is built on its territory."""
    state = new()
    territory(state, 0, 1, ("siege", 1), None, ("light", 1))
    card, = hand(state, 0, "carrier")
    attacks(state, 0)
    assert {"type": "play", "card": card} not in state["tasks"][-1]["options"]
    discard_base(state, 0, "cavalry")
    attacks(state, 0)
    play(state, card)  # one Carrier: sacrificed without a question
    assert state["await"]["kind"] == "rebuild" and state["await"]["territory"] == 1
    act(state, {"type": "rebuild", "base": "cavalry", "at": [1, 1]})
    board = state["players"][0]["board"][1]
    assert [b and b["type"] for b in board] == ["siege", "cavalry", "light"]
    assert troops(state, 0, 1) == [0, 0, 1] and not state["players"][0]["discard"]["base"]


def test_overclock_sacrifices_troops_for_one_troops_initiative_and_power():
    """ATT-ROBOT-CARDS (Common): three sacrificed, the chosen Cyborg gains Initiative and 3,
    and strikes in the initiative step."""
    state = new()
    territory(state, 0, 0, ("heavy", 1))
    territory(state, 0, 1, ("light", 2), ("light", 1))
    territory(state, 1, 0, ("cavalry", 2))
    card, = hand(state, 0, "overclock")
    attacks(state, 0)
    play(state, card)
    act(state, {"type": "sacrifice", "troop": [1, 0, 0]})
    act(state, {"type": "sacrifice", "troop": [1, 0, 0]})
    assert state["await"]["kind"] == "sacrifice"  # up to five: the player may go on
    act(state, {"type": "sacrifice", "troop": [1, 1, 0]})
    # one troop is left: it is the one that gains the power, without a question
    assert state["players"][0]["board"][0][0]["troops"] == [3]
    events = act(state, ATTACK)
    strike = next(e for e in events if e["kind"] == "strike")
    assert strike["step"] == "initiative" and "Player 1 5" in strike["text"]  # 2 + 3


def test_singularity_is_unique_and_recruits_an_extra_troop_in_a_renewal():
    """ATT-ROBOT-CARDS (special), ATT-EXTRA and ATT-SPECIAL (Unique)."""
    state = new()
    territory(state, 0, 0, ("light", 0), ("light", 0), ("cavalry", 0))  # complete
    territory(state, 0, 1, ("heavy", 0))
    first = special(state, 0, "singularity")
    card, = hand(state, 0, "singularity")
    attacks(state, 0)
    events = play(state, card)
    assert state["players"][0]["palace"] == [card]  # the older one is destroyed
    assert first in state["players"][0]["discard"]["ability"]
    assert any("older Singularity" in t for t in texts(events))
    act(state, {"type": "end_turn"})
    act(state, {"type": "renew", "renew": True})  # the opponent's turn... seat 1 renews
    # seat 1 has nothing; seat 0's renewal: bases recruit, then the extra troop
    while state["await"]["kind"] != "place":
        act(state, state["tasks"][-1]["options"][-1] if state["await"]["kind"] != "draw"
            else {"type": "draw", "bases": 0})
    assert state["await"] == {"kind": "place", "player": 0, "troop": None, "left": 1}
    act(state, {"type": "place", "at": [1, 0]})
    assert troops(state, 0, 1) == [2, None, None]


def test_deckhand_every_deckhand_base_recruits():
    state = new(("corsairs", "robots"))
    territory(state, 0, 0, ("light", 0), ("light", 2), ("light", 1))
    card, = hand(state, 0, "deckhand")
    attacks(state, 0)
    play(state, card)
    assert troops(state, 0, 0) == [1, 2, 2]


def test_musketeer_recruits_up_to_one_for_each_musketeer():
    state = new(("corsairs", "robots"))
    territory(state, 0, 0, ("shooter", 1), ("shooter", 0))
    card, = hand(state, 0, "musketeer")
    attacks(state, 0)
    play(state, card)
    assert state["await"]["kind"] == "place" and state["await"]["left"] == 1
    act(state, {"type": "place", "at": [0, 1]})
    assert troops(state, 0, 0) == [1, 1, None]


def test_bosun_brings_a_bosun_for_each_troop_sacrificed():
    """ATT-CORSAIRS (Bosun) with a Broadside's sacrifices: killed or sacrificed."""
    state = new(("corsairs", "robots"))
    territory(state, 0, 0, ("heavy", 0), ("light", 2), ("cavalry", 1))
    bosun, broadside = hand(state, 0, "bosun", "broadside")
    attacks(state, 0)
    play(state, bosun)
    play(state, broadside)
    act(state, {"type": "sacrifice", "troop": [0, 1, 0]})
    act(state, {"type": "sacrifice", "troop": [0, 1, 0]})  # the Outrider is left: powered
    assert state["players"][0]["board"][0][2]["troops"] == [2]  # 2 sacrificed (ATT-CORSAIRS)
    act(state, {"type": "end_turn"})
    assert troops(state, 0, 0) == [2, 0, 1]  # two Bosuns, and the bonus gone
    assert state["players"][0]["board"][0][2]["troops"] == [0]


def test_outrider_sets_outriders_to_4():
    """ATT-CORSAIRS (Outrider): power 4 until the turn ends, and no recruit."""
    state = new(("corsairs", "robots"))
    territory(state, 0, 0, ("cavalry", 2))
    territory(state, 1, 0, ("heavy", 2))
    card, = hand(state, 0, "outrider")
    attacks(state, 0)
    play(state, card)
    assert troops(state, 0, 0) == [2, None, None]  # no Outrider recruited
    assert state["mods"][0]["power"] == {"cavalry": 4}
    events = act(state, ATTACK)
    assert any(t.startswith("Regular damage at territory 1: Player 1 8") for t in texts(events))


def test_cannon_recruits_one_cannon():
    state = new(("corsairs", "robots"))
    territory(state, 0, 0, ("siege", 1))
    card, = hand(state, 0, "cannon")
    attacks(state, 0)
    play(state, card)
    assert troops(state, 0, 0) == [2, None, None]


def test_admiral_is_loyal_and_not_unique():
    """ATT-CORSAIRS (Admiral) and ATT-SPECIAL (Loyal): no complete territory needed, and a
    second Admiral joins the first."""
    state = new(("corsairs", "robots"))
    territory(state, 0, 0, ("light", 0))
    first, second = hand(state, 0, "admiral", "admiral")
    attacks(state, 0)
    play(state, first)
    play(state, second)
    assert state["players"][0]["palace"] == [first, second]


def test_a_special_troop_without_loyal_needs_a_complete_territory():
    """ATT-SPECIAL: a Singularity cannot be recruited without a complete territory (it
    would be destroyed at once), and goes when the territory stops being complete."""
    state = new()
    territory(state, 0, 0, ("light", 1), ("light", 1))
    card, = hand(state, 0, "singularity")
    attacks(state, 0)
    assert {"type": "play", "card": card} not in state["tasks"][-1]["options"]
    territory(state, 0, 0, None, None, ("light", 0))
    attacks(state, 0)
    play(state, card)
    territory(state, 1, 0, ("cavalry", 2), ("cavalry", 2))  # 12 damage at seat 0
    state["players"][0]["board"][0][0]["troops"] = []
    state["players"][0]["board"][0][1]["troops"] = []
    state["players"][0]["board"][0][2]["troops"] = []
    events = at(state, [{"do": "attacks", "p": 1}])
    events = act(state, {**ATTACK})
    assert any("too few complete territories" in t for t in texts(events))
    assert not state["players"][0]["palace"]
