"""The greedy AI's wave plans (companion/games/att/plans.py): a decision answered from
memory is the one weighed afresh, and the plans are sent in the order of the troops'
power read off the game (model.power), at every attack decision of a greedy game."""

from __future__ import annotations

import itertools

from companion.core.engine import clone
from companion.games.att import model, plans, playout
from companion.games.att.ai import GreedyAgent
from tests.att.test_ai import decisions


def strength(state, seat, territory) -> int:
    return sum(model.power(state, seat, base["type"], b)
               for base in state["players"][seat]["board"][territory] if base
               for b in base["troops"])


def test_a_decision_met_again_is_the_one_weighed_afresh():
    checked = 0
    for state, seat, legal in decisions(1):
        sources = {a["from"] for a in legal if a["type"] == "attack"}
        specials = max((a["specials"] for a in legal if a["type"] == "attack"), key=len,
                       default=[])
        reading = plans.Reading(state, seat)
        order = sorted(sources, key=lambda t: strength(state, seat, t))
        assert sorted(sources, key=reading.strength) == order
        fresh = plans.weigh(reading, order, specials)
        plans.BEST.clear()
        assert plans.best(state, seat, sources, specials) == fresh
        assert plans.best(state, seat, sources, specials) == fresh  # from memory
        checked += fresh is not None
    assert checked > 0


def test_the_memory_tells_positions_apart():
    """A territory that has attacked is no longer sent: the same boards, another answer."""
    for state, seat, legal in decisions(2):
        sources = {a["from"] for a in legal if a["type"] == "attack"}
        found = plans.best(state, seat, sources, [])
        if found is None or found[2] >= plans.PALACE:
            continue
        state["attacked"].append(found[0])
        again = plans.best(state, seat, sources, [])
        state["attacked"].pop()
        assert again is None or again[0] != found[0]
        return
    raise AssertionError("no attack decision")


def test_the_agent_attacks_with_the_best_plan():
    agent = GreedyAgent(3)
    for state, seat, legal in decisions(3):
        attack, worth = agent.best_plan(None, state, seat, legal)
        if attack is not None:
            assert attack in legal and worth > float("-inf")
            return
    raise AssertionError("no attack decision")


def test_shapes_numbered_again_forget_what_they_keyed():
    """Once many shapes are numbered, the numbers start again from 0 and the battles and
    decisions remembered under the old ones are forgotten: the same answers."""
    asked = [(clone(state), seat, {a["from"] for a in legal if a["type"] == "attack"})
             for state, seat, legal in itertools.islice(decisions(4), 6)]
    first = [plans.best(state, seat, sources, []) for state, seat, sources in asked]
    plans.SHAPES.extend([None] * 100_000)  # as if a long study had numbered them
    again = [plans.best(state, seat, sources, []) for state, seat, sources in asked]
    assert len(plans.SHAPES) < 100 and again == first
    assert any(found is not None for found in first)


def test_a_battle_without_special_troops_is_remembered_for_either_seat(monkeypatch):
    """With both palaces empty, a battle depends on the two territories and the power
    changes alone: the same battle fought by the other seat is not fought again."""
    for state, seat, legal in decisions(5):
        players = state["players"]
        sources = sorted({a["from"] for a in legal if a["type"] == "attack"})
        if players[0]["palace"] or players[1]["palace"] or not sources:
            continue
        mirrored = clone(state)
        mirrored["players"] = [clone(players[1]), clone(players[0])]
        mirrored["mods"] = [clone(state["mods"][1]), clone(state["mods"][0])]
        plans.WAVES.clear()
        plans.CONTEXTS.clear()
        worths = [plans.waves(state, seat, sources, target, []) for target in range(3)]
        fought: list = []

        def counted(*args, fight=plans.clash.fight, fought=fought):
            fought.append(args)
            return fight(*args)

        monkeypatch.setattr(plans.clash, "fight", counted)
        again = [plans.waves(mirrored, 1 - seat, sources, target, []) for target in range(3)]
        assert again == worths and not fought
        return
    raise AssertionError("no attack decision with both palaces empty")


def test_a_reading_is_the_game_read_territory_by_territory():
    """plans.Reading reads every territory in one pass: the shapes are playout.shape's,
    numbered, the territories that may attack those with troops that have not attacked,
    the complete count the opponent's complete territories but the target's."""
    checked = 0
    for state, seat, _legal in decisions(6):
        reading = plans.Reading(state, seat)
        mine, theirs = (state["players"][s]["board"] for s in (seat, 1 - seat))
        assert reading.mine == tuple(playout.shape(t) for t in mine)
        assert reading.theirs == tuple(playout.shape(t) for t in theirs)
        assert [plans.SHAPES[n] for n in reading.numbers] == [*reading.mine, *reading.theirs]
        assert [plans.EMPTY[n] for n in reading.numbers] == [
            all(base is None for base in t) for t in (*mine, *theirs)]
        assert reading.armed == [t not in state["attacked"] and any(
            base is not None and base["troops"] for base in territory)
            for t, territory in enumerate(mine)]
        complete = [None not in territory for territory in theirs]
        assert reading.complete == [sum(complete) - whole for whole in complete]
        checked += 1
    assert checked > 0
