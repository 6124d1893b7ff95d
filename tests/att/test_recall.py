"""The wave plans' bounded memory (companion/games/att/recall.py): never more than its
size; it forgets the oldest it learnt, but not what was met again since it last
forgot."""

from __future__ import annotations

from companion.games.att.recall import Recall


def test_a_full_memory_forgets_its_oldest_quarter():
    memory = Recall(8)
    for key in range(9):
        memory.put(key, key * 10)
    assert list(memory.kept) == [2, 3, 4, 5, 6, 7, 8] and memory.kept[8] == 80


def test_what_was_met_again_is_kept():
    memory = Recall(8)
    for key in range(8):
        memory.put(key, key * 10)
    memory.met.add(1)  # as a reader marks what it found
    memory.put(8, 80)
    assert list(memory.kept) == [2, 3, 4, 5, 6, 7, 1, 8] and memory.kept[1] == 10
    assert not memory.met
    memory.put(9, 90)  # no longer marked: forgotten in its turn
    assert 2 not in memory.kept and 3 not in memory.kept and 1 in memory.kept


def test_it_never_holds_more_than_its_size():
    memory = Recall(40)
    for key in range(1000):
        memory.put(key, key)
        memory.met.add(key)
        assert len(memory) <= 40
    memory.clear()
    assert len(memory) == 0 and not memory.met
