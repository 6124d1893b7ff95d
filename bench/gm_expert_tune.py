"""Tunes Geheime Mission's expert weights (companion/games/gm/expert_score.WEIGHTS) on
what they are for: wins against the greedy AI, by one natural policy-gradient step.

    nice .venv/bin/python bench/gm_expert_tune.py --games 45000 --seed 31 --step 50

The fit (bench/gm_expert_fit.py) ranks cards by the win chances of rollouts played on
by a cheap policy. Here the expert itself plays `games` games against greedy (bare
rules, bench/gm_expert_fit.Game; it reads only the table, as in play: expert_track),
choosing each card at random by softmax(worth / TAU), nearly always its best. Each
game adds its choices' score function (the features of the card played less their
mean under the softmax) and their Fisher matrix; the gradient of the win rate
(a draw is no win) is the mean of score function times (won - mean won), and the
step is `step` times the Fisher matrix's inverse of it. It prints each weight's
t statistic (a feature whose weight is 0 and whose t is large is worth adding) and
WEIGHTS to paste; paste only after `pnp simulate geheime-mission --ai expert,greedy
--rotate` over 2,000 games on two seeds says it is better. `--zero N` starts the last
N weights at 0 (new features). The weights in use came from the fit's 52 (in
expert_score.py before commit d6abbf0) with 29 new ones at 0: 45,000 games, seed 31,
step 50, then 2 x 22,500 games, step 20 (docs/balance.md). About 8 ms a game on one
core. Not part of the bench's figures."""

from __future__ import annotations

import argparse
import random

import numpy as np
from gm_expert_fit import Game, by_greedy

from companion.games.gm.expert import HANDS
from companion.games.gm.expert_read import LEAD, LOST, VALUE, WON
from companion.games.gm.expert_score import WEIGHTS, features
from companion.games.gm.expert_track import Tracker

TAU = 0.05  # the softmax's temperature: the best card about 89 % of the time


def games(weights: np.ndarray, count: int, seed: int):
    """Each game's score function and result, and the summed Fisher matrix."""
    rng, n = random.Random(seed), len(weights)
    scores, results, fisher = np.zeros((count, n)), np.zeros(count), np.zeros((n, n))
    for index in range(count):
        deck = list(range(40))
        rng.shuffle(deck)
        game = Game([deck[:5], deck[5:10]], deck[10:], 30, random.Random(rng.random()))
        game.first = game.turn = game.starter = index % 2
        played, tracker, mine = set(), Tracker(), random.Random(rng.random())
        while True:
            role, lead, hand = game.role, game.lead, game.hands[game.turn]
            pool = [c for c in range(40) if c not in played and c not in game.hands[0]]
            if game.turn == 1:
                card = by_greedy(game)
                tracker.observe((LEAD, role, None, card) if lead is None else
                                (WON if VALUE[role][card] > lead else LOST, role, lead, card),
                                sum(1 << c for c in pool))
            elif len(hand) == 1:
                card = hand[0]
            else:
                hands = tracker.hands(pool, mine, HANDS)
                x = np.array([features(c, hand, role, lead, game.left, tuple(game.score),
                                       game.tie, hands) for c in hand])
                s = x @ weights / TAU
                p = np.exp(s - s.max())
                p /= p.sum()
                i = min(int(np.searchsorted(np.cumsum(p), mine.random())), len(hand) - 1)
                card, mean = hand[i], p @ x
                scores[index] += (x[i] - mean) / TAU
                fisher += ((x - mean).T * p) @ (x - mean) / TAU ** 2
            played.add(card)
            if game.play(card):
                break
        results[index] = game.result() == 1
    return scores, results, fisher


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=45000)
    parser.add_argument("--seed", type=int, default=31)
    parser.add_argument("--step", type=float, default=20.0)
    parser.add_argument("--zero", type=int, default=0, help="start the last N weights at 0")
    args = parser.parse_args()
    weights = np.array(WEIGHTS, float)
    if args.zero:
        weights[-args.zero:] = 0.0
    scores, results, fisher = games(weights, args.games, args.seed)
    signal = (results - results.mean())[:, None] * scores
    gradient = signal.mean(0)
    t = gradient / (signal.std(0) / np.sqrt(args.games) + 1e-12)
    fisher /= args.games
    ridge = 1e-3 * np.trace(fisher) / len(fisher)
    step = np.linalg.solve(fisher + ridge * np.eye(len(fisher)), gradient) * args.step
    print(f"{args.games} games, {results.mean():.4f} won; predicted gain {gradient @ step:.4f}")
    print("t: " + " ".join(f"{v:.1f}" for v in t))
    print("WEIGHTS = (" + ", ".join(f"{w:.4f}" for w in weights + step) + ")")


if __name__ == "__main__":
    main()
