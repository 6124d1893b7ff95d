"""Above Top Secret at one screen size, by taps, in its own process (a screen's
density is fixed when Kivy starts): six players in three teams face to face
(the dice roller and the menu on the way), then complete two-player games with
virtual and with printed cards and real dice. Every move is made the way a
player makes it and checked against the engine; at every prompt the table rules
hold (tests/ui/visible.py: everything in sight without scrolling, no text cut,
idle after each move, no relayout loop; taps.check_sizes: 48 dp targets, 14 sp
text); the first screen of each kind is saved as a PNG to look at. The two-player
game after the six-player one is the sequence that once left rows displaced.

    KIVY_METRICS_DENSITY=2.625 python -m tests.ui.tour --size 1080x2340 --out DIR
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

VIRTUAL = {"seed": 53, "agents": (5, 6)}  # a game that meets every kind of prompt
PRINTED = {"seed": 7, "agents": (5, 6)}
SIX = {"seed": 1, "agents": (5, 6)}  # every kind of prompt, Remote Viewing on a far seat


class Tour(Screens):
    def __init__(self, app, out: Path):
        from tests.ui import visible

        super().__init__(app, out)
        self.watch = visible.IterationWarnings().__enter__()  # the whole run, taps included

    def check(self, where: str) -> None:
        """The table rules now, and no relayout loop since the start (a first layout
        happens inside a tap, before any check)."""
        super().check(where)
        assert not self.watch.seen, f"{where}: relayout loop before it: {self.watch.seen}"

    def new_game(self, cards: str, dice: str, seed: int, mode: str = "") -> None:
        from tests.ui.driver import pump, tap_text

        self.app.go("home")
        pump()
        self.first("home")
        tap_text(self.app, "New game: Above Top Secret")
        if mode:
            tap_text(self.app, mode)
        tap_text(self.app, cards)
        tap_text(self.app, dice)
        self.first(f"new-game-{cards.split()[0].lower()}")
        self.app.controller.next_seed = seed
        tap_text(self.app, "Start the game")
        pump()

    def play(self, mode: str, agents, limit: int | None = None) -> int:
        """Greedy players' moves made by taps; the engine, fed the same moves, must
        end in the very same state after every one."""
        from companion.app.table import far_side
        from companion.core.session import Session
        from companion.games.ats import view
        from companion.games.ats.ai import GreedyAgent
        from tests.ui import taps
        from tests.ui.driver import pump, tap_text

        controller = self.app.controller
        rules = controller.rules
        shadow = Session(rules, controller.session.setup, controller.session.seed)
        players = [GreedyAgent(agents[i % 2] + 2 * (i // 2)) for i in
                   range(len(shadow.state["players"]))]
        steps = 0
        while not rules.is_over(controller.state) and (limit is None or steps < limit):
            state = controller.state
            seat = rules.acting_seat(state)
            action = players[seat].choose(rules, state)
            wait = state["await"]
            kind = wait.get("choice") or wait["kind"]
            pump()
            far = self.app.settings["face_to_face"] and far_side(seat, len(state["players"]))
            if self.covered():
                assert view.private_seat(state) is not None or steps, "a cover at start"
                assert not [w for w in taps.pieces(self.app) if w.thing], "table under cover"
                self.check(f"{mode} cover, step {steps}")
                self.first(f"{mode}-cover" + ("-face-to-face" if far else ""))
                tap_text(self.app, f"I am {state['players'][seat]['name']}: show")
            self.check(f"{mode} {kind}, step {steps}")
            taps.check_sizes(self.app)
            if far and wait["kind"] == "main":
                self.first(f"{mode}-face-to-face")
            if any(p["out"] for p in state["players"]):
                self.first(f"{mode}-a-player-out")
            self.first(f"{mode}-{kind}")
            if not self.steps_shown(mode, state, action):
                taps.perform(self.app, action)
            pump()
            shadow.apply(action)
            while not rules.is_over(shadow.state) and rules.acting_seat(shadow.state) == seat \
                    and view.follow_up(shadow.state):
                shadow.apply(view.follow_up(shadow.state))  # the Draw after the roll
            assert controller.session.actions == shadow.actions, f"step {steps}: {action}"
            assert controller.state == shadow.state
            steps += 1
            assert steps < 2000
        return steps

    def steps_shown(self, mode, state, action) -> bool:
        """An attack and a Sacrifice, step by step the first time, each step checked
        and shown; True when the move was made here."""
        from tests.ui import taps
        from tests.ui.driver import tap_text

        wait = state["await"]
        if action["type"] == "attack" and f"{mode}-attack-targets" not in self.seen:
            seat, target = wait["player"], action["target"]
            taps.tap_thing(self.app, ("slot", seat, action["level"]))
            self.check(f"{mode} attack targets")
            self.first(f"{mode}-attack-targets")
            if target.get("bypass"):
                taps.tap_thing(self.app, ("base", target["player"], target["area"]))
            else:
                taps.tap_thing(self.app, ("slot", target["player"], target["level"]))
                if "area" in target and not taps.showing_confirm(self.app):
                    taps.tap_thing(self.app, ("base", target["player"], target["area"]))
            self.check(f"{mode} attack confirm")
            self.first(f"{mode}-attack-confirm")
            tap_text(self.app, "Attack!")
            self.check(f"{mode} attack result")
            self.first(f"{mode}-attack-result")
            return True
        if action["type"] == "swap" and not state["turn"]["sacrificed"] and \
                f"{mode}-sacrifice" not in self.seen:
            tap_text(self.app, "Sacrifice")
            self.check(f"{mode} sacrifice")
            self.first(f"{mode}-sacrifice")
            if state["settings"]["cards"] == "virtual":
                taps.tap_thing(self.app, ("hand", action["card"]))
            else:
                taps.tap_thing(self.app, ("slot", wait["player"], action["level"]))
                self.check(f"{mode} sacrifice list")
                self.first(f"{mode}-sacrifice-list")
                taps.tap_card(self.app, action["card"])
            return True
        return False

    def six(self) -> None:
        """Three teams of two, face to face: the far side's prompt and moves turned to
        them (and tapped turned); the dice roller and the menu on the way."""
        from tests.ui.driver import tap_text

        self.new_game("Virtual decks", "App dice", SIX["seed"], mode="3 teams of 2")
        tap_text(self.app, "Dice")
        tap_text(self.app, "Combat die")
        self.shot("dice-roller")
        tap_text(self.app, "Close")
        tap_text(self.app, "Undo: a roll of the Combat die")
        tap_text(self.app, "Menu")
        self.shot("menu")
        tap_text(self.app, "Face-to-face: off")
        tap_text(self.app, "Close")
        print(f"six: {self.play('six', SIX['agents'])} moves by taps")
        self.results("six")
        self.app.settings.set("face_to_face", False)  # the menu's switch was tapped above

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
    app, out = start_app(args.size, args.out, "dossier-tour-")
    for old in out.glob("*.png"):
        old.unlink()
    tour = Tour(app, out)
    limit = 60 if args.short else None
    if not args.short:
        tour.six()
    for mode, cards, dice, game in (("virtual", "Virtual decks", "App dice", VIRTUAL),
                                    ("printed", "Printed cards", "Real dice", PRINTED)):
        tour.new_game(cards, dice, game["seed"], mode="2 players")
        print(f"{mode}: {tour.play(mode, game['agents'], limit)} moves by taps")
        tour.results(mode) if limit is None else app.controller.finish()
    print(f"{tour.checked} screens checked")
    app.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
