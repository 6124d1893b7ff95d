"""The trickle, case by case (docs/rulings/top-secret.md, TS-TRICKLE and the rulings it
names): both parities, both redirects, the stop, off the board, a crowded space,
possession, more than three pieces, a Honeypot, the order and the draws."""

from __future__ import annotations

from companion.games.ts.geometry import board
from companion.games.ts.trickle import draws_due
from tests.ts.scenario import Table, at


def test_ts_board_geometry():
    """TS-BOARD: 59 spaces in nine rows of 7 and 6; two spaces below each."""
    geometry = board()
    assert geometry.size == 59
    assert [sum(1 for r in geometry.row if r == row) for row in range(9)] == [7, 6] * 4 + [7]
    assert geometry.down[at("C1")][0] == -1  # a long row's first space: down-left is off
    assert geometry.names[geometry.down[at("C1")][1]] == "D1"
    assert [geometry.names[s] for s in geometry.down[at("B1")]] == ["C1", "C2"]
    assert sorted(geometry.names[s] for s in geometry.adjacent[at("F3")]) == \
        ["E3", "E4", "F2", "F4", "G3", "G4"]  # TS-ADJ: six neighbours


def test_ts_field_and_drops():
    """TS-FIELD, TS-DROP."""
    geometry = board()
    assert sum(geometry.field) == 33 and not geometry.field[at("D3")]
    assert [geometry.names[s] for s in geometry.spawn] == [f"I{c}" for c in range(1, 8)]
    assert [geometry.names[s] for s in geometry.drops] == ["A2", "A6"]


def test_odd_falls_down_left_and_even_down_right():
    """TS-TRICKLE: the parity of the colour's die."""
    table = Table()
    left = table.intel("B3", "codes")
    right = table.intel("B5", "naval")
    table.fall(codes=3, naval=4)
    assert table.where(left) == "C3" and table.where(right) == "C6"


def test_a_blockade_below_redirects_the_other_way():
    """TS-REDIRECT, both directions."""
    table = Table()
    odd, even = table.intel("B2", "codes"), table.intel("B5", "naval")
    table.block("C2")  # odd B2 aims at C2 (down-left)
    table.block("C6")  # even B5 aims at C6 (down-right)
    report = table.fall(codes=1, naval=2)
    assert table.where(odd) == "C3" and table.where(even) == "C5"
    assert {m["why"] for m in report["moves"]} == {"redirected"}


def test_blockades_on_both_sides_stop_a_piece():
    """TS-STOP."""
    table = Table()
    piece = table.intel("B2", "codes")
    table.block("C2")
    table.block("C3")
    report = table.fall(codes=5)
    assert table.where(piece) == "B2" and report["moves"][0]["why"] == "stopped"


def test_off_the_board_goes_back_into_the_bag():
    """TS-OFF: over the edge, below the bottom row, and redirected off."""
    table = Table()
    edge = table.intel("C1", "codes")  # odd: down-left of C1 is off the board
    bottom = table.intel("I4", "naval")
    redirected = table.intel("C7", "signals")  # odd aims at D6; blocked; C7's down-right off
    table.block("D6")
    table.fall(codes=1, naval=2, signals=1)
    assert table.where(edge) == table.where(bottom) == table.where(redirected) == "bag"


def test_a_piece_waits_behind_a_loose_piece_that_cannot_move():
    """TS-CROWD and TS-ORDER: the lower piece moves first; a blocked one makes the
    piece above it wait."""
    table = Table()
    lower = table.intel("C3", "codes")
    table.block("D2")
    table.block("D3")  # the lower piece cannot move
    upper = table.intel("B2", "naval")  # even: aims at C3, where the lower piece stays
    follower = table.intel("B4", "finance")  # odd: aims at C4, free
    report = table.fall(codes=1, naval=2, finance=1)
    assert table.where(lower) == "C3" and table.where(upper) == "B2"
    assert table.where(follower) == "C4"
    assert [m["why"] for m in report["moves"]] == ["stopped", "crowded", "fell"]


def test_a_piece_falls_onto_an_agent_and_is_possessed():
    """TS-POSSESS."""
    table = Table()
    agent = table.agent(0, "analyst", "F3")
    piece = table.intel("E4", "codes")  # odd: down-left of E4 is F3
    table.fall(codes=1)
    assert table.where(piece) == agent


def test_more_than_three_pieces_all_go_back():
    """TS-OVERLOAD."""
    table = Table()
    agent = table.agent(1, "engineer", "F3", held=[("finance", 1), ("finance", 2),
                                                   ("finance", 3)])
    piece = table.intel("E4", "codes")
    table.fall(codes=1)
    assert table.state["agents"][agent]["held"] == []
    assert table.where(piece) == "bag"
    assert any(e["kind"] == "overload" for e in table.events)


def test_a_honeypot_removes_the_agent_and_returns_its_intel():
    """TS-HONEYPOT: the agent leaves for good; the Honeypot and its Intel go to the bag."""
    table = Table()
    agent = table.agent(1, "hacker", "F3", held=[("finance", 2)])
    trap = table.intel("E4", "naval", honeypot=True)
    later = table.intel("D3", "codes")  # falls after, onto the now empty F3's row above
    table.fall(codes=2, naval=1)
    assert agent not in table.state["agents"] and agent in table.state["gone"]
    assert table.where(trap) == "bag" and len(table.state["bag"]) == 47 - 1
    assert table.where(later) == "E4"


def test_draws_skip_a_taken_drop_space_and_an_empty_bag():
    """TS-DRAW."""
    table = Table()
    table.intel("A2", "codes")
    assert [board().names[s] for s in draws_due(table.state)] == ["A6"]
    table.block("A6")
    assert draws_due(table.state) == []
    table.state["walls"] = [0] * len(table.state["walls"])
    table.state["bag"] = []
    assert draws_due(table.state) == []
