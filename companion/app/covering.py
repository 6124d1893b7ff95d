"""A view that covers the window, or a side of it, keeps what lies under it out of the
drawing while it is open: those pixels are never seen, and a software renderer (this
machine, an emulator, a phone without a working GPU driver) pays for every pixel it
fills, seen or not: the table under a full-screen log doubled the cost of opening it.

A view as large as the window takes the canvases under it out of the window's; a panel
along a whole side (a tablet's log) clips them to the rest of the window (a scissor).
Only the drawing changes: the widgets under the view keep their places, sizes and
bindings, so closing the view shows them as they are at once."""

from __future__ import annotations

from kivy.core.window import Window
from kivy.graphics import ScissorPop, ScissorPush

_set_aside: dict = {}  # the covering view -> ([(index, canvas)] taken out, [clip] added)


def uncovered(view) -> tuple | None:
    """The window's rectangle (x, y, w, h) the view leaves in sight: the window less a
    panel along a whole side; () when the view covers it all; None for any other shape
    (nothing is clipped then)."""
    (x, y), (w, h), (ww, wh) = view.pos, view.size, Window.size
    if w >= ww and h >= wh:
        return ()
    if h >= wh:  # a panel as high as the window, at the left or the right
        return (0, 0, x, wh) if x + w >= ww else (x + w, 0, ww - x - w, wh) if x <= 0 else None
    if w >= ww:  # as wide, at the top or the bottom
        return (0, 0, ww, y) if y + h >= wh else (0, y + h, ww, wh - y - h) if y <= 0 else None
    return None


def cover(view) -> None:
    """Take out of the drawing (or clip) what the window draws before `view`."""
    if view in _set_aside or view.canvas not in Window.canvas.children:
        return
    rest = uncovered(view)
    children = Window.canvas.children
    below = list(enumerate(children[:children.index(view.canvas)]))
    if rest is None or not below:
        return
    if rest == ():
        for _index, canvas in below:
            Window.canvas.remove(canvas)
        _set_aside[view] = (below, [])
        return
    x, y, w, h = (int(round(v)) for v in rest)
    clip = ScissorPush(x=x, y=y, width=w, height=h)
    Window.canvas.insert(0, clip)
    Window.canvas.insert(len(below) + 1, done := ScissorPop())
    _set_aside[view] = ([], [clip, done])


def uncover(view) -> None:
    """Put back what `cover(view)` took out, and take away the clip it added."""
    removed, added = _set_aside.pop(view, ([], []))
    for index, canvas in removed:
        Window.canvas.insert(index, canvas)
    for instruction in added:
        Window.canvas.remove(instruction)


def covering(view) -> None:
    """Let `view` (a ModalView) cover from its opening to the start of its closing (a
    closing that fades shows what is under it), following it if it moves or resizes."""
    shown = []

    def opened(*_args):
        shown.append(True)
        cover(view)

    def closing(*_args):
        shown.clear()
        uncover(view)

    def moved(*_args):
        if shown:
            uncover(view)
            cover(view)

    view.bind(on_open=opened, on_pre_dismiss=closing, pos=moved, size=moved)
