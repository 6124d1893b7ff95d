"""Attack the Tower's invariants (companion/games/att/invariants.py), which the simulator
checks after every action: a sound position passes, and each way of breaking one is
named."""

from __future__ import annotations

from companion.games.att import invariants
from companion.games.att.data import tables
from tests.att import scenario

RULES = scenario.RULES


def sound() -> dict:
    state = scenario.new()
    scenario.territory(state, 0, 0, ("light", 2), ("siege", 1), None)
    scenario.territory(state, 1, 2, ("cavalry", 1))
    return state


def special_cards(state: dict, seat: int) -> list[str]:
    army = tables().armies[state["players"][seat]["army"]]
    return [c for c in army.abilities if army.special(c)]


def test_a_sound_position_breaks_nothing():
    assert RULES.invariants(sound()) == []


def test_a_card_lost_or_in_two_places_is_named():
    state = sound()
    lost = state["players"][0]["draw"]["ability"].pop()
    assert RULES.invariants(state) == ["ATT-DECK: seat 0's cards are lost or in two places"]
    state["players"][0]["hand"] += [lost, lost]  # as many cards as the army, one twice
    state["players"][0]["draw"]["base"].pop()
    assert len(RULES.invariants(state)) == 1
    state = sound()
    state["players"][1]["hand"].append(state["players"][1]["draw"]["base"][0])
    assert RULES.invariants(state) == ["ATT-DECK: seat 1's cards are lost or in two places"]


def test_a_base_wrongly_manned_or_of_another_card_is_named():
    for troops in ([0, 0, 0], [0, -1]):
        state = sound()
        state["players"][0]["board"][0][0]["troops"] = troops
        assert RULES.invariants(state) == [
            "ATT-BASES: seat 0 has a base wrongly built or manned"]
    state = sound()
    base = state["players"][1]["board"][2][0]
    ability = state["players"][1]["draw"]["ability"].pop()
    state["players"][1]["draw"]["base"].append(base["card"])
    base["card"] = ability
    assert RULES.invariants(state) == ["ATT-BASES: seat 1 has a base wrongly built or manned"]


def test_a_palace_card_that_is_no_special_troop_or_a_second_unique_is_named():
    state = sound()
    player = state["players"][0]
    card = next(c for c in player["draw"]["ability"] if c not in special_cards(state, 0))
    player["draw"]["ability"].remove(card)
    player["palace"].append(card)
    assert RULES.invariants(state) == [
        "ATT-SPECIAL: seat 0 has a card on the palace that is none"]
    state = sound()
    player = state["players"][0]  # the robots' Singularity is Unique
    for card in special_cards(state, 0):
        player["draw"]["ability"].remove(card)
        player["palace"].append(card)
    assert RULES.invariants(state) == ["ATT-SPECIAL: seat 0 has two of a Unique troop"]


def test_a_position_checked_sound_then_broken_is_named():
    """The places last found sound are remembered: a change of them is checked afresh."""
    state = sound()
    assert RULES.invariants(state) == []
    assert RULES.invariants(state) == []  # the same places again
    player = state["players"][0]
    pile = player["draw"]["ability"]
    pile[0], pile[-1] = pile[-1], pile[0]  # the same cards in another order: sound
    assert RULES.invariants(state) == []
    pile[0] = player["draw"]["base"][0]  # as many cards, one of them twice
    assert RULES.invariants(state) == ["ATT-DECK: seat 0's cards are lost or in two places"]


def test_a_board_checked_sound_then_changed_in_place_is_named():
    """A board equal to the copy last found sound is not read again: a change made to it
    in place (a troop's list, a base's card, a slot emptied) is still read afresh."""
    invariants._BOARDS.clear()  # the copy kept is this state's, not an earlier test's
    state = sound()
    assert RULES.invariants(state) == []
    board = state["players"][0]["board"]
    board[0][0]["troops"].append(0)  # three troops on a base, the same list in place
    assert RULES.invariants(state) == ["ATT-BASES: seat 0 has a base wrongly built or manned"]
    board[0][0]["troops"].pop()
    assert RULES.invariants(state) == []
    board[0][1]["troops"][0] = -1  # one territory changed, the others as they were
    assert RULES.invariants(state) == ["ATT-BASES: seat 0 has a base wrongly built or manned"]
    board[0][1]["troops"][0] = 0
    assert RULES.invariants(state) == []
    player = state["players"][0]
    ability = player["draw"]["ability"].pop()
    player["draw"]["base"].append(board[0][1]["card"])
    board[0][1]["card"] = ability
    assert RULES.invariants(state) == ["ATT-BASES: seat 0 has a base wrongly built or manned"]
    state = sound()
    assert RULES.invariants(state) == []
    board = state["players"][0]["board"]
    card = board[0][0]["card"]
    board[0][0] = None  # a base gone without its card going anywhere
    assert RULES.invariants(state) == ["ATT-DECK: seat 0's cards are lost or in two places"]
    state["players"][0]["discard"]["base"].append(card)
    assert RULES.invariants(state) == []
