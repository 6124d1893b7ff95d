"""Top-Secret at one screen size, by taps, in its own process (a screen's density is
fixed when Kivy starts): complete games with the app as bag and dice and with the
table's own bag and dice, between greedy players, every move made the way a player
makes it (the trickle button, the drawn Intel's tile, each die's face, a kind of the
roster then a * tile, an agent then what it does then its target on the board). The
app's state must equal the engine's after every move; at every prompt the table
rules hold (tests/ui/visible.py); the first screen of each kind is saved.

    KIVY_METRICS_DENSITY=2.625 python -m tests.ui.ts_tour --size 1080x2340 --out DIR
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("KIVY_NO_ARGS", "1")
os.environ.setdefault("KIVY_LOG_MODE", "PYTHON")
os.environ.setdefault("KIVY_NO_CONSOLELOG", "1")

from tests.ui.screens import Screens, main  # noqa: E402 - after Kivy's environment

STARTS = {"first": "Player 1"}  # who starts: the form's choice
GAMES = {"app": ({"bag": "The app draws and rolls", **STARTS}, 8),
         "physical": ({"bag": "Our bag and dice", **STARTS}, 9)}


def table(app):
    return app.root.get_screen("table").game


def tap_space(app, space: int) -> None:
    from tests.ui.driver import tap

    tap(table(app).board.spaces[space])


def tap_key(app, action: dict) -> None:
    """A key of the sheet made for this action (a drawn Intel's tile, a die's face)."""
    from tests.ui.driver import on_screen, tap

    keys = [w for w in on_screen(app) if getattr(w, "action", None) == action]
    assert len(keys) == 1, f"no key for {action}"
    tap(keys[0])


class TsTour(Screens):
    game = "Top-Secret"
    games = GAMES
    agents = (3, 4)

    def perform(self, action: dict) -> None:
        from companion.games.ts.picks import MODES, Picks
        from companion.games.ts.table import TsKind
        from tests.ui.driver import on_screen, tap, tap_text

        app, kind = self.app, action["type"]
        state = app.controller.state
        if kind == "trickle":
            return tap_text(app, "Draw two Intel and roll the dice")
        if kind in ("draw", "roll"):
            return tap_key(app, action)
        if kind == "keep":
            return tap_text(app, "Keep it" if action["keep"] else "Put it back")
        if kind == "done":
            return tap_text(app, "Go on to the actions")
        if kind == "end_turn":
            return tap_text(app, "End the turn")
        if kind == "spawn":
            kinds = [w for w in on_screen(app)
                     if isinstance(w, TsKind) and w.kind == action["kind"]]
            tap(kinds[0])
            return tap_space(app, action["at"])
        agent = state["agents"][action["agent"]]
        tap_space(app, agent["at"])  # the agent
        if kind == "retire":
            return tap_text(app, "Retire: score what it holds")
        picks = Picks(app.controller.state, app.controller.legal(), table(app).sel)
        if picks.mode() != kind:
            tap_text(app, MODES[kind])
        if kind == "comms":
            tap_space(app, app.controller.state["board"].index(action["intel"]))
        picks = Picks(app.controller.state, app.controller.legal(), table(app).sel)
        tap_space(app, picks.space_of(action))
        if app.controller.session.actions and app.controller.session.actions[-1] == action:
            return
        tap_text(app, Picks.words(action))

    def kind(self, state, action) -> str:
        wait = state["await"]
        return wait["kind"] if wait["kind"] != "act" else f"act-{action['type']}"

    def cover_shown(self, name, state, moves) -> None:
        raise AssertionError("nothing in this game is private: no cover")


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
    sys.exit(main(TsTour, "ts", "app,physical"))
