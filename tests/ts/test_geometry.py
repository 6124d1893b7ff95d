"""Top-Secret's board laid out (geometry.py, no Kivy): row A at the top of its box
however tall the box, and an agent's chips inside its space, clear of the chips of an
agent on any space beside, at every size the screens draw."""

from __future__ import annotations

from math import cos, hypot, pi, sin

from companion.games.ts.geometry import AGENT, AGENT_UP, NUMBER, ROOT3, board, chips


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


def test_chips_lie_in_their_space_clear_of_the_next_agents_pieces():
    """Every layout of an agent's chips against every layout of a neighbour's: their
    rings apart, and clear of the agents beside and below and of the spaces' numbers,
    at the tablet's radius and the phone's (31.6 dp as wide as the screen; 24 dp: the
    board shrunk beside the Intel picker, its numbers with it)."""
    geometry = board()
    # (radius in pixels, density, the board's size to its steady size: TsBoard.scale)
    for r, dp, scale in ((105, 2, 1), (83, 2.625, 1), (24 * 2.625, 2.625, 24 / 31.6)):
        least, ring = 9 * dp, 1.5 * dp  # pieces.CHIP_LEAST, pieces.EDGE
        _, centres = geometry.place(0, 0, ROOT3 * r * 7 + 70, r * 14 + 10, 70, 10)
        # board.draw_space's size, 14 sp or more (as the board, shrunk), in 14ths
        number = max(14 * scale, min(16, 0.36 * r / dp)) * dp / 14
        digits = (3.6 * number, 5 * number)  # a digit's ink, half across and half up
        for count in (1, 2, 3):
            spots = chips(count, r, least, ring)
            assert len(spots) == count
            for x, y, radius in spots:
                assert radius >= least and radius >= 0.34 * r - 1e-9
                assert inside(x, y, r), (r, count, x, y)
            outer = spots[0][2] + max(1.0, 0.06 * spots[0][2]) + ring
            for space, near in enumerate(geometry.adjacent):
                for other in near:
                    dx = centres[other][0] - centres[space][0]
                    dy = centres[other][1] - centres[space][1]
                    for x, y, _ in spots:
                        for u, v, _ in chips(3, r, least, ring):
                            gap = hypot(dx + u - x, dy + v - y) - 2 * outer
                            assert gap >= 0, (r, count, space, other, gap)
                        agent = hexagon(dx, dy + AGENT_UP * r, AGENT * 1.09 * r)
                        assert not covers(agent, x, y, outer), (r, count, "an agent")
                        nx, ny = dx + NUMBER[0] * r, dy + NUMBER[1] * r
                        assert not box_hits((nx - digits[0], ny - digits[1], nx + digits[0],
                                             ny + digits[1]), x, y, outer), (r, count, "a number")


def hexagon(cx, cy, r) -> list:
    return [(cx + r * cos(pi / 6 + k * pi / 3), cy + r * sin(pi / 6 + k * pi / 3))
            for k in range(6)]


def covers(corners: list, x, y, radius) -> bool:
    """A disc over a convex polygon: its centre inside, or an edge nearer than its radius."""
    inside_all = True
    for (ax, ay), (bx, by) in zip(corners, corners[1:] + corners[:1], strict=True):
        dx, dy = bx - ax, by - ay
        t = max(0.0, min(1.0, ((x - ax) * dx + (y - ay) * dy) / (dx * dx + dy * dy)))
        if hypot(x - ax - t * dx, y - ay - t * dy) < radius:
            return True
        inside_all &= dx * (y - ay) - dy * (x - ax) > 0
    return inside_all


def box_hits(box, x, y, radius) -> bool:
    nx, ny = min(max(x, box[0]), box[2]), min(max(y, box[1]), box[3])
    return hypot(nx - x, ny - y) < radius
