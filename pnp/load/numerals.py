"""Numbers as a designer writes them: YAML 1.1 forms kept as text (`Numeral`) read as
numbers where a number is expected, and numbers no game needs refused where written."""

from __future__ import annotations

import math
import re

from pnp.load.bignum import MAX_NUMBER, TooLong, beyond, digits, whole
from pnp.load.yamlload import Numeral

LEADING_ZEROS = re.compile(r"[-+]?0[0-9]+")  # `007`: decimal as written, as in a CSV


def from_numeral(value, mark, problems):
    """A number for a `Numeral` (see yamlload.py): `007` is 7 as written; forms whose
    meaning only YAML 1.1 gives (0x1F, 1_000, 1:20) are refused with the fix.
    Anything else is returned unchanged."""
    if not isinstance(value, Numeral):
        return value
    if LEADING_ZEROS.fullmatch(value):
        try:
            return whole(value)
        except TooLong as exc:
            problems.add(mark, str(exc))
            return None
    if isinstance(value.yaml_value, str):  # `1e5`: a plain decimal number to any reader
        return float(value)
    meant = value.yaml_value
    if isinstance(meant, int) and too_large(meant, mark, problems):
        return None  # `0x` and 5,000 digits: its size is what is wrong
    problems.add(mark, f"'{value}' is not a plain number (YAML 1.1 reads it as "
                 f"{meant!r}): write {meant!r}, or quote it if it is text")
    return None


def too_large(value: int | float, mark, problems) -> bool:
    """A number no game needs, refused where it is written (a later float() of a
    400-digit int would overflow): checked before any conversion of the value."""
    if isinstance(value, float) and not math.isfinite(value):
        return False  # not finite: said by the caller
    if abs(value) <= MAX_NUMBER:
        return False
    shown = f"a number of {digits(value)} digits" if isinstance(value, int) and \
        abs(value) > 10**20 else str(value)
    problems.add(mark, beyond(shown))
    return True
