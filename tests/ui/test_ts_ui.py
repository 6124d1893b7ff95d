"""Top-Secret through the real window, by touches: whole games by taps with the app as
bag and dice and with the table's own, at a phone's size, and the app's bag on a
tablet (tests/ui/ts_tour.py, each size in its own process: the table rules at every
prompt, the app's state equal to the engine's after every move); a held piece opens
as printed with its words. A game killed mid-way resumes exactly: test_resume.py."""

from __future__ import annotations

import pytest

GAMES = {"phone": "app,physical", "tablet": "app"}
KINDS = {"app": ["trickle", "spawn", "act-move", "act-end_turn", "act-retire", "game-over"],
         "physical": ["draw", "roll", "spawn", "act-move", "act-end_turn", "act-retire",
                      "game-over"]}


@pytest.mark.parametrize("size", GAMES)
def test_whole_games_by_taps(display, size):
    from tests.ui.screens import run_tour

    shots = run_tour(display, "ts_tour", size, GAMES[size])
    for bag in GAMES[size].split(","):
        assert {f"{bag}-{kind}" for kind in KINDS[bag]} <= shots, sorted(shots)


def test_holding_an_agent_shows_it_as_printed_with_its_words(app, artifacts):
    from kivy.base import EventLoop
    from kivy.tests.common import UnitTestTouch
    from kivy.uix.label import Label

    from companion.app.zoom import CardZoom
    from companion.games.ts.ai import GreedyAgent
    from tests.ui.driver import pump, tap_text, wait_until
    from tests.ui.test_companion_ui import shot
    from tests.ui.test_gm_ui import on_screen

    controller = app.controller
    controller.new_game("top-secret", {"first": 0, "bag": "app"}, seed=5)
    agents = [GreedyAgent(1), GreedyAgent(2)]
    while not controller.state["agents"]:
        state = controller.state
        controller.act(agents[controller.rules.acting_seat(state)].choose(controller.rules,
                                                                          state))
    app.show_table()
    pump()
    agent_id, agent = next(iter(controller.state["agents"].items()))
    space = app.root.get_screen("table").game.board.spaces[agent["at"]]
    before = len(controller.session.actions)
    touch = UnitTestTouch(*space.to_window(*space.center))
    touch.touch_down()
    wait_until(lambda: [w for w in EventLoop.window.children if isinstance(w, CardZoom)],
               "the held agent to open")
    touch.touch_up()
    pump()
    assert len(controller.session.actions) == before  # a hold is not a tap
    words = " ".join(w.text for w in on_screen(app) if isinstance(w, Label))
    kind = controller.rules.tables.kind_names[agent["kind"]]
    assert kind in words, words
    shot(artifacts, "ts-agent-held")
    tap_text(app, "Close")
    controller.finish()
    app.go("home")
