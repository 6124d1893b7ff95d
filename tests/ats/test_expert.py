"""The expert (companion/games/ats/expert*.py): clearly stronger than greedy, far stronger
than random, never peeking at what its seat cannot see, and its pieces each right."""

from __future__ import annotations

import random

import pytest

from companion.core.agents import RandomAgent
from companion.core.engine import clone
from companion.core.simulate import simulate
from companion.games import agents_of
from companion.games.ats.ai import GreedyAgent
from companion.games.ats.expert import ExpertAgent
from companion.games.ats.expert_combat import card_attack
from companion.games.ats.expert_eval import WIN, W, base_gain, evaluate
from companion.games.ats.expert_hidden import redraw
from companion.games.ats.expert_moves import by_rule, candidates, minimal
from companion.games.ats.rules import AtsRules

RULES = AtsRules()


class GreedyWithTheExpertsLine(ExpertAgent):
    """The expert's starting line, then greedy's choices: what the duel must tell apart."""

    def choose(self, rules, state):
        if state["await"]["kind"] == "start_card":
            return super().choose(rules, state)
        return self.helper.choose(rules, state)


def duel(agent, opponent, games: int, seed: int = 1):
    """`games` games with the seats alternating, as `pnp simulate --rotate` plays them."""
    def make(index):
        kinds = [agent, opponent] if index % 2 == 0 else [opponent, agent]
        names = ["expert" if k is agent else "other" for k in kinds]
        return [k(seed * 7919 + index * 31 + s) for s, k in enumerate(kinds)], names

    return simulate(RULES, make, games, seed, RULES.simulation_setup(2), check=False)


def test_the_expert_is_registered_beside_greedy_and_random():
    assert agents_of("above-top-secret")["expert"] is ExpertAgent
    assert ExpertAgent.name == "expert"


def test_the_expert_beats_greedy_clearly_and_greedy_with_its_line_does_not():
    expert = duel(ExpertAgent, GreedyAgent, 24)
    lined = duel(GreedyWithTheExpertsLine, GreedyAgent, 24)
    assert expert.wins_by_strategy["expert"] >= 19, expert.wins_by_strategy
    assert lined.wins_by_strategy["expert"] < 19, lined.wins_by_strategy  # the bound tells


def test_the_expert_beats_random_in_nearly_every_game():
    report = duel(ExpertAgent, RandomAgent, 12)
    assert report.wins_by_strategy["expert"] >= 11


@pytest.mark.parametrize("setup", [
    {"players": [{"name": "A", "team": 0}, {"name": "B", "team": 1},
                 {"name": "C", "team": 2}]},
    {"players": [{"name": "A", "team": 0}, {"name": "B", "team": 1}, {"name": "C", "team": 0},
                 {"name": "D", "team": 1}], "dice": "physical"},
    {"cards": "tracked"},
], ids=["3 players", "2 teams, real dice", "printed cards"])
def test_every_choice_is_one_of_the_legal_actions(setup):
    agents = [ExpertAgent(7 + s) for s in range(len(setup.get("players", [0, 0])))]
    state = RULES.new_game(setup, 3)
    for _ in range(3000):
        if RULES.is_over(state):
            break
        action = agents[RULES.acting_seat(state)].choose(RULES, state)
        assert action in RULES.legal_actions(state)
        RULES.step(state, action)
    assert RULES.is_over(state) or state["round"] >= 3


# -- no peeking -------------------------------------------------------------------------
def positions(seed: int, count: int):
    """Tables at the expert's (seat 0's) decisions of one game against greedy."""
    agents = [ExpertAgent(seed), GreedyAgent(seed + 1)]
    state = RULES.new_game(RULES.simulation_setup(2), seed)
    found = []
    while not RULES.is_over(state) and len(found) < count:
        seat = RULES.acting_seat(state)
        if seat == 0 and state["await"]["kind"] != "start_card" and \
                len(RULES.legal_actions(state)) > 1:
            found.append(clone(state))
        RULES.step(state, agents[seat].choose(RULES, state))
    return found


def hidden_changed(state: dict) -> dict:
    """The same table for seat 0, everything it cannot see dealt otherwise: the opponent's
    hand traded for cards of their deck, every deck's order reversed, other dice."""
    other = clone(state)
    me, rival = other["players"]
    held = len(rival["hand"])
    pool = rival["deck"] + rival["hand"]
    rival["hand"], rival["deck"] = pool[:held], pool[held:][::-1]
    me["deck"].reverse()
    for player in other["players"]:
        player["enc_deck"].reverse()
    other["rng"] = (other["rng"] * 6364136223846793005 + 1) % 2**64
    return other


def test_what_the_seat_cannot_see_does_not_change_the_experts_choice():
    tables = positions(5, 40)
    changed = 0
    for state in tables:
        other = hidden_changed(state)
        changed += other["players"][1]["hand"] != state["players"][1]["hand"]
        assert ExpertAgent(11).choose(RULES, state) == ExpertAgent(11).choose(RULES, other)
    assert changed == len(tables) >= 20  # the test does hide something, often


def test_the_lookahead_copy_is_dealt_from_what_could_be_there():
    state = positions(6, 12)[-1]
    copies = [redraw(state, 0, random.Random(s)) for s in range(8)]
    assert redraw(state, 0, random.Random(1)) == redraw(hidden_changed(state), 0,
                                                        random.Random(1))
    me, rival = state["players"]
    for copy in copies:
        assert sorted(copy["players"][1]["hand"] + copy["players"][1]["deck"]) == sorted(
            rival["hand"] + rival["deck"])
        assert len(copy["players"][1]["hand"]) == len(rival["hand"])
        assert copy["players"][0]["hand"] == me["hand"]  # its own hand it knows
        assert sorted(copy["players"][0]["deck"]) == sorted(me["deck"])
    assert any(c["players"][1]["hand"] != rival["hand"] for c in copies)
    assert len({c["rng"] for c in copies}) == len(copies)


# -- the pieces --------------------------------------------------------------------------
def test_a_first_strike_target_destroys_a_weak_attacker_before_it_strikes(table):
    attacker = table.put(0, 2, atk=60, defense=30)
    target = table.put(1, 2, atk=50, defense=40, attributes=("First Strike",))
    assert card_attack(attacker, target) == (1.0, 0.0, 0.0)


def test_an_inaccurate_attacker_kills_only_on_a_full_hit(table):
    attacker = table.put(0, 2, atk=60, defense=80, attributes=("Inaccuracy",))
    target = table.put(1, 2, atk=10, defense=40)
    a_dead, t_dead, over = card_attack(attacker, target)
    assert (a_dead, t_dead) == (0.0, pytest.approx(1 / 6))
    assert over == pytest.approx(20 / 6)


def test_a_counterattack_and_a_self_destruct_cost_the_attacker(table):
    attacker = table.put(0, 2, atk=30, defense=40)
    wall = table.put(1, 2, atk=50, defense=60, attributes=("Counterattack",))
    assert card_attack(attacker, wall) == (1.0, 0.0, 0.0)
    bomb = table.put(1, 3, atk=50, defense=10, attributes=("Self Destruct",))
    assert card_attack(attacker, bomb) == (1.0, 1.0, 0.0)  # it blows: the trade pays


def test_a_hit_that_puts_down_an_area_or_the_last_one_counts_more():
    assert base_gain([100, 100], 40, W) == 40
    assert base_gain([30, 100], 40, W) == 30 + W["area"]  # above 40 on the full one
    assert base_gain([30], 40, W) == 30 + W["area"] + W["finish"]


def test_a_finished_game_and_either_side_of_a_table():
    state = positions(8, 10)[-1]
    assert evaluate(state, 0) == pytest.approx(-evaluate(state, 1))
    over = clone(state)
    over.update({"phase": "over", "winner": {"team": 0, "draw": False}, "await": None})
    assert evaluate(over, 0) == WIN and evaluate(over, 1) == -WIN


def test_rolled_over_damage_goes_where_it_puts_an_area_down(table):
    table.bases(1).update(HQ=100, OPS=40, TEST=20, LAB=60)
    table.state["await"] = {"kind": "choose", "player": 0, "choice": "rollover_area",
                            "options": ["HQ", "OPS", "TEST", "LAB"], "amount": 50,
                            "target": 1}
    actions = [{"type": "choose", "value": a} for a in ("HQ", "OPS", "TEST", "LAB")]
    assert by_rule(table.state, actions, W) == {"type": "choose", "value": "OPS"}


def test_clearance_is_never_overpaid_and_one_gap_attack_per_card_is_tried(table):
    table.put(0, 1, defense=10)
    table.put(0, 2, defense=30)
    table.put(0, 3, defense=20)
    table.state["players"][0]["clearance"] = 2
    table.state["await"] = {"kind": "advance", "player": 0}
    assert minimal(table.state, [3]) and minimal(table.state, [2])  # 20 and 30 for 20
    assert not minimal(table.state, [1, 2]) and not minimal(table.state, [1, 3])
    table.state["players"][1]["line"] = [None] * 5
    table.state["await"] = {"kind": "main", "player": 0}
    tried = candidates(table.state, RULES.legal_actions(table.state))
    gap_attacks = [a for a in tried if a["type"] == "attack"]
    assert sorted(a["level"] for a in gap_attacks) == [1, 2]


def test_the_deck_top_seen_with_remote_viewing_goes_back_best_card_first(table):
    from itertools import permutations

    orders = [list(p) for p in permutations(["D1-01", "D5-08", "D3-01"])]
    table.state["await"] = {"kind": "choose", "player": 0, "choice": "order",
                            "options": orders}
    actions = [{"type": "choose", "value": o} for o in orders]
    assert by_rule(table.state, actions, W)["value"] == ["D5-08", "D3-01", "D1-01"]
