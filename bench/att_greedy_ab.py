"""Attack the Tower's greedy player against the one before issue 35's speed pass, which
broke stalls only from round 8 (`ai.CALM` 8; now 3): seats alternating, the study's
setups, wins counted by player.

    .venv/bin/python bench/att_greedy_ab.py --games 1000 --jobs 2

2026-11-29, seed 1, 1,000 games: the greedy player of now won 556, in 289.7 actions a
game. Keeps the old player reachable for that measure only: `pnp simulate` plays the
new one. Not part of the bench's figures."""

from __future__ import annotations

import argparse

from companion.core.simulate import simulate
from companion.games import rules_for
from companion.games.att import ai

OLD_CALM = 8


class OldGreedy(ai.GreedyAgent):
    """The greedy player as it was: a plan may cost more than it gains after round 8."""

    name = "greedy-calm8"

    def on_attacks(self, rules, state, seat, legal):
        kept = ai.CALM
        ai.CALM = OLD_CALM  # the wave plans (plans.best) do not read it: only the threshold
        try:
            return super().on_attacks(rules, state, seat, legal)
        finally:
            ai.CALM = kept


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    rules = rules_for("attack-the-tower")

    def agents(index: int):
        new, old = ai.GreedyAgent(index), OldGreedy(index + 1)
        if index % 2:
            return [old, new], ["old", "new"]
        return [new, old], ["new", "old"]

    report = simulate(rules, agents, args.games, args.seed, rules.simulation_setups(2),
                      jobs=args.jobs)
    wins = report.wins_by_strategy
    print(f"{report.games} games: new {wins['new']}, old {wins['old']}, draws "
          f"{report.draws}; {sum(report.lengths) / report.games:.1f} actions a game; "
          f"invariant failures {len(report.invariant_failures)}")


if __name__ == "__main__":
    main()
