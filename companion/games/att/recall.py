"""A bounded memory of pure results as a plain dict (one lookup a question): once it
holds `size`, the oldest quarter of what it learnt is forgotten.

A study's worker plays 5,000 games in one process, and the wave plans' battles it meets
again were mostly first met many games back (plans.py): what the memory forgets at once
counts. Over 5,000 games, 1.89 million lookups: cleared whole at 200,000 battles, 1.42
million missed; with the oldest quarter of 800,000 forgotten, 1.25 million (1.20
million with no bound, at some 580 MB a process); two generations of 400,000 (what
was met again kept young) miss as few, but ask two dicts on a miss."""

from __future__ import annotations

from itertools import islice


def remember(memory: dict, key, value, size: int) -> None:
    """memory[key] = value, the oldest quarter forgotten first if it holds `size`."""
    if len(memory) >= size:
        for old in list(islice(memory, size // 4)):
            del memory[old]
    memory[key] = value
