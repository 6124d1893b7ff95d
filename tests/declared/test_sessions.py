"""Sessions of a declared game: undo, redo, save and restore through core.session,
the seed, the invariants after every random move, printed cards, and the view."""

from __future__ import annotations

import json

import pytest

from companion.core.agents import RandomAgent
from companion.core.engine import Rejected
from companion.core.session import Session, loads, read_save
from companion.declared import view
from tests.declared.fixtures import act, game, hand, session, table


def random_game(seed, seats=2, cards="tracked"):
    rules = game()
    setup = rules.simulation_setup(seats)
    setup["cards"] = cards
    s, agent = Session(rules, setup, seed), RandomAgent(seed)
    while not rules.is_over(s.state):
        previous = rules.snapshot_for_checks(s.state)
        s.apply(agent.choose(rules, s.state))
        assert rules.invariants(s.state, previous) == []
    return s


@pytest.mark.parametrize("seats", [2, 4])
def test_random_games_end_and_keep_every_invariant(seats):
    s = random_game(7, seats)
    assert s.state["ended"] is not None and len(s.actions) > 5


def test_the_invariants_see_a_lost_card_and_a_counter_out_of_bounds():
    s = session()
    state = json.loads(json.dumps(s.state))
    state["zones"]["deck"].pop()
    state["counters"]["seats"][0]["hp"] = 99
    broken = s.rules.invariants(state)
    assert "cards not each in exactly one zone" in broken and "hp out of its bounds" in broken


def test_the_same_seed_gives_the_same_game_and_another_seed_another():
    assert random_game(11).actions == random_game(11).actions
    assert random_game(11).actions != random_game(12).actions


def test_undo_redo_and_a_save_round_trip():
    s = session()
    act(s, type="phase")
    act(s, type="play", card=hand(s.state)[0])
    after = s.state
    assert s.undo() and s.state["turn"]["phase"] == 1
    assert s.redo() and s.state == after
    again = loads(s.rules, s.dumps())
    assert again.state == s.state and again.log() == s.log()
    assert json.loads(s.dumps())["folder"] == "<data:tiny-table>"
    assert read_save(s.dumps()).state == s.state  # registered in this process


def test_printed_cards_keep_no_zones_and_a_told_card_applies_its_effects():
    s = session(cards="printed")
    assert all(cards == [] for cards in s.state["zones"].values())
    assert s.state["tracked"] is False
    act(s, type="phase")
    with pytest.raises(Rejected, match="D-ALLOWS"):
        act(s, type="play", card="crew/C-03#1")
    events = act(s, type="told", card="crew/C-03#1")
    assert s.state["counters"]["seats"][0]["score"] == 3
    assert any("printed cards" in e["text"] for e in events)  # the moon's draw, told
    told = [a for a in s.rules.legal_actions(s.state) if a["type"] == "told"]
    assert len(told) == 7  # five crew and two kit cards, each once
    random_game(5, cards="printed")


def test_the_view_words_and_the_cover():
    s = session()
    assert view.private_seat(s.state) == 0
    assert view.status(s.state)["title"] == "Round 1 · turn 1 · Draw"
    assert view.describe(s.state, {"type": "draw", "zone": "deck", "to": "hand.0",
                                   "count": 2}) == "Ann draws 2"
    assert view.describe(s.state, {"type": "draw", "zone": "discard", "to": "kit.1",
                                   "count": 1}) == "Ann draws 1 from Discard to Bob's Kit"
    assert view.describe(s.state, {"type": "change", "counter": "hp", "seat": 1,
                                   "delta": -2}) == "Bob: hit points 10 to 8"
    assert view.describe(s.state, {"type": "change", "counter": "escalation", "seat": None,
                                   "to": 4}) == "Escalation 0 to 4"
    secret = hand(s.state)[0]
    assert view.describe(s.state, {"type": "discard", "card": secret}) == "Ann discards a card"
    shown = view.zones(s.state, 1)
    assert next(z for z in shown if z["key"] == "hand.0")["cards"] == []
    assert next(z for z in shown if z["key"] == "hand.1")["count"] == 3
    act(s, type="finish", winners=[0])
    assert view.game_over(s)[0] == "Ann wins"
    assert "\n1 round, 1 action\n" in view.game_over(s)[1]  # one of each: no plural
    assert view.private_seat(s.state) is None


def test_each_folder_games_demo_is_its_own_whichever_was_registered_last():
    from companion.core.spec import load
    from companion.games import GAMES
    from tests.declared.fixtures import game

    game("tiny-table")
    game("other-table")
    try:
        demo = load(GAMES["tiny-table"].demo)()  # as the shell calls it: no arguments
        assert demo.rules.game_id == "tiny-table" and demo.state["turn"]["number"] > 4
    finally:
        GAMES.pop("other-table")


def test_cards_with_effects_but_no_zone_to_start_in_are_told_by_name():
    from tests.declared.fixtures import zone

    zones = [zone("deck", role="pile"), zone("hand", per="player", show="private", role="hand"),
             zone("discard", show="public", role="discard")]  # no zone starts with cards
    s = session(zones=zones, setup=[], limits=[], cards=None)
    assert s.state["tracked"] is False and "cards" not in s.setup
    assert not any(o.id == "cards" for o in s.rules.spec.options)
    act(s, type="phase")
    act(s, type="told", card="crew/C-04#1")
    assert s.state["counters"]["seats"][0]["score"] == 4


def test_a_card_played_face_down_is_no_name_in_the_log_or_undo():
    from tests.declared.fixtures import zone

    zones = [zone("deck", role="pile", cards=["crew/C-02#1", "crew/C-04#1", "crew/C-06#1"]),
             zone("hand", per="player", show="private", role="hand"),
             zone("played", per="player", show="hidden", role="play", shuffle=False),
             zone("discard", show="public", role="discard")]
    s = session(zones=zones, setup=[], limits=[], triggers=[])
    act(s, type="phase")  # the draw phase drew one
    card = hand(s.state)[0]
    name = s.rules.decl.card_name(card)
    assert view.describe(s.state, {"type": "play", "card": card}) == "Ann plays a card"
    events = act(s, type="play", card=card)
    assert events[0]["text"] == "Ann plays a card" and name not in str(s.log())
    act(s, type="reveal", card=card)  # all turn up their cards: now it is named
    assert view.describe(s.state, {"type": "discard", "card": card}) == f"Ann discards {name}"
    open_play = session(setup=[], limits=[], triggers=[])
    act(open_play, type="phase")
    card = hand(open_play.state)[0]
    assert view.describe(open_play.state, {"type": "play", "card": card}) == \
        f"Ann plays {open_play.rules.decl.card_name(card)}"


def test_the_simulators_tally_counts_the_seat_that_started_as_the_first_player():
    s = session(first=1)
    act(s, type="finish", winners=[1])
    tally = s.rules.tally(s.state, s.actions, s.log())
    assert tally["win:first"] == 1 and tally["rounds"] == 1 and tally["ended:the players "
                                                                        "ended the game"] == 1


def test_the_replay_summary_says_the_shared_and_each_players_counters():
    s = session()
    act(s, type="phase")  # the draw phase allows only draws
    act(s, type="change", counter="escalation", seat=None, to=3)
    act(s, type="out", seat=1)
    lines = s.rules.summary(s.state).splitlines()
    assert lines[1] == "Escalation 3"
    assert lines[2] == "Ann: Hit points 10, Score 0, Coins 0"
    assert lines[3].startswith("Bob (out): ") and lines[-1] == "Ended: last standing; winners: Ann"


def test_the_log_opens_with_what_the_setup_said_through_undo_and_a_save():
    """Who starts and the deal were worked out and dropped: a player dealt nothing
    because the pile ran out found no word of it in the log."""
    s = session(seats=4)
    opening = [e["text"] for e in s.log()]
    assert opening == ["Ann starts", "Ann is dealt 3", "Bob is dealt 3", "Cleo is dealt 3",
                       "Dan is dealt 1", "Draw pile is empty: Dan gets 1 of 3",
                       "Draw pile is empty: Ann gets 0 of 1"]  # (ten cards; then Ann's draw)
    act(s, type="phase")
    assert s.undo() and [e["text"] for e in s.log()] == opening
    act(s, type="phase")
    restored = loads(s.rules, s.dumps())  # replayed from the setup, as the app reads it
    assert [e["text"] for e in restored.log()][:len(opening)] == opening


def test_the_simulator_counts_the_games_whose_cards_ran_short():
    rules = game()
    for seats, short in ((2, False), (4, True)):
        state, events = rules.opening(rules.simulation_setup(seats), 1)
        assert rules.tally(state, [], events)["short"] == int(short)
    stats = rules.statistics({"short": 3, "rounds": 10}, 5)
    assert stats["short"] == 3 and "cards ran short: 3 games" in rules.report(stats)
    assert "ran short" not in rules.report(rules.statistics({"rounds": 10}, 5))


def test_a_simulation_of_another_player_count_is_refused_in_words():
    rules = game()
    with pytest.raises(ValueError, match=r"is played by 2 to 4 players$"):
        rules.simulation_setup(5)
    two = game("two-only", players={**table()["players"], "max": 2})
    with pytest.raises(ValueError, match=r"is played by 2 players$"):
        two.simulation_setup(3)
