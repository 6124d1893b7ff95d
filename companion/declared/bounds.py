"""A declared counter's bounds as the table keeps them (docs/format.md, "The table").

Why a default: a counter with no `min` is a score, coins, hit points, cards to draw:
none of them goes below nothing, and a tap on - at 0 (or an effect taking more than a
player has) must not leave -1 on the table. So no `min` is min 0; a designer lets a
counter go below 0 by declaring a negative `min` (`min: -20`). A counter that starts
below 0 with no `min` is an error where it is written (file:line:col), as pnp's loader
gives its own."""

from __future__ import annotations

from pathlib import Path

LEAST = 0  # the least a counter goes when its `min` is not declared


def bounded(table: dict, folder: str = "") -> dict:
    """The table with each counter's `min` filled in (LEAST where none is declared);
    ValueError, located in the folder's YAML where it can be, for a counter that cannot
    keep the default."""
    counters = []
    for index, counter in enumerate(table["counters"]):
        if counter["min"] is None:
            if counter["start"] < LEAST:  # (pnp's loader keeps start within a max)
                raise ValueError(f"{written_at(folder, index, 'start')}: counter "
                                 f"'{counter['id']}': start {counter['start']} is below "
                                 f"{LEAST}, the least a counter goes when it declares no "
                                 f"min: declare min: {min(counter['start'], -10)} (or lower) "
                                 f"to let it go below {LEAST}")
            counter = {**counter, "min": LEAST}
        counters.append(counter)
    return {**table, "counters": counters}


def written_at(folder: str, index: int, key: str) -> str:
    """Where a counter's key is written: "FILE:LINE:COL" in the folder's game.yaml (or
    the file its `table:` names), else "table: counters[INDEX].KEY" (a table given as
    data, a folder changed since it was loaded)."""
    fallback = f"{folder or 'table'}: table: counters[{index}].{key}"
    if not folder or folder.startswith("<"):
        return fallback
    try:
        from pnp.load.yamlload import load_yaml

        node = load_yaml(Path(folder) / "game.yaml")
        node = node["table"]
        if isinstance(node, str):  # the table in a file of its own (table: table.yaml)
            node = load_yaml(Path(folder) / node)
        counters = node["counters"]
        written = counters[index]
        mark = written.mark_of(key) if key in written else counters.marks[index]
    except Exception:  # noqa: BLE001 - a place to point at is a help, not a must
        return fallback
    return f"{mark.file}:{mark.line}:{mark.col}"
