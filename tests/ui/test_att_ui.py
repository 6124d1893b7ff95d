"""Attack the Tower through the real window, by touches. Each screen size in its own
process (tests/ui/att_tour.py): a complete game of the Robots against the Corsairs at a
phone's size and at a tablet's, and the Robots' mirror's first 150 moves on the phone,
every move made by tapping the table (hand cards, base slots, territories, palaces) and
checked against the engine,
the battle calculator shown before an attack, the table rules held at every prompt,
and the first screen of each kind saved to test-artifacts/att-<size>/ to look at. In
this process: holding a base on the board shows it as printed, with its words, and
plays nothing. (A game killed mid-way resumes exactly: tests/ui/test_resume.py.)"""

from __future__ import annotations

import pytest

GAMES = {"phone": "mixed,mirror:150", "tablet": "mixed"}
OPENING = ("draw", "cover", "burn", "build", "renew", "attacks", "discard")  # a game's start
KINDS = ("draw", "cover", "burn", "build", "renew", "attacks", "calculator", "window",
         "assign", "battle-result", "game-over")


@pytest.mark.parametrize("size", GAMES)
def test_whole_games_by_taps_at_phone_and_tablet_size(display, size):
    from tests.ui.screens import run_tour

    shots = run_tour(display, "att_tour", size, GAMES[size])
    for game, _, limit in (g.partition(":") for g in GAMES[size].split(",")):
        kinds = OPENING if limit else KINDS
        assert {f"new-game-{game}"} | {f"{game}-{k}" for k in kinds} <= shots, sorted(shots)


def test_holding_a_base_shows_it_as_printed_with_its_words_and_plays_nothing(app, artifacts):
    from companion.games.att import view
    from companion.games.att.ai import GreedyAgent
    from tests.ui.driver import on_screen, pump, tap_text
    from tests.ui.test_aat_ui import hold, words_and_picture, zooms
    from tests.ui.test_companion_ui import shot

    controller = app.controller
    controller.new_game("attack-the-tower", {"first": 0, "army_2": "corsairs"}, seed=5)
    agents = [GreedyAgent(1), GreedyAgent(2)]
    while not controller.state["started"]:  # the setup: both boards built
        state = controller.state
        controller.act(agents[controller.rules.acting_seat(state)].choose(controller.rules,
                                                                          state))
    app.show_table()
    pump()
    if any(getattr(b, "text", "").startswith("I am ") for b in on_screen(app)):
        seat = controller.rules.acting_seat(controller.state)
        tap_text(app, f"I am {controller.state['players'][seat]['name']}: show")
    board = app.root.get_screen("table").game.board
    cell = next(c for side in board.sides for c in side.cells.values() if c.piece)
    before = list(controller.session.actions)
    opened = hold(cell)
    assert len(opened) == 1 and controller.session.actions == before  # a hold is no tap
    component, card = cell.piece
    words, source = words_and_picture(app, opened[0])
    assert source.endswith(f"{card}-front.png")
    assert words.strip() == view.piece_words(component, card).strip()
    assert "base" in words and "power 4" in words
    shot(artifacts, "att-01-base-held")
    tap_text(app, "Close")
    pump()
    assert not zooms()
    controller.finish()
