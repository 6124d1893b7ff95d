"""Drive the running app the way fingers do: find a button, touch its centre."""

from __future__ import annotations

from kivy.base import EventLoop
from kivy.tests.common import UnitTestTouch
from kivy.uix.button import Button
from kivy.uix.togglebutton import ToggleButton


def pump(frames: int = 3) -> None:
    for _ in range(frames):
        EventLoop.idle()


def settle(seconds: float = 0.12) -> None:
    """Run frames for a while: a ScrollView holds a touch up to scroll_timeout
    before it decides the touch was a tap."""
    import time

    end = time.perf_counter() + seconds
    while time.perf_counter() < end:
        EventLoop.idle()


def walk(widget):
    yield widget
    for child in widget.children:
        yield from walk(child)


def visible_buttons(app) -> list:
    roots = [app.root.current_screen, *[w for w in EventLoop.window.children
                                       if w is not app.root]]
    return [w for root in roots for w in walk(root)
            if isinstance(w, Button) and w.get_root_window() is not None]


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
    scroll_into_view(widget)
    settle(0.06)  # let the last touch's scroll decision finish first
    x, y = widget.to_window(*widget.center)
    touch = UnitTestTouch(x, y)
    touch.touch_down()
    touch.touch_up()
    settle()


def tap_text(app, text: str, exact: bool = True) -> None:
    tap(find(app, text, exact))


def scroll_into_view(widget) -> None:
    """Scroll the enclosing ScrollView until the widget's centre is inside it."""
    from kivy.uix.scrollview import ScrollView

    view = widget.parent
    while view is not None and not isinstance(view, ScrollView):
        view = None if view.parent is view else view.parent  # the window is its own parent
    if view is None:
        return
    for _ in range(6):
        settle(0.03)
        _, y = widget.to_window(*widget.center)
        bottom = view.to_window(view.x, view.y)[1]
        if bottom + widget.height / 2 - 1 <= y <= bottom + view.height - widget.height / 2 + 1:
            return
        view.scroll_to(widget, padding=10, animate=False)
    raise AssertionError(f"could not scroll {widget} into view")


def toggles(app) -> list:
    return [b for b in visible_buttons(app) if isinstance(b, ToggleButton)]
