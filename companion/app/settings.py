"""The player's settings, kept beside the saves: defaults for new games (virtual
or printed cards, app or real dice) and how the table behaves (face-to-face,
keep the screen on). A missing or broken file gives the defaults."""

from __future__ import annotations

import json
import os
from pathlib import Path

DEFAULTS = {"cards": "virtual", "dice": "app", "face_to_face": False, "keep_awake": True}
CHOICES = {"cards": ("virtual", "printed"), "dice": ("app", "real"),
           "face_to_face": (False, True), "keep_awake": (True, False)}


class Settings(dict):
    def __init__(self, path: Path):
        super().__init__(DEFAULTS)
        self.path = path
        try:
            stored = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            stored = {}
        if isinstance(stored, dict):
            self.update({k: v for k, v in stored.items() if v in CHOICES.get(k, ())})

    def set(self, key: str, value) -> None:
        if value not in CHOICES[key]:
            raise ValueError(f"{key}: one of {CHOICES[key]}")
        self[key] = value
        temp = self.path.with_name(f".{self.path.name}.{os.getpid()}.tmp")
        try:
            temp.write_text(json.dumps(dict(self)), encoding="utf-8")
            os.replace(temp, self.path)
        except OSError:
            pass  # a setting that cannot be kept still applies now

    def choice_index(self, key: str) -> int:
        """Which of a two-way option's choices the setting picks (0 or 1)."""
        return CHOICES[key].index(self[key])
