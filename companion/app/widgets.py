"""Small widgets every screen may use: the big button and the pass-and-play cover."""

from __future__ import annotations

from kivy.properties import (
    StringProperty,
)
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.button import Button


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
