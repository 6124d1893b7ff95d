"""Small pieces of a declared game's screen: the hold that opens a number entry, the
number entry, the menu of a few moves, a card's picture.

Why here and not in the shell: only a declared table changes numbers a player types
(every coded game's moves are taps on what the rules offer)."""

from __future__ import annotations

from kivy.clock import Clock
from kivy.metrics import dp
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.label import Label
from kivy.uix.modalview import ModalView
from kivy.uix.textinput import TextInput

from companion.app import theme
from companion.app.widgets import BigButton

HOLD_SECONDS = 0.45  # as companion.app.zoom's


class Hold:
    """Mixin: a touch held HOLD_SECONDS on the widget calls `on_hold()` (and the tap
    that ends it does nothing else)."""

    def on_touch_down(self, touch):
        if self.collide_point(*touch.pos):
            touch.ud[("hold", id(self))] = Clock.schedule_once(
                lambda _dt: self._held(touch), HOLD_SECONDS)
        return super().on_touch_down(touch)

    def on_touch_move(self, touch):
        event = touch.ud.get(("hold", id(self)))
        if event is not None and abs(touch.x - touch.ox) + abs(touch.y - touch.oy) > dp(12):
            event.cancel()
        return super().on_touch_move(touch)

    def on_touch_up(self, touch):
        event = touch.ud.pop(("hold", id(self)), None)
        if event is not None:
            event.cancel()
        return super().on_touch_up(touch)

    def _held(self, touch) -> None:
        touch.ud[("hold", id(self))] = None
        for child in self.walk(restrict=True):  # the button under the finger: no tap
            if child is not self and child.collide_point(*touch.pos) and \
                    getattr(child, "state", None) == "down":
                touch.ungrab(child)
                child.state = "normal"
        self.on_hold()

    def on_hold(self) -> None:
        pass


class NumberEntry(ModalView):
    """Type a counter's new value; the bounds are said and kept."""

    def __init__(self, title: str, value: str, low, high, on_done, **kwargs):
        super().__init__(size_hint=(0.9, None), height=dp(300), **kwargs)
        self.low, self.high, self.on_done = low, high, on_done
        box = BoxLayout(orientation="vertical", padding=dp(12), spacing=dp(8))
        bounds = "" if low is None and high is None else \
            f" ({'' if low is None else low} to {'' if high is None else high})"
        self.title = Label(text=f"{title}{bounds}", font_size="18sp", size_hint_y=None,
                           height=dp(48))
        box.add_widget(self.title)
        self.field = TextInput(text=value, multiline=False, input_filter="int",
                               font_size="26sp", size_hint_y=None, height=dp(64),
                               background_color=theme.PANEL_HI, foreground_color=theme.TEXT)
        self.field.bind(on_text_validate=lambda *_a: self.done())
        box.add_widget(self.field)
        ok = BigButton(text="Set", tone="primary")
        ok.bind(on_release=lambda *_a: self.done())
        cancel = BigButton(text="Cancel")
        cancel.bind(on_release=lambda *_a: self.dismiss())
        box.add_widget(ok)
        box.add_widget(cancel)
        self.add_widget(box)

    def done(self) -> None:
        try:
            number = int(self.field.text)
        except ValueError:
            self.title.text = "A whole number, please"
            return
        if self.low is not None:
            number = max(self.low, number)
        if self.high is not None:
            number = min(self.high, number)
        self.dismiss()
        self.on_done(number)


def choose(title: str, moves: list) -> ModalView:
    """A small menu: `moves` is [(text, callback)]; Cancel closes it. A long one (the
    printed cards to say which was played) scrolls inside the window."""
    from kivy.core.window import Window
    from kivy.uix.scrollview import ScrollView

    tall = dp(64) * len(moves) + dp(150)
    popup = ModalView(size_hint=(0.9, None), height=min(tall, Window.height * 0.9))
    box = BoxLayout(orientation="vertical", padding=dp(12), spacing=dp(8))
    box.add_widget(Label(text=title, font_size="18sp", bold=True, size_hint_y=None,
                         height=dp(36)))
    rows = BoxLayout(orientation="vertical", spacing=dp(8), size_hint_y=None)
    rows.bind(minimum_height=rows.setter("height"))
    for text, callback in moves:
        button = BigButton(text=text)
        button.bind(on_release=lambda *_a, c=callback: (popup.dismiss(), c()))
        rows.add_widget(button)
    scroll = ScrollView(do_scroll_x=False)
    scroll.add_widget(rows)
    box.add_widget(scroll)
    cancel = BigButton(text="Cancel")
    cancel.bind(on_release=lambda *_a: popup.dismiss())
    box.add_widget(cancel)
    popup.add_widget(box)
    popup.open()
    return popup


def picture(game_id: str, component: str, item: str) -> str:
    """A printed piece's picture (companion.cardart) or "" (none can be had: the screen
    draws the card's words)."""
    from companion.app.zoom import card_art

    try:
        found = card_art(game_id).path(component, item)
    except Exception:  # a table given as data, a folder changed under the app
        return ""
    return str(found) if found else ""
