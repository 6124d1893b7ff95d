"""What every game's tour does between moves: numbered screenshots (the first screen
of each kind once), whether the pass-and-play cover is up, and the table rules at
every prompt (tests/ui/visible.py): everything to read or tap in sight, no text
cut, the app idle after each change, no relayout loop."""

from __future__ import annotations

import tempfile
from pathlib import Path


def start_app(size: str, out: str, prefix: str):
    """A tour's app: a window of `size` ("1080x2340") that draws only for screenshots,
    a fresh data folder, and the folder `out` for the screenshots; (app, out)."""
    from kivy.config import Config

    width, height = size.split("x")
    Config.set("graphics", "width", width)
    Config.set("graphics", "height", height)
    Config.set("widgets", "scroll_timeout", "40")
    Config.set("graphics", "maxfps", "0")  # no waiting between frames
    from companion.app.main import DossierApp
    from tests.ui.driver import drawing, pump

    folder = Path(out)
    folder.mkdir(parents=True, exist_ok=True)
    app = DossierApp(data_dir=tempfile.mkdtemp(prefix=prefix))
    app._run_prepare()
    pump()
    drawing(False)
    return app, folder


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
