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

import argparse
import os
import sys
from pathlib import Path

os.environ.setdefault("KIVY_NO_ARGS", "1")
os.environ.setdefault("KIVY_LOG_MODE", "PYTHON")
os.environ.setdefault("KIVY_NO_CONSOLELOG", "1")

from tests.ui.screens import Screens, start_app  # noqa: E402 - after Kivy's environment

BAGS = {"app": "The app draws and rolls", "physical": "Our bag and dice"}


def table(app):
    return app.root.get_screen("table").game


def tap_space(app, space: int) -> None:
    from tests.ui.driver import tap

    tap(table(app).board.spaces[space])


def tap_key(app, action: dict) -> None:
    """A key of the sheet made for this action (a drawn Intel's tile, a die's face)."""
    from tests.ui.driver import tap
    from tests.ui.taps import on_screen

    keys = [w for w in on_screen(app) if getattr(w, "action", None) == action]
    assert len(keys) == 1, f"no key for {action}"
    tap(keys[0])


def perform(app, action: dict) -> None:
    from companion.games.ts.picks import MODES, Picks
    from companion.games.ts.table import TsKind
    from tests.ui.driver import tap, tap_text
    from tests.ui.taps import on_screen

    kind = action["type"]
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
        kinds = [w for w in on_screen(app) if isinstance(w, TsKind) and w.kind == action["kind"]]
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


class Tour(Screens):
    def new_game(self, bag: str, seed: int) -> None:
        from tests.ui.driver import pump, tap_text

        self.app.go("home")
        pump()
        tap_text(self.app, "New game: Top-Secret")
        tap_text(self.app, BAGS[bag])
        tap_text(self.app, "Player 1")  # who starts
        self.first(f"new-game-{bag}")
        self.app.controller.next_seed = seed
        tap_text(self.app, "Start the game")
        pump()

    def play(self, bag: str, limit: int | None = None) -> int:
        from companion.core.session import Session
        from companion.games.ts.ai import GreedyAgent
        from tests.ui.driver import pump

        controller = self.app.controller
        rules = controller.rules
        shadow = Session(rules, controller.session.setup, controller.session.seed)
        players = [GreedyAgent(3), GreedyAgent(4)]
        moves = 0
        while not rules.is_over(controller.state) and (limit is None or moves < limit):
            state = controller.state
            action = players[rules.acting_seat(state)].choose(rules, state)
            pump()
            assert not self.covered(), "nothing in this game is private"
            wait = state["await"]
            name = wait["kind"] if wait["kind"] != "act" else f"act-{action['type']}"
            self.check(f"{bag} {name}, move {moves}")
            self.first(f"{bag}-{name}")
            perform(self.app, action)
            shadow.apply(action)
            pump()
            assert controller.state == shadow.state, f"move {moves}: {action}"
            moves += 1
        if limit is None:
            assert self.app.root.current == "gameover"
            self.check(f"{bag} game over")
            self.shot(f"{bag}-game-over")
        return moves


def main(argv=None) -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--size", default="1080x2340")
    parser.add_argument("--out", required=True)
    parser.add_argument("--bags", default="app,physical")
    parser.add_argument("--limit", type=int, help="only the first LIMIT moves of each game")
    args = parser.parse_args(argv)
    app, out = start_app(args.size, args.out, "dossier-ts-tour-")
    tour = Tour(app, out)
    for bag in args.bags.split(","):
        if app.controller.session is not None:
            app.controller.finish()
        tour.new_game(bag, seed={"app": 8, "physical": 9}[bag])
        print(f"{bag}: {tour.play(bag, args.limit)} moves by taps")
    print(f"{tour.checked} screens checked")
    app.stop()
    return 0


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
    sys.exit(main())
