"""A seeded random generator whose whole state is one integer, so it lives
inside the (JSON) game state and undo, replay and saves reproduce every roll."""

from __future__ import annotations

MASK = (1 << 64) - 1


def next_value(seed: int) -> tuple[int, int]:
    """SplitMix64: (new state, 64-bit output)."""
    seed = (seed + 0x9E3779B97F4A7C15) & MASK
    z = seed
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return seed, z ^ (z >> 31)


def randint(state: dict, low: int, high: int) -> int:
    """A uniform integer in [low, high], advancing state['rng']."""
    span = high - low + 1
    limit = (1 << 64) - ((1 << 64) % span)
    while True:
        state["rng"], value = next_value(state["rng"])
        if value < limit:
            return low + value % span


def shuffle(state: dict, items: list) -> None:
    """Fisher-Yates in place."""
    for i in range(len(items) - 1, 0, -1):
        j = randint(state, 0, i)
        items[i], items[j] = items[j], items[i]


def seed_state(seed: int) -> int:
    return seed & MASK
