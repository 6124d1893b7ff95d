"""The expert's fuller reading of the other hand (companion/games/gm/expert_track.py):
it follows a greedy player's plays without losing the thread, deals only unseen cards,
and its hands hold more of his real cards than hands dealt blindly (a little)."""

from __future__ import annotations

import random

from companion.games.gm.ai import GreedyAgent
from companion.games.gm.expert_read import INDEX, unseen
from companion.games.gm.expert_track import TrackingReader, cards_of, mask
from companion.games.gm.rules import GmRules

RULES = GmRules()
SETUP = RULES.simulation_setup(2)


def followed(games: int):
    """Seat 0's turns in greedy games, with a reader that followed seat 1's plays."""
    for seed in range(games):
        state = RULES.new_game(SETUP, seed)
        agents, reader = [GreedyAgent(seed), GreedyAgent(seed + 5)], TrackingReader()
        while not RULES.is_over(state):
            if state["await"]["player"] == 0:
                reader.update(state, 0)
                yield state, reader
            RULES.step(state, agents[RULES.acting_seat(state)].choose(RULES, state))


def test_a_greedy_player_never_breaks_the_reading():
    """Every play of his fits some kept set of arrival times (a reset would mean the
    reading lost him), and the sets' weights add up to one."""
    plays = 0
    for _, reader in followed(30):
        tracker = reader.tracker
        assert tracker.count == len(reader.plays)
        assert all(sorted(k) == list(k) and len(k) == 5 for k in tracker.sets)
        assert abs(sum(tracker.sets.values()) - 1) < 1e-9
        if tracker.count:
            assert min(min(k) for k in tracker.sets) < tracker.count  # not a reset
        plays = max(plays, tracker.count)
    assert plays > 10


def test_the_hands_are_unseen_cards_that_hold_more_of_his_than_blind_deals():
    rng, blind = random.Random(1), random.Random(2)
    read = dealt = positions = 0
    for state, reader in followed(20):
        pool = unseen(state, 0)
        his = {INDEX[c] for c in state["players"][1]["hand"]}
        for hand in reader.tracker.hands(pool, rng, 8):
            assert len(set(hand)) == 5 and set(hand) <= set(pool)
            read += len(his & set(hand))
            dealt += len(his & set(blind.sample(pool, 5)))
        positions += 1
    assert positions > 300
    assert read > 1.1 * dealt  # about 1.17: his plays bound his cards loosely


def test_masks_are_the_cards_a_play_allows():
    lead = (0, 0, None, INDEX["A04"])
    assert INDEX["A04"] in cards_of(mask(lead))
    assert len(cards_of(mask(lead))) < 40
    assert cards_of(0b1011) == [0, 1, 3]
