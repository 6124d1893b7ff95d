"""Padding between text and the rules and bands it sits by: a line of text whose ink
comes within PAD of a rule (a line element) or of the edge of a band (a filled
rectangle) looks crowded when printed, or crosses it. Each piece's rules, bands and
lines of text are gathered as it is drawn (mm from the trim's top-left, y down), then
compared; the warnings name the text's layout line and what it touches."""

from __future__ import annotations

import math
from dataclasses import dataclass, field

PAD = 0.4  # mm of paper kept between a line of text's ink and a rule or band edge
OVERLAP = 0.5  # mm the two must share along the rule before it counts


@dataclass
class PieceSpacing:
    rules: list = field(default_factory=list)  # (x0, y0, x1, y1, half width, mark)
    bands: list = field(default_factory=list)  # (left, top, right, bottom, mark, fill)
    inks: list = field(default_factory=list)  # (left, top, right, bottom, mark, source)

    def rule(self, points: list, width: float, mark) -> None:
        """The straight, upright or level segments of a line element."""
        for (x0, y0), (x1, y1) in zip(points, points[1:], strict=False):
            if math.isclose(x0, x1, abs_tol=0.01) or math.isclose(y0, y1, abs_tol=0.01):
                self.rules.append((min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1),
                                   width / 2, mark))

    def band(self, box: tuple, trim: tuple, mark, fill: str) -> None:
        """A filled rectangle, unless it is the piece's whole ground."""
        left, top, right, bottom = box
        if left <= 0.5 and top <= 0.5 and right >= trim[0] - 0.5 and bottom >= trim[1] - 0.5:
            return
        self.bands.append((left, top, right, bottom, mark, fill))

    def counts(self) -> tuple:
        return len(self.rules), len(self.bands), len(self.inks)

    def since(self, counts: tuple) -> tuple | None:
        """What was added after `counts` (rules, bands, inks), or None if nothing."""
        added = (self.rules[counts[0]:], self.bands[counts[1]:], self.inks[counts[2]:])
        return added if any(added) else None

    def add(self, added: tuple) -> None:
        """Add again what `since` returned (an element written again, pnp.draw.reuse)."""
        self.rules += added[0]
        self.bands += added[1]
        self.inks += added[2]

    def crowded(self):
        """(text mark, source, what it touches, its mark, gap mm) for each line of text
        closer than PAD to a rule or a band's edge."""
        for left, top, right, bottom, mark, source in self.inks:
            ink = (left, top, right, bottom)
            for x0, y0, x1, y1, half, other in self.rules:
                gap = _rule_gap(ink, (x0, y0, x1, y1), half)
                if gap is not None and gap < PAD - 0.01:
                    yield mark, source, "rule", other, gap
            holding = [band for band in self.bands if _within(ink, band)]
            for band in self.bands:
                if any(band is not outer and band[5] == outer[5] and _within(band, outer)
                       for outer in holding):
                    continue  # part of the band the text lies in (its squared corners)
                gap = _band_gap(ink, band[:4])
                if gap is not None and gap < PAD - 0.01:
                    yield mark, source, "band", band[4], gap


def _within(inner: tuple, outer: tuple) -> bool:
    return inner[0] >= outer[0] and inner[1] >= outer[1] and inner[2] <= outer[2] and \
        inner[3] <= outer[3]


def _rule_gap(ink: tuple, rule: tuple, half: float):
    """Ink's distance from a level or upright rule it runs along, or None."""
    left, top, right, bottom = ink
    x0, y0, x1, y1 = rule
    if y0 == y1:  # level: shares a stretch across, and is above, below or on it
        if min(right, x1) - max(left, x0) < OVERLAP:
            return None
        return max(y0 - half - bottom, top - (y0 + half))
    if min(bottom, y1) - max(top, y0) < OVERLAP:
        return None
    return max(x0 - half - right, left - (x0 + half))


def _band_gap(ink: tuple, band: tuple):
    """Inside a band: the distance to its nearest edge; beside it (sharing a stretch
    along that edge): the distance to it; across an edge: negative; else None."""
    left, top, right, bottom = ink
    b_left, b_top, b_right, b_bottom = band
    if left >= b_left and right <= b_right and top >= b_top and bottom <= b_bottom:
        return min(left - b_left, top - b_top, b_right - right, b_bottom - bottom)
    across = min(right, b_right) - max(left, b_left)
    down = min(bottom, b_bottom) - max(top, b_top)
    if across >= OVERLAP and down > 0 or down >= OVERLAP and across > 0:
        return -min(across, down)  # part of a line inside the band, part outside
    if across >= OVERLAP:  # above or below it
        return max(b_top - bottom, top - b_bottom)
    if down >= OVERLAP:  # beside it
        return max(b_left - right, left - b_right)
    return None
