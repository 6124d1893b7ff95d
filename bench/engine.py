"""Rules-engine figures: complete games per second on one core and time per action.

Run in-process after a warm-up game (card data loaded, bytecode compiled), so
the figures are the engine's own speed, not interpreter start-up. Rates are the
best of five runs, as `timeit` reports, so that other load on the machine does
not count against the engine.
"""

from __future__ import annotations

import random
import time

GAMES = 100
RUNS = 5


def random_games(rules, count: int, seed: int = 1) -> tuple[float, int]:
    """(seconds, actions) for `count` complete games between random-legal players,
    changing the state in place as the simulator does (live_only: no replay bases)."""
    actions = 0
    start = time.perf_counter()
    with rules.live_only():
        for index in range(count):
            state = rules.new_game({}, seed + index)
            pick = random.Random(seed + index)
            while state["await"] is not None:
                rules.step(state, pick.choice(rules.legal_actions(state)))
                actions += 1
    return time.perf_counter() - start, actions


def apply_time(rules, count: int = 3000) -> float:
    """Seconds per `apply` (the immutable path the app uses: copy, then step)."""
    state = rules.new_game({}, 99)
    pick = random.Random(99)
    total, done = 0.0, 0
    while done < count:
        if state["await"] is None:
            state = rules.new_game({}, 99 + done)
        action = pick.choice(rules.legal_actions(state))
        start = time.perf_counter()
        state = rules.apply(state, action).state
        total += time.perf_counter() - start
        done += 1
    return total / count


def greedy_games(count: int, jobs: int = 1) -> float:
    """Seconds for `count` greedy-vs-greedy games as `pnp simulate` plays them,
    every state checked against the invariants."""
    from companion.core.simulate import simulate
    from companion.games.ats.ai import GreedyAgent
    from companion.games.ats.rules import AtsRules

    rules = AtsRules()
    report = simulate(rules, lambda i: ([GreedyAgent(i), GreedyAgent(i + 1)],
                                        ["greedy", "greedy"]), count, 1, {}, jobs=jobs)
    return report.seconds


def run(row, section) -> None:
    from companion.games.ats.rules import AtsRules

    rules = AtsRules()
    random_games(rules, 1)  # warm-up: card data, caches
    section("4. Above Top Secret rules engine (in-process)")
    seconds, actions = min(random_games(rules, GAMES) for _ in range(RUNS))
    rate = GAMES / seconds
    row(f"random-legal games/s ({GAMES} games, best of {RUNS})", f"{rate:.0f}", ">= 200",
        rate >= 200)
    row("actions per random game", f"{actions / GAMES:.0f}")
    row("time per step (in place)", f"{seconds / actions * 1e6:.0f} us")
    row("time per apply (copy + step)", f"{apply_time(rules) * 1e6:.0f} us")
    seconds = min(greedy_games(100) for _ in range(RUNS))
    row(f"greedy-vs-greedy games/s (one core, best of {RUNS})", f"{100 / seconds:.0f}")
    seconds = greedy_games(1000, jobs=2)
    row("10,000-game balance study (greedy, --jobs 2)", f"{seconds * 10:.0f} s", "< 60 s",
        seconds * 10 < 60)
