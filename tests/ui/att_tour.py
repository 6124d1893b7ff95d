"""Attack the Tower at one screen size, by taps, in its own process (a screen's density
is fixed when Kivy starts): complete games set up on the new-game form (the Robots
against the Corsairs, and the Robots' mirror), between greedy players whose every move
is made the way a player makes it: a card of the hand strip, a base slot, a territory
of each side, a palace (picks.path), then a sheet button only where the taps leave a
choice (the attack itself, after the calculator's figures). The app's state must equal
the engine's after every move; at every prompt the table rules hold (Screens.check),
text is at least 14 sp and what is tapped at least 48 dp high; the first screen of
each kind of prompt is saved.

    KIVY_METRICS_DENSITY=2.625 python -m tests.ui.att_tour --size 1080x2340 --out DIR
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

GAME = "New game: Attack the Tower"
# the form's choices for each game (option -> the index of the button among the option's)
GAMES = {"mixed": ({"army_2": "Corsairs"}, 11), "mirror": ({}, 12)}
AGENTS = (7, 8)


def table(app):
    return app.root.get_screen("table").game


def on_screen(app) -> list:
    from tests.ui.aat_tour import on_screen as shown

    return shown(app)


def widget_for(app, place: tuple):
    """The widget a tap on `place` lands on: a hand card, a base slot, a palace."""
    from companion.games.att.table import AttCard

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


def perform(app, action: dict) -> None:
    from companion.games.att import view
    from companion.games.att.picks import path
    from tests.ui.driver import tap, tap_text

    state = app.controller.state
    if action["type"] == "draw":  # a key of the sheet
        keys = [w for w in on_screen(app) if getattr(w, "action", None) == action]
        assert len(keys) == 1, f"no key for {action}"
        return tap(keys[0])
    before = len(app.controller.session.actions)
    for place in path(state, action):
        tap(widget_for(app, place))
    if len(app.controller.session.actions) == before:
        tap_text(app, view.label(state, action))


def check_sizes(app, where: str) -> None:
    from kivy.metrics import dp, sp
    from kivy.uix.behaviors import ButtonBehavior
    from kivy.uix.label import Label

    for widget in on_screen(app):
        if isinstance(widget, Label) and widget.text.strip() and widget.opacity:
            assert widget.font_size >= sp(14) - 0.01, (where, widget.text, widget.font_size)
        if isinstance(widget, ButtonBehavior) and not isinstance(widget, Label) \
                and widget.opacity:
            assert widget.height >= dp(48) - 0.01, (where, type(widget), widget.height)


class Tour(Screens):
    def new_game(self, name: str) -> None:
        from tests.ui.aat_tour import choose
        from tests.ui.driver import pump, tap_text

        choices, seed = GAMES[name]
        self.app.go("home")
        pump()
        tap_text(self.app, GAME)
        for group, text in choices.items():
            choose(self.app, group, text)
        self.first(f"new-game-{name}")
        self.app.controller.next_seed = seed
        tap_text(self.app, "Start the game")
        pump()

    def play(self, name: str, limit: int | None = None) -> tuple[int, set]:
        from companion.core.session import Session
        from companion.games.att.ai import GreedyAgent
        from companion.games.att.picks import path
        from tests.ui.driver import pump, tap, tap_text

        controller = self.app.controller
        rules = controller.rules
        shadow = Session(rules, controller.session.setup, controller.session.seed)
        players = [GreedyAgent(seed) for seed in AGENTS]
        moves, kinds = 0, set()
        while not rules.is_over(controller.state) and (limit is None or moves < limit):
            state = controller.state
            seat = rules.acting_seat(state)
            pump()
            if self.covered():
                self.check(f"{name} cover, move {moves}")
                self.first(f"{name}-cover")
                tap_text(self.app, f"I am {state['players'][seat]['name']}: show")
            kind = state["await"]["kind"]
            kinds.add(kind)
            try:
                self.check(f"{name} {kind}, move {moves}")
                check_sizes(self.app, f"{name} {kind}, move {moves}")
            except AssertionError:
                self.shot(f"failed-{name}-{kind}")  # to look at
                raise
            self.first(f"{name}-{kind}")
            action = players[seat].choose(rules, state)
            if action["type"] == "attack" and f"{name}-calculator" not in self.seen:
                for place in path(state, action):  # the calculator, before the attack
                    tap(widget_for(self.app, place))
                self.check(f"{name} calculator")
                self.first(f"{name}-calculator")
                tap_text(self.app, "Cancel")
                pump()
            perform(self.app, action)
            shadow.apply(action)
            pump()
            assert controller.state == shadow.state, f"move {moves}: {action}"
            if controller.state["battle"] is None and controller.state["last"] and \
                    action["type"] in ("kill", "suggest", "pass", "attack"):
                self.first(f"{name}-battle-result")
            moves += 1
        if limit is None:
            assert self.app.root.current == "gameover"
            self.check(f"{name} game over")
            self.shot(f"{name}-game-over")
        return moves, kinds


def main(argv=None) -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--size", default="1080x2340")
    parser.add_argument("--out", required=True)
    parser.add_argument("--games", default="mixed,mirror",
                        help="the games to play, in order: mixed, mirror; NAME:N plays only "
                             "its first N moves")
    args = parser.parse_args(argv)
    app, out = start_app(args.size, args.out, "dossier-att-tour-")
    tour = Tour(app, out)
    for game in args.games.split(","):
        name, _, limit = game.partition(":")
        if app.controller.session is not None:
            app.controller.finish()
        tour.new_game(name)
        moves, kinds = tour.play(name, limit=int(limit) if limit else None)
        print(f"{name}: {moves} moves by taps; prompts: {' '.join(sorted(kinds))}")
    print(f"{tour.checked} screens checked")
    app.stop()
    return 0


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
    sys.exit(main())
