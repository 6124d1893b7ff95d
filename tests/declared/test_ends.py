"""The end of a declared game and the order of play around it: the round cap (the game
ends with the round it reached), `end.when` read before a new round's first turn and for
every player when it names a player's own counter, triggers that set off others, the
prompts of a player who goes out, a game for one, and the turn-order invariant."""

from __future__ import annotations

import json

from tests.declared.fixtures import act, counter, effect, hand, session, table

ONE_PHASE = {"phases": [{"id": "t", "name": "Turn", "allows": None, "max": {}, "start": [],
                        "end": []}],
             "start_of_turn": [], "end_of_turn": [], "end_of_round": []}


def end(when=None, rule="highest", counter_id="score", value=None, rounds=50):
    return {"when": when, "winner": {"rule": rule, "counter": counter_id, "value": value},
            "rounds": rounds}


def trigger(when, *do, per_player=True):
    return {"when": when, "per_player": per_player, "do": list(do)}


def test_the_round_cap_ends_the_game_in_the_round_it_reached():
    s = session(turns=ONE_PHASE, end=end(rounds=2))
    for _ in range(3):
        act(s, type="pass")
    assert s.state["ended"] is None and s.state["turn"]["round"] == 2
    act(s, type="pass")
    assert s.state["ended"]["why"] == "round cap"
    assert s.state["turn"]["round"] == 2  # two rounds played, not a third begun
    assert s.rules.tally(s.state, s.actions, s.log())["rounds"] == 2


def test_end_when_ends_the_game_before_the_next_rounds_first_turn_begins():
    turns = {**ONE_PHASE, "start_of_turn": [effect("change", counter="coins", by="1", to=None,
                                                   who="self")]}
    s = session(turns=turns, end=end("round > 2"))
    for _ in range(4):
        act(s, type="pass")
    assert s.state["ended"]["why"] == "round > 2"
    # seat 0 began a turn in rounds 1 and 2 only: round 3's first turn never started
    assert [c["coins"] for c in s.state["counters"]["seats"]] == [2, 2]
    assert not any(e["kind"] == "turn" for e in s.events[-1])


def test_end_when_naming_a_players_own_counter_is_read_for_every_player():
    s = session(turns=ONE_PHASE, end=end("score >= 7"), triggers=[])
    assert s.state["turn"]["seat"] == 0
    act(s, type="change", counter="score", seat=1, to=7)  # not the seat in turn
    assert s.state["ended"] == {"winners": [1], "why": "score >= 7"}


def test_a_trigger_that_another_trigger_makes_true_fires_after_the_same_action():
    triggers = [trigger("coins >= 1", effect("change", counter="score", by="3", to=None,
                                             who="self")),
                trigger("hp <= 5", effect("change", counter="coins", by="1", to=None,
                                          who="self"))]
    s = session(turns=ONE_PHASE, triggers=triggers)
    act(s, type="change", counter="hp", seat=0, to=5)
    seat = s.state["counters"]["seats"][0]
    assert (seat["coins"], seat["score"]) == (1, 3)


def test_triggers_that_set_each_other_off_stop_after_a_bounded_chain():
    # coins 0 -> 1 -> 2 -> 0 -> ...: each step makes the next trigger newly true
    to = lambda n: effect("change", counter="coins", by=None, to=str(n), who="self")  # noqa: E731
    triggers = [trigger("coins == 2", to(0)), trigger("coins == 1", to(2)),
                trigger("coins == 9", to(1)), trigger("coins == 0 and hp == 3", to(1))]
    s = session(turns=ONE_PHASE, triggers=triggers)
    act(s, type="change", counter="hp", seat=0, to=3)  # returns: the chain is cut
    changes = [e for e in s.events[-1] if e["kind"] == "change" and e["counter"] == "coins"]
    assert 3 <= len(changes) <= 4 * 8


def test_a_dropped_prompt_of_a_player_who_goes_out_still_ends_the_round():
    limits = [{"zone": "hand", "max": 2, "at": "end_of_round"}]
    s = session(seats=3, turns={**ONE_PHASE, "end_of_round": table()["turns"]["end_of_round"]},
                limits=limits, triggers=[])
    act(s, type="pass")
    act(s, type="pass")
    act(s, type="discard", card=hand(s.state, 2)[0])  # seat 2, the round's last: at the limit
    act(s, type="pass")
    asked = [s.state["await"]["player"]] + [p["player"] for p in s.state["queue"]]
    assert asked == [0, 1] and s.state["queue"][-1]["then"] == "round"
    act(s, type="out", seat=1)  # the prompt holding up the round's end goes with them
    act(s, type="discard", card=hand(s.state, 0)[0])
    assert s.state["turn"]["round"] == 2 and s.state["turn"]["seat"] == 0
    assert s.state["counters"]["shared"]["escalation"] == 1
    assert s.state["await"] == {"player": 0, "kind": "turn"}


def test_the_open_prompt_of_a_player_who_goes_out_passes_to_the_next():
    limits = [{"zone": "hand", "max": 2, "at": "end_of_round"}]
    s = session(seats=3, turns=ONE_PHASE, limits=limits, triggers=[])
    for _ in range(3):
        act(s, type="pass")
    act(s, type="out", seat=0)
    assert s.state["await"]["player"] == 1 and s.state["await"]["kind"] == "discard"
    act(s, type="discard", card=hand(s.state, 1)[0])
    act(s, type="discard", card=hand(s.state, 2)[0])
    assert s.state["turn"]["round"] == 2 and s.state["turn"]["seat"] == 1


def test_a_game_for_one_passes_its_turns_and_counts_its_rounds():
    players = {**table()["players"], "min": 1, "names": ["Solo"]}
    s = session(seats=1, turns=ONE_PHASE, end=end("round > 3"), players=players,
                counters=[counter("score", 0)], triggers=[], limits=[])
    for _ in range(3):
        act(s, type="pass")
    assert s.state["ended"] == {"winners": [0], "why": "round > 3"}
    assert s.state["turn"]["number"] == 3


def test_the_invariants_see_a_turn_passed_over_a_player_still_in():
    s = session(seats=3, turns=ONE_PHASE)
    before = s.rules.snapshot_for_checks(s.state)
    act(s, type="pass")
    assert s.rules.invariants(s.state, before) == []
    skipped = json.loads(json.dumps(s.state))
    skipped["turn"]["seat"] = 2  # seat 1, still in, passed over
    skipped["await"]["player"] = 2
    assert "the turn passed over a player still in" in s.rules.invariants(skipped, before)
    skipped["players"][1]["out"] = True  # over a player out: the order is kept
    assert "the turn passed over a player still in" not in s.rules.invariants(skipped, before)


def teams_game(**changes):
    players = {**table()["players"], "teams": 2}
    s = session(seats=4, turns=ONE_PHASE, players=players, **changes)
    assert [p["team"] for p in s.state["players"]] == [0, 1, 0, 1]  # seated alternately
    return s


def test_the_last_team_standing_wins_together():
    s = teams_game()
    act(s, type="out", seat=1)
    assert s.state["ended"] is None
    act(s, type="out", seat=3)
    assert s.state["ended"] == {"winners": [0, 2], "why": "last standing"}


def test_a_team_wins_with_its_best_player_those_out_too():
    s = teams_game(triggers=[])
    act(s, type="out", seat=0)
    act(s, type="change", counter="score", seat=2, to=4)
    act(s, type="change", counter="escalation", seat=None, to=10)  # no trigger: by hand
    act(s, type="finish", winners=[3])  # the players' word stands as given
    assert s.state["ended"]["winners"] == [3]
    assert s.rules.winners(s.state) == [0, 2]


def test_with_printed_cards_a_condition_reading_a_zone_is_left_to_the_players():
    triggers = [trigger("deck == 0", effect("end"), per_player=False),
                trigger("hand > 2", effect("change", counter="coins", by="1", to=None,
                                           who="self"))]
    s = session(cards="printed", turns=ONE_PHASE, triggers=triggers, end=end("discard == 0"))
    assert s.state["ended"] is None  # every zone reads 0 here: nothing is judged by them
    assert [c["coins"] for c in s.state["counters"]["seats"]] == [0, 0]
    tracked = session(turns=ONE_PHASE, triggers=triggers)
    assert [c["coins"] for c in tracked.state["counters"]["seats"]] == [1, 1]  # 3 in hand


def test_the_seat_in_turn_out_during_anothers_discard_prompt_passes_once_it_is_answered():
    triggers = [trigger("coins >= 1", effect("discard", count="1",
                                             **{"from": "hand", "to": "discard"}))]
    s = session(seats=3, turns=ONE_PHASE, triggers=triggers)
    act(s, type="change", counter="coins", seat=1, to=1)  # seat 1's trigger: they discard
    assert s.state["await"]["kind"] == "discard" and s.state["await"]["player"] == 1
    act(s, type="out", seat=0)
    assert s.state["await"]["player"] == 1 and s.rules.invariants(s.state) == []
    act(s, type="discard", card=hand(s.state, 1)[0])
    assert s.state["turn"]["seat"] == 1 and s.state["await"] == {"player": 1, "kind": "turn"}


def test_the_invariants_see_a_card_turned_up_in_no_zone():
    s = session(turns=ONE_PHASE)
    card = hand(s.state)[0]
    act(s, type="reveal", card=card)
    assert s.rules.invariants(s.state) == []
    lost = json.loads(json.dumps(s.state))
    lost["zones"]["hand.0"].remove(card)
    lost["zones"]["discard"].append(card)
    assert s.rules.invariants(lost) == []  # moved by hand: still one zone each
    lost["revealed"].append(card)
    assert "a card turned up twice, or turned up in no zone" in s.rules.invariants(lost)
