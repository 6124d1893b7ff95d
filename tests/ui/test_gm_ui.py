"""Geheime Mission by taps on the shell: a complete game with virtual cards, every
hand and the secret door behind the pass-and-play cover; the new-game form
generated from the game's options, and the confirmation before a game in
progress is replaced; SIGKILL mid-duel and resume exactly."""

from __future__ import annotations

import json
import os
import signal
import time

import pytest

from companion.core.session import Session, replay
from companion.games.gm.ai import GreedyAgent
from companion.games.gm.rules import GmRules

RULES = GmRules()


def on_screen(app) -> list:
    """Every widget shown (tests/ui/driver.py: imported here when a test runs, after the
    display fixture set Kivy's environment)."""
    from tests.ui.driver import on_screen as shown

    return shown(app)


def texts(app) -> str:
    from kivy.uix.label import Label

    return "\n".join(w.text for w in on_screen(app) if isinstance(w, Label))


def hand_on_screen(app) -> list[str]:
    from companion.games.gm.table import GmHandCard

    return [w.piece[1] for w in on_screen(app) if isinstance(w, GmHandCard)]


def tap_door(app, number: int) -> None:
    """Tap a back door where it is drawn: on the carrier's embassy."""
    from companion.games.gm.board import GmDoor
    from tests.ui.driver import tap

    doors = [w for w in on_screen(app) if isinstance(w, GmDoor) and w.number == number
             and w.get_root_window() is not None]
    assert len(doors) == 1, f"door {number} is not drawn on the embassy"
    tap(doors[0])


def find_cover(app) -> bool:
    from tests.ui.driver import visible_buttons

    return any(b.text.startswith("I am ") for b in visible_buttons(app))


def covered(app, controller) -> bool:
    """Whether the phone must change hands now: a private prompt (a virtual hand, the
    secret door), or the first prompt after one, for another player than the last."""
    from companion.games.gm import view

    session = controller.session
    seat = RULES.acting_seat(session.state)
    private = view.private_seat(session.state) is not None
    if not session.actions:
        return private
    before = session.states[-2]
    was_private = view.private_seat(before) is not None
    return (private or was_private) and RULES.acting_seat(before) != seat


def start_from_the_form(app, artifacts, shot, first: str = "Ann"):
    from tests.ui.driver import pump, tap_text, walk

    app.go("home")
    pump()
    tap_text(app, "New game: Geheime Mission")
    from kivy.uix.textinput import TextInput

    inputs = sorted((w for w in walk(app.root.current_screen) if isinstance(w, TextInput)),
                    key=lambda w: -w.to_window(*w.pos)[1])  # top first
    assert len(inputs) == 2  # the form has the game's two players, no colours
    inputs[0].text, inputs[1].text = "Ann", "Bob"
    pump()
    tap_text(app, "Player 1" if first == "Ann" else "Player 2")  # Who starts
    tap_text(app, "Virtual deck")
    shot(artifacts, "gm-01-new-game")
    tap_text(app, "Start the game")


def test_a_complete_game_by_taps_with_the_door_kept_secret(app, artifacts):
    from tests.ui.driver import pump, tap, tap_text
    from tests.ui.test_companion_ui import shot

    app.controller.next_seed = 21
    start_from_the_form(app, artifacts, shot)
    controller = app.controller
    assert controller.rules.game_id == "geheime-mission"
    assert controller.session.setup == {"players": [{"name": "Ann", "team": 0},
                                                    {"name": "Bob", "team": 1}],
                                        "first": 0, "cards": "virtual"}
    shadow = Session(RULES, controller.session.setup, controller.session.seed)
    agents = [GreedyAgent(3), GreedyAgent(4)]
    shots, steps, doors = set(), 0, 0
    while not RULES.is_over(controller.state):
        state = controller.state
        wait = state["await"]
        seat, name = wait["player"], state["players"][wait["player"]]["name"]
        action = agents[seat].choose(RULES, state)
        pump()
        if covered(app, controller):
            # the cover: no hand, no table while the phone changes hands
            assert hand_on_screen(app) == [] and "I am " + name in texts(app), steps
            if controller.session.actions and controller.session.actions[-1]["type"] == \
                    "officer":  # the reveal stays readable on the cover
                assert "went through door" in texts(app)
            if "cover" not in shots:
                shots.add("cover")
                shot(artifacts, "gm-02-cover")
            tap_text(app, f"I am {name}: show")
        else:
            assert not find_cover(app), f"step {steps}: a cover nobody needs"
        if wait["kind"] == "play":
            assert sorted(hand_on_screen(app)) == sorted(state["players"][seat]["hand"])
            if "hand" not in shots:
                shots.add("hand")
                shot(artifacts, "gm-03-hand")
            from companion.games.gm.table import GmHandCard

            tap(next(w for w in on_screen(app) if isinstance(w, GmHandCard)
                     and w.piece[1] == action["card"]))
        else:
            if wait["kind"] == "officer":
                chosen = state["door"]
                screen = texts(app)
                assert f"door {chosen}" not in screen.lower().replace("door 1\n", "").replace(
                    "door 2\n", "").replace("door 3\n", ""), "the secret door shows"
                assert hand_on_screen(app) == []
                doors += 1
                if "officer" not in shots:
                    shots.add("officer")
                    shot(artifacts, "gm-04-officer")
            tap_door(app, action["door"])
        pump()
        shadow.apply(action)
        assert controller.session.actions == shadow.actions, f"step {steps}: {action}"
        steps += 1
        assert steps < 400
    assert doors >= 1
    assert app.root.current == "gameover"
    assert RULES.winning_seats(controller.state) == RULES.winning_seats(shadow.state)
    shot(artifacts, "gm-05-game-over")
    tap_text(app, "Home (the result stays)")


def test_a_new_game_asks_before_replacing_the_one_in_progress(app, artifacts):
    from tests.ui.driver import pump, tap_text
    from tests.ui.test_companion_ui import shot

    app.controller.new_game("geheime-mission", {"first": 0}, seed=2)
    app.controller.act(app.controller.legal()[0])
    in_progress = list(app.controller.session.actions)
    app.controller.new_game("above-top-secret", {}, seed=2)  # a game of each at once
    app.go("home")
    pump()
    tap_text(app, "Resume: Geheime Mission", exact=False)
    assert app.controller.session.actions == in_progress
    app.go("home")
    pump()
    tap_text(app, "Resume: Above Top Secret", exact=False)
    assert app.controller.rules.game_id == "above-top-secret"
    app.go("home")
    pump()
    tap_text(app, "New game: Geheime Mission")
    tap_text(app, "Start the game")
    shot(artifacts, "gm-06-confirm")
    tap_text(app, "No, keep playing it")
    assert app.controller.store.load("geheime-mission").actions == in_progress
    tap_text(app, "Start the game")
    tap_text(app, "Start a new game")
    assert app.controller.rules.game_id == "geheime-mission"
    assert app.controller.session.actions == []
    assert app.controller.store.has_game("above-top-secret")  # the other game is untouched


def test_sigkill_mid_duel_then_resume_exactly(display, tmp_path):
    from tests.ui.test_resume import companion, dump

    data = tmp_path / "saves"
    log = open(tmp_path / "app.log", "wb")  # noqa: SIM115 - closed below
    process = companion(display, log, "--data-dir", str(data), "--autoplay", RULES.game_id)
    save = data / RULES.game_id / "current.json"
    deadline, mid_duel = time.time() + 90, None
    while time.time() < deadline and mid_duel is None:
        if save.exists():
            saved = json.loads(save.read_text())
            state = replay(RULES, saved).state
            if len(saved["actions"]) >= 12 and state["duel"] and state["duel"]["lead"]:
                mid_duel = saved  # a card on a field, waiting for the answer
        time.sleep(0.02)
    os.kill(process.pid, signal.SIGKILL)
    process.wait(10)
    log.close()
    assert mid_duel is not None, (tmp_path / "app.log").read_text()[-3000:]
    final = json.loads(save.read_text())  # whole: every write is atomic
    assert final["actions"][:len(mid_duel["actions"])] == mid_duel["actions"]
    resumed = dump(display, data, tmp_path)
    assert resumed["screen"] == "table"
    assert resumed["state"] == replay(RULES, final).state


def test_a_phone_shows_the_whole_hand_before_anything_scrolls(app):
    """Five agents on a narrow screen in two rows of three, none scrolling, no word of a
    name broken, the names at 14 sp or more (issue 33: space before scrolling)."""
    from companion.app.widgets import text_width
    from companion.games.gm.table import GmHandCard
    from tests.ui.driver import pump, walk

    app.controller.new_game("geheime-mission", {"first": 0, "cards": "virtual"}, seed=3)
    app.show_table()
    app.root.get_screen("table").reveal()
    pump(3)
    strip = app.root.get_screen("table").ids.get("table_widget") or app.root
    cards = [w for w in walk(strip) if isinstance(w, GmHandCard)]
    assert len(cards) == 5
    scroll = cards[0].parent.parent
    assert cards[0].parent.width <= scroll.width, "the hand scrolls sideways"
    assert len({round(card.y) for card in cards}) == 2, "five cards not in two rows"
    for card in cards:
        label = card.children[-1]  # the name, each word on a line of its own at most
        longest = max(card.name.split(), key=len)
        assert text_width(longest, card.name_size, True) <= label.width, card.name
        assert card.name_size >= 14, f"{card.name} at {card.name_size} sp"


def test_printed_cards_are_entered_on_a_keypad_and_doors_need_no_hand(app, artifacts):
    from tests.ui.driver import pump, tap_text
    from tests.ui.test_companion_ui import shot

    app.controller.new_game("geheime-mission", {"first": 1, "cards": "printed"}, seed=6)
    app.show_table()
    pump()
    assert not find_cover(app)  # nothing private: the cards are on the table
    for value in (4, 6, 9, 2):  # Bob leads 4, Ann answers 6 and carries; 9 holds 2
        tap_text(app, str(value))
        pump()
    state = app.controller.state
    assert [p["value"] for p in state["city"]] == [4, 6] and state["carrier"] == 0
    assert state["await"]["kind"] == "door" and state["pile_left"] == 26
    shot(artifacts, "gm-07-printed")
    tap_text(app, "I am Player 1: show")
    tap_door(app, 3)
    tap_text(app, "I am Player 2: show")  # the phone changes hands after the secret door
    tap_door(app, 1)
    assert app.controller.state["players"][0]["suitcases"] == 1


@pytest.mark.parametrize("size", ["phone", "tablet"])
def test_whole_games_by_taps_at_phone_and_tablet_size(display, size):
    """tests/ui/gm_tour.py: virtual and printed cards to the end, the table rules at
    every prompt (everything in sight, no text cut, idle after each move)."""
    from tests.ui.screens import run_tour

    shots = run_tour(display, "gm_tour", size, "virtual,printed")
    for mode in ("virtual", "printed"):
        assert {f"{mode}-{kind}" for kind in ("city", "defend", "attack", "door", "officer",
                                              "game-over")} <= shots, sorted(shots)


def test_holding_a_card_shows_it_as_printed_and_plays_nothing(app, artifacts):
    from kivy.base import EventLoop
    from kivy.tests.common import UnitTestTouch
    from kivy.uix.image import Image

    from companion.app.zoom import CardZoom
    from companion.games.gm.table import GmHandCard
    from tests.ui.driver import pump, tap_text, wait_until
    from tests.ui.test_companion_ui import shot

    app.controller.new_game("geheime-mission", {"first": 0, "cards": "virtual"}, seed=3)
    app.show_table()
    pump()
    tap_text(app, "I am Player 1: show")
    card = min((w for w in on_screen(app) if isinstance(w, GmHandCard)),
               key=lambda w: w.to_window(*w.pos)[0])  # the first of the strip, in sight

    def zooms():
        return [w for w in EventLoop.window.children if isinstance(w, CardZoom)]

    touch = UnitTestTouch(*card.to_window(*card.center))
    touch.touch_down()
    wait_until(lambda: zooms(), "the held card to open")
    touch.touch_up()
    pump()
    assert app.controller.session.actions == []  # a hold is not a tap
    pictures = [w for w in on_screen(app) if isinstance(w, Image)]
    assert len(pictures) == 1 and pictures[0].texture is not None
    assert f"{card.piece[1]}-front.png" in pictures[0].source
    panel = zooms()[0]  # opaque: the table does not show through the card's words
    assert panel.background_color[3] == 1 and not panel.background
    shot(artifacts, "gm-08-card-held")
    tap_text(app, "Close")
    pump()
    assert not zooms()
