"""Drive the running app the way fingers do: find a button, touch its centre."""

from __future__ import annotations

import time

from kivy.base import EventLoop
from kivy.clock import Clock
from kivy.tests.common import UnitTestTouch
from kivy.uix.button import Button
from kivy.uix.togglebutton import ToggleButton

TIMEOUT = 30.0  # seconds: a limit for a hung app, not a guess at how fast frames are


def wait_until(condition, what: str, timeout: float = TIMEOUT) -> None:
    """Run frames until `condition()` holds."""
    end = time.perf_counter() + timeout
    while not condition():
        if time.perf_counter() > end:
            raise AssertionError(f"waited {timeout:.0f} s for {what}")
        EventLoop.idle()


def pump(frames: int = 1) -> None:
    """Run `frames` frames, then on until the app has settled (`nothing_due`),
    however slow frames are."""
    for _ in range(frames):
        EventLoop.idle()
    wait_until(nothing_due, "the app to settle")


def nothing_due() -> bool:
    """No animation runs (a popup closing still takes touches) and no callback is
    due next frame."""
    from kivy.animation import Animation

    return not Animation._instances and not any(
        not event.loop and event.timeout <= 0 for event in Clock.get_events())


def screenshot(path) -> None:
    """Save the next frame drawn that has content (companion.app.main)."""
    from companion.app.main import on_drawn_frames, save_screenshot

    drawing(True)
    saved = []

    def take() -> bool:
        if save_screenshot(str(path), need_content=True):
            saved.append(path)
        return bool(saved)

    on_drawn_frames(take)
    wait_until(lambda: saved, f"a frame with content for {path}")


def walk(widget):
    yield widget
    for child in widget.children:
        yield from walk(child)


def on_screen(app) -> list:
    """Every widget shown: the current screen's and any popup's."""
    roots = [app.root.current_screen, *[w for w in EventLoop.window.children
                                       if w is not app.root]]
    # a widget walked down from one in the window is in it too: each root is asked once
    return [w for root in roots if root.get_root_window() is not None for w in walk(root)]


def visible_buttons(app) -> list:
    return [w for w in on_screen(app) if isinstance(w, Button)]


def plain(text: str) -> str:
    import re

    return re.sub(r"\[/?[a-z]+[^\]]*\]", "", text).split("\n")[0].strip()


def find(app, text: str, exact: bool = True):
    for button in visible_buttons(app):
        label = plain(button.text)
        if (label == text if exact else label.startswith(text)) and not button.disabled:
            return button
    raise LookupError(f"no enabled button '{text}' among "
                      f"{[plain(b.text) for b in visible_buttons(app)]}")


def tap(widget) -> None:
    """Touch the widget's centre and wait for its release: in a ScrollView that
    comes a fixed 0.2 s of clock time later (Kivy's tap detection)."""
    scroll_into_view(widget)
    released = []

    def on_release(*_args):
        released.append(True)  # bound last, so called before the app's own handler

    widget.fbind("on_release", on_release)
    try:
        x, y = widget.to_window(*widget.center)
        touch = UnitTestTouch(x, y)
        touch.touch_down()
        touch.touch_up()
        name = plain(getattr(widget, "text", str(widget)))
        wait_until(lambda: released, f"the release of '{name}'")
    finally:
        widget.funbind("on_release", on_release)
    pump()


def tap_text(app, text: str, exact: bool = True) -> None:
    tap(find(app, text, exact))


def scroll_into_view(widget) -> None:
    """Scroll each enclosing ScrollView (the innermost first, sideways or up and down)
    until the widget's centre is inside it; coordinates are the view's own, so a view
    turned round (companion.app.widgets.Turnable) scrolls the same."""
    from kivy.uix.scrollview import ScrollView

    view = widget.parent
    while view is not None:
        if isinstance(view, ScrollView):
            _scroll_to(view, widget)
        view = None if view.parent is view else view.parent  # the window is its own parent


def _scroll_to(view, widget) -> None:
    """Scroll so that the widget's centre is in the middle of the view (or as near as
    the content allows): the centre is then visible, however large the widget."""
    def centre():
        return view.parent.to_widget(*widget.to_window(*widget.center))

    def inside() -> bool:
        if widget.get_root_window() is None:
            return True  # gone (a redraw replaced it): nothing to scroll to
        x, y = centre()
        return (not view.do_scroll_x or view.x + 1 <= x <= view.right - 1) and (
            not view.do_scroll_y or view.y + 1 <= y <= view.top - 1)

    if inside():
        return
    x, y = centre()
    dx = (view.center_x - x) if view.do_scroll_x else 0
    dy = (view.center_y - y) if view.do_scroll_y else 0
    sx, sy = view.convert_distance_to_scroll(dx, dy)
    view.scroll_x = min(1, max(0, view.scroll_x - sx))
    view.scroll_y = min(1, max(0, view.scroll_y - sy))
    pump()
    wait_until(inside, f"{widget} to scroll into view")
    pump()


def _no_frame(*_args) -> bool:
    return True  # stops the window's own handler: nothing is drawn or shown


def drawing(on: bool) -> None:
    """Turn drawing frames off (a long run of taps on a software-rendered window
    spends most of its time drawing) or back on (for a screenshot). Layout, touches
    and the clock run the same either way."""
    from kivy.core.window import Window

    for event in ("on_draw", "on_flip"):
        Window.funbind(event, _no_frame)
        if not on:
            Window.fbind(event, _no_frame)
    Window.canvas.ask_update()


def toggles(app) -> list:
    return [b for b in visible_buttons(app) if isinstance(b, ToggleButton)]


def greedy_until(app, game_id: str, setup: dict, seed: int, done) -> None:
    """A new game between the game's greedy players, moved on (not by taps) until
    `done(session)`; then its table shown and a pass-and-play cover passed."""
    from companion.games import agents_of

    controller = app.controller
    if controller.session is not None:
        controller.finish()
    controller.new_game(game_id, setup, seed=seed)
    rules = controller.rules
    players = [agents_of(game_id)["greedy"](seat + 1)
               for seat in range(len(controller.state["players"]))]
    while not done(controller.session):
        state = controller.state
        controller.act(players[rules.acting_seat(state)].choose(rules, state))
    app.show_table()
    pump()
    if any(plain(getattr(b, "text", "")).startswith("I am ") for b in visible_buttons(app)):
        seat = rules.acting_seat(controller.state)
        tap_text(app, f"I am {controller.state['players'][seat]['name']}: show")


def primary_moves(app) -> set[str]:
    """The words of the prompt sheet's moves drawn as the main move (gold) now."""
    from companion.app.frame import SheetButton

    return {plain(w.text) for w in on_screen(app)
            if isinstance(w, SheetButton) and w.tone == "primary"}
