"""A battle step's damage worked out at once (companion/games/att/strike.py): each
side's damage (`work_out`) is what damage.pool says, and what the Assign task offers, in
one pass (`choices`), is what damage.py's `affordable`, `woundable` and `destroys_all`
say, at every step of played games (random players choose kills and wounds too)."""

from __future__ import annotations

from companion.core.simulate import play_game
from companion.games import agents_of
from companion.games.att import damage, strike
from tests.att.scenario import RULES


class Watching:
    """An agent that, before each choice, compares `choices` with the three readings."""

    def __init__(self, agent):
        self.agent, self.compared = agent, 0

    def choose(self, rules, state):
        battle = state.get("battle")
        if battle and battle["pools"][0] is not None:
            for seat in (0, 1):
                pools = battle["pools"][seat]
                left = damage.standing(state, seat)
                assert strike.choices(battle, seat) == (
                    damage.affordable(state, seat, left) + damage.woundable(state, seat, left),
                    damage.destroys_all(left, pools["damage"], pools["artillery"]))
                self.compared += 1
        return self.agent.choose(rules, state)


def test_choices_are_the_affordable_and_woundable_pieces_and_whether_all_fall():
    agents = agents_of("attack-the-tower")
    setups = RULES.simulation_setups(2)
    compared = 0
    for game in range(6):
        players = [Watching(agents["random"](game)), Watching(agents["greedy"](game + 1))]
        if game % 2:
            players.reverse()
        play_game(RULES, players, setups[game % len(setups)], 40 + game)
        compared += sum(p.compared for p in players)
    assert compared > 50


def test_a_steps_pools_are_what_damage_pool_says(monkeypatch):
    worked_out = strike.work_out
    compared = []

    def checked(state, step):
        found = worked_out(state, step)
        if found is not None:
            for seat in (0, 1):
                assert found[0][seat] == damage.pool(state, seat, step)
                compared.append(step)
        return found

    monkeypatch.setattr(strike, "work_out", checked)
    agents = agents_of("attack-the-tower")
    setups = RULES.simulation_setups(2)
    for game in range(4):
        players = [agents["random"](game), agents["greedy"](game + 1)]
        play_game(RULES, players, setups[game % len(setups)], 60 + game)
    assert "initiative" in compared and "regular" in compared
