"""Against All Tyrants at one screen size, by taps, in its own process (a screen's
density is fixed when Kivy starts): a complete game with printed cards (--modes:
printed, virtual or both) between greedy players whose every move is made
by tapping the table (picks.path: units, bases, cards) and, where taps leave a
choice, a button. The app's state must equal the engine's after every move; every
table screen is checked against the standards; the first screen of each kind of
prompt is saved as a PNG to look at.

    KIVY_METRICS_DENSITY=2.625 python -m tests.ui.aat_tour --size 1080x2340 --out DIR
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("KIVY_NO_ARGS", "1")
os.environ.setdefault("KIVY_LOG_MODE", "PYTHON")
os.environ.setdefault("KIVY_NO_CONSOLELOG", "1")

from tests.ui.screens import Screens  # noqa: E402 - after Kivy's environment

GAME = "New game: Against All Tyrants"


def pieces(app) -> list:
    from companion.games.aat.widgets import Tappable
    from tests.ui.taps import on_screen

    return [w for w in on_screen(app) if isinstance(w, Tappable) and w.thing is not None]


def perform(app, action: dict) -> None:
    """Tap what the action names, then its button if the taps left a choice."""
    from companion.games.aat import view
    from companion.games.aat.picks import path
    from tests.ui.driver import tap, visible_buttons

    controller = app.controller
    before = len(controller.session.actions)
    state = controller.state
    for thing in path(state, action):
        found = [w for w in pieces(app) if w.thing == thing]
        assert found, f"{thing} is not on the table ({action})"
        tap(found[0])
        if len(controller.session.actions) != before:
            return
    label = view.label(state, action)
    buttons = [b for b in visible_buttons(app) if b.text == label]
    assert len(buttons) == 1, f"{len(buttons)} buttons '{label}' for {action}"
    tap(buttons[0])


def check_table(app) -> None:
    """What a player must read is at least 14 sp, what they tap at least 48 dp high
    (pieces at least 48 dp), and nothing private is on screen under the cover."""
    from kivy.metrics import dp, sp
    from kivy.uix.label import Label

    from tests.ui.taps import on_screen

    for widget in on_screen(app):
        if isinstance(widget, Label) and widget.text.strip() and widget.opacity:
            assert widget.font_size >= sp(14) - 0.01, (widget.text, widget.font_size)
    for widget in pieces(app):
        assert widget.height >= dp(48) - 0.01, (widget.thing, widget.height)


class Tour(Screens):
    def new_game(self, cards: str, seed: int) -> None:
        from tests.ui.driver import pump, tap_text

        self.app.go("home")
        pump()
        tap_text(self.app, GAME)
        tap_text(self.app, cards)
        self.first(f"new-game-{cards.split()[0].lower()}")
        self.app.controller.next_seed = seed
        tap_text(self.app, "Start the game")
        pump()

    def play(self, mode: str, seeds=(5, 6), limit: int | None = None) -> int:
        """A whole game by taps (or its first `limit` moves); returns the moves made."""
        from companion.core.session import Session
        from companion.games.aat.ai import GreedyAgent
        from tests.ui.driver import pump, tap_text

        controller = self.app.controller
        rules = controller.rules
        shadow = Session(rules, controller.session.setup, controller.session.seed)
        players = [GreedyAgent(seed) for seed in seeds]
        moves = 0
        while not rules.is_over(controller.state) and (limit is None or moves < limit):
            state = controller.state
            seat = rules.acting_seat(state)
            action = players[seat].choose(rules, state)
            pump()
            if self.covered():
                assert not pieces(self.app), "the table shows under the cover"
                self.first(f"{mode}-cover")
                tap_text(self.app, f"I am {state['players'][seat]['name']}: show")
            check_table(self.app)
            wait = state["await"]
            self.first(f"{mode}-{wait.get('choice') or wait['kind']}")
            if action["type"] == "attack" and f"{mode}-attacker" not in self.seen:
                from tests.ui.driver import tap

                unit = ("piece", action["unit"])

                def tile(unit=unit):
                    return next(w for w in pieces(self.app) if w.thing == unit)
                tap(tile())
                self.first(f"{mode}-attacker")  # its targets lit
                tap(tile())  # let go again: perform() taps from the start
            perform(self.app, action)
            shadow.apply(action)
            pump()
            assert controller.state == shadow.state, f"move {moves}: {action}"
            moves += 1
        if limit is None:
            assert self.app.root.current == "gameover"
            self.shot(f"{mode}-game-over")
        return moves


def main(argv=None) -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--size", default="1080x2340")
    parser.add_argument("--out", required=True)
    parser.add_argument("--modes", default="printed",
                        help="card modes to play, in order: printed, virtual or both")
    parser.add_argument("--limit", type=int, help="only the first LIMIT moves of each game")
    args = parser.parse_args(argv)
    width, height = args.size.split("x")
    from kivy.config import Config

    Config.set("graphics", "width", width)
    Config.set("graphics", "height", height)
    Config.set("widgets", "scroll_timeout", "40")
    Config.set("graphics", "maxfps", "0")
    from companion.app.main import DossierApp
    from tests.ui.driver import drawing, pump

    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    app = DossierApp(data_dir=tempfile.mkdtemp(prefix="dossier-aat-tour-"))
    app._run_prepare()
    pump()
    drawing(False)
    tour = Tour(app, out)
    for mode in args.modes.split(","):
        if app.controller.session is not None:
            app.controller.finish()
        tour.new_game({"printed": "Printed cards", "virtual": "Virtual decks"}[mode],
                      seed={"printed": 11, "virtual": 12}[mode])
        moves = tour.play(mode, limit=args.limit)
        print(f"{mode}: {moves} moves by taps")
    app.stop()
    return 0


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
    sys.exit(main())
