"""Small widgets every screen may use: the big button, the pass-and-play cover,
and the area that turns to face a player across the table."""

from __future__ import annotations

from functools import lru_cache
from math import pi
from pathlib import Path

from kivy.graphics import (
    InstructionGroup,
    Rectangle,
    StencilPop,
    StencilPush,
    StencilUnUse,
    StencilUse,
)
from kivy.graphics.transformation import Matrix
from kivy.lang import Builder
from kivy.properties import BooleanProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.button import Button
from kivy.uix.scatter import Scatter
from kivy.uix.scrollview import ScrollView
from kivy.uix.widget import Widget

Builder.load_file(str(Path(__file__).resolve().parent / "kv" / "scroll.kv"))


class QuietScroll(ScrollView):
    """A scroll view whose bar dims at once when a touch or a new content ends its
    scrolling: Kivy animates that over about 0.7 s, a frame drawn each time (after every
    new game, the home list's and the form's did), and the app is not idle meanwhile.

    It clips its content only while the content is larger than the view. Kivy's stencil
    fills the view twice and tests every pixel in it, each frame: on a phone's software
    renderer a hand strip or a list that fits paid for it on every frame."""

    def __init__(self, **kwargs):
        self._clip = None  # the stencil's two rectangles while it clips
        kwargs.setdefault("always_overscroll", False)  # content that fits stays in place
        super().__init__(**kwargs)
        for name in ("pos", "size", "viewport_size"):
            self.fbind(name, self._clip_if_needed)
        self._clip_if_needed()

    def _clip_if_needed(self, *_args) -> None:
        content_w, content_h = self.viewport_size
        needed = content_w > self.width + 0.5 or content_h > self.height + 0.5
        if needed and self._clip is None:
            self._clip = (Rectangle(), Rectangle())  # the stencil's shape, drawn twice
            push, pop = InstructionGroup(), InstructionGroup()
            for instruction in (StencilPush(), self._clip[0], StencilUse()):
                push.add(instruction)
            for instruction in (StencilUnUse(), self._clip[1], StencilPop()):
                pop.add(instruction)
            self.canvas.before.insert(0, push)
            self.canvas.after.insert(0, pop)
            self._groups = (push, pop)
        elif not needed and self._clip is not None:
            self.canvas.before.remove(self._groups[0])
            self.canvas.after.remove(self._groups[1])
            self._clip = None
        for shape in self._clip or ():
            shape.pos, shape.size = self.pos, self.size

    def _bind_inactive_bar_color(self, *_args):
        self.funbind("bar_color", self._change_bar_color)
        self.fbind("bar_inactive_color", self._change_bar_color)
        self._bar_color = self.bar_inactive_color

    def update_from_scroll(self, *args):
        """New content, not a finger: the content is placed, the bar stays dim. Kivy lit
        it, to dim it again half a second later: a frame drawn after every move whose
        hand or list changed, and another later."""
        if self._touch:
            return super().update_from_scroll(*args)
        lit, self.bar_color = self.bar_color, list(self._bar_color)
        super().update_from_scroll(*args)  # "lights" the bar in the colour it has
        self.bar_color = lit
        if self._bind_inactive_bar_color_ev is not None:
            self._bind_inactive_bar_color_ev.cancel()
        self._bind_inactive_bar_color()
        return None


class Cover(BoxLayout):
    """The pass-and-play cover: names the player to hand the phone to."""

    name = StringProperty("")
    recent = StringProperty("")  # what just happened (public events only)
    __events__ = ("on_reveal",)

    def on_reveal(self):
        pass


class BigButton(Button):
    """A full-width, 56 dp tall button; `reason` explains why it is disabled."""

    reason = StringProperty("")
    tone = StringProperty("normal")  # normal, primary, danger


class Turnable(Widget):
    """Holds one widget (a game's prompt and moves) and, while `turned`, shows it
    turned 180 degrees in the same place, taps and scrolling included: face to
    face, the player across the table reads it the right way up. The shell sets
    `turned` (table.py); a game only puts its prompt and moves in one."""

    turned = BooleanProperty(False)

    def __init__(self, **kwargs):
        self.inner = Scatter(do_rotation=False, do_scale=False, do_translation=False,
                             auto_bring_to_front=False)
        super().__init__(**kwargs)
        super().add_widget(self.inner)
        for name in ("pos", "size", "turned"):
            self.fbind(name, self._place)
        self._place()

    def add_widget(self, widget, *args, **kwargs):
        """The widget takes the Turnable's size (its height stays its own when it has
        no height hint: a popup that follows its content's height)."""
        if widget is self.inner:
            return super().add_widget(widget, *args, **kwargs)
        widget.pos = (0, 0)
        own_height = widget.size_hint_y is None

        def follow(_scatter, size) -> None:
            widget.width = size[0]
            if not own_height:
                widget.height = size[1]
        self.inner.bind(size=follow)
        follow(self.inner, self.inner.size)
        return self.inner.add_widget(widget, *args, **kwargs)

    def _place(self, *_args) -> None:
        self.inner.size = self.size
        move = Matrix().translate(self.x + (self.width if self.turned else 0),
                                  self.y + (self.height if self.turned else 0), 0)
        self.inner.transform = move.multiply(Matrix().rotate(pi, 0, 0, 1)) if self.turned \
            else move


def fill_popup(popup, content) -> None:
    """Put `content` in a popup the table opened: face to face, turned 180 degrees as
    the table's prompt is (the player across the table asked; table.py sets
    `app.prompt_turned`), so a question reads the right way up for whoever must answer."""
    from kivy.app import App

    if getattr(App.get_running_app(), "prompt_turned", False):
        holder = Turnable(turned=True)
        holder.add_widget(content)
        content = holder
    popup.add_widget(content)


@lru_cache(maxsize=4096)
def text_width(text: str, size: float = 14, bold: bool = False) -> float:
    """How wide `text` is drawn on one line at `size` sp (for widgets sized to their
    words); remembered: tables measure the same names on every redraw."""
    from kivy.core.text import Label as CoreLabel
    from kivy.metrics import sp

    core = CoreLabel(text=text, font_size=sp(size), bold=bold)
    core.refresh()
    return core.content_width
