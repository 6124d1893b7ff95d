"""Which player rows the board opens first (companion/games/ats/row_order.py), without a window."""

from companion.games.ats.row_order import lit, wants


def order(ranks: dict) -> list:
    return sorted(ranks, key=ranks.get)


def test_the_strongest_mark_lights_a_row_and_a_hand_lights_none():
    marks = {("slot", 1, 0): "picked", ("base", 1, 2): "can", ("hand", 2, "X"): "target"}
    assert lit(marks, 1) == "can"
    assert lit({**marks, ("player", 1): "target"}, 1) == "target"
    assert lit(marks, 2) == ""  # a card in hand is not on the board
    assert lit(marks, 0) == ""


def test_without_marks_the_acting_player_comes_first_then_turn_order():
    ranks = wants([0, 1, 2, 3], {}, 2, (), None)
    assert ranks[2] == (4, 0)
    assert order(ranks) == [2, 3, 0, 1]


def test_rows_to_tap_in_come_before_the_acting_players():
    marks = {("slot", 3, 1): "can", ("base", 0, 0): "target"}
    ranks = wants([0, 1, 2, 3], marks, 1, (), None)
    assert ranks[0] == (2, 3) and ranks[3] == (3, 2)
    assert order(ranks) == [0, 3, 1, 2]


def test_a_chosen_attacker_opens_right_after_the_first_target():
    marks = {("slot", 1, 2): "picked", ("base", 3, 0): "target", ("slot", 0, 1): "target"}
    ranks = wants([0, 1, 2, 3], marks, 1, (), None)
    assert ranks[1] == (2, 2.5)  # targets at turn places 2 (seat 3) and 3 (seat 0)
    assert order(ranks) == [3, 1, 0, 2]


def test_kept_rows_then_the_one_the_player_opened_win():
    marks = {("slot", 3, 1): "target"}
    ranks = wants([0, 1, 2, 3], marks, 0, (2, 1), None)
    assert order(ranks)[:3] == [2, 1, 3]
    ranks = wants([0, 1, 2, 3], marks, 0, (2, 1), 0)
    assert order(ranks)[:3] == [0, 2, 1]
