"""A game's rules made ahead (companion.games.make_ahead, while the new-game form is
filled in) on a thread of their own; its printed data read once: a Start that comes
while the reading is under way waits for it (companion.core.printed) instead of
reading it a second time."""

import functools
import threading

GAME = "top-secret"


def test_a_reading_under_way_is_waited_for_not_done_again(monkeypatch):
    from companion.core import printed

    data = printed.game(GAME)
    reads, started, release = [], threading.Event(), threading.Event()

    @functools.cache
    def read(game_id):
        reads.append(threading.current_thread().name)
        if threading.current_thread().name == "ahead":
            started.set()
            assert release.wait(60)  # the reading ahead takes its time
        return data

    monkeypatch.setattr(printed, "_read", read)
    got = []
    ahead = threading.Thread(target=lambda: got.append(printed.game(GAME)), name="ahead")
    ahead.start()
    assert started.wait(60)
    start = threading.Thread(target=lambda: got.append(printed.game(GAME)), name="start")
    start.start()
    start.join(0.5)
    assert start.is_alive() and reads == ["ahead"]  # the start waits, it does not read
    release.set()
    start.join(60)
    ahead.join(60)
    assert got == [data, data] and reads == ["ahead"]


def test_the_rules_are_made_on_a_thread_of_their_own_and_a_failure_waits_for_start(
        monkeypatch):
    import companion.games as games

    made, failed = [], []

    def rules_for(game_id):
        made.append((game_id, threading.current_thread() is threading.main_thread()))
        raise ValueError("cards/top-secret/game.yaml:3:1: not a mapping")

    monkeypatch.setattr(games, "rules_for", rules_for)
    monkeypatch.setattr(threading, "excepthook", failed.append)
    games.make_ahead(GAME).join(60)
    assert made == [(GAME, False)]
    assert failed == []  # said to the player when Start makes the rules again
