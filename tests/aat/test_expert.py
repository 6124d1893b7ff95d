"""The expert (companion/games/aat/expert*.py): clearly stronger than greedy, far
stronger than random, never peeking at what its seat cannot see, and its pieces each
right."""

from __future__ import annotations

import random

from companion.core.agents import RandomAgent
from companion.core.engine import clone
from companion.core.simulate import simulate
from companion.games import agents_of
from companion.games.aat import model as m
from companion.games.aat.ai import GreedyAgent
from companion.games.aat.expert import ExpertAgent
from companion.games.aat.expert_features import NAMES, features
from companion.games.aat.expert_hidden import redeal, unseen
from companion.games.aat.expert_value import value
from companion.games.aat.rules import AatRules

RULES = AatRules()
SETUPS = RULES.simulation_setups(2)


class GreedyNamedExpert(GreedyAgent):
    """Greedy under the expert's name: what the duel must tell apart from the expert."""

    name = "expert"


def duel(agent, opponent, games: int, seed: int = 3):
    """`games` games over the 18 setups, the agent in seat 1: the setups put the
    attacker in seat 1, then in seat 2, so every 18 games it plays every pairing from
    both sides."""
    def make(index):
        names = ["expert", "other"]
        return [agent(seed * 7919 + index * 31), opponent(seed * 7919 + index * 31 + 1)], names

    return simulate(RULES, make, games, seed, SETUPS, check=False)


def test_the_expert_is_registered_beside_greedy_and_random():
    assert agents_of("against-all-tyrants")["expert"] is ExpertAgent
    assert ExpertAgent.name == "expert"


def test_the_expert_beats_greedy_clearly_and_greedy_under_its_name_does_not():
    expert = duel(ExpertAgent, GreedyAgent, 36)  # 25 of 36 (it wins about 70 %)
    greedy = duel(GreedyNamedExpert, GreedyAgent, 36)  # 16 of 36
    assert expert.wins_by_strategy["expert"] >= 21, expert.wins_by_strategy
    assert greedy.wins_by_strategy["expert"] < 21, greedy.wins_by_strategy  # the bound tells


def test_the_expert_beats_random_in_nearly_every_game():
    report = duel(ExpertAgent, RandomAgent, 12)
    assert report.wins_by_strategy["expert"] >= 11


def test_every_choice_is_one_of_the_legal_actions_with_printed_cards_too():
    for index, setup in ((0, SETUPS[0]), (7, {**SETUPS[7], "cards": "tracked"})):
        agents = [ExpertAgent(index), ExpertAgent(index + 1)]
        state = RULES.new_game(setup, index)
        for _ in range(120):
            if RULES.is_over(state):
                break
            action = agents[RULES.acting_seat(state)].choose(RULES, state)
            assert action in RULES.legal_actions(state)
            RULES.step(state, action)


# -- no peeking -------------------------------------------------------------------------
def positions(seed: int, count: int) -> list[dict]:
    """Tables at the expert's (seat 0's) looked-ahead decisions of a game against greedy."""
    agents = [ExpertAgent(seed), GreedyAgent(seed + 1)]
    state = RULES.new_game(SETUPS[seed % len(SETUPS)], seed)
    found = []
    while not RULES.is_over(state) and len(found) < count:
        seat = RULES.acting_seat(state)
        if seat == 0 and state["await"]["kind"] in ("deploy", "choose", "end") and \
                len(RULES.legal_actions(state)) > 1:
            found.append(clone(state))
        RULES.step(state, agents[seat].choose(RULES, state))
    return found


def hidden_changed(state: dict) -> dict:
    """The same table for seat 0, everything it cannot see dealt otherwise: the
    opponent's hand traded for cards of its deck, every deck's order reversed, its
    Special Forces Deck traded for deck cards, another generator."""
    other = clone(state)
    me, rival = other["players"]
    held, special = len(rival["hand"]), len(rival["special"])
    pool = rival["deck"] + rival["hand"] + rival["special"]
    rival["hand"], rival["special"] = pool[:held], pool[held:held + special]
    rival["deck"] = pool[held + special:][::-1]
    me["deck"].reverse()
    other["rng"] = (other["rng"] * 6364136223846793005 + 1) % 2**64
    return other


def test_what_the_seat_cannot_see_does_not_change_the_experts_choice():
    tables = positions(5, 14)
    changed = 0
    for state in tables:
        other = hidden_changed(state)
        changed += other["players"][1]["hand"] != state["players"][1]["hand"]
        assert ExpertAgent(11).choose(RULES, state) == ExpertAgent(11).choose(RULES, other)
    assert changed >= 10  # the test does hide something, often


def test_the_lookahead_copy_is_dealt_from_what_could_be_there():
    state = positions(3, 6)[-1]
    copy = redeal(state, 0, random.Random(1), {s: d["special"] for s, d in RULES.decks.items()})
    real, dealt = state["players"][1], copy["players"][1]
    for pile in ("hand", "deck", "special", "aside"):
        assert len(dealt[pile]) == len(real[pile])
    hidden = real["hand"] + real["deck"] + real["special"] + real["aside"]
    assert sorted(dealt["hand"] + dealt["deck"] + dealt["special"] + dealt["aside"]) == \
        sorted(hidden) == sorted(unseen(state, 1))
    assert set(dealt["special"]) <= set(RULES.decks[real["subfaction"]]["special"])
    mine = copy["players"][0]
    assert mine["hand"] == state["players"][0]["hand"]  # my own hand stays mine
    assert sorted(mine["deck"]) == sorted(state["players"][0]["deck"])
    assert copy["table"] == state["table"]


# -- the value of a position ------------------------------------------------------------
def test_the_value_is_a_chance_and_knows_a_finished_game():
    state = positions(2, 1)[0]
    for seat in (0, 1):
        assert 0.0 < value(state, seat, RULES.cards) < 1.0
    over = clone(state)
    over["await"], over["result"] = None, {"winners": [1], "path": "base"}
    assert (value(over, 0, RULES.cards), value(over, 1, RULES.cards)) == (0.0, 1.0)


def test_the_value_rises_with_damage_on_the_enemy_base_and_falls_with_damage_on_mine():
    state = positions(4, 1)[0]
    before = value(state, 0, RULES.cards)
    hurt = clone(state)
    m.base(hurt, 1)["damage"] += 15
    assert value(hurt, 0, RULES.cards) > before
    hurt = clone(state)
    m.base(hurt, 0)["damage"] += 15
    assert value(hurt, 0, RULES.cards) < before


def test_the_features_read_only_what_the_seat_may_know():
    state = positions(6, 1)[0]
    assert len(features(state, 0, RULES.cards)) == len(NAMES)
    assert features(state, 0, RULES.cards) == features(hidden_changed(state), 0, RULES.cards)
