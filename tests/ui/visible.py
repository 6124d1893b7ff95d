"""The table rules every screen is held to, measured on the widgets (standards:
At the table; issue 21): everything a player must read or tap lies inside the
window and inside every view that clips it or says that its contents stay within it
(`bounds = True`: a view that would clip, but for a stencil's cost) (nothing scrolls up
and down; the hand strip alone scrolls sideways, its first card in sight), no text is cut
(wrapped onto lines it has room for, never shortened with an ellipsis, never
clipped), and the app goes idle after a change (a list such as the log
scrolls as lists do) (no animation or callback left
running, no relayout loop)."""

from __future__ import annotations

import logging

from kivy.core.text import Label as CoreLabel
from kivy.core.text.markup import MarkupLabel as CoreMarkupLabel
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.label import Label
from kivy.uix.layout import Layout
from kivy.uix.scrollview import ScrollView
from kivy.uix.stencilview import StencilView

from tests.ui.driver import walk

SLACK = 1.5  # px: rounding of positions and texture sizes
IDLE_SECONDS = 1.0


def window_rect(widget) -> tuple:
    """(left, bottom, right, top) in window pixels, whatever turns it (a Turnable)."""
    xs, ys = zip(*(widget.to_window(x, y) for x, y in (
        (widget.x, widget.y), (widget.right, widget.top))), strict=True)
    return min(xs), min(ys), max(xs), max(ys)


def shown(widget) -> bool:
    """On screen and not hidden by itself or an ancestor (opacity 0, no size)."""
    node = widget
    while node is not None:
        if node.opacity == 0 or node.width <= 0 or node.height <= 0:
            return False
        if node.parent is node:
            break
        node = node.parent
    return widget.get_root_window() is not None


def must_see(widget) -> bool:
    if isinstance(widget, ButtonBehavior):
        return not getattr(widget, "disabled", False)
    return isinstance(widget, Label) and bool(widget.text.strip())


def outside(widget, window_size) -> str:
    """Why `widget` is not wholly visible, or ''. In the hand strip, only up and down
    count: it scrolls sideways."""
    if in_list(widget):
        return ""  # a list that scrolls by nature (the log): not part of the table
    left, bottom, right, top = window_rect(widget)
    width, height = window_size
    sideways = in_hand(widget)
    if bottom < -SLACK or top > height + SLACK or (not sideways and (
            left < -SLACK or right > width + SLACK)):
        return "outside the window"
    holder = widget.parent
    if isinstance(holder, Layout) and shown(holder) and not isinstance(holder, ScrollView):
        l2, b2, r2, t2 = window_rect(holder)
        if left < l2 - SLACK or bottom < b2 - SLACK or right > r2 + SLACK or \
                top > t2 + SLACK:
            return f"spilling out of its {type(holder).__name__}"
    node = widget.parent
    while node is not None and node.parent is not node:
        if isinstance(node, StencilView) or getattr(node, "bounds", False):
            l2, b2, r2, t2 = window_rect(node)
            sideways = isinstance(node, ScrollView) and is_hand(node)
            if bottom < b2 - SLACK or top > t2 + SLACK:
                return "scrolled out of sight (up or down)"
            if not sideways and (left < l2 - SLACK or right > r2 + SLACK):
                return "scrolled out of sight (sideways)"
        node = node.parent
    return ""


def is_hand(view) -> bool:
    from companion.app.frame import HandStrip

    return isinstance(view.parent, HandStrip)


LISTS = ("RecycleView", "ListScroll")  # lists that scroll as lists do (the log)


def in_list(widget) -> bool:
    """Inside a list that scrolls by nature (by class name: kv's Factory loads the
    RecycleView module a second time, so its class is another object)."""
    node = widget.parent
    while node is not None and node.parent is not node:
        if any(cls.__name__ in LISTS for cls in type(node).__mro__):
            return True
        node = node.parent
    return False


def in_hand(widget) -> bool:
    from companion.app.frame import HandStrip

    node = widget.parent
    while node is not None and node.parent is not node:
        if isinstance(node, HandStrip):
            return True
        node = node.parent
    return False


def cut(label: Label) -> str:
    """Whether a label's text needs more room than it has ('' if it fits)."""
    if not label.text.strip():
        return ""
    width = label.text_size[0] if label.text_size[0] else None
    kind = CoreMarkupLabel if label.markup else CoreLabel  # "[b]80[/b]" is two characters
    core = kind(text=label.text, font_size=label.font_size, font_name=label.font_name,
                bold=label.bold, italic=label.italic, text_size=(width, None),
                halign=label.halign, padding=label.padding, line_height=label.line_height,
                strip=label.strip)
    core.refresh()
    need_w, need_h = core.content_size if hasattr(core, "content_size") else core.size
    room_w = width if width else label.width
    room_h = label.text_size[1] if label.text_size[1] else label.height
    if need_w > room_w + SLACK and width is None:
        return f"needs {need_w:.0f} px of width, has {room_w:.0f}"
    if need_h > room_h + SLACK:
        return f"needs {need_h:.0f} px of height, has {room_h:.0f}"
    if label.shorten:
        single = kind(text=label.text, font_size=label.font_size,
                      font_name=label.font_name, bold=label.bold, padding=label.padding)
        single.refresh()
        if single.size[0] > room_w + SLACK:
            return "shortened"
    if words_broken(label.text, core):
        lines = [" ".join(w.text for w in line.words) for line in core._cached_lines]
        return f"a word broken across lines: {lines}"
    return ""


def words_broken(text: str, core) -> bool:
    """Kivy breaks a word too long for a line mid-word: 'Glühwürmch' / 'en'."""
    lines = getattr(core, "_cached_lines", None)
    if not lines:
        return False
    words = set(text.replace("\n", " ").split())
    for line in lines:
        for word in "".join(w.text for w in line.words).split():
            plain = word.strip()
            if plain and plain not in words and not any(plain in w for w in words if
                                                        "[" in w):
                return True
    return False


def problems(app, roots: list | None = None) -> list[str]:
    """Every readable or tappable thing on the current screen (and any popup; or only
    under `roots`) that is not wholly visible, or whose text is cut."""
    from kivy.base import EventLoop

    window = EventLoop.window
    roots = roots or [app.root.current_screen,
                      *[w for w in window.children if w is not app.root]]
    found = stenciled_lines(window.canvas)
    for root in roots:
        for widget in walk(root):
            if not shown(widget) or not must_see(widget):
                continue
            name = (getattr(widget, "text", "") or type(widget).__name__).split("\n")[0][:40]
            where = outside(widget, window.size)
            if where:
                chain, node = [], widget
                while node is not None and node.parent is not node and len(chain) < 12:
                    chain.append(type(node).__name__)
                    node = node.parent
                found.append(f"'{name}' is {where} [{' < '.join(chain)}]")
            if isinstance(widget, Label):
                why = cut(widget)
                if why:
                    found.append(f"'{name}': text cut ({why})")
    return found


def stenciled_lines(canvas) -> list[str]:
    """Kivy draws a Line wider than 1 px under a colour not quite opaque through the
    stencil buffer: in software GL that made each frame of a table 2.5 times slower
    (invisible outlines at alpha 0 were most of the lines). None may be drawn so. The
    alpha is the colour's times the opacity of every widget around it: a widget hidden
    by its opacity 0 draws its lines through the stencil too."""
    from kivy.graphics import Canvas, Color, Line

    slow, alpha = [], [1.0]

    def visit(group, opacity: float) -> None:
        for part in group.children:
            if isinstance(part, Color):
                alpha[0] = part.a
            elif isinstance(part, Line) and part.width > 1 and alpha[0] * opacity < 1:
                slow.append(f"{part.width:.1f} px at alpha {alpha[0] * opacity:.2f}")
            elif hasattr(part, "children"):
                inner = opacity * part.opacity if isinstance(part, Canvas) else opacity
                visit(part, inner)
    visit(canvas, 1.0)
    return [f"{len(slow)} lines drawn through the stencil ({', '.join(slow[:3])})"] \
        if slow else []


def hand_starts_in_sight(app) -> list[str]:
    """A hand strip's first card (the game puts playable cards first) is in sight."""
    from companion.app.frame import HandStrip

    out = []
    for widget in walk(app.root.current_screen):
        if isinstance(widget, HandStrip) and shown(widget) and widget.ids.row.children:
            first = widget.ids.row.children[-1]
            l1, _, r1, _ = window_rect(first)
            l2, _, r2, _ = window_rect(widget.ids.scroll)
            if l1 < l2 - SLACK or r1 > r2 + SLACK:
                out.append("the first card of the hand is out of sight")
    return out


# -- idle -----------------------------------------------------------------------------
KNOWN_TIMERS = {"Cache._purge_by_timeout"}  # Kivy's own, once a second


def busy() -> list[str]:
    """What keeps the app from being idle: animations, and callbacks due again and
    again (a scroll effect's update_velocity) or at once."""
    from kivy.animation import Animation
    from kivy.clock import Clock

    found = [f"animation {a}" for a in Animation._instances]
    for event in Clock.get_events():
        callback = event.get_callback()
        name = getattr(callback, "__qualname__", repr(callback))
        if name in KNOWN_TIMERS or callback is None:
            continue
        if event.loop or event.timeout <= 0:
            found.append(f"clock {name}")
    return found


def goes_idle(seconds: float = IDLE_SECONDS) -> list[str]:
    """Run frames until nothing is busy, at most `seconds` of the clock; what is
    still busy then."""
    from kivy.base import EventLoop
    from kivy.clock import Clock

    start = Clock.get_boottime()
    while True:
        EventLoop.idle()
        left = busy()
        if not left or Clock.get_boottime() - start > seconds:
            return left


class IterationWarnings(logging.Handler):
    """Collects Kivy's 'too much iteration done before the next frame' (a layout that
    keeps changing its own size)."""

    def __init__(self):
        super().__init__(logging.WARNING)
        self.seen: list[str] = []

    def emit(self, record):
        text = record.getMessage()
        if "too much iteration" in text:
            self.seen.append(text)

    def __enter__(self):
        logging.getLogger("kivy").addHandler(self)
        return self

    def __exit__(self, *_exc):
        logging.getLogger("kivy").removeHandler(self)
