"""How expert_weights.py is made (by hand, never by the app or the tests):

    .venv/bin/python -m companion.games.aat.expert_train

plays greedy against greedy over the 18 simulation setups, 3,600 games for each of
seeds 21 to 24, reads every turn's start from each side (expert_features.features)
with who won the game, and fits the value network (expert_value.py): one hidden
layer of tanh units over the features and the pair of alternate objectives, by Adam
on the log loss. Then the expert, with those weights, plays greedy (2,520 games for
each of seeds 31 and 32, read from the expert's side) and the network is fitted
again on both sets: what the expert's own play makes of a position is what its
lookahead needs. A fifth of the games is held out to report how well it predicts.
numpy comes with the project (ezdxf needs it)."""

from __future__ import annotations

import argparse
import importlib
import multiprocessing
import textwrap
import time
from pathlib import Path

from companion.games.aat import model as m
from companion.games.aat.ai import GreedyAgent
from companion.games.aat.expert_features import GOALS, NAMES, features
from companion.games.aat.rules import AatRules

ATTACKING = ("raid", "crack", "viral")
OUT = Path(__file__).with_name("expert_weights.py")


def positions(job: tuple) -> list[tuple]:
    """(features, my objective, theirs, 1 won / 0 lost / 0.5 drawn, game) for every
    turn's start of `games` games, from both sides (or the expert's only)."""
    games, seed, expert = job
    from companion.games.aat import expert_value, expert_weights

    importlib.reload(expert_weights)  # the weights just written, not those imported
    importlib.reload(expert_value)
    from companion.games.aat.expert import ExpertAgent

    rules = AatRules()
    setups = rules.simulation_setups(2)
    valuer = GreedyAgent(0)

    def worth(card_id):
        return valuer.value(rules, card_id)

    rows = []
    for game in range(games):
        state = rules.new_game(setups[game % len(setups)], seed * 1_000_003 + game)
        agents = [GreedyAgent(seed * 77 + game), GreedyAgent(seed * 77 + game + 5000)]
        sides = (0, 1)
        if expert:
            sides = ((game // len(setups)) % 2,)
            agents[sides[0]] = ExpertAgent(seed * 77 + game)
        seen, turn = [], 0
        with rules.live_only():
            while not rules.is_over(state):
                if state["turn"] != turn:
                    turn = state["turn"]
                    seen += [(me, features(state, me, rules.cards, worth)) for me in sides]
                rules.step(state, agents[rules.acting_seat(state)].choose(rules, state))
        winners = rules.winning_seats(state)
        goals = [m.objective(state, seat) for seat in (0, 1)]
        for me, row in seen:
            won = 1.0 if me in winners else 0.0 if winners else 0.5
            rows.append((row, goals[me], goals[1 - me], won, seed * 1_000_003 + game))
    return rows


def fit(rows: list[tuple], hidden: int, epochs: int = 30, seed: int = 0):
    """The network's weights (inputs scaled by their mean and spread), and its log
    loss on the held-out fifth of the games before the final fit on all of them."""
    import numpy as np

    x = np.array([list(r[0]) + one_hot(r[1], r[2]) for r in rows])
    y = np.array([r[3] for r in rows])
    held = np.array([r[4] % 5 == 0 for r in rows])
    mean, spread = x.mean(0), x.std(0) + 1e-6
    mean[0], spread[0] = 0.0, 1.0  # the constant input stays 1
    x = (x - mean) / spread
    rng = np.random.default_rng(seed)
    trial = adam(x[~held], y[~held], hidden, epochs, rng)
    p = np.clip(predict(trial, x[held]), 1e-6, 1 - 1e-6)
    loss = float(-np.mean(y[held] * np.log(p) + (1 - y[held]) * np.log(1 - p)))
    return adam(x, y, hidden, epochs, rng), mean, spread, loss


def one_hot(mine: str, theirs: str) -> list[float]:
    out = [0.0] * (2 * len(GOALS))
    out[GOALS.index(mine)] = out[len(GOALS) + GOALS.index(theirs)] = 1.0
    return out


def adam(x, y, hidden: int, epochs: int, rng, rate=3e-3, decay=1e-4, batch=512):
    import numpy as np

    n, d = x.shape
    params = [rng.normal(0, 1 / np.sqrt(d), (d, hidden)), np.zeros(hidden),
              rng.normal(0, 1 / np.sqrt(hidden), hidden), np.zeros(1)]
    first = [np.zeros_like(p) for p in params]
    second = [np.zeros_like(p) for p in params]
    t = 0
    for _ in range(epochs):
        order = rng.permutation(n)
        for start in range(0, n, batch):
            b = order[start:start + batch]
            h = np.tanh(x[b] @ params[0] + params[1])
            dz = (1 / (1 + np.exp(-(h @ params[2] + params[3][0]))) - y[b]) / len(b)
            dh = np.outer(dz, params[2]) * (1 - h * h)
            grads = [x[b].T @ dh + decay * params[0], dh.sum(0),
                     h.T @ dz + decay * params[2], np.array([dz.sum()])]
            t += 1
            for i, g in enumerate(grads):
                first[i] = 0.9 * first[i] + 0.1 * g
                second[i] = 0.999 * second[i] + 0.001 * g * g
                params[i] -= rate * (first[i] / (1 - 0.9 ** t)) / (
                    np.sqrt(second[i] / (1 - 0.999 ** t)) + 1e-8)
    return params


def predict(params, x):
    import numpy as np

    h = np.tanh(x @ params[0] + params[1])
    return 1 / (1 + np.exp(-(h @ params[2] + params[3][0])))


def write(params, mean, spread, note: str, path: Path = OUT) -> None:
    """expert_weights.py: the scaling folded into each hidden unit's weights, the
    objectives' inputs folded into a bias per pair."""
    import numpy as np

    w1, b1, w2, b2 = params
    n = len(NAMES)
    columns = (w1[:n] / spread[:n, None]).T
    base = b1 - (mean[:n, None] * w1[:n] / spread[:n, None]).sum(0)
    pairs = {}
    for mine in GOALS:
        for theirs in GOALS:
            if (mine in ATTACKING) != (theirs in ATTACKING):
                hot = (np.array(one_hot(mine, theirs)) - mean[n:]) / spread[n:]
                pairs[mine, theirs] = base + hot @ w1[n:]

    def row(values, indent: str) -> str:
        """Numbers wrapped to the line length (and tiny ones written as 0)."""
        text = ", ".join(f"{v:.5g}" if abs(v) > 1e-12 else "0" for v in values)
        return textwrap.fill(text, 96, initial_indent=indent + "(",
                             subsequent_indent=indent + " ") + "),"

    lines = textwrap.wrap(f'"""Weights of the expert\'s value network (expert_value.py), '
                          f"written by expert_train.py ({note}); do not edit by hand.", 88)
    lines += ["", "COLUMNS: each hidden unit's weights over expert_features.NAMES (the inputs'",
              "scaling folded in); PAIR_BIAS: each hidden unit's bias for a pair of alternate",
              'objectives (mine, theirs); OUT, OUT_BIAS: the output unit."""', "", "COLUMNS = ("]
    lines += [row(c, "    ") for c in columns] + [")", "PAIR_BIAS = {"]
    for key, values in sorted(pairs.items()):
        lines += [f"    {key!r}:", row(values, "        ")]
    lines += ["}", "OUT = " + row(w2, "")[:-1], f"OUT_BIAS = {float(b2[0]):.5g}"]
    path.write_text("\n".join(lines) + "\n")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=3600, help="greedy games per seed")
    parser.add_argument("--seeds", type=int, nargs="*", default=[21, 22, 23, 24])
    parser.add_argument("--expert-games", type=int, default=2520, help="per seed")
    parser.add_argument("--expert-seeds", type=int, nargs="*", default=[31, 32])
    parser.add_argument("--hidden", type=int, default=24, help="hidden units")
    parser.add_argument("--jobs", type=int, default=2, help="processes that play")
    parser.add_argument("--out", type=Path, default=OUT,
                        help="the weights written (elsewhere: a trial, whose expert plays "
                             "with the weights in place)")
    args = parser.parse_args(argv)
    start = time.time()
    with multiprocessing.get_context("fork").Pool(args.jobs) as pool:
        rows = [r for part in pool.map(positions, [(args.games, s, False) for s in args.seeds])
                for r in part]
    params, mean, spread, loss = fit(rows, args.hidden)
    note = (f"greedy against greedy, {args.games} games for each of seeds "
            f"{', '.join(map(str, args.seeds))}; {args.hidden} hidden units")
    write(params, mean, spread, f"{note}; held-out log loss {loss:.3f}", args.out)
    print(f"{len(rows)} positions in {time.time() - start:.0f} s; log loss {loss:.3f}")
    if args.expert_seeds:
        with multiprocessing.get_context("fork").Pool(args.jobs) as pool:
            rows += [r for part in pool.map(positions, [(args.expert_games, s, True)
                                                         for s in args.expert_seeds])
                     for r in part]
        params, mean, spread, loss = fit(rows, args.hidden)
        note += (f", then the expert against greedy, {args.expert_games} games for each "
                 f"of seeds {', '.join(map(str, args.expert_seeds))}")
        write(params, mean, spread, f"{note}; held-out log loss {loss:.3f}", args.out)
        print(f"{len(rows)} positions in {time.time() - start:.0f} s; log loss {loss:.3f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
