"""A declared counter's bounds as the table keeps them (docs/format.md, "The table").

pnp's loader fills in a counter's `min` (pnp.load.table.LEAST when none is declared) and
says where a start cannot keep it; a table given as data (tests, the conformance suite)
gets the same default here."""

from __future__ import annotations

from companion.core.printed import counter_least


def bounded(table: dict) -> dict:
    """The table with each counter's `min` filled in (the loader's least where none is
    declared); ValueError for a counter that starts below it."""
    least, counters = counter_least(), []
    for counter in table["counters"]:
        if counter["min"] is None:
            if counter["start"] < least:
                raise ValueError(f"table: counter '{counter['id']}': start "
                                 f"{counter['start']} is below {least}, the least a counter "
                                 f"goes when it declares no min: declare a negative min")
            counter = {**counter, "min": least}
        counters.append(counter)
    return {**table, "counters": counters}
