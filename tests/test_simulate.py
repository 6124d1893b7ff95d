"""The simulator goes round a game's setups: game i plays setups[i % n], however many
processes play, so every pairing of sides gets its share of games."""

from __future__ import annotations

import pytest

from companion.core.engine import Rules
from companion.core.simulate import shares, simulate


class Race(Rules):
    """Two seats; the setup says who wins at once."""

    game_id = "race"

    def new_game(self, setup, seed):
        return {"await": {"player": 0, "kind": "go"}, "winner": setup["winner"], "rng": seed}

    def legal_actions(self, state):
        return [{"type": "go"}] if state["await"] else []

    def step(self, state, action):
        state["await"] = None
        return [{"kind": "won", "text": "won"}]

    def winning_seats(self, state):
        return [state["winner"]]

    def simulation_setups(self, seats):
        return [{"winner": 0}, {"winner": 1}, {"winner": 1}]

    def tally(self, state, actions, events):
        return {f"winner {state['winner']}": 1}


class Go:
    def choose(self, rules, state):
        return {"type": "go"}


def test_games_go_round_the_setups_whatever_the_jobs():
    rules = Race()
    for jobs in (1, 2):
        report = simulate(rules, lambda i: ([Go(), Go()], ["go", "go"]), 9, 1,
                          rules.simulation_setups(2), check=False, jobs=jobs)
        assert report.wins_by_seat == {0: 3, 1: 6}
        assert report.counters == {"winner 0": 3, "winner 1": 6}


def test_the_workers_share_ranges_that_shrink_to_single_games():
    """Every game in exactly one range, in order; the ranges shrink, so that the last
    ones, which the workers take as they finish, are single games."""
    for games, jobs in ((10_000, 2), (40, 2), (3, 2), (1_000, 3), (7, 8)):
        ranges = shares(games, jobs)
        assert [g for low, high in ranges for g in range(low, high)] == list(range(games))
        sizes = [high - low for low, high in ranges]
        assert sizes == sorted(sizes, reverse=True) and sizes[-1] == 1
    ranges = shares(10_000, 2)
    assert ranges[0] == (0, 1_250) and len(ranges) < 80


def test_one_setup_is_still_accepted():
    report = simulate(Race(), lambda i: ([Go(), Go()], ["go", "go"]), 4, 1, {"winner": 1},
                      check=False)
    assert report.wins_by_seat == {1: 4}


def test_the_workers_end_quietly_when_the_pool_ends_them():
    """A command's SIGTERM handler (pnp's stop_on_sigterm) is not the workers': the pool
    ends them with SIGTERM, which printed a Terminated traceback from each worker."""
    import signal

    from pnp.cli.main import stop_on_sigterm

    def agents(index):
        assert signal.getsignal(signal.SIGTERM) == signal.SIG_DFL, "a worker kept the handler"
        assert signal.getsignal(signal.SIGINT) == signal.SIG_IGN, "a worker stops on Ctrl-C"
        return [Go(), Go()], ["go", "go"]

    with stop_on_sigterm():
        report = simulate(Race(), agents, 8, 1, {"winner": 0}, check=False, jobs=2)
    assert report.wins_by_seat == {0: 8}


def test_rotating_strategies_meet_every_setup_in_every_seat():
    """`--rotate` over four setups (Attack the Tower's pairings) and two strategies:
    rotating game by game would give each pairing the same strategy in the same seat
    forever; rotating once a round of setups plays each pairing both ways, equally."""
    from collections import Counter

    from companion.cli import seat_strategies

    played = Counter((index % 4, tuple(seat_strategies(["expert", "greedy"], index, 4)))
                     for index in range(400))
    assert set(played.values()) == {50} and len(played) == 8
    assert [seat_strategies(["a", "b"], i, 1) for i in range(3)] == [
        ["a", "b"], ["b", "a"], ["a", "b"]]  # one setup: the seats swap every game


def test_the_cycle_collector_runs_between_games_only():
    """companion.core.gcpause: off during a study's games, what was loaded frozen, the
    young objects collected between games, and all as it was afterwards."""
    import gc
    import weakref

    from companion.core import gcpause

    class Node:
        loop = None

    assert gc.isenabled()
    with gcpause.collector_between_games() as between:
        assert not gc.isenabled() and gc.get_freeze_count() > 0
        between()  # before the first game: nothing to do
        node = Node()
        node.loop = node  # a cycle the game dropped: only the collector frees it
        left = weakref.ref(node)
        del node
        assert left() is not None
        between()  # after the game
        assert left() is None
        kept = [Node()]  # what an AI remembers: survives the full walk, then frozen
        frozen = gc.get_freeze_count()
        for _ in range(gcpause.GAMES_PER_FULL - 1):
            between()
        assert gc.get_freeze_count() > frozen and kept
    assert gc.isenabled() and gc.get_freeze_count() == 0


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_an_interrupted_study_keeps_whole_saves_and_says_so(tmp_path, jobs):
    """`pnp simulate --save` interrupted by a Ctrl-C, which a terminal sends to every
    process of its group (the workers too): every save left is whole JSON, no
    part-written file stays, the command says what it kept (not "nothing was
    written"), and no worker prints its own stop."""
    import json
    import os
    import signal
    import subprocess
    import sys
    import time

    folder = tmp_path / "saves"
    process = subprocess.Popen(
        [sys.executable, "-m", "pnp", "simulate", "attack-the-tower", "--games", "2000",
         "--jobs", jobs, "--save", str(folder)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    deadline = time.monotonic() + 120
    while not (folder.is_dir() and len(os.listdir(folder)) >= 3):
        assert process.poll() is None and time.monotonic() < deadline, "no saves came"
        time.sleep(0.02)
    os.killpg(process.pid, signal.SIGINT)
    _, err = process.communicate(timeout=120)
    assert process.returncode == 130
    assert "ForkPoolWorker" not in err and "Traceback" not in err, err
    saves = sorted(folder.iterdir())
    assert saves and all(p.name.startswith("game-") for p in saves)
    for save in saves:
        json.loads(save.read_text())
    assert f"interrupted; no report, {len(saves)} saved game(s)" in err
    assert "nothing was written" not in err


def test_progress_is_told_the_games_played_whatever_the_jobs():
    """In this process: after every game with one job; with two, the workers' shared
    count read while they play, and once more when all are played."""
    told = []
    simulate(Race(), lambda i: ([Go(), Go()], ["go", "go"]), 5, 1, {"winner": 0},
             check=False, progress=told.append)
    assert told == [1, 2, 3, 4, 5]
    told.clear()
    simulate(Race(), lambda i: ([Go(), Go()], ["go", "go"]), 40, 1, {"winner": 0},
             check=False, jobs=2, progress=told.append)
    assert told and told == sorted(told) and told[-1] == 40
