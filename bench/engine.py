"""Rules-engine figures for every registered game: complete random-legal games per
second on one core and time per action; the greedy balance study's speed.

Run in-process after a warm-up game (card data loaded, bytecode compiled), so
the figures are the engine's own speed, not interpreter start-up. Rates are the
best of five runs, as `timeit` reports, so that other load on the machine does
not count against the engine.
"""

from __future__ import annotations

import random
import time

PLAYED = 100
RUNS = 5
TARGETS = {"above-top-secret": 200, "geheime-mission": 2000,
           "against-all-tyrants": 200, "top-secret": 300,
           "attack-the-tower": 200}  # random-legal games/s


def random_games(rules, count: int, seed: int = 1,
                 setups: list[dict] | None = None) -> tuple[float, int]:
    """(seconds, actions) for `count` complete games between random-legal players,
    changing the state in place as the simulator does (live_only: no replay bases);
    in the default setup, or in `setups` taken in turn."""
    actions = 0
    start = time.perf_counter()
    with rules.live_only():
        for index in range(count):
            setup = setups[index % len(setups)] if setups else {}
            state = rules.new_game(setup, seed + index)
            pick = random.Random(seed + index)
            while not rules.is_over(state):
                rules.step(state, pick.choice(rules.legal_actions(state)))
                actions += 1
    return time.perf_counter() - start, actions


def apply_time(rules, count: int = 3000) -> float:
    """Seconds per `apply` (the immutable path the app uses: copy, then step)."""
    state = rules.new_game({}, 99)
    pick = random.Random(99)
    total, done = 0.0, 0
    while done < count:
        if rules.is_over(state):
            state = rules.new_game({}, 99 + done)
        action = pick.choice(rules.legal_actions(state))
        start = time.perf_counter()
        state = rules.apply(state, action).state
        total += time.perf_counter() - start
        done += 1
    return total / count


def greedy_games(game_id: str, count: int, jobs: int = 1) -> float:
    """Seconds for `count` greedy-vs-greedy games as `pnp simulate` plays them,
    every state checked against the invariants."""
    from companion.core.simulate import simulate
    from companion.games import agents_of, rules_for

    rules, greedy = rules_for(game_id), agents_of(game_id)["greedy"]
    report = simulate(rules, lambda i: ([greedy(i), greedy(i + 1)], ["greedy", "greedy"]),
                      count, 1, rules.simulation_setup(2), jobs=jobs)
    return report.seconds


def run(row, section) -> None:
    from companion.games import GAMES, rules_for

    for number, (game_id, spec) in enumerate(GAMES.items(), start=1):
        rules = rules_for(game_id)
        random_games(rules, 1)  # warm-up: card data, caches
        section(f"4.{number} {spec.name} rules engine (in-process)")
        count = PLAYED * (10 if TARGETS.get(game_id, 0) >= 1000 else 1)
        seconds, actions = min(random_games(rules, count) for _ in range(RUNS))
        rate, target = count / seconds, TARGETS.get(game_id)
        row(f"random-legal games/s ({count} games, one core, best of {RUNS})", f"{rate:.0f}",
            f">= {target}" if target else "", rate >= target if target else None)
        row("actions per random game", f"{actions / count:.0f}")
        row("time per step (in place)", f"{seconds / actions * 1e6:.1f} us")
        setups = rules.simulation_setups(2)
        if len(setups) > 1:  # the study's setups differ from the default one
            study, study_actions = min(random_games(rules, count, setups=setups)
                                       for _ in range(RUNS))
            row(f"  in the {len(setups)} balance-study setups: games/s, actions per game",
                f"{count / study:.0f}, {study_actions / count:.0f}")
        row("time per apply (copy + step)", f"{apply_time(rules) * 1e6:.0f} us")
        seconds = min(greedy_games(game_id, 100) for _ in range(RUNS))
        row(f"greedy-vs-greedy games/s (one core, best of {RUNS})", f"{100 / seconds:.0f}")
        seconds = greedy_games(game_id, 1000, jobs=2)
        row("10,000-game balance study (greedy, --jobs 2)", f"{seconds * 10:.0f} s", "< 60 s",
            seconds * 10 < 60)
