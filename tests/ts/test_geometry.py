"""Top-Secret's board laid out (geometry.py, no Kivy): row A at the top of its box
however tall the box, and an agent's chips inside its space, clear of the chips of an
agent on any space beside, at every size the screens draw."""

from __future__ import annotations

from math import hypot

from companion.games.ts.geometry import ROOT3, board, chips


def test_row_a_stays_at_the_top_of_the_box_however_tall():
    geometry = board()
    tops = set()
    for height in (900, 1100, 1400, 2000):
        r, centres = geometry.place(0, 2000 - height, 1000, height, 70, 10)
        tops.add(round(centres[0][1] + r, 6))
        assert min(y for _, y in centres) - r >= 2000 - height  # in its box
    assert tops == {2000 - 5}


def inside(x, y, r) -> bool:
    """(x, y) from a space's centre inside its hexagon (pointy top, radius r)."""
    return abs(x) <= ROOT3 * r / 2 and abs(x) / ROOT3 + abs(y) <= r


def test_chips_lie_in_their_space_clear_of_the_next_agents_chips():
    geometry = board()
    for r, least in ((98, 21), (74, 27.6), (63, 27.6), (50, 27.6)):  # tablet, phones
        _, centres = geometry.place(0, 0, ROOT3 * r * 7 + 70, r * 14 + 10, 70, 10)
        for count in (1, 2, 3):
            spots = chips(count, r, least)
            assert len(spots) == count
            for x, y, radius in spots:
                assert radius >= least and radius >= 0.34 * r - 1e-9
                assert inside(x, y, r), (r, count, x, y)
            for space, near in enumerate(geometry.adjacent):
                for other in near:
                    dx = centres[other][0] - centres[space][0]
                    dy = centres[other][1] - centres[space][1]
                    for x, y, c in spots:
                        for u, v, d in chips(3, r, least):
                            gap = hypot(dx + u - x, dy + v - y) - c - d
                            assert gap >= 0.05 * r, (r, count, space, other, gap)
