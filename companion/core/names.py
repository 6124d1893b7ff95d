"""Players' names and colours as setups carry them: checked once here for every
game, so a hand-edited save is refused with a reason, never shown broken."""

from __future__ import annotations

import unicodedata

MAX_NAME = 100  # characters of a player's name or colour


def plain_text(value) -> bool:
    """Short text without control characters or lone surrogates, which the screens
    could not show: a name or a colour (None: not given)."""
    return value is None or isinstance(value, str) and len(value) <= MAX_NAME and not any(
        unicodedata.category(ch) in ("Cc", "Cs") for ch in value)
