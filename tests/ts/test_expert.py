"""The expert AI (companion/games/ts/expert*.py): its copy of a position does what the
engine does, it chooses only legal actions, it reads nothing a player cannot see, its
reading of the trickle and of the race is right, and it beats the greedy and the
random players."""

from __future__ import annotations

import random

from companion.core.agents import RandomAgent
from companion.core.engine import clone
from companion.core.simulate import simulate
from companion.games.ts import expert_model as model
from companion.games.ts.ai import GreedyAgent
from companion.games.ts.expert import ExpertAgent
from companion.games.ts.expert_eval import evaluate, landings, reach, trickles
from companion.games.ts.geometry import OFF, board
from companion.games.ts.rules import TsRules
from tests.ts.scenario import Table, at

RULES = TsRules()


def states(games: int, expert_seat: int = 0, setup: dict | None = None):
    """Every state of a few expert-against-greedy games."""
    for seed in range(games):
        state = RULES.new_game(setup or RULES.simulation_setup(2), seed)
        agents = [GreedyAgent(seed), GreedyAgent(seed + 7)]
        agents[expert_seat] = ExpertAgent(seed + 3)
        while not RULES.is_over(state):
            yield state, agents[RULES.acting_seat(state)]
            RULES.step(state, agents[RULES.acting_seat(state)].choose(RULES, state))


def public(state_or_copy: dict) -> tuple:
    """What the copy and the engine's state must agree on after an action."""
    s = state_or_copy
    agents = {a: (g["seat"], g["kind"], g["at"], sorted(g["held"]))
              for a, g in s["agents"].items()}
    return s["board"], s["walls"], s["spots"], agents, s["pins"], s["actions"], \
        sorted(s["hacked"]), sorted(s["took"])


def test_the_copy_does_what_the_engine_does():
    """Every action the expert may try, done to its copy and by the engine's step,
    leaves the same board, agents, blockades, pins and actions (and score, but for an
    Analyst's draw, which the copy counts at its average)."""
    pick, tried, kinds = random.Random(5), 0, set()
    for state, _ in states(2):
        if state["await"]["kind"] != "act":
            continue
        seen = model.seen(state)
        listed = model.listed(seen)
        for action in pick.sample(listed, min(6, len(listed))):
            if action["type"] == "end_turn":
                continue
            mine, real = model.copy(seen), clone(state)
            model.apply(mine, action)
            events = RULES.step(real, action)
            assert public(mine) == public(real), action
            if not any(e["kind"] == "analyst" for e in events):
                assert mine["scores"] == [p["score"] for p in real["players"]]
            assert (mine["over"] is not None) == RULES.is_over(real)
            tried += 1
            kinds.add(action["type"])
    assert tried > 300
    assert {"move", "retire", "double", "comms", "block", "transfer"} <= kinds


def test_the_copy_leaves_the_position_it_copies_alone():
    for state, _ in states(1):
        if state["await"]["kind"] == "act":
            seen = model.seen(state)
            before = repr(seen)
            for action in model.listed(seen):
                model.apply(model.copy(seen), action)
            assert repr(seen) == before


def test_the_expert_chooses_only_legal_actions():
    for setup in (None, {**RULES.simulation_setup(2), "smuggler": "slips"},
                  {**RULES.simulation_setup(2), "bag": "physical"}):
        chosen = 0
        for state, agent in states(1, expert_seat=1, setup=setup):
            if isinstance(agent, ExpertAgent):
                assert agent.choose(RULES, clone(state)) in RULES.legal_actions(state)
                chosen += 1
        assert chosen > 40


def test_no_peeking_the_generator_and_the_bags_order_change_no_choice():
    """The expert sees no future dice or draws: the same position with another
    generator state (and its bag in another order) gives the same choice, for the same
    agent seed, at every one of its decisions in a game."""
    compared = 0
    shuffle = random.Random(2)
    for state, agent in states(2):
        if not isinstance(agent, ExpertAgent) or state["await"]["kind"] not in ("act", "spawn"):
            continue
        other = clone(state)
        other["rng"] = shuffle.getrandbits(64)
        shuffle.shuffle(other["bag"])
        twins = ExpertAgent(11), ExpertAgent(11)
        assert twins[0].choose(RULES, clone(state)) == twins[1].choose(RULES, other)
        compared += 1
    assert compared > 50


def test_what_the_expert_sees_has_no_generator_and_the_bag_by_counting():
    state = RULES.new_game(RULES.simulation_setup(2), 4)
    RULES.step(state, {"type": "trickle"})
    seen = model.seen(state)
    assert "rng" not in seen
    assert seen["bag"] == sorted(state["bag"])  # every tile not in sight
    assert len(seen["bag"]) == 47 - 2


def test_a_piece_falls_both_ways_is_redirected_stopped_or_goes_off():
    down, walls = board().down, [False] * board().size
    d4 = at("D4")
    assert sorted(landings(d4, down[d4], walls)) == sorted([(at("E4"), 0.5), (at("E5"), 0.5)])
    walls[at("E4")] = True  # TS-REDIRECT: both ways to E5
    assert landings(d4, down[d4], walls) == ((at("E5"), 0.5), (at("E5"), 0.5))
    walls[at("E5")] = True  # TS-STOP
    assert landings(d4, down[d4], walls) == ((d4, 0.5), (d4, 0.5))
    c1 = at("C1")  # down-left is off the board; redirected off by a blockade on D1
    walls[at("D1")] = True
    assert landings(c1, down[c1], walls) == ((OFF, 0.5), (OFF, 0.5))


def test_the_trickles_bring_expected_points_and_honeypots():
    table = Table()
    table.intel("D4", "naval", 4)
    table.intel("D2", "finance", honeypot=True)
    seen = model.seen(table.state)
    ev1, hp1, ev2, hp2, _, catches = trickles(seen)
    assert ev1[at("E4")] == ev1[at("E5")] == 2.0
    assert hp1[at("E2")] == hp1[at("E3")] == 0.5
    assert ev2[at("F4")] == 2.0 and ev2[at("F3")] == ev2[at("F5")] == 1.0
    assert hp2[at("F2")] == 0.5
    assert catches[at("E4")] > catches[at("I1")]


def test_reach_counts_the_carriers_a_turn_brings_home():
    assert reach([(0, 5), (3, 9), (1, 4)]) == 14  # retiring is free: 0 + 3 rows
    assert reach([(2, 5), (2, 9), (1, 4)]) == 13  # 2 + 2 rows is one too many
    assert reach([(0, 5), (2, 3), (1, 4)]) == 12
    assert reach([(4, 9)]) == 0


def test_a_carrier_of_three_is_worth_less_within_an_enemy_double_agents_reach():
    table = Table()
    table.agent(0, "analyst", "G3", held=[("codes", 1), ("codes", 2), ("codes", 3)])
    table.agent(1, "double-agent", "E7")
    safe = evaluate(model.seen(table.state))
    armed = Table()
    armed.agent(0, "analyst", "G3", held=[("codes", 1), ("codes", 2), ("codes", 3)])
    armed.agent(1, "double-agent", "E7", held=[("naval", 1)])
    threatened = evaluate(model.seen(armed.state))
    assert threatened < safe - 30


def play(opponent, games: int, expert=ExpertAgent) -> int:
    """The expert's wins in `games` games against `opponent`, seats alternating."""
    def make(index):
        agents = [expert(index * 2 + 1), opponent(index * 2 + 2)]
        names = ["expert", "other"]
        if index % 2:
            agents.reverse()
            names.reverse()
        return agents, names

    report = simulate(RULES, make, games, 1, RULES.simulation_setup(2), check=False)
    return report.wins_by_strategy["expert"]


class GreedyChoices(ExpertAgent):
    """An expert that plays greedy's choices: the bound below must fail it."""

    def __init__(self, seed: int):
        super().__init__(seed)
        self.greedy = GreedyAgent(seed)

    def choose(self, rules, state):
        return self.greedy.choose(rules, state)


def test_the_expert_beats_the_greedy_player_in_most_games():
    assert play(GreedyAgent, 24) >= 18


def test_greedy_choices_do_not_pass_that_bound():
    assert play(GreedyAgent, 24, expert=GreedyChoices) < 18


def test_the_expert_beats_the_random_player():
    assert play(RandomAgent, 8) == 8
