"""Python's cycle collector at the table: out of the way of a tap.

A table drops thousands of Kivy objects in cycles with each move (its widgets' property
observers), so the collector ran a full collection every few moves. That walked every
object the app holds, 0.1-0.5 s on a two-core machine, in the middle of whatever tap
came next (bench/companion_taps.py). Now:
- what the app has loaded once it has started (Kivy, the kv rules, fonts, the games'
  data) lives as long as the app and is frozen out of every walk (gc.freeze);
- the collector's own full collections are put off (a young collection still runs
  every YOUNG new objects, so memory stays bounded without idle time);
- a full collection runs once the window has drawn nothing for IDLE_SECONDS: between
  a player's taps, over only what the last moves left."""

from __future__ import annotations

import gc

IDLE_SECONDS = 0.4
YOUNG = 50_000  # new objects before a young collection (Python's default: 700)
OLDER = 20  # young collections before a middle-aged one
NEVER = 1_000_000  # middle-aged collections before a full one: idle time does those

collections = 0  # full collections run at idle (the tests read it)


def collect_when_idle(window, clock) -> None:
    """Freeze what is loaded, and from now on collect fully whenever the window has
    been still for IDLE_SECONDS."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(YOUNG, OLDER, NEVER)
    idle = clock.create_trigger(_collect, IDLE_SECONDS)

    def drawn(*_args):
        idle.cancel()
        idle()

    window.bind(on_flip=drawn)
    idle()


def _collect(*_args) -> None:
    global collections
    gc.collect()
    collections += 1
