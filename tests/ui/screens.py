"""What every game's tour does between moves: numbered screenshots (the first screen
of each kind once) and whether the pass-and-play cover is up."""

from __future__ import annotations

from pathlib import Path


class Screens:
    def __init__(self, app, out: Path):
        self.app, self.out = app, out
        self.seen: set = set()
        self.count = 0

    def shot(self, name: str) -> None:
        from tests.ui.driver import drawing, pump, screenshot

        pump()
        self.count += 1
        screenshot(self.out / f"{self.count:02d}-{name}.png")
        drawing(False)  # frames are drawn for screenshots only: the taps run faster

    def first(self, name: str) -> None:
        """A screenshot of the first screen of this kind."""
        if name not in self.seen:
            self.seen.add(name)
            self.shot(name)

    def covered(self) -> bool:
        from tests.ui.driver import visible_buttons

        return any(b.text.startswith("I am ") for b in visible_buttons(self.app))
