"""A small menu of moves over the table (Choice, menu) and a wrapped label: the shell's,
so every game asks the same way (a declared table's card and pile menus, the end of a
turn with moves left)."""

from __future__ import annotations

from dataclasses import dataclass

from kivy.core.window import Window
from kivy.metrics import dp
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.label import Label
from kivy.uix.modalview import ModalView

from companion.app import theme
from companion.app.widgets import BigButton, fill_popup


@dataclass
class Choice:
    """One entry of a menu."""

    text: str
    do: object  # a callable of no arguments; None: a heading between groups
    tone: str = "normal"


def menu(title: str, choices: list, words: str = "") -> ModalView:
    """A small menu: each choice a button, Cancel closes it; `words` (a card's printed
    text, a warning) under the title. A long one scrolls inside the window, as lists do."""
    from companion.app.log import ListScroll

    rows = BoxLayout(orientation="vertical", spacing=dp(8), size_hint_y=None)
    rows.bind(minimum_height=rows.setter("height"))
    popup = ModalView(size_hint=(0.9, None))
    for choice in choices:
        if choice.do is None:  # a heading between groups
            rows.add_widget(wrapped(choice.text, "16sp", color=theme.MUTED))
            continue
        button = BigButton(text=choice.text, tone=choice.tone)
        button.bind(on_release=lambda *_a, c=choice: (popup.dismiss(), c.do()))
        rows.add_widget(button)
    box = BoxLayout(orientation="vertical", padding=dp(12), spacing=dp(8))
    head = wrapped(f"[b]{title}[/b]" + (f"\n[size=15sp]{words}[/size]" if words else ""),
                   "18sp")
    box.add_widget(head)
    scroll = ListScroll(do_scroll_x=False)
    scroll.add_widget(rows)
    box.add_widget(scroll)
    cancel = BigButton(text="Cancel")
    cancel.bind(on_release=lambda *_a: popup.dismiss())
    box.add_widget(cancel)
    fill_popup(popup, box)

    def fit(*_args):
        popup.height = min(Window.height * 0.9,
                           head.height + rows.height + cancel.height + dp(48))
    rows.bind(height=fit)
    head.bind(height=fit)
    fit()
    popup.open()
    return popup


def wrapped(text: str, size: str = "16sp", **kwargs) -> Label:
    """A label as tall as its wrapped text (markup on)."""
    label = Label(text=text, markup=True, font_size=size, size_hint_y=None,
                  halign=kwargs.pop("halign", "center"), **kwargs)
    label.bind(width=lambda w, _v: setattr(w, "text_size", (w.width, None)),
               texture_size=lambda w, s: setattr(w, "height", s[1] + dp(4)))
    return label
