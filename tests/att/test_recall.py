"""The wave plans' bounded memory (companion/games/att/recall.py): at most two
generations kept, and what is met again survives the older one's drop."""

from __future__ import annotations

from companion.games.att.recall import Recall


def test_a_full_generation_drops_the_one_before():
    memory = Recall(3)
    for key in range(7):
        memory.put(key, key * 10)
    assert len(memory) <= 6
    assert memory.get(0) is None  # two generations back: forgotten
    assert memory.get(6) == 60 and memory.get(3) == 30


def test_what_is_met_again_is_kept_young():
    memory = Recall(3)
    for key in range(3):
        memory.put(key, key)
    memory.put(3, 3)  # 0, 1, 2 are now the old generation
    assert memory.get(1) == 1  # met again: young once more
    for key in (4, 5):
        memory.put(key, key)  # at 5 the old generation (0, 2) goes, 1 with the young
    assert memory.get(0) is None and memory.get(2) is None
    assert memory.get(1) == 1


def test_cleared_it_holds_nothing():
    memory = Recall(2)
    memory.put("a", 1)
    memory.clear()
    assert len(memory) == 0 and memory.get("a") is None
