"""The shell every game shares, by taps: the home screen says how far each game is;
the log opens over the table, in turns under headings with the acting player; the
game over screen shows the result large and starts again with the same players;
the new-game form shows colours as swatches. Every screen keeps the table rules
(tests/ui/visible.py) and goes idle."""

from __future__ import annotations

import pytest

from tests.ui.test_gm_ui import on_screen


@pytest.fixture(autouse=True)
def clean_table(app):
    """Each test leaves no game and no popup behind for the tests after it."""
    yield
    from kivy.base import EventLoop
    from kivy.uix.modalview import ModalView

    from tests.ui.driver import pump

    for view in [w for w in EventLoop.window.children if isinstance(w, ModalView)]:
        view.dismiss(animation=False)
    for game_id in app.controller.store.in_progress():
        app.controller.store.clear(game_id)
    app.controller.session = None
    app.go("home")
    pump()


def rules_hold(app, where: str, roots=None) -> None:
    from tests.ui import visible
    from tests.ui.driver import pump

    pump()
    found = visible.problems(app, roots) + [f"busy: {b}" for b in visible.goes_idle()]
    assert not found, f"{where}: {found}"


def gm_game(app, moves: int):
    from companion.games.gm.ai import GreedyAgent

    app.controller.new_game("geheime-mission", {"players": [{"name": "Ann", "team": 0},
                                                            {"name": "Bob", "team": 1}],
                                                "first": 0, "cards": "printed"}, seed=8)
    rules, agents = app.controller.rules, [GreedyAgent(1), GreedyAgent(2)]
    while not rules.is_over(app.controller.state) and (
            moves is None or len(app.controller.session.actions) < moves):
        state = app.controller.state
        app.controller.act(agents[rules.acting_seat(state)].choose(rules, state))


def test_home_says_how_far_each_game_is(app, artifacts):
    from companion.games.gm import view
    from tests.ui.driver import pump
    from tests.ui.test_companion_ui import shot

    gm_game(app, 7)
    status = view.status(app.controller.state)
    app.go("home")
    pump()
    texts = "\n".join(getattr(w, "text", "") for w in on_screen(app))
    assert "Resume: Geheime Mission" in texts
    assert f"{status['title']} · {status['turn']} to play" in texts
    assert "Ann, Bob · just now" in texts
    rules_hold(app, "home")
    shot(artifacts, "shell-01-home")


def test_the_log_opens_over_the_table_in_turns(app, artifacts, monkeypatch):
    from kivy.base import EventLoop

    from companion.app.log import LogHeading, LogView
    from tests.ui.driver import pump, tap_text
    from tests.ui.test_companion_ui import shot

    gm_game(app, 9)
    app.show_table()
    pump()
    monkeypatch.setattr(LogView, "PAGE", 8)  # a page at a time, then the earlier ones
    tap_text(app, "Menu")
    tap_text(app, "Game log")
    pump()
    assert app.root.current == "table"  # the table is still there, under the log
    log = next(w for w in EventLoop.window.children if isinstance(w, LogView))
    window = EventLoop.window
    assert log.size == list(window.size)  # a phone's log is the whole screen ...
    assert app.root.canvas not in window.canvas.children  # ... and the table is not drawn
    assert len(log.ids.rows.children) == LogView.PAGE < len(log.rows)  # the latest first
    while not log.ids.earlier.disabled:
        tap_text(app, "Earlier turns")
    headings = [row for row in log.ids.rows.children if isinstance(row, LogHeading)]
    assert headings and any("Ann" in row.text for row in headings)
    assert all(row.text.startswith("[b]Round ") for row in headings)
    lines = [row.text for row in log.ids.rows.children[::-1] if not isinstance(row,
                                                                               LogHeading)]
    assert lines == [e["text"] for e in app.controller.session.log()
                     if not e.get("private") and e.get("text")]
    shot(artifacts, "shell-02-log")
    rules_hold(app, "the log", [log])
    tap_text(app, "<")
    pump()
    assert not [w for w in EventLoop.window.children if isinstance(w, LogView)]
    assert window.canvas.children.index(app.root.canvas) == 0  # drawn again, first
    assert not [w for w in on_screen(app) if isinstance(w, LogHeading)]


def test_game_over_is_large_and_plays_again_with_the_same_players(app, artifacts):
    from tests.ui.driver import plain, pump, tap_text
    from tests.ui.test_companion_ui import shot

    gm_game(app, None)
    setup = app.controller.session.setup
    app.show_table()
    pump()
    assert app.root.current == "gameover"
    result = app.root.get_screen("gameover").result
    rules_hold(app, "game over")
    shot(artifacts, "shell-03-game-over")
    named = app.controller.undo_text()  # the move that ended it, as the toolbar names it
    assert named and any(plain(getattr(w, "text", "")) == f"Undo: {named}" for w in on_screen(app))
    tap_text(app, "Home (the result stays)")
    pump()
    texts = "\n".join(getattr(w, "text", "") for w in on_screen(app))
    assert "See how it ended: Geheime Mission" in texts and result in texts
    tap_text(app, "See how it ended: Geheime Mission", exact=False)
    tap_text(app, "Play again (the same players)")
    assert app.controller.session.setup == setup and app.controller.session.actions == []
    assert app.root.current == "table"


def test_colours_are_swatches_in_the_new_game_form(app, artifacts):
    from companion.app.newgame import ColourPick
    from tests.ui.driver import pump, tap, tap_text
    from tests.ui.test_companion_ui import shot

    app.go("home")
    pump()
    tap_text(app, "New game: Above Top Secret")
    picks = [w for w in on_screen(app) if isinstance(w, ColourPick)]
    assert [p.text for p in picks][::-1] == ["Red", "Blue"]
    assert picks[-1].background_color[0] > 0.7 > picks[-1].background_color[2]  # red
    rules_hold(app, "new game")
    tap(picks[-1])
    shot(artifacts, "shell-04-colours")
    tap_text(app, "Green")
    pump()
    screen = app.root.get_screen("newgame")
    assert screen.setup()["players"][0]["colour"] == "Green"
    app.go("home")


def test_a_panel_along_a_side_clips_what_it_covers_and_gives_it_back(app):
    """companion.app.covering: a tablet's log is a panel at the right, as high as the
    window; the screens under it are drawn only to its left while it is open."""
    from kivy.base import EventLoop
    from kivy.graphics import ScissorPop, ScissorPush
    from kivy.uix.modalview import ModalView

    from companion.app.covering import covering, uncovered
    from tests.ui.driver import pump

    window = EventLoop.window
    panel = ModalView(size_hint=(0.25, 1), pos_hint={"right": 1, "top": 1})
    covering(panel)
    panel.open(animation=False)
    pump()
    children = window.canvas.children
    assert panel.right == window.width and uncovered(panel) == (0, 0, panel.x, window.height)
    clip = children[0]
    assert isinstance(clip, ScissorPush) and (clip.x, clip.width) == (0, round(panel.x))
    end = children.index(panel.canvas) - 1  # all that is drawn before the panel, clipped
    assert isinstance(children[end], ScissorPop) and 0 < children.index(app.root.canvas) < end
    panel.dismiss(animation=False)
    pump()
    assert not [c for c in window.canvas.children if isinstance(c, ScissorPush | ScissorPop)]
    assert window.canvas.children.index(app.root.canvas) == 0


def test_a_tables_deferred_work_is_for_its_own_game_only(app):
    """A table puts work off to later frames (Geheime Mission builds hand cards ahead
    while the players think): once another game is on the table, that work does
    nothing, where it read the other game's state and set its save aside."""
    from tests.ui.driver import pump

    app.controller.new_game("geheime-mission", {"first": 0, "cards": "virtual"}, seed=3)
    app.show_table()
    pump()
    gm = app.root.get_screen("table").game
    app.controller.new_game("top-secret", {"first": 0, "bag": "app"}, seed=5)
    app.show_table()
    pump()
    assert not gm.showing
    built = len(gm.cards)
    gm.warm()  # as its trigger would fire now: a top-secret state has no "cards" setting
    pump()
    assert len(gm.cards) == built
    assert app.root.current == "table" and app.controller.session is not None
    assert app.root.get_screen("table").game.showing


def test_a_software_renderer_draws_without_multisampling(app):
    """The UI tests' Mesa draws in software (LIBGL_ALWAYS_SOFTWARE): the window was made
    with no multisampling (companion.app.renderer), which made a table's frame cost 2.5
    times as much there."""
    from kivy.graphics.opengl import glGetIntegerv

    gl_samples = 0x80A9
    assert glGetIntegerv(gl_samples) == [0]


def test_a_scroll_view_clips_only_while_its_content_overflows(app):
    """QuietScroll draws Kivy's stencil (two fills of the view and a test of every pixel
    in it, each frame) only while its content is larger than the view."""
    from kivy.graphics import InstructionGroup, StencilPush
    from kivy.uix.widget import Widget

    from companion.app.widgets import QuietScroll

    def stencils(view) -> int:
        def count(group):
            return sum(count(i) if isinstance(i, InstructionGroup) else
                       isinstance(i, StencilPush) for i in group.children)
        return count(view.canvas.before) + count(view.canvas.after)

    view = QuietScroll(size_hint=(None, None), size=(200, 100))
    content = Widget(size_hint=(None, None), size=(150, 80))
    view.add_widget(content)
    assert stencils(view) == 0
    content.width = 400
    assert stencils(view) == 1
    view.size = (500, 100)
    assert stencils(view) == 0


def test_the_cycle_collector_runs_fully_only_while_the_window_is_still(app):
    """companion.app.pauses: what the app loaded is frozen out of the collector's walks,
    its own full collections are put off, and one runs once nothing has been drawn for
    IDLE_SECONDS (a full collection took 0.1-0.5 s, in the middle of a tap)."""
    import gc

    from companion.app import pauses
    from tests.ui.driver import pump, wait_until

    assert gc.get_threshold() == (pauses.YOUNG, pauses.OLDER, pauses.NEVER)
    assert gc.get_freeze_count() > 0
    app.go("home")
    pump()
    collected = pauses.collections
    wait_until(lambda: pauses.collections > collected, "a full collection at idle")
