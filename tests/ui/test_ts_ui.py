"""Top-Secret through the real window, by touches: games by taps with the app as bag and
dice (whole) and with the table's own (its first 230 moves), at a phone's size, and on
a tablet the app's bag and the first turn with the table's (tests/ui/ts_tour.py, each
size in its own process: the table rules at every prompt, the app's state equal to the
engine's after every move, the values, chips, numbers and names as drawn measured, row
A at one place, End the turn asked first); a held piece opens drawn large with its
words; the trickle slides, replays and stops by itself. A game killed mid-way resumes
exactly: test_resume.py."""

from __future__ import annotations

import pytest

# at a phone's size the physical bag's first 230 moves (every kind of prompt but the end,
# which the app's bag has); on a tablet its first turn's keys (the Intel picker, the dice)
GAMES = {"phone": "app,physical:230", "tablet": "app,physical:12"}
FIRST_TURN = 3  # a short game shows the first kinds of its bag: draw, roll, spawn
KINDS = {"app": ["trickle", "spawn", "act-move", "act-end_turn", "act-retire", "game-over"],
         "physical": ["draw", "roll", "spawn", "act-move", "act-end_turn", "act-retire",
                      "game-over"]}
ASKED = "end-turn-asked"  # ending the turn with actions left asks first


@pytest.mark.parametrize("size", GAMES)
def test_whole_games_by_taps(display, size):
    from tests.ui.screens import run_tour

    shots = run_tour(display, "ts_tour", size, GAMES[size])
    for bag, _, limit in (game.partition(":") for game in GAMES[size].split(",")):
        kinds = [k for k in KINDS[bag] if not (limit and k == "game-over")]
        kinds = kinds[:FIRST_TURN] if limit and int(limit) < 100 else kinds
        assert {f"{bag}-{kind}" for kind in kinds} <= shots, sorted(shots)
    assert ASKED in shots, sorted(shots)


def play_until(app, done, seed: int = 5, bag: str = "app"):
    """A new game between greedy players, moved on until `done(session)`; the table
    shown (its cover passed); the game's table widget."""
    from tests.ui.driver import greedy_until

    greedy_until(app, "top-secret", {"first": 0, "bag": bag}, seed, done)
    return app.root.get_screen("table").game


def hold(widget):
    """A finger held on `widget` until the shell's CardZoom opens; the CardZoom."""
    from kivy.base import EventLoop
    from kivy.tests.common import UnitTestTouch

    from companion.app.zoom import CardZoom
    from tests.ui.driver import pump, wait_until

    touch = UnitTestTouch(*widget.to_window(*widget.center))
    touch.touch_down()
    wait_until(lambda: [w for w in EventLoop.window.children if isinstance(w, CardZoom)],
               "the held piece to open")
    touch.touch_up()
    pump()
    return next(w for w in EventLoop.window.children if isinstance(w, CardZoom))


def test_holding_an_agent_shows_it_drawn_large_with_its_words(app, artifacts):
    """Drawn at the screen's resolution, no picture scaled up: the tile as wide as the
    window allows, its name and rule as text of the size the tile is drawn (the
    printed bold as bold, never '**'), its words below."""
    from kivy.core.window import Window
    from kivy.metrics import sp
    from kivy.uix.image import Image
    from kivy.uix.label import Label

    from companion.games.ts.held import TsPiece
    from tests.ui import visible
    from tests.ui.driver import pump, tap_text, walk
    from tests.ui.test_companion_ui import shot

    game = play_until(app, lambda s: bool(s.state["agents"]))
    controller = app.controller
    agent = next(a for a in controller.state["agents"].values() if a["kind"] != "analyst")
    before = len(controller.session.actions)
    held = hold(game.board.spaces[agent["at"]])
    assert len(controller.session.actions) == before  # a hold is not a tap
    assert not [w for w in walk(held) if isinstance(w, Image)]  # nothing scaled up
    (piece,) = [w for w in walk(held) if isinstance(w, TsPiece)]
    assert piece.width >= Window.width * 0.8 and piece.height >= Window.width * 0.5
    name, rule = piece.labels
    kind = controller.rules.tables.kind_names[agent["kind"]]
    assert name.text == kind and name.font_size >= sp(18)
    assert "[b]" in rule.text and "**" not in rule.text and rule.font_size >= sp(14)
    words = " ".join(w.text for w in walk(held) if isinstance(w, Label))
    assert kind in words and "**" not in words
    assert not visible.problems(app)
    shot(artifacts, "ts-agent-held")
    tap_text(app, "Close")
    pump()
    controller.finish()
    app.go("home")


def test_a_log_line_held_shows_the_piece_it_names_drawn_as_on_the_table(app, artifacts):
    """The log's lines of a spawned agent and a drawn Intel open the piece drawn by the
    game at the screen's resolution (view.piece_widget), as a hold on the table does."""
    from kivy.uix.image import Image

    from companion.app.log import LogLine
    from companion.games.ts.held import TsPiece
    from tests.ui.driver import on_screen, pump, scroll_into_view, tap_text, walk
    from tests.ui.test_companion_ui import shot

    play_until(app, lambda s: bool(s.state["agents"]))
    app.open_log()
    pump()
    lines = {line.piece[0]: line for line in on_screen(app)
             if isinstance(line, LogLine) and line.piece}
    assert set(lines) == {"agents", "intel"}, lines
    for component, line in lines.items():
        scroll_into_view(line)
        held = hold(line)
        (piece,) = [w for w in walk(held) if isinstance(w, TsPiece)]
        assert piece.kind == ("agent" if component == "agents" else "intel")
        assert not [w for w in walk(held) if isinstance(w, Image)]  # no picture scaled up
        shot(artifacts, f"ts-log-{component}-held")
        tap_text(app, "Close")
        pump()
    app.controller.finish()
    app.go("home")
    pump()


def test_the_trickle_slides_stops_by_itself_and_replays(app, artifacts):
    """After the dice the pieces slide and the app is idle within a second; Replay
    slides them again, slowly, and stops by itself with every mark back."""
    from companion.games.ts import view
    from tests.ui import visible
    from tests.ui.driver import pump, tap_text
    from tests.ui.test_companion_ui import shot

    game = play_until(app, lambda s: s.state["round"] >= 3 and len(
        view.trickle_shown(s.state, s.actions)) >= 4)
    assert not visible.goes_idle()
    marks = len(game.board.drawn["values"]), len(game.board.drawn["tags"])
    assert game.board.marks and game.dice.faces
    tap_text(app, "Replay the trickle")
    assert game.board.clock is not None and game.board.hidden  # sliding
    assert not visible.goes_idle(5.0)
    assert not game.board.hidden
    assert (len(game.board.drawn["values"]), len(game.board.drawn["tags"])) == marks
    shot(artifacts, "ts-after-the-dice")
    app.controller.finish()
    app.go("home")
    pump()


def test_holding_a_blockade_says_whose_it_is_and_when_it_goes(app):
    from kivy.uix.label import Label

    from companion.games.ts.held import TsPiece
    from tests.ui.driver import pump, tap_text, walk

    game = play_until(app, lambda s: any(s.state["walls"]), seed=8)
    state = app.controller.state
    space = next(i for i, until in enumerate(state["walls"]) if until)
    held = hold(game.board.spaces[space])
    (piece,) = [w for w in walk(held) if isinstance(w, TsPiece)]
    assert piece.kind == "blockade"
    names = [p["name"] for p in state["players"]]
    assert set(piece.names[:2]) == set(names)
    words = " ".join(w.text for w in walk(held) if isinstance(w, Label))
    assert f"it goes at the end of {piece.names[1]}'s" in words
    tap_text(app, "Close")
    pump()
    app.controller.finish()
    app.go("home")


def test_what_is_left_to_spawn_is_told_under_the_board_at_the_actions(app):
    """At the actions (no agent chosen) the room the spawn prompt keeps under a phone's
    board tells the acting player's roster: each kind left with its count, held to
    read, a tap moving nothing; choosing an agent gives the room to its moves."""
    from companion.games.ts.widgets import TsKind
    from tests.ui import visible
    from tests.ui.driver import pump, tap, walk

    game = play_until(app, lambda s: s.state["await"] and s.state["await"]["kind"] == "act")
    controller = app.controller
    pump()
    state = controller.state
    seat = state["await"]["player"]
    left = {k: n for k, n in state["players"][seat]["roster"].items() if n}
    told = [w for w in walk(game.hand) if isinstance(w, TsKind)]
    assert {w.kind: w.count for w in told} == left and all(w.idle for w in told)
    assert "left to spawn" in game.hand.title and not visible.problems(app)
    assert game.board.scale == 1.0  # the board as large as at every prompt
    before = len(controller.session.actions)
    tap(told[0])
    pump()
    assert len(controller.session.actions) == before and "kind" not in game.sel
    assert hold(told[0]) is not None  # its card, drawn large
    from kivy.base import EventLoop

    from companion.app.zoom import CardZoom
    for view in [w for w in EventLoop.window.children if isinstance(w, CardZoom)]:
        view.dismiss()
    pump()
    agent = next(a for a in state["agents"].values() if a["seat"] == seat)
    tap(game.board.spaces[agent["at"]])
    pump()
    assert not [w for w in walk(game.hand) if isinstance(w, TsKind)]
    controller.finish()
    app.go("home")
