"""What the home screen and the log say of a game (companion/progress.py)."""

from __future__ import annotations

import time

from companion.core.session import Session
from companion.games import rules_for
from companion.games.gm.ai import GreedyAgent
from companion.progress import player_colour, progress, turns, when

NOON = time.mktime((2026, 11, 25, 12, 0, 0, 0, 0, -1))


def test_when_a_game_was_last_played():
    assert when(NOON - 30, NOON) == "just now"
    assert when(NOON - 3600, NOON) == "today 11:00"
    assert when(NOON - 86400, NOON) == "yesterday 12:00"
    assert when(NOON - 3 * 86400, NOON) == "Sun 22 Nov"
    assert when(NOON - 40 * 86400, NOON) == "16 Oct 2026"


def played(moves: int | None) -> Session:
    rules = rules_for("geheime-mission")
    session = Session(rules, {"players": [{"name": "Ann"}, {"name": "Bob"}], "first": 0},
                      seed=4)
    agents = [GreedyAgent(1), GreedyAgent(2)]
    while not rules.is_over(session.state) and (moves is None or len(session.actions) < moves):
        session.apply(agents[rules.acting_seat(session.state)].choose(rules, session.state))
    return session


def test_a_game_in_progress_says_round_phase_and_whose_turn():
    line = progress(played(5), NOON - 60, NOON)
    assert line["game"] == "Geheime Mission" and not line["over"]
    assert line["where"].startswith("Round 1 · ") and line["where"].endswith(" to play")
    assert line["who"] == "Ann, Bob" and line["when"] == "today 11:59"


def test_a_finished_game_says_its_result():
    line = progress(played(None), NOON, NOON)
    assert line["over"] and line["where"].startswith("Night falls")


def test_the_log_in_turns_each_headed_by_phase_and_player():
    session = played(12)
    log = turns(session)
    assert log and all(turn.lines for turn in log)
    assert [line for turn in log for line, _ in turn.lines] == [
        e["text"] for e in session.log() if not e.get("private") and e.get("text")]
    for before, after in zip(log, log[1:], strict=False):
        assert (before.seat, before.title) != (after.seat, after.title)
    assert {turn.name for turn in log} <= {"Ann", "Bob", ""}
    plays = [(turn.name, line) for turn in log for line, event in turn.lines
             if event["kind"] == "played"]
    assert plays and all(line.startswith(name) for name, line in plays)  # under its player


def test_player_colours_follow_the_chosen_colour_else_the_seat():
    assert player_colour({"colour": "Red"}, 3) == "#d9534f"
    assert player_colour({}, 1) != player_colour({}, 0)
