"""The balance study under expert play, card by card: two experts that start with
random lines (as the greedy study's players do, so every card starts in about one line
in eight) play complete games; the report is the simulator's, as `pnp simulate` prints
it. The experts of `pnp simulate --ai expert,expert` start with the line they prefer
(expert_line), which says nothing of the other 35 cards.

    .venv/bin/python -m companion.games.ats.expert_study --games 800 --seed 1
"""

from __future__ import annotations

import argparse

from companion.core.simulate import Report, simulate


def study(games: int, seed: int, jobs: int = 1) -> tuple:
    """(rules, report) of `games` games between experts with random lines; game i is the
    same game whatever `jobs` is (core.simulate)."""
    from companion.games.ats.expert import ExpertAgent
    from companion.games.ats.rules import AtsRules

    rules = AtsRules()

    def make(index):  # the seeds `pnp simulate` gives its agents
        return [ExpertAgent(seed * 7919 + index * 31 + s, random_line=True)
                for s in range(2)], ["expert"] * 2

    return rules, simulate(rules, make, games, seed, rules.simulation_setup(2), check=False,
                           jobs=jobs)


def summary(rules, report: Report) -> str:
    data = report.as_json(rules)
    rows = [f"{report.games} games in {report.seconds:.1f} s"]
    rows += [f"  seat {int(seat) + 1}: {wins} wins ({100 * wins / report.games:.1f} %)"
             for seat, wins in data["wins_by_seat"].items()]
    rows.append(f"  draws: {report.draws}, average actions: {data['avg_actions']}")
    return "\n".join(rows + [rules.report(data["statistics"])])


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=800)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args(argv)
    print(summary(*study(args.games, args.seed, args.jobs)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
