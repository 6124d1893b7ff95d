"""The expert AI (companion/games/att/expert*.py): it chooses only legal actions, reads
nothing a player cannot see, its light copy of a renewal, a turn's start and a battle
does what the rules say, and it beats the greedy and the random players."""

from __future__ import annotations

import random

from companion.core.agents import RandomAgent
from companion.core.engine import clone
from companion.core.simulate import simulate
from companion.games.att import expert_plan, expert_window, model, playout
from companion.games.att.ai import GreedyAgent
from companion.games.att.expert import ExpertAgent
from companion.games.att.rules import AttRules
from tests.att import scenario
from tests.att.test_ai import autopilot

RULES = AttRules()
SETUPS = RULES.simulation_setups(2)


def states(game: int, expert_seat: int):
    """(state, agent to act) of an expert-against-greedy game, as it goes."""
    state = RULES.new_game(SETUPS[game % len(SETUPS)], 40 + game)
    agents = [GreedyAgent(game), GreedyAgent(game + 7)]
    agents[expert_seat] = ExpertAgent(game + 3)
    while not RULES.is_over(state):
        agent = agents[RULES.acting_seat(state)]
        yield state, agent
        RULES.step(state, agent.choose(RULES, state))


def hidden_redrawn(state: dict, seat: int, pick: random.Random) -> dict:
    """The same position as `seat` sees it, with everything else drawn again: the
    opponent's hand swapped card for card with its draw piles (a base for a base: how
    many of each a hand holds can be counted from the piles), every draw pile in another
    order, and another generator."""
    other = clone(state)
    foe = other["players"][1 - seat]
    for index, card in enumerate(foe["hand"]):
        pile = foe["draw"][model.pile_of(other, 1 - seat, card)]
        if pile:
            swap = pick.randrange(len(pile))
            foe["hand"][index], pile[swap] = pile[swap], card
    for player in other["players"]:
        for pile in player["draw"].values():
            pick.shuffle(pile)
    other["rng"] = pick.getrandbits(64)
    return other


def test_the_expert_chooses_only_legal_actions_and_reads_nothing_hidden():
    """At every decision of a game (either seat), the expert's choice is legal, and a
    twin agent shown the position with the hidden cards and draws changed chooses the
    same."""
    pick, compared, kinds = random.Random(3), 0, set()
    for game, seat in ((0, 0), (3, 1)):
        for state, agent in states(game, seat):
            if not isinstance(agent, ExpertAgent):
                continue
            twins = ExpertAgent(1), ExpertAgent(1)
            twins[0].pending, twins[1].pending = clone(agent.pending), clone(agent.pending)
            chosen = twins[0].choose(RULES, clone(state))
            assert chosen in RULES.legal_actions(state)
            assert twins[1].choose(RULES, hidden_redrawn(state, seat, pick)) == chosen
            compared += 1
            kinds.add(state["await"]["kind"])
    assert compared > 100
    assert {"renew", "attacks", "window", "build", "draw"} <= kinds


def test_the_expert_beats_the_greedy_ai_in_clearly_more_than_half_of_its_games():
    """8 games, seats alternating, the study's four pairings: a greedy player in the
    expert's seat wins about half (the expert wins nearly all, docs/balance.md)."""
    def make(index):
        names = ["expert", "greedy"] if index % 2 == 0 else ["greedy", "expert"]
        kinds = {"expert": ExpertAgent, "greedy": GreedyAgent}
        return [kinds[n](900 + index * 2 + s) for s, n in enumerate(names)], names

    report = simulate(RULES, make, 8, 9, SETUPS, check=False)
    assert report.wins_by_strategy["expert"] >= 7, report.wins_by_strategy


def test_the_expert_beats_the_random_player():
    def make(index):
        names = ["expert", "random"] if index % 2 == 0 else ["random", "expert"]
        kinds = {"expert": ExpertAgent, "random": RandomAgent}
        return [kinds[n](700 + index * 2 + s) for s, n in enumerate(names)], names

    report = simulate(RULES, make, 6, 9, SETUPS)
    assert report.invariant_failures == []
    assert report.wins_by_strategy["expert"] == 6, report.wins_by_strategy


# -- the light copy ----------------------------------------------------------------------
def test_a_renewal_recruits_up_to_two_a_base_and_builds_the_thinnest_territory():
    state = scenario.new()
    scenario.territory(state, 0, 0, ("cavalry", 1), ("light", 2), ("heavy", 0))
    scenario.territory(state, 0, 1, ("shooter", 0))
    scenario.territory(state, 1, 0, ("light", 0))
    state["players"][0]["hand"] = [scenario.take(
        state, 0, "base", lambda c: RULES.tables.armies["robots"].bases[c] == "siege")]
    scenario.turn_start(state, 0)
    light = expert_plan.renew(expert_plan.light_of(state, 0), 0)
    mine, theirs = (p["board"] for p in light["players"])
    assert [len(b["troops"]) for b in mine[0]] == [2, 2, 1]
    assert [b and b["type"] for b in mine[2]] == ["siege", "light", None]  # in hand, drawn
    assert mine[2][0]["troops"] == [] and len(mine[1][0]["troops"]) == 1
    assert [b and len(b["troops"]) for b in theirs[0]] == [1, None, None]
    assert sum(b is not None for t in theirs for b in t) == 3  # two drawn bases built
    assert light["players"][0]["cards"] == 0  # the siege base and two drawn, built
    assert state["players"][0]["board"][0][2]["troops"] == []  # the state is left alone


def test_a_new_turn_takes_powers_in_play_and_sacrifice_bonuses_away():
    state = scenario.new()
    scenario.territory(state, 0, 0, ("cavalry", 2, (3,)))
    scenario.attacks(state, 0)
    state["mods"][0]["power"]["cavalry"] = 4
    light = expert_plan.light_of(state, 0)
    assert expert_plan.strength(light, 0, 0) == 11
    assert expert_plan.strength(expert_plan.next_turn(light), 0, 0) == 6
    assert state["players"][0]["board"][0][0]["troops"] == [3, 0]


def test_a_thin_territory_before_an_open_palace_is_a_threat_to_win():
    """A full territory of Drones breaks a lone base, and its survivors the palace."""
    state = scenario.new()
    scenario.territory(state, 0, 0, ("cavalry", 2), ("cavalry", 2), ("cavalry", 2))
    scenario.territory(state, 0, 1, ("heavy", 2), ("heavy", 2), ("heavy", 2))
    scenario.territory(state, 1, 2, ("light", 0))
    scenario.turn_start(state, 1)
    light = expert_plan.next_turn(expert_plan.light_of(state, 1))
    assert expert_plan.threat(light, 0, 2) == expert_plan.WIN
    assert expert_plan.answer(expert_plan.light_of(state, 1), 1) == -expert_plan.WIN


def test_the_plan_takes_a_palace_that_falls():
    state = scenario.new()
    scenario.territory(state, 0, 0, ("heavy", 2), ("heavy", 2), ("light", 2))
    scenario.territory(state, 0, 1, ("cavalry", 2), ("cavalry", 2), ("cavalry", 2))
    scenario.territory(state, 1, 0, ("heavy", 2), ("heavy", 2), ("heavy", 2))
    scenario.territory(state, 1, 2, ("light", 0))
    scenario.attacks(state, 0)
    first, worth = expert_plan.best_first(expert_plan.light_of(state, 0), 0, [], [])
    assert worth == expert_plan.WIN
    assert first == {"type": "attack", "from": 1, "to": 2, "specials": []}


def test_a_battle_fought_out_on_the_copy_ends_as_the_engines():
    """At each window of greedy games, passing and fighting the battle out on the light
    copy leaves the boards and palaces the engine's steps leave when both pass."""
    checked = 0
    for game in range(8):
        state = RULES.new_game(SETUPS[game % len(SETUPS)], 70 + game)
        agents = [GreedyAgent(game * 2 + s) for s in (0, 1)]
        while not RULES.is_over(state) and checked < 40:
            seat = RULES.acting_seat(state)
            battle = state["battle"]
            if state["await"]["kind"] == "window" and not any(
                    m["after"] or m["owed"] for m in state["mods"]):
                light = expert_window.light_battle(state, seat)
                won = expert_window.fight_out(light)
                real = clone(state)
                while real["battle"] is not None and real["await"] is not None:
                    RULES.step(real, autopilot(RULES, real))
                assert won == (real["winner"] == battle["a"])
                for mine, theirs in zip(light["players"], real["players"], strict=True):
                    assert [[b and b["troops"] for b in t] for t in mine["board"]] == \
                        [[b and b["troops"] for b in t] for t in theirs["board"]]
                    assert mine["palace"] == theirs["palace"]
                checked += 1
            RULES.step(state, agents[seat].choose(RULES, state))
    assert checked >= 20


def test_a_boost_never_goes_to_artillery_and_sacrifices_away_from_the_fight_first():
    state = scenario.new()
    scenario.territory(state, 0, 0, ("siege", 2), ("cavalry", 1))
    scenario.territory(state, 0, 1, ("light", 2))
    scenario.territory(state, 1, 0, ("heavy", 2))
    scenario.hand(state, 0, "overclock")
    scenario.attacks(state, 0)
    scenario.act(state, {"type": "attack", "from": 0, "to": 0, "specials": []})
    light = expert_window.light_battle(state, 0)
    plays = expert_window.boosts(light, 0, {"max": 5, "factor": 1})
    assert plays and all(p["boost"] == [0, 1, 0] for p in plays)
    assert plays[0]["sacrifice"] == [[1, 0, 0]] and plays[0]["power"] == 1
    assert max(len(p["sacrifice"]) for p in plays) == 4  # both pools: away, then near


def test_the_light_copy_of_a_battle_is_the_playouts():
    """Fighting out a battle's window on the light copy gives what playout.fight gives
    from the same boards (no ability played)."""
    state = scenario.new()
    scenario.territory(state, 0, 0, ("cavalry", 2), ("heavy", 2))
    scenario.territory(state, 1, 1, ("light", 2), ("shooter", 1))
    scenario.hand(state, 0, "overclock")  # so that the window waits
    scenario.attacks(state, 0)
    fast = playout.lighten(state)
    won = playout.fight(fast, 0, 0, 1, [], [0.0, 0.0])
    scenario.act(state, {"type": "attack", "from": 0, "to": 1, "specials": []})
    assert state["await"]["kind"] == "window"
    light = expert_window.light_battle(state, 0)
    assert expert_window.fight_out(light) == won
    assert [p["board"] for p in light["players"]] == [p["board"] for p in fast["players"]]


def test_the_quick_material_count_is_the_playouts():
    for game in range(2):
        state = RULES.new_game(SETUPS[game + 1], 90 + game)
        agents = [GreedyAgent(game * 2 + s) for s in (0, 1)]
        while not RULES.is_over(state):
            for seat in (0, 1):
                assert expert_plan.material(state, seat) == playout.material(state, seat)
            RULES.step(state, agents[RULES.acting_seat(state)].choose(RULES, state))


def test_a_defender_that_holds_anyway_keeps_its_troops_and_its_card():
    """A lone Automaton attacks two Cyborgs on their base: the greedy AI sacrifices the
    troops of another territory for a boost nobody needs; the expert passes."""
    state = scenario.new()
    scenario.territory(state, 0, 0, ("light", 1))
    scenario.territory(state, 1, 0, ("heavy", 2))
    scenario.territory(state, 1, 1, ("light", 2), ("cavalry", 2))
    scenario.hand(state, 1, "overclock")
    scenario.attacks(state, 0)
    scenario.act(state, {"type": "attack", "from": 0, "to": 0, "specials": []})
    assert state["await"] == {"kind": "window", "player": 1}
    legal = RULES.legal_actions(state)
    assert GreedyAgent(1).choose(RULES, state)["type"] == "play"
    assert ExpertAgent(1).choose(RULES, state) == {"type": "pass"}
    assert legal == RULES.legal_actions(state)


def test_with_nothing_on_the_board_to_fight_with_the_expert_renews():
    """Two boards alike, a base without troops in each territory: a renewal is worth as
    much to both, and a game in which no one renews never moves (ATT-END would count
    bases for 40 rounds). Without the lean towards renewing (RENEW_BIAS) it would not."""
    state = scenario.new()
    for seat in (0, 1):
        for t in range(3):
            scenario.territory(state, seat, t, ("light", 0))
    scenario.turn_start(state, 0)
    assert state["await"]["kind"] == "renew"
    assert ExpertAgent(1).choose(RULES, state) == {"type": "renew", "renew": True}
