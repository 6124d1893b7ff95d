"""Python's cycle collector in a simulation: between games, not during them.

A game's states are trees of dicts and lists, freed by reference counting the moment
they are dropped; the collector's walks found little to free, yet its full ones walked
every object the AIs remember (their caches grow for the whole run) and took about 15 %
of a study's time. In a study the collector is off, what is loaded is frozen out of its
walks, the young objects are collected after each game and everything every GAMES_PER_FULL
games, whose survivors are frozen too (a full walk then meets only what came since):
memory stays bounded, the games are the same. Reference counting still frees a frozen
object the moment it is dropped; only a cycle of frozen objects would wait for the end."""

from __future__ import annotations

import gc
from contextlib import contextmanager

GAMES_PER_FULL = 50


@contextmanager
def collector_between_games():
    """Yields `between()`, to call before each game."""
    was_enabled = gc.isenabled()
    gc.collect()
    gc.freeze()
    gc.disable()
    played = 0

    def between() -> None:
        nonlocal played
        if played:
            full = played % GAMES_PER_FULL == 0
            gc.collect(2 if full else 0)
            if full:  # what survives a full walk is the AIs' memory: not walked again
                gc.freeze()
        played += 1

    try:
        yield between
    finally:
        gc.unfreeze()
        if was_enabled:
            gc.enable()
