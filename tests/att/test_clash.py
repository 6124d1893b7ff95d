"""A new battle's steps (companion/games/att/clash.py): kills looked up by the number of
a side's pieces are the kills `kills.assigned` gives, wounds and all, every time."""

from __future__ import annotations

from companion.games.att import clash
from companion.games.att.kills import assigned

PIECES = ((("troop", 0, 0, 0), 3), (("troop", 0, 0, 1), 4), (("troop", 0, 1, 0), 2))


def test_numbered_kills_are_the_assigned_ones():
    number = next(clash.NUMBERS)
    for hits in range(0, 11):
        for first_step in (True, False):
            wounds: list = []
            expected = assigned(PIECES, hits, 0, first_step, wounds)
            for _ in range(2):  # worked out, then from memory
                given: list = []
                assert clash.numbered(number, PIECES, hits, 0, first_step, given) == expected
                assert given == wounds


def test_a_number_is_never_given_twice():
    assert next(clash.NUMBERS) != next(clash.NUMBERS)
