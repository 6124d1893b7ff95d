"""A second look at sizes, in the frame that shows a change.

Some choices can only be made from sizes every layout agrees on (a phone's hand in
one row or two, from the board's height once it is placed). Kivy runs the layouts a
change sets off just before it draws the frame (Clock events with timeout -1); a look
scheduled for the next frame means the change is drawn twice, and a tap costs two
frames. `before_drawing` looks in the same frame, after every layout due, and the
layouts the look sets off still run before that frame is drawn."""

from __future__ import annotations

from collections.abc import Callable

from kivy.clock import Clock


class before_drawing:  # noqa: N801 - used as a trigger, like Clock.create_trigger's
    """`trigger = before_drawing(look)`; `trigger()` has `look()` run once before the
    next frame is drawn, once no layout (no other event before the frame) is due."""

    def __init__(self, look: Callable[[], None]):
        self.look = look
        self.event = Clock.create_trigger(self._when_settled, -1)

    def __call__(self, *_args) -> None:
        self.event()

    def _when_settled(self, _dt) -> None:
        if any(event.timeout == -1 and not is_look(event) for event in Clock.get_events()):
            self.event()  # after them: Kivy runs them first, then this again
            return
        self.look()


def is_look(event) -> bool:
    """A look's own Clock event: looks wait for layouts, not for each other."""
    callback = event.get_callback()
    return getattr(callback, "__func__", None) is before_drawing._when_settled
