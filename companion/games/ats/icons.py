"""Above Top Secret's pictograms: the printed shapes of cards/above-top-secret."""

from __future__ import annotations

from companion.app.icons import PrintedIcon
from companion.games.ats import look


class AtsIcon(PrintedIcon):
    shapes = staticmethod(look.shapes)
