"""Geheime Mission at one screen size, by taps, in its own process (a screen's
density is fixed when Kivy starts): complete games with virtual and with printed
cards between greedy players, every move made the way a player makes it (an
agent in the hand strip, a value on the keypad, a door drawn on the embassy).
The app's state must equal the engine's after every move; at every prompt the
table rules hold (tests/ui/visible.py); the first screen of each kind is saved.

    KIVY_METRICS_DENSITY=2.625 python -m tests.ui.gm_tour --size 1080x2340 --out DIR
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

CARDS = {"virtual": "Virtual deck", "printed": "Printed cards"}


def widgets_of(app, kind) -> list:
    from tests.ui.taps import on_screen

    return [w for w in on_screen(app) if isinstance(w, kind)]


def perform(app, action: dict) -> None:
    from companion.games.gm.board import GmDoor
    from companion.games.gm.table import GmHandCard
    from tests.ui.driver import tap, tap_text

    if action["type"] == "play" and "card" in action:
        cards = [w for w in widgets_of(app, GmHandCard) if w.piece[1] == action["card"]]
        assert len(cards) == 1, f"{action['card']} is not in the hand strip"
        return tap(cards[0])
    if action["type"] == "play":
        return tap_text(app, str(action["value"]))
    doors = [w for w in widgets_of(app, GmDoor) if w.number == action["door"]]
    assert len(doors) == 1, f"door {action['door']} is not drawn on the embassy"
    tap(doors[0])


class Tour(Screens):
    def new_game(self, mode: str, seed: int) -> None:
        from tests.ui.driver import pump, tap_text

        self.app.go("home")
        pump()
        tap_text(self.app, "New game: Geheime Mission")
        tap_text(self.app, CARDS[mode])
        self.first(f"new-game-{mode}")
        self.app.controller.next_seed = seed
        tap_text(self.app, "Start the game")
        pump()

    def play(self, mode: str) -> int:
        from companion.core.session import Session
        from companion.games.gm.ai import GreedyAgent
        from tests.ui.driver import pump, tap_text

        controller = self.app.controller
        rules = controller.rules
        shadow = Session(rules, controller.session.setup, controller.session.seed)
        players = [GreedyAgent(3), GreedyAgent(4)]
        moves = 0
        while not rules.is_over(controller.state):
            state = controller.state
            seat = rules.acting_seat(state)
            action = players[seat].choose(rules, state)
            pump()
            if self.covered():
                self.check(f"{mode} cover, move {moves}")
                self.first(f"{mode}-cover")
                tap_text(self.app, f"I am {state['players'][seat]['name']}: show")
            wait = state["await"]
            kind = wait["kind"] if wait["kind"] != "play" else wait["role"]
            self.check(f"{mode} {kind}, move {moves}")
            self.first(f"{mode}-{kind}")
            perform(self.app, action)
            shadow.apply(action)
            pump()
            assert controller.state == shadow.state, f"move {moves}: {action}"
            moves += 1
            assert moves < 400
        assert self.app.root.current == "gameover"
        self.check(f"{mode} game over")
        self.shot(f"{mode}-game-over")
        return moves


def main(argv=None) -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--size", default="1080x2340")
    parser.add_argument("--out", required=True)
    args = parser.parse_args(argv)
    app, out = start_app(args.size, args.out, "dossier-gm-tour-")
    tour = Tour(app, out)
    for mode, seed in (("virtual", 21), ("printed", 6)):
        if app.controller.session is not None:
            app.controller.finish()
        tour.new_game(mode, seed)
        print(f"{mode}: {tour.play(mode)} moves by taps")
    print(f"{tour.checked} screens checked")
    app.stop()
    return 0


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
    sys.exit(main())
