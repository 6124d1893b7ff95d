"""Attack the Tower at one screen size, by taps, in its own process (a screen's density
is fixed when Kivy starts): complete games set up on the new-game form (the Robots
against the Corsairs, and the Robots' mirror), between greedy players whose every move
is made the way a player makes it: a card of the hand strip, a base slot, a territory
of each side, a palace (picks.path), then a sheet button only where the taps leave a
choice (the attack itself, after the calculator's figures). The app's state must equal
the engine's after every move; at every prompt the table rules hold (Screens.play),
text is at least 14 sp and what is tapped at least 48 dp high; the first screen of
each kind of prompt is saved.

    KIVY_METRICS_DENSITY=2.625 python -m tests.ui.att_tour --size 1080x2340 --out DIR
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("KIVY_NO_ARGS", "1")
os.environ.setdefault("KIVY_LOG_MODE", "PYTHON")
os.environ.setdefault("KIVY_NO_CONSOLELOG", "1")

from tests.ui.screens import Screens, main  # noqa: E402 - after Kivy's environment

GAMES = {"mixed": ({"army_2": "Corsairs"}, 11), "mirror": ({}, 12)}  # (form choices, seed)


def table(app):
    return app.root.get_screen("table").game


def widget_for(app, place: tuple):
    """The widget a tap on `place` lands on: a hand card, a base slot, a palace."""
    from companion.games.att.table import AttCard
    from tests.ui.driver import on_screen

    if place[0] == "card":
        found = [w for w in on_screen(app) if isinstance(w, AttCard) and
                 w.card_id == place[1]]
        assert len(found) == 1, f"no card {place[1]} in the hand strip"
        return found[0]
    board = table(app).board
    seat = place[1]
    side = next(s for s in board.sides if s.palace.place == ("palace", seat))
    if place[0] == "palace":
        return side.palace
    if place[0] == "territory":
        return side.cells[place[2], 0]
    return side.cells[place[2], place[3]]


def check_sizes(app, where: str) -> None:
    from kivy.metrics import dp, sp
    from kivy.uix.behaviors import ButtonBehavior
    from kivy.uix.label import Label

    from tests.ui.driver import on_screen

    for widget in on_screen(app):
        if isinstance(widget, Label) and widget.text.strip() and widget.opacity:
            assert widget.font_size >= sp(14) - 0.01, (where, widget.text, widget.font_size)
        if isinstance(widget, ButtonBehavior) and not isinstance(widget, Label) \
                and widget.opacity:
            assert widget.height >= dp(48) - 0.01, (where, type(widget), widget.height)


class AttTour(Screens):
    game = "Attack the Tower"
    games = GAMES
    agents = (7, 8)

    def perform(self, action: dict) -> None:
        from companion.games.att import view
        from companion.games.att.picks import path
        from tests.ui.driver import on_screen, tap, tap_text

        state = self.app.controller.state
        if action["type"] == "draw":  # a key of the sheet
            keys = [w for w in on_screen(self.app) if getattr(w, "action", None) == action]
            assert len(keys) == 1, f"no key for {action}"
            return tap(keys[0])
        before = len(self.app.controller.session.actions)
        for place in path(state, action):
            tap(widget_for(self.app, place))
        if len(self.app.controller.session.actions) == before:
            tap_text(self.app, view.label(state, action))

    def prompt_shown(self, name, kind, state, action) -> None:
        check_sizes(self.app, f"{name} {kind}")
        from companion.games.att.view import DONE
        from tests.ui.driver import primary_moves

        stops = {"Done", "No more recruits", "Pass", "Burn it: draw five again", *DONE.values()}
        assert not primary_moves(self.app) & stops, f"{name} {kind}: a stop as the main move"

    def steps_shown(self, name, state, action) -> bool:
        """The battle calculator, before the first attack (then Cancel)."""
        from companion.games.att.picks import path
        from tests.ui.driver import pump, tap, tap_text

        if action["type"] == "attack" and f"{name}-calculator" not in self.seen:
            for place in path(state, action):
                tap(widget_for(self.app, place))
            self.check(f"{name} calculator")
            self.first(f"{name}-calculator")
            tap_text(self.app, "Cancel")
            pump()
        return False

    def moved(self, name, state, action) -> None:
        after = self.app.controller.state
        if after["battle"] is None and after["last"] and \
                action["type"] in ("kill", "suggest", "pass", "attack"):
            self.first(f"{name}-battle-result")


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
    sys.exit(main(AttTour, "att", "mixed,mirror"))
