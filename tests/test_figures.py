"""companion.core.figures: who won by seat order, a tie's shared win included."""

from __future__ import annotations

from collections import Counter

from companion.core.figures import seat_order_lines, seat_order_statistics, seat_order_tally


def test_each_game_counts_as_first_second_shared_or_draw():
    first = {"first": 0, "round": 3, "turn": 6}
    assert seat_order_tally(first, [0]) == {"rounds": 3, "turns": 6, "win:first": 1}
    assert seat_order_tally(first, [1])["win:second"] == 1
    assert seat_order_tally(first, [0, 1])["win:shared"] == 1  # a tie both win
    assert seat_order_tally({"first": 2}, [0, 1]) == {"win:second": 1}  # the others' tie
    assert seat_order_tally({"first": 1}, [1]) == {"win:first": 1}
    assert seat_order_tally({}, []) == {"win:draw": 1}


def test_a_shared_win_is_neither_the_first_players_nor_the_seconds():
    """Counted as the first player's, 21 ties out of 300 games read as 52.3 % against
    a second player put at 47.7 %, who had won 54.7 % of them."""
    counters = Counter()
    for winners in [[0]] * 136 + [[1]] * 143 + [[0, 1]] * 21:
        counters.update(seat_order_tally({"first": 0}, winners))
    stats = seat_order_statistics(counters, 300)
    assert (stats["first_player"], stats["second_player"], stats["shared"]) == (
        0.4533, 0.4767, 0.07)
    assert seat_order_lines(stats)[0] == (
        "first player wins 45.3 %, second 47.7 %, shared 7.0 % (of decided games); "
        "draws 0.0 %")


def test_no_shared_figure_where_no_game_was_shared():
    counters = Counter({"win:first": 3, "win:second": 1, "win:draw": 1})
    stats = seat_order_statistics(counters, 5)
    assert "shared" not in stats and stats["first_player"] == 0.75
    assert seat_order_lines(stats)[0] == (
        "first player wins 75.0 %, second 25.0 % (of decided games); draws 20.0 %")
