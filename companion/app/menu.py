"""The table's menu: settings, the log and the way home."""

from __future__ import annotations

from kivy.metrics import dp
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.modalview import ModalView

from companion.app.widgets import BigButton

LABELS = {
    "face_to_face": {False: "Face-to-face: off", True: "Face-to-face: on (far side turned)"},
    "keep_awake": {True: "Keep screen on: yes", False: "Keep screen on: no"},
    "cards": {"virtual": "New games: virtual cards (the app deals)",
              "printed": "New games: printed cards (enter what is played)"},
    "dice": {"app": "New games: the app rolls the dice", "real": "New games: real dice"},
}


class TableMenu(ModalView):
    def __init__(self, app, **kwargs):
        super().__init__(size_hint=(0.92, None), height=dp(7 * 62 + 24), **kwargs)
        self.app = app
        box = BoxLayout(orientation="vertical", padding=dp(12), spacing=dp(6))
        for key in LABELS:
            button = BigButton(text=LABELS[key][app.settings[key]])
            button.bind(on_release=lambda w, k=key: self.toggle(k, w))
            box.add_widget(button)
        for text, action in (("Game log", app.open_log),
                             ("Home (the game stays saved)", lambda: app.go("home")),
                             ("Close", lambda: None)):
            button = BigButton(text=text)
            button.bind(on_release=lambda *_a, do=action: (self.dismiss(), do()))
            box.add_widget(button)
        self.add_widget(box)

    def toggle(self, key: str, button) -> None:
        from companion.app.settings import CHOICES

        options = CHOICES[key]
        value = options[1 - options.index(self.app.settings[key])]
        self.app.settings.set(key, value)
        button.text = LABELS[key][value]
        self.app.apply_settings()
