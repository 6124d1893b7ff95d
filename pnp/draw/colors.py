"""Colours from '#rrggbb' or '#rrggbbaa' text (validated by the schema first)."""

from __future__ import annotations

from functools import lru_cache

from reportlab.lib.colors import Color


@lru_cache(maxsize=512)
def color(value: str | None):
    if not value:
        return None
    r, g, b = (int(value[i:i + 2], 16) / 255 for i in (1, 3, 5))
    alpha = int(value[7:9], 16) / 255 if len(value) == 9 else 1.0
    return Color(r, g, b, alpha)
