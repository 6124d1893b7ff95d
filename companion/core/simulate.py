"""The simulator harness: AI players play complete games in virtual mode,
every state is checked against the game's invariants, results are tallied."""

from __future__ import annotations

import json
import os
import signal
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from companion.core.engine import Rules
from companion.core.gcpause import collector_between_games
from companion.core.session import save_data

MAX_ACTIONS = 20_000


@dataclass
class Report:
    games: int = 0
    wins_by_seat: Counter = field(default_factory=Counter)
    wins_by_strategy: Counter = field(default_factory=Counter)
    games_by_strategy: Counter = field(default_factory=Counter)
    draws: int = 0
    lengths: list = field(default_factory=list)  # actions per game
    invariant_failures: list = field(default_factory=list)
    counters: Counter = field(default_factory=Counter)
    seconds: float = 0.0

    def as_json(self, rules: Rules) -> dict:
        """One shape for every game; the game's own figures under `statistics`."""
        return {"game": rules.game_id, "games": self.games,
                "wins_by_seat": {str(k): v for k, v in sorted(self.wins_by_seat.items())},
                "wins_by_strategy": dict(sorted(self.wins_by_strategy.items())),
                "games_by_strategy": dict(sorted(self.games_by_strategy.items())),
                "draws": self.draws,
                "avg_actions": round(sum(self.lengths) / max(1, len(self.lengths)), 2),
                "invariant_failures": self.invariant_failures,
                "statistics": rules.statistics(dict(self.counters), self.games),
                "seconds": round(self.seconds, 3)}


def play_game(rules: Rules, agents: list, setup: dict, seed: int, check: bool = True):
    """One complete game; returns (final state, actions, broken invariants, events)."""
    state, events = rules.opening(setup, seed)
    actions, broken = [], []
    with rules.live_only():  # this one state is stepped in place and never copied
        # the loop runs some 300 times a game: its methods looked up once
        is_over, acting_seat, step = rules.is_over, rules.acting_seat, rules.step
        snapshot, invariants, played = rules.snapshot_for_checks, rules.invariants, \
            actions.append
        while not is_over(state) and len(actions) < MAX_ACTIONS:
            action = agents[acting_seat(state)].choose(rules, state)
            previous = snapshot(state) if check else None
            events += step(state, action)
            played(action)
            if check:
                for message in invariants(state, previous):
                    broken.append({"seed": seed, "action": len(actions), "message": message})
    if not rules.is_over(state):
        broken.append({"seed": seed, "action": len(actions), "message": "game did not end"})
    return state, actions, broken, events


_JOB: tuple = ()  # what the forked workers play: set before the pool forks
_PLAYED = None  # what a worker calls after each game: counts it where the command sees it


def _play_range(bounds: tuple) -> Report:
    rules, make_agents, seed, setups, save_dir, check = _JOB
    report = Report()
    played = _PLAYED
    with collector_between_games() as between:
        for index in range(*bounds):
            between()
            _play_one(report, index, rules, make_agents, seed, setups, save_dir, check)
            if played is not None:
                played()
    return report


def _play_one(report, index, rules, make_agents, seed, setups, save_dir, check) -> None:
    setup = setups[index % len(setups)]
    agents, names = make_agents(index)
    game_seed = seed * 1_000_003 + index
    state, actions, broken, events = play_game(rules, agents, setup, game_seed, check)
    report.games += 1
    report.invariant_failures += broken
    report.lengths.append(len(actions))
    for name in names:
        report.games_by_strategy[name] += 1
    winners = rules.winning_seats(state)
    if not winners:
        report.draws += 1
    for seat in winners:
        report.wins_by_seat[seat] += 1
        report.wins_by_strategy[names[seat]] += 1
    report.counters.update(rules.tally(state, actions, events))
    if save_dir is not None:
        save = save_data(rules, setup, game_seed, actions, state)
        name = f"game-{index + 1:05d}.json"
        temp = save_dir / f".{name}.part"  # a stop mid-write leaves no half a save
        temp.write_text(json.dumps(save) + "\n")
        os.replace(temp, save_dir / name)


def shares(games: int, jobs: int) -> list[tuple[int, int]]:
    """The games cut into ranges for `jobs` workers, each a quarter of a worker's share
    of what is left, down to one game: a worker takes the next range as it finishes
    one, so the last ranges are short and the workers finish together (eight equal
    ranges left one idle for up to a range, seconds in a long study)."""
    ranges, low = [], 0
    while low < games:
        high = low + max(1, -(-(games - low) // (jobs * 4)))
        ranges.append((low, min(games, high)))
        low = high
    return ranges


def simulate(rules: Rules, make_agents, games: int, seed: int, setup: dict | list[dict],
             save_dir: Path | None = None, check: bool = True, jobs: int = 1,
             progress=None) -> Report:
    """`make_agents(game_index)` -> (agents by seat, strategy names by seat); `setup`
    one setup or a list that game i takes in turn (setups[i % len]); `progress(played)`,
    if given, is told the games played so far, in this process: after each game, or
    with jobs > 1 a few times a second while the workers play.

    Game i always uses seed*1000003+i and make_agents(i), so the results do not
    depend on `jobs`: with jobs > 1 ranges of games run in forked processes."""
    global _JOB, _PLAYED
    start = time.perf_counter()
    if save_dir is not None:
        save_dir.mkdir(parents=True, exist_ok=True)
    _JOB = (rules, make_agents, seed, setup if isinstance(setup, list) else [setup], save_dir,
            check)
    try:
        if jobs > 1 and games > 1:
            parts = _in_workers(games, jobs, progress)
        else:
            _PLAYED = None if progress is None else _counter(progress)
            parts = [_play_range((0, games))]
    finally:
        _PLAYED = None
    report = Report()
    for part in parts:
        report.games += part.games
        report.wins_by_seat.update(part.wins_by_seat)
        report.wins_by_strategy.update(part.wins_by_strategy)
        report.games_by_strategy.update(part.games_by_strategy)
        report.draws += part.draws
        report.lengths += part.lengths
        report.invariant_failures += part.invariant_failures
        report.counters.update(part.counters)
    report.seconds = time.perf_counter() - start
    return report


def _worker_signals() -> None:
    """A forked worker keeps the parent's signal handlers: the pool's own SIGTERM at its
    end must end the worker, not raise the command's stop in it. A Ctrl-C reaches every
    process of the terminal's group: only the command stops on it (and ends the pool),
    where each worker printed "Process ForkPoolWorker-N:" as it died."""
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _counter(progress):
    """What counts the games of a study played in this process, telling `progress`."""
    played = 0

    def count() -> None:
        nonlocal played
        played += 1
        progress(played)
    return count


def _in_workers(games: int, jobs: int, progress) -> list[Report]:
    """The games' ranges played by `jobs` forked workers. The games played are counted
    in shared memory, which this process reads while it waits (a shared count costs a
    game about a microsecond; a range's result comes only once all its games are in)."""
    global _PLAYED
    import multiprocessing

    context = multiprocessing.get_context("fork")
    played = context.Value("q", 0) if progress is not None else None
    if played is not None:
        def count() -> None:
            with played.get_lock():
                played.value += 1
        _PLAYED = count
    with context.Pool(jobs, initializer=_worker_signals) as pool:
        waiting = pool.map_async(_play_range, shares(games, jobs), chunksize=1)
        while played is not None:  # told once more when all are played
            waiting.wait(0.25)
            progress(played.value)
            if waiting.ready():
                break
        return waiting.get()
