"""A tour of the companion at one screen size, by taps, in its own process (a
screen's density is fixed when Kivy starts): complete Above Top Secret games
with virtual and with printed cards, a six-player table, the dice roller, the
menu, face to face. Every move is checked against the engine, every table
screen against the standards (taps.check_table), and the first screen of each
kind is saved as a PNG to look at.

    KIVY_METRICS_DENSITY=2.625 python -m tests.ui.tour --size 1080x2340 --out DIR
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

VIRTUAL = {"seed": 53, "agents": (5, 6)}  # a game that meets every kind of prompt
PRINTED = {"seed": 7, "agents": (5, 6)}
SIX_SEED = 3


class Tour(Screens):
    # -- games ---------------------------------------------------------------------------
    def new_game(self, cards: str, dice: str, seed: int) -> None:
        from tests.ui.driver import pump, tap_text

        self.app.go("home")
        pump()
        self.first("home")
        tap_text(self.app, "New game: Above Top Secret")
        tap_text(self.app, cards)
        tap_text(self.app, dice)
        self.first(f"new-game-{cards.split()[0].lower()}")
        self.app.controller.next_seed = seed
        tap_text(self.app, "Start the game")
        pump()

    def play(self, mode: str, agents, limit: int | None = None) -> None:
        """Play with greedy players' moves made by taps; the engine, fed the same moves,
        must end in the very same state after every one."""
        from companion.app.table import far_side
        from companion.core.session import Session
        from companion.games.ats import view
        from companion.games.ats.ai import GreedyAgent
        from tests.ui import taps
        from tests.ui.driver import pump, tap_text

        controller = self.app.controller
        rules = controller.rules
        shadow = Session(rules, controller.session.setup, controller.session.seed)
        players = [GreedyAgent(agents[i % 2] + i // 2) for i in
                   range(len(shadow.state["players"]))]
        steps = 0
        while not rules.is_over(controller.state) and (limit is None or steps < limit):
            state = controller.state
            seat = rules.acting_seat(state)
            action = players[seat].choose(rules, state)
            pump()
            far = self.app.settings["face_to_face"] and far_side(seat, len(state["players"]))
            cover = self.covered()
            if cover:
                assert view.private_seat(state) is not None or steps, "a cover at start"
                assert not [w for w in taps.pieces(self.app) if w.thing], "table under cover"
                self.first(f"{mode}-cover" + ("-face-to-face" if far else ""))
                tap_text(self.app, f"I am {state['players'][seat]['name']}: show")
            if far and state["await"]["kind"] == "main":
                self.first(f"{mode}-face-to-face")
            taps.check_table(self.app)
            if not self.screens(mode, state, action):
                taps.perform(self.app, action)
            pump()
            if not self.covered() and not rules.is_over(controller.state):
                self.after(mode, controller.recent)
            shadow.apply(action)
            while not rules.is_over(shadow.state) and rules.acting_seat(shadow.state) == seat \
                    and view.follow_up(shadow.state):
                shadow.apply(view.follow_up(shadow.state))  # the Draw after the roll
            assert controller.session.actions == shadow.actions, f"step {steps}: {action}"
            assert controller.state == shadow.state
            steps += 1
            assert steps < 2000

    def screens(self, mode, state, action) -> bool:
        """Screenshots of each kind of screen, the first time it comes; True when the
        move was made here, to show its steps."""
        from tests.ui import taps
        from tests.ui.driver import tap_text

        wait = state["await"]
        self.first(f"{mode}-{wait.get('choice') or wait['kind']}")
        if action["type"] == "attack" and f"{mode}-attack" not in self.seen:
            self.seen.add(f"{mode}-attack")
            seat, target = wait["player"], action["target"]
            taps.tap_thing(self.app, ("slot", seat, action["level"]))
            self.shot(f"{mode}-attack-targets")
            if target.get("bypass"):
                taps.tap_thing(self.app, ("base", target["player"], target["area"]))
            else:
                taps.tap_thing(self.app, ("slot", target["player"], target["level"]))
                if "area" in target and not taps.showing_confirm(self.app):
                    taps.tap_thing(self.app, ("base", target["player"], target["area"]))
            self.shot(f"{mode}-attack-confirm")
            tap_text(self.app, "Attack!")
            self.shot(f"{mode}-attack-result")
            return True
        if action["type"] == "swap" and not state["turn"]["sacrificed"] and \
                f"{mode}-sacrifice" not in self.seen:
            self.seen.add(f"{mode}-sacrifice")
            tap_text(self.app, "Sacrifice")
            self.shot(f"{mode}-sacrifice")
            if state["settings"]["cards"] == "virtual":
                taps.tap_thing(self.app, ("hand", action["card"]))
            else:
                taps.tap_thing(self.app, ("slot", wait["player"], action["level"]))
                self.shot(f"{mode}-sacrifice-list")
                taps.tap_card(self.app, action["card"])
            return True
        return False

    def after(self, mode, events) -> None:
        if any(e["kind"] == "encounter" for e in events):
            self.first(f"{mode}-encounter-result")

    def six(self, limit: int) -> None:
        """Three teams of two, face to face: the far side's prompt and moves turned to
        them (and tapped turned); the dice roller and the menu on the way."""
        from tests.ui.driver import pump, tap_text

        self.app.go("home")
        pump()
        tap_text(self.app, "New game: Above Top Secret")
        tap_text(self.app, "3 teams of 2")
        tap_text(self.app, "Virtual decks")
        tap_text(self.app, "App dice")
        self.app.controller.next_seed = SIX_SEED
        tap_text(self.app, "Start the game")
        pump()
        tap_text(self.app, "Dice")
        tap_text(self.app, "Combat die")
        self.shot("dice-roller")
        tap_text(self.app, "Close")
        tap_text(self.app, "Undo: a dice-roller roll")
        tap_text(self.app, "Menu")
        self.shot("menu")
        tap_text(self.app, "Face-to-face: off")
        tap_text(self.app, "Close")
        self.play("six", (5, 6), limit)
        tap_text(self.app, "Menu")
        tap_text(self.app, "Face-to-face: on (far side turned)")
        tap_text(self.app, "Close")
        self.app.controller.finish()

    def results(self, mode: str) -> None:
        from tests.ui.driver import pump, tap_text

        assert self.app.root.current == "gameover"
        self.shot(f"{mode}-game-over")
        tap_text(self.app, "Game log")
        self.shot(f"{mode}-log")
        self.app.controller.finish()
        pump()


def main(argv=None) -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--size", default="1080x2340")
    parser.add_argument("--out", required=True)
    parser.add_argument("--short", action="store_true", help="a few turns of each game")
    args = parser.parse_args(argv)
    width, height = args.size.split("x")
    from kivy.config import Config

    Config.set("graphics", "width", width)
    Config.set("graphics", "height", height)
    Config.set("widgets", "scroll_timeout", "40")
    Config.set("graphics", "maxfps", "0")  # no waiting between frames
    from companion.app.main import DossierApp
    from tests.ui.driver import drawing, pump

    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    for old in out.glob("*.png"):
        old.unlink()
    app = DossierApp(data_dir=tempfile.mkdtemp(prefix="dossier-tour-"))
    app._run_prepare()
    pump()
    drawing(False)
    tour = Tour(app, out)
    limit = 60 if args.short else None
    tour.new_game("Virtual decks", "App dice", VIRTUAL["seed"])
    tour.play("virtual", VIRTUAL["agents"], limit)
    tour.results("virtual") if limit is None else app.controller.finish()
    tour.new_game("Printed cards", "Real dice", PRINTED["seed"])
    tour.play("printed", PRINTED["agents"], limit)
    tour.results("printed") if limit is None else app.controller.finish()
    tour.six(limit=80)
    app.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
