"""The greedy player's fast readings (ai_reading.py, ai_memo.py) say what the slow
ones say: what the enemy can put on a unit (read from the memo's tables per target
card and per attacker card) is the sum of can_hit_at and hit over the enemy's units,
and the enemy pieces keeping a unit off the base (kept per card, owner and theater)
are those the traits name, for every unit in every theater, in positions of random
games and of games between greedy players."""

from __future__ import annotations

import random

import pytest

from companion.core.engine import clone
from companion.games.aat import model as m
from companion.games.aat.ai import GreedyAgent, Look
from companion.games.aat.rules import AatRules
from tests.aat.catalogue import sample

RULES = AatRules(sample())
SUBS = ("freedom-fighters", "first-leaders-navy", "robot-uprising")
THEATERS = ("Space", "Planetside")


def positions(seed: int, greedy: bool) -> list[dict]:
    """Every position of one game (a copy after each action)."""
    setup = {"subfaction_1": SUBS[seed % 3], "subfaction_2": SUBS[(seed + 1) % 3],
             "attacker": seed % 2, "cards": "virtual"}
    state = RULES.new_game(setup, seed)
    players = [GreedyAgent(seed), GreedyAgent(seed + 1)]
    pick = random.Random(seed)
    out = []
    for _ in range(400):
        if RULES.is_over(state):
            break
        if greedy:
            action = players[RULES.acting_seat(state)].choose(RULES, state)
        else:
            action = pick.choice(RULES.legal_actions(state))
        RULES.step(state, action)
        out.append(clone(state))
    return out


def slow_incoming(look: Look, t: dict, theater: str) -> int:
    return sum(look.memo.hit(e, t, theater) for e in m.units(look.state, 1 - t["owner"], theater)
               if look.can_hit_at(e, t, theater))


def slow_blockers(state: dict, q: dict, theater: str) -> list[dict]:
    foe = 1 - q["owner"]
    if theater != m.base(state, foe)["theater"]:
        return []
    fighter = m.trait(RULES.cards, q, "Fighter")
    capital = m.trait(RULES.cards, q, "Capital")
    return [u for u in m.units(state, foe, theater)
            if m.trait(RULES.cards, u, "Defender") or
            (fighter and m.trait(RULES.cards, u, "Fighter")) or
            (capital and m.trait(RULES.cards, u, "Capital"))]


@pytest.mark.parametrize("seed, greedy", [(1, False), (2, False), (3, True), (4, True)])
def test_fast_readings_agree_with_the_slow_ones(seed, greedy):
    checked = 0
    for state in positions(seed, greedy):
        if state["await"] is None:
            continue
        look = Look(GreedyAgent(0), RULES, state, state["await"]["player"])
        for t in m.units(state):
            for theater in THEATERS:
                assert look.incoming(t, theater) == slow_incoming(look, t, theater)
                assert look.blockers(t, theater) == slow_blockers(state, t, theater)
                checked += 1
    assert checked > 100  # the games put units in play


def test_a_card_added_after_the_memo_read_the_cards_is_read():
    """The memo's health and attack by card id (plain dicts, ai_memo.read_cards) and
    its Fighter and Command cards are made again when cards were added since, as
    tests add them: a decision reads them for the new card."""
    rules = AatRules(sample())
    state = positions(3, False)[40]
    agent = GreedyAgent(0)
    seat = RULES.acting_seat(state)
    p = next(q for q in state["table"].values() if q["kind"] == "unit")
    look = Look(agent, rules, state, seat)
    assert look.left(p) == rules.cards[p["card"]]["health"] - p["damage"]
    assert "T-added" not in look.memo.fighters | look.memo.commanders
    rules.cards["T-added"] = dict(rules.cards[p["card"]], health=40, attack=7,
                                  traits={"Fighter": True, "Command": {"count": 1}})
    p["card"] = "T-added"
    look = Look(agent, rules, state, seat)
    assert look.left(p) == 40 - p["damage"] and look.attack(p) == 7
    assert "T-added" in look.memo.fighters and "T-added" in look.memo.commanders
