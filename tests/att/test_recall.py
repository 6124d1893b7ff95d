"""The wave plans' bounded memory (companion/games/att/recall.py): never more than its
size, and what it forgets is the oldest it learnt."""

from __future__ import annotations

from companion.games.att.recall import remember


def test_a_full_memory_forgets_its_oldest_quarter():
    memory: dict = {}
    for key in range(8):
        remember(memory, key, key * 10, 8)
    assert len(memory) == 8
    remember(memory, 8, 80, 8)
    assert list(memory) == [2, 3, 4, 5, 6, 7, 8] and memory[8] == 80


def test_it_never_holds_more_than_its_size():
    memory: dict = {}
    for key in range(1000):
        remember(memory, key, key, 40)
        assert len(memory) <= 40
    assert 999 in memory and 0 not in memory
