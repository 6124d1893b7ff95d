"""The expert player's value of a position: the chance that `me` wins it, from a
small neural network over expert_features.features and the pair of alternate
objectives (mine, theirs). Its weights (expert_weights.py) were fitted on
greedy-against-greedy games (expert_train.py), so the value is what greedy play
makes of the position: looking ahead on it improves on greedy play."""

from __future__ import annotations

import math
from operator import mul

from companion.games.aat import model as m
from companion.games.aat.expert_features import features
from companion.games.aat.expert_weights import COLUMNS, OUT, OUT_BIAS, PAIR_BIAS


def goals(state: dict, me: int) -> tuple[str, str]:
    players = state["players"]
    mine, theirs = players[me], players[1 - me]
    return (m.OBJECTIVES[mine["subfaction"], mine["role"]],
            m.OBJECTIVES[theirs["subfaction"], theirs["role"]])


def value(state: dict, me: int, cards: dict, worth=None) -> float:
    """The chance `me` wins: 1 or 0 once over (a draw 0.5), else the network's."""
    if state["await"] is None:
        winners = (state.get("result") or {}).get("winners", [])
        return 1.0 if me in winners else 0.0 if winners else 0.5
    return network(features(state, me, cards, worth), goals(state, me))


def network(x: list[float], pair: tuple[str, str]) -> float:
    """One hidden layer of tanh units (the inputs' scaling folded into the weights)."""
    tanh = math.tanh
    z = OUT_BIAS
    for column, bias, out in zip(COLUMNS, PAIR_BIAS[pair], OUT, strict=True):
        z += out * tanh(bias + sum(map(mul, column, x)))
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))
