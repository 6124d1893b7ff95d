"""Geheime Mission's expert AI (companion/games/gm/expert*.py): it plays only legal
cards, reads nothing a player cannot see, reads the greedy AI's plays rightly, and
beats the greedy and the random players."""

from __future__ import annotations

import random

from companion.core.agents import RandomAgent
from companion.core.engine import clone
from companion.core.simulate import simulate
from companion.games.gm.ai import GreedyAgent
from companion.games.gm.expert import ExpertAgent
from companion.games.gm.expert_read import (
    CARDS,
    INDEX,
    ROLES,
    VALUE,
    Reader,
    allowed,
    greedy_answer,
    redraw,
    unseen,
)
from companion.games.gm.expert_score import WEIGHTS, ahead, features, worth
from companion.games.gm.rules import GmRules

RULES = GmRules()
SETUP = RULES.simulation_setup(2)


def rotated(opponent, games: int, seed: int = 5):
    def make(index):
        seats = [ExpertAgent(seed * 7919 + index * 31), opponent(seed * 7919 + index * 31 + 1)]
        names = ["expert", "other"]
        return (seats, names) if index % 2 == 0 else (seats[::-1], names[::-1])

    return simulate(RULES, make, games, seed, SETUP)


def greedy_games(games: int):
    """Every state of a few greedy games, with the seat that acts."""
    for seed in range(games):
        state = RULES.new_game(SETUP, seed)
        agents = [GreedyAgent(seed), GreedyAgent(seed + 7)]
        while not RULES.is_over(state):
            seat = RULES.acting_seat(state)
            yield state, seat
            RULES.step(state, agents[seat].choose(RULES, state))


def test_the_expert_beats_the_greedy_player():
    """Seats alternate; 400 games. Greedy against greedy wins about 48 % (draws are
    not wins), an expert that chose as greedy does would fail the bound."""
    report = rotated(GreedyAgent, 400)
    assert report.invariant_failures == []
    assert report.wins_by_strategy["expert"] >= 0.53 * 400
    assert report.wins_by_strategy["expert"] > 1.2 * report.wins_by_strategy["other"]


def test_the_expert_beats_the_random_player():
    """Nearly always: a game without a single suitcase is a draw."""
    report = rotated(RandomAgent, 100)
    assert report.wins_by_strategy["expert"] >= 90


def hide_differently(state: dict, me: int, seed: int) -> dict:
    """The same table with the other hand and the pile dealt again from the cards
    seat `me` has not seen."""
    other = clone(state)
    hidden = other["players"][1 - me]["hand"] + other["pile"]
    random.Random(seed).shuffle(hidden)
    size = len(other["players"][1 - me]["hand"])
    other["players"][1 - me]["hand"], other["pile"] = hidden[:size], hidden[size:]
    return other


def test_the_expert_reads_nothing_hidden():
    """Fresh experts with the same seed choose alike in states that differ only in the
    other player's hand and the pile's order, and so does one that followed the game."""
    followers = [ExpertAgent(3), ExpertAgent(3)]
    checked = 0
    for index, (state, seat) in enumerate(greedy_games(3)):
        twin = hide_differently(state, seat, index)
        assert twin["players"][1 - seat]["hand"] != state["players"][1 - seat]["hand"] or \
            twin["pile"] != state["pile"] or len(state["pile"]) < 2
        assert ExpertAgent(index).choose(RULES, state) == ExpertAgent(index).choose(RULES, twin)
        if seat == 0:
            followers[0].random.seed(index)
            followers[1].random.seed(index)
            assert followers[0].choose(RULES, state) == followers[1].choose(RULES, twin)
            checked += 1
    assert checked > 40


def test_the_expert_plays_legal_cards_and_greedy_with_printed_cards():
    for state, seat in greedy_games(2):
        action = ExpertAgent(seat).choose(RULES, state)
        assert action in RULES.legal_actions(state)
    printed = RULES.new_game({**SETUP, "cards": "printed"}, 4)
    assert ExpertAgent(1).choose(RULES, printed) == GreedyAgent(1).choose(RULES, printed)


def test_greedy_answer_is_the_greedy_ais_answer():
    answers = 0
    for state, seat in greedy_games(4):
        wait, duel = state["await"], state["duel"]
        if wait["kind"] == "play" and duel["lead"] is not None:
            hand = [INDEX[c] for c in state["players"][seat]["hand"]]
            mine = greedy_answer(hand, ROLES.index(wait["role"]), duel["lead"])
            assert CARDS[mine] == GreedyAgent(0).choose(RULES, state)["card"]
            answers += 1
    assert answers > 50


def test_the_other_hand_obeys_what_the_reader_reads_of_greedy_plays():
    """In greedy games every card of the other's hand obeys the bounds of each play he
    made while holding it, and the reader logs every play he made."""
    checked = 0
    for seed in range(40):
        state = RULES.new_game(SETUP, seed)
        agents, reader = [GreedyAgent(seed), GreedyAgent(seed + 5)], Reader()
        since = {card: 0 for card in state["players"][1]["hand"]}
        made = 0
        while not RULES.is_over(state):
            wait = state["await"]
            if wait["player"] == 0:
                reader.update(state, 0)
                assert len(reader.plays) == made
                for card in state["players"][1]["hand"]:
                    assert all(allowed(INDEX[card], p) for p in reader.plays[since[card]:])
                    checked += 1
            before = set(state["players"][1]["hand"])
            RULES.step(state, agents[wait["player"]].choose(RULES, state))
            if wait["player"] == 1 and wait["kind"] == "play":
                made += 1
                for card in set(state["players"][1]["hand"]) - before:
                    since[card] = made
    assert checked > 2000


def test_redrawn_hands_are_five_unseen_cards():
    rng = random.Random(2)
    for state, seat in greedy_games(1):
        pool = unseen(state, seat)
        assert set(CARDS[c] for c in pool) == \
            set(state["players"][1 - seat]["hand"]) | set(state["pile"])
        reader = Reader()
        reader.update(state, seat)
        for hand in redraw(reader.slots(pool), pool, rng, 4):
            assert len(set(hand)) == 5 and set(hand) <= set(pool)


def test_the_worth_counts_a_won_answer_and_a_tie_near_night():
    """Features the weights rest on: an answer's result, the clock, who is ahead."""
    assert ahead((1, 0), None) == 1 and ahead((1, 1), 1) == -1 and ahead((0, 0), None) == 0
    nine_red, hand = INDEX["A04"], [INDEX[c] for c in ("A04", "A05", "A11", "A20", "A30")]
    early = features(nine_red, hand, 2, 8, 28, (0, 0), None, None)
    late = features(nine_red, hand, 2, 9, 4, (1, 0), 0, None)
    assert early[11] == 1.0 and early[12] == 0.0  # red 9 beats green 8
    assert late[12] == 1.0 and late[26] == 1.0 and late[30] == 1.0  # a tie, ahead, late
    assert len(WEIGHTS) == len(early)
    # ahead near night, the tie (burning two cards of the clock) is the card to play;
    # early on a card that loses and keeps more is
    def best(left):
        return max(hand, key=lambda c: worth(c, hand, 2, 9, left, (1, 0), 0, None))

    assert best(4) == nine_red and best(28) != nine_red


def test_the_next_duel_is_read_against_his_possible_hands():
    """A city duel won leaves my best defence against his best attack; the hands he may
    hold decide whether it holds (a tie counts a half)."""
    hand = [INDEX[c] for c in ("A36", "A01", "A13", "A22", "A27")]  # find 9, defence 9
    weak = [INDEX[c] for c in ("A05", "A09", "A14", "A15", "A19")]  # attack 4 at most
    strong = [INDEX[c] for c in ("A04", "A09", "A14", "A15", "A19")]  # an attack 9
    answer = features(INDEX["A36"], hand, 0, 8, 20, (0, 0), None, [weak, strong])
    assert answer[9] == 1.0 and answer[46] == 0.75  # won; holds, then ties
    lead = features(INDEX["A36"], hand, 0, None, 20, (0, 0), None, [weak, weak])
    assert lead[13] == 1.0 and lead[49] == 1.0  # he cannot answer a 9: my defence holds
    assert features(INDEX["A01"], hand, 0, None, 20, (0, 0), None, [weak])[49] == 0.0


def test_the_added_features_read_the_kept_cards_the_clock_and_a_scoreless_tie():
    """Features 52-80 (expert_score.more): the two best cards kept for each place, the
    card's own values near night, the result by the score and by place. A tie with no
    suitcase scored yet leads towards a draw, which is no win."""
    nine_red, hand = INDEX["A04"], [INDEX[c] for c in ("A04", "A05", "A11", "A20", "A30")]
    rest = [c for c in hand if c != nine_red]
    late = features(nine_red, hand, 2, 9, 4, (0, 0), None, None)
    assert len(late) == 81
    for place in range(3):
        kept = sorted((VALUE[place][c] for c in rest), reverse=True)
        assert late[52 + place * 3: 55 + place * 3] == [kept[0] / 9, kept[1] / 9, kept[0] / 9]
        assert late[61 + place] == late[64 + place] == VALUE[place][nine_red] / 9
    assert late[68] == late[70] == late[80] == 1.0  # tied, nothing scored, late; attacking
    assert late[67] == late[79] == 0.0
    early = features(nine_red, hand, 2, 8, 28, (0, 0), None, None)
    assert early[67] == early[79] == 1.0 and early[69] == early[54] == early[61] == 0.0
    ahead_late = features(nine_red, hand, 2, 9, 4, (1, 0), 0, None)
    assert ahead_late[74] == 1.0 and ahead_late[68] == ahead_late[72] == 0.0
