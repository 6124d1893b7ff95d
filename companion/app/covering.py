"""A view that covers the whole window takes what is under it out of the drawing while
it is open: those frames are never seen, and a software renderer (this machine, an
emulator, a phone without a working GPU driver) pays for every pixel it fills, seen or
not: the table under a full-screen log doubled the cost of opening it.

Only the drawing is set aside: the widgets under the view keep their places, sizes and
bindings, so closing the view shows them as they are at once."""

from __future__ import annotations

from kivy.core.window import Window

_set_aside: dict = {}  # the covering view -> [(index, canvas)] it took out, in order


def cover(view) -> None:
    """Set aside every canvas the window draws before `view`'s own."""
    if view in _set_aside or view.canvas not in Window.canvas.children:
        return
    children = Window.canvas.children
    below = list(enumerate(children[:children.index(view.canvas)]))
    for _index, canvas in below:
        Window.canvas.remove(canvas)
    _set_aside[view] = below


def uncover(view) -> None:
    """Put back what `cover(view)` set aside, each where it was."""
    for index, canvas in _set_aside.pop(view, []):
        Window.canvas.insert(index, canvas)


def covering(view) -> None:
    """Let `view` (a ModalView as large as the window) cover from its opening to the
    start of its closing (a closing that fades shows what is under it)."""
    view.bind(on_open=lambda *_a: cover(view), on_pre_dismiss=lambda *_a: uncover(view))
