"""Against All Tyrants' balance (docs/balance.md, issue 12 section 5), on a short run of the
documented study: `pnp simulate against-all-tyrants --seed 1` plays the 18 setups in turn
(every attacker and defender subfaction, mirrors included, the attacker in either seat),
and these are its first games. The bands are wide enough for the games' chance, narrow
enough that a subfaction, a role or a pairing that became dominant fails them."""

from __future__ import annotations

import pytest

from companion.core.simulate import simulate
from companion.games.aat.ai import GreedyAgent
from companion.games.aat.data import SUBFACTIONS
from companion.games.aat.rules import AatRules

RULES = AatRules()
SETUPS = RULES.simulation_setups(2)
GAMES = 80 * len(SETUPS)  # 80 games a setup, 160 a pairing


@pytest.fixture(scope="module")
def study():
    def make(index):  # the same agents and seeds as `pnp simulate ... --seed 1`
        return [GreedyAgent(1 * 7919 + index * 31 + s) for s in range(2)], ["greedy"] * 2

    report = simulate(RULES, make, GAMES, 1, SETUPS, jobs=2)
    return report, RULES.statistics(dict(report.counters), report.games)


def test_every_pairing_is_played_in_both_seats():
    """18 setups: 9 (attacker, defender) pairings, mirrors included, each with the
    attacker in seat 1 and in seat 2."""
    assert len(SETUPS) == 18
    seen = {(s[f"subfaction_{s['attacker'] + 1}"], s[f"subfaction_{2 - s['attacker']}"],
             s["attacker"]) for s in SETUPS}
    assert seen == {(a, d, seat) for a in SUBFACTIONS for d in SUBFACTIONS for seat in (0, 1)}


def test_neither_role_nor_seat_dominates(study):
    report, stats = study
    assert report.games == GAMES and report.invariant_failures == []
    assert report.draws < 0.03 * GAMES
    assert 0.42 <= stats["role_wins"]["attacker"] <= 0.58
    for seat in (0, 1):
        assert 0.42 * GAMES <= report.wins_by_seat[seat] <= 0.58 * GAMES


def test_no_subfaction_dominates(study):
    _, stats = study
    for sub, row in stats["subfactions"].items():
        assert row["games"] == 2 * 2 * 160  # two opponents, both roles
        assert 0.40 <= row["win_rate"] <= 0.60, f"{sub} wins {row['win_rate']:.1%}"
        for role in ("attacker", "defender"):
            rate = row[f"{role}_win_rate"]
            assert 0.35 <= rate <= 0.65, f"{sub} as {role} wins {rate:.1%}"


def test_no_pairing_is_lopsided(study):
    _, stats = study
    assert len(stats["pairings"]) == 9
    for pairing, row in stats["pairings"].items():
        assert row["games"] == 160
        assert 0.28 <= row["attacker"] <= 0.72, f"{pairing}: attacker wins {row['attacker']:.1%}"


def test_both_ways_to_win_matter_for_every_subfaction(study):
    """The alternate objective and the enemy base each decide a fair share of every
    subfaction's wins."""
    _, stats = study
    for sub, row in stats["subfactions"].items():
        ways = row["win_paths"]["all"]
        assert ways["objective"] >= 0.12, f"{sub}: objective {ways['objective']:.1%}"
        assert ways["base"] >= 0.12, f"{sub}: base {ways['base']:.1%}"


def test_every_card_is_played(study):
    """Every main-deck card is played from hand, every Special Forces and objective
    card put into play, in some game."""
    _, stats = study
    assert stats["cards_never_played"] == []
