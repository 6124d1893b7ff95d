"""Fits Geheime Mission's expert weights (companion/games/gm/expert_score.WEIGHTS).

    .venv/bin/python bench/gm_expert_fit.py --games 660 --samples 200 --jobs 2

1. Plays greedy games on a bare copy of the rules (cards as numbers, no events: about
   twice as fast as the engine) and, at each of seat 1's plays, gives every card
   in hand its win chance: `samples` times the other hand and the pile are dealt again
   from the unseen cards, as the expert reads them (expert_track), and the game is
   played out, seat 1 by the cheap policy below (greedy that ties an answer it cannot
   win, and throws its least card), seat 2 by greedy. Every card sees the same deals.
   `--policy expert` plays seat 1 (games and rollouts) by the expert's own sum with
   the weights in expert_score, peeking at seat 2's hand (only a rollout may): about
   six times the rollout time, so fewer samples.
2. Fits the weights of expert_score.features by softmax regression: the weighted sum
   should rank the cards as their win chances do. Prints WEIGHTS to paste.
   `--save FILE` keeps the positions and chances; `--load FILE` fits again to them
   (seconds, no rollouts: to try other features).

The chances are noisy, and fits differ by a point or two of wins against greedy: paste
a fit only after `pnp simulate geheime-mission --ai expert,greedy --rotate` over a few
thousand games says it is better. Takes about 8 minutes on two cores (rollouts by the
expert: 500 games, 50 samples, about 10 minutes). Not part of the bench's figures."""

from __future__ import annotations

import argparse
import multiprocessing
import pickle
import random

import numpy as np

from companion.games.gm.expert import HANDS
from companion.games.gm.expert_read import (
    LEAD,
    LEAD_KEY,
    LOST,
    VALUE,
    WIN_KEY,
    WON,
    greedy_answer,
)
from companion.games.gm.expert_score import features, worth
from companion.games.gm.expert_track import Tracker

WORTH = [max(VALUE[r][c] for r in range(3)) * 10 + sorted(VALUE[r][c] for r in range(3))[1]
         for c in range(40)]


def greedy(hand, role, lead):
    if lead is None:
        return max(hand, key=LEAD_KEY[role].__getitem__)
    return greedy_answer(hand, role, lead)


def tying(hand, role, lead):
    """The rollouts' seat 1: greedy, but a lost answer ties if it can; throws least."""
    if lead is None:
        return greedy(hand, role, lead)
    value = VALUE[role]
    if any(value[c] > lead for c in hand):
        return min((c for c in hand if value[c] > lead), key=WIN_KEY[role].__getitem__)
    ties = [c for c in hand if value[c] == lead]
    return min(ties or hand, key=WORTH.__getitem__)


def by_greedy(game):
    return greedy(game.hands[game.turn], game.role, game.lead)


def by_tying(game):
    return tying(game.hands[game.turn], game.role, game.lead)


def by_expert(game):
    """Seat 0 as the expert plays (expert_score.worth with the weights in the module),
    reading seat 1's hand as it is: a peek, which only the rollouts may make."""
    hand, hands = game.hands[0], [game.hands[1]]
    if len(hand) == 1:
        return hand[0]
    score = tuple(game.score)
    return max(hand, key=lambda c: worth(c, hand, game.role, game.lead, game.left, score,
                                         game.tie, hands))


POLICY = by_tying  # seat 0's play in the games and rollouts (--policy)


class Game:
    """The rules (docs/rulings/geheime-mission.md) on numbers: GM-CITY, GM-EMBASSY,
    GM-FLIGHT, GM-DOOR (the officer guesses right one time in three), GM-REFILL,
    GM-NIGHT, GM-WIN."""

    def __init__(self, hands, pile, left, rng):
        self.hands, self.pile, self.left, self.rng = hands, pile, left, rng
        self.first = self.turn = self.starter = 0
        self.role, self.lead, self.carrier, self.score, self.last = 0, None, None, [0, 0], None
        self.at_door = None  # the last carrier at a back door (GM-WIN)

    def copy(self, hands, pile, rng):
        other = Game(hands, pile, self.left, rng)
        for key in ("first", "turn", "starter", "role", "lead", "carrier", "last", "at_door"):
            setattr(other, key, getattr(self, key))
        other.score = list(self.score)
        return other

    def play(self, card) -> bool:
        seat, role = self.turn, self.role
        self.hands[seat].remove(card)
        value, door = VALUE[role][card], False
        if self.lead is None:
            self.lead, self.turn, self.role = value, 1 - seat, 0 if role == 0 else 2
        else:
            lead, self.lead, first = self.lead, None, self.first
            if lead == value:
                self.turn, self.role = first, 0 if role == 0 else 1
            elif role == 0:
                self.carrier = first if lead > value else 1 - first
                self.first = self.turn = self.carrier
                self.role = 1
            elif lead > value:
                door = True
            else:
                self.carrier = self.first = self.turn = 1 - first
                self.role = 1
        self.left -= 1
        if self.pile:
            self.hands[seat].append(self.pile.pop())
        if self.left <= 0:
            return True
        if door:
            self.at_door = self.carrier
            if self.rng.random() < 1 / 3:
                self.starter = 1 - self.carrier
            else:
                self.score[self.carrier] += 1
                self.last = self.starter = self.carrier
            self.first = self.turn = self.starter
            self.role, self.carrier = 0, None
        return False

    def run(self, policies) -> float:
        """Plays to night; seat 0's result. A policy reads the game, the seat's hand
        is `game.hands[game.turn]`."""
        while not self.play(policies[self.turn](self)):
            pass
        return self.result()

    def result(self) -> float:
        """Seat 0's result: 1 a win, 0.5 a draw, 0 a loss."""
        a, b = self.score
        if a != b:
            return float(a > b)
        return 0.5 if self.tie is None else float(self.tie == 0)

    @property
    def tie(self):
        """Who wins with equal suitcases (GM-WIN): the last scorer, else the last
        carrier at a back door; None, a draw."""
        return self.last if self.last is not None else self.at_door


def positions(job):
    """Seat 0's plays in `games` greedy games, each with its cards' win chances."""
    seed, games, samples = job
    rng, rows = random.Random(seed), []
    for index in range(games):
        deck = list(range(40))
        rng.shuffle(deck)
        game = Game([deck[:5], deck[5:10]], deck[10:], 30, random.Random(rng.random()))
        game.first = game.turn = game.starter = index % 2
        played, tracker = set(), Tracker()
        while True:
            seat, role, lead = game.turn, game.role, game.lead
            card = (POLICY if seat == 0 else by_greedy)(game)
            if seat == 0 and len(game.hands[0]) > 1:
                rows.append(position(game, played, tracker, samples, rng))
            if seat == 1:
                pool = sum(1 << c for c in range(40) if c not in played and
                           c not in game.hands[0])
                tracker.observe((LEAD, role, None, card) if lead is None else
                                (WON if VALUE[role][card] > lead else LOST, role, lead, card),
                                pool)
            played.add(card)
            if game.play(card):
                break
    return rows


def position(game, played, tracker, samples, rng):
    """The position's inputs to expert_score.features (with HANDS hands he may hold,
    as the expert reads them), and each card's win chance."""
    hand = list(game.hands[0])
    pool = [c for c in range(40) if c not in played and c not in hand]
    chance = {c: 0.0 for c in hand}
    for other in tracker.hands(pool, rng, samples):
        pile = [c for c in pool if c not in other]
        rng.shuffle(pile)
        doors = rng.random()
        for card in hand:
            copy = game.copy([list(hand), list(other)], list(pile), random.Random(doors))
            over = copy.play(card)
            chance[card] += (copy.result() if over else copy.run((POLICY, by_greedy))) / samples
    inputs = (hand, game.role, game.lead, game.left, tuple(game.score), game.tie,
              tracker.hands(pool, rng, 64))  # the fit reads HANDS of them
    return inputs, [chance[c] for c in hand]


def table(rows):
    """The rows as (features of each card, chances) for the fit."""
    out = []
    for (hand, role, lead, left, score, last, hands), chances in rows:
        x = [features(c, hand, role, lead, left, score, last, hands[:HANDS]) for c in hand]
        out.append((np.array(x), np.array(chances)))
    return out


def fit(data, epochs=40, rate=0.1, tau=0.02, l2=1e-4, seed=0):
    """Softmax regression: raise the expected win chance of the card the sum prefers.
    The steps are noisy (so are the chances): the weights are the mean of the second
    half of the epochs' ends."""
    rng = random.Random(seed)
    order = list(range(len(data)))
    theta = np.zeros(data[0][0].shape[1])
    mean, kept = np.zeros_like(theta), 0
    for epoch in range(epochs):
        rng.shuffle(order)
        for i in order:
            x, q = data[i]
            s = x @ theta / tau
            p = np.exp(s - s.max())
            p /= p.sum()
            theta += rate * ((p * (q - p @ q)) @ x / tau - l2 * theta)
        if epoch >= epochs // 2:
            mean, kept = mean + theta, kept + 1
    return mean / kept


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=660)
    parser.add_argument("--samples", type=int, default=200)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--policy", choices=("tying", "expert"), default="tying",
                        help="seat 0's play: the cheap policy, or the expert's own sum")
    parser.add_argument("--save", help="keep the positions and chances in this file")
    parser.add_argument("--load", help="fit again to positions saved before (no rollouts)")
    args = parser.parse_args()
    global POLICY
    POLICY = by_expert if args.policy == "expert" else by_tying
    if args.load:
        with open(args.load, "rb") as file:
            rows = pickle.load(file)
    else:
        share = -(-args.games // args.jobs)
        jobs = [(args.seed + j, share, args.samples) for j in range(args.jobs)]
        with multiprocessing.get_context("fork").Pool(args.jobs) as pool:
            rows = [row for part in pool.map(positions, jobs) for row in part]
    if args.save:
        with open(args.save, "wb") as file:
            pickle.dump(rows, file)
    data = table(rows)
    theta = fit(data)
    chosen = sum(q[int(np.argmax(x @ theta))] for x, q in data) / len(data)
    print(f"{len(data)} positions; the weights' cards win {chosen:.4f} on average")
    print("WEIGHTS = (" + ", ".join(f"{w:.3f}" for w in theta) + ")")


if __name__ == "__main__":
    main()
