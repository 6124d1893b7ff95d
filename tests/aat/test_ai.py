"""The greedy player (companion/games/aat/ai.py and its ai_* parts) plays to win: it
takes a win on the spot, stops the enemy's, plays every alternate objective, and beats
the random player by far. The balance study (test_balance.py) only shows that the two
greedy sides are even; these show that they play the game."""

from __future__ import annotations

import pytest

from companion.core.agents import RandomAgent
from companion.core.simulate import simulate
from companion.games.aat import view
from companion.games.aat.ai import GreedyAgent
from companion.games.aat.rules import AatRules
from tests.aat.scenario import Table

FF, NV, RU = "freedom-fighters", "first-leaders-navy", "robot-uprising"


@pytest.fixture
def make():
    yield lambda defender, attacker: Table((defender, attacker))
    view.use_rules(None)


def pick(t: Table) -> dict:
    """The greedy choice, the same whatever the seed (ties only are broken at random)."""
    picks = [GreedyAgent(seed).choose(t.rules, t.state) for seed in range(8)]
    assert all(p == picks[0] for p in picks), picks
    return picks[0]


def test_it_destroys_the_enemy_base_when_it_can(make):
    """AAT-WIN-1: of every attack, the one that brings the enemy base to 0."""
    t = make(FF, NV)
    gun = t.put(0, "Space", attack=3)
    bait = t.put(1, "Space", attack=4, health=3)  # worth killing, any other time
    t.base(1)["damage"] = t.rules.cards[t.base(1)["card"]]["health"] - 3
    t.start()
    assert pick(t) == {"type": "attack", "unit": gun, "target": "b1", "mark": False}
    assert bait in t.state["table"]


def test_it_passes_base_damage_to_a_leader_when_that_saves_the_base(make):
    """AAT-LEAD-2: the one delegation that keeps the base alive."""
    t = make(FF, NV)
    t.leader(0, health=5)
    t.base(0)["damage"] = t.rules.cards[t.base(0)["card"]]["health"] - 2
    gun = t.put(1, "Planetside", attack=3)
    t.start(current=1, spare=False)
    t.attack(gun, "b0")
    assert t.waiting("choose", "delegate")
    value = pick(t)["value"]
    assert value != "none" and value[1] >= 1  # 3 damage on 2 left: pass at least 1


def test_it_fires_the_planet_cracker(make):
    """AAT-OBJ-6: Fire wins at once; nothing else comes close."""
    t = make(FF, NV)
    cracker = t.put(1, "Space", card="NV-09")
    t.put(1, "Space", attack=5)
    t.put(0, "Space", attack=1, health=1)
    t.start(current=1)
    assert pick(t) == {"type": "order", "unit": cracker, "order": 0}


def test_it_disrupts_a_cracker_about_to_fire(make):
    """AAT-OBJ-6, AAT-TOK-5: the one-time Disruption goes on the Cracker, not on the
    unit it would otherwise hit hardest."""
    t = make(FF, NV)
    cracker = t.put(1, "Space", card="NV-09")
    t.put(1, "Space", attack=6, health=6, name="Big Gun")
    jam = t.card(kind="Effect", theaters=(), attack=0, health=0, types=["Tactic"],
                 effect=[{"disrupt": 1, "target": "enemy-unit"}])
    t.hand(0, jam)
    t.state["escalation"] = 5
    t.start("deploy")
    assert pick(t) == {"type": "play", "card": jam}
    t.act({"type": "play", "card": jam})
    assert t.waiting("choose", "target")
    assert pick(t)["value"] == cracker


def test_it_uploads_when_the_upload_wins(make):
    """AAT-OBJ-8: Computation uploaded to reach 10 on the enemy base."""
    t = make(FF, RU)
    frame = t.put(1, "Planetside", traits=["Mainframe"], types=["Computer"],
                  tokens={"computation": 3})
    t.put(0, "Planetside", attack=1, health=9)
    t.base(0)["tokens"]["computation"] = 7
    t.start(current=1, spare=True)
    assert pick(t) == {"type": "order", "unit": frame, "order": "upload"}


def test_the_viral_defender_cleans_up_before_the_upload_wins(make):
    """AAT-OBJ-8: with the enemy's next Upload enough to win, a clean-up attack on the
    own base beats hitting an enemy unit."""
    t = make(FF, RU)
    t.put(1, "Planetside", traits=["Mainframe"], types=["Computer"],
          tokens={"computation": 3}, attack=0, health=9)
    t.put(1, "Planetside", attack=1, health=2)  # an easy kill otherwise
    cleaner = t.put(0, "Planetside", attack=2)
    t.base(0)["tokens"]["computation"] = 7
    t.start()
    assert pick(t) == {"type": "attack", "unit": cleaner, "target": "b0", "mark": False}


def test_it_escapes_and_scores(make):
    """AAT-OBJ-3: a Transport that has been Planetside escapes from Space."""
    t = make(FF, NV)
    shuttle = t.put(0, "Space", card="FF-03")
    t.piece(shuttle)["planetside"] = True
    t.put(1, "Space", attack=1, health=1)
    t.start()
    assert pick(t) == {"type": "order", "unit": shuttle, "order": "escape"}


def test_greedy_beats_random_in_every_pairing():
    """The greedy player wins nearly every game against the random one, in all 18
    setups (every pairing, either role, either seat)."""
    rules = AatRules()
    setups = rules.simulation_setups(2)

    def make_agents(index):
        seat = index // len(setups) % 2  # each setup with greedy in seat 1, then 2
        agents = [RandomAgent(index), RandomAgent(index)]
        agents[seat] = GreedyAgent(index)
        names = ["random", "random"]
        names[seat] = "greedy"
        return agents, names

    report = simulate(rules, make_agents, 2 * len(setups), 1, setups, jobs=2)
    assert report.invariant_failures == []
    assert report.wins_by_strategy["greedy"] >= 0.9 * report.games
