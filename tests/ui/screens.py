"""What every game's tour does between moves: numbered screenshots (the first screen
of each kind once), whether the pass-and-play cover is up, and the table rules at
every prompt (tests/ui/visible.py): everything to read or tap in sight, no text
cut, the app idle after each change, no relayout loop."""

from __future__ import annotations

from pathlib import Path


class Screens:
    def __init__(self, app, out: Path):
        from tests.ui import visible

        self.app, self.out = app, out
        self.seen: set = set()
        self.count = 0
        self.checked = 0
        # relayout warnings anywhere in the run (a first layout inside a tap too)
        self.warnings = visible.IterationWarnings().__enter__()

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

    def check(self, where: str) -> None:
        """The table rules, now: fails naming `where` (the prompt) and what is wrong."""
        from tests.ui import visible
        from tests.ui.driver import pump

        pump()
        busy = visible.goes_idle()
        found = visible.problems(self.app) + visible.hand_starts_in_sight(self.app)
        found += [f"not idle after {visible.IDLE_SECONDS} s: {b}" for b in busy]
        found += [f"relayout loop: {w}" for w in self.warnings.seen]
        self.warnings.seen.clear()
        assert not found, f"{where} ({self.app.root.current}): " + "; ".join(found)
        self.checked += 1
