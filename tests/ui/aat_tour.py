"""Against All Tyrants at one screen size, by taps, in its own process (a screen's
density is fixed when Kivy starts): complete games, set up on the new-game form,
between greedy players whose every move is made the way a player makes it: tapping
a piece, a stack, a theater's mat or a card in the hand strip (picks.path), and a
sheet button only where taps leave a choice. The app's state must equal the engine's
after every move. At every prompt the table rules hold (tests/ui/visible.py via
Screens.check), text is at least 14 sp, what is tapped at least 48 dp, and the
board fits its room (nothing drawn over the sheet or the toolbar); the first screen
of each kind of prompt is saved as a PNG to look at.

    KIVY_METRICS_DENSITY=2.625 python -m tests.ui.aat_tour --size 1080x2340 --out DIR
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

GAME = "New game: Against All Tyrants"
# games that meet every kind of prompt between them: (mode, form choices, seed)
GAMES = {"virtual": ({"subfaction_1": "First Leader's Navy", "subfaction_2": "Robot Uprising",
                      "attacker": "Player 2", "cards": "Virtual decks"}, 6),
         "printed": ({"subfaction_1": "First Leader's Navy", "subfaction_2": "Robot Uprising",
                      "attacker": "Player 1", "cards": "Printed cards"}, 8)}
AGENTS = (5, 6)


def on_screen(app) -> list:
    """Every widget shown: the current screen's and any popup's."""
    from kivy.base import EventLoop

    from tests.ui.driver import walk

    roots = [app.root.current_screen, *[w for w in EventLoop.window.children
                                       if w is not app.root]]
    return [w for root in roots for w in walk(root) if w.get_root_window() is not None]


def tappable(app) -> list:
    from companion.games.aat.widgets import Tappable

    return [w for w in on_screen(app) if isinstance(w, Tappable) and w.thing is not None]


def tap_thing(app, thing) -> None:
    """Tap a piece or stack, a card in the hand strip, or a theater's mat (where its
    name is: a tap on a piece is the piece's)."""
    from companion.games.aat.board import TheaterBox
    from tests.ui.driver import tap

    found = [w for w in tappable(app) if w.thing == thing]
    assert found, f"{thing} is not on the screen"
    if isinstance(found[0], TheaterBox):
        return tap_at(found[0], found[0].header)
    tap(found[0])


def tap_at(widget, spot) -> None:
    """Touch `spot` (a part of `widget`) and wait for `widget`'s release."""
    from kivy.tests.common import UnitTestTouch

    from tests.ui.driver import pump, wait_until

    released = []
    widget.fbind("on_release", lambda *_a: released.append(True))
    x, y = spot.to_window(*spot.center)
    touch = UnitTestTouch(x, y)
    touch.touch_down()
    touch.touch_up()
    wait_until(lambda: released, f"the release of {widget.thing}")
    pump()


def canonical(app, action: dict) -> dict:
    """The action as taps make it: a stack of identical pieces stands for its first."""
    from companion.games.aat.stacks import canonical as same

    state = app.controller.state
    moved = same(state, action)
    return moved if moved in app.controller.legal() else action


def perform(app, action: dict) -> None:
    """Tap what the action names, then its button if the taps left a choice."""
    from companion.games.aat import view
    from companion.games.aat.picks import path
    from tests.ui.driver import plain, tap, visible_buttons

    controller = app.controller
    before = len(controller.session.actions)
    state = controller.state
    for thing in path(state, action):
        tap_thing(app, thing)
        if len(controller.session.actions) != before:
            return
    label = view.label(state, action)
    buttons = [b for b in visible_buttons(app) if plain(b.text) == label]
    assert len(buttons) == 1, f"{len(buttons)} buttons '{label}' for {action}"
    tap(buttons[0])


def check_sizes(app, where: str = "") -> None:
    """What a player must read is at least 14 sp, what they tap at least 48 dp high,
    and the board fits the room the frame leaves it."""
    from kivy.metrics import dp, sp
    from kivy.uix.label import Label

    for widget in on_screen(app):
        if isinstance(widget, Label) and widget.text.strip() and widget.opacity:
            assert widget.font_size >= sp(14) - 0.01, (where, widget.text, widget.font_size)
    for widget in tappable(app):
        assert widget.height >= dp(48) - 0.01, (where, widget.thing, widget.height)
    table = app.root.get_screen("table").game
    if table is not None and table.parent is not None:
        board = table.board
        assert not board.overflow, f"{where}: the board needs {board.need:.0f} px for its " \
            f"theaters, has {board.room():.0f}"


def choose(app, group: str, text: str) -> None:
    """Press a choice of the new-game form (one of the option's toggle buttons)."""
    from tests.ui.driver import plain, tap, visible_buttons

    found = [b for b in visible_buttons(app) if getattr(b, "group", None) == f"option-{group}"
             and plain(b.text) == text]
    assert len(found) == 1, f"no choice '{text}' for {group}"
    if found[0].state != "down":
        tap(found[0])


class Tour(Screens):
    def new_game(self, mode: str) -> None:
        from tests.ui.driver import pump, tap_text

        choices, seed = GAMES[mode]
        self.app.go("home")
        pump()
        tap_text(self.app, GAME)
        for group, text in choices.items():
            choose(self.app, group, text)
        self.first(f"new-game-{mode}")
        self.app.controller.next_seed = seed
        tap_text(self.app, "Start the game")
        pump()

    def play(self, mode: str, limit: int | None = None) -> tuple[int, set]:
        """A whole game by taps (or its first `limit` moves): the moves made and the
        kinds of prompt met."""
        from companion.core.session import Session
        from companion.games.aat.ai import GreedyAgent
        from tests.ui.driver import pump, tap_text

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
                assert not tappable(self.app), "the table shows under the cover"
                self.check(f"{mode} cover, move {moves}")
                self.first(f"{mode}-cover")
                tap_text(self.app, f"I am {state['players'][seat]['name']}: show")
            wait = state["await"]
            kind = wait.get("choice") or wait["kind"]
            kinds.add(kind)
            self.check(f"{mode} {kind}, move {moves}")
            check_sizes(self.app, f"{mode} {kind}, move {moves}")
            self.first(f"{mode}-{kind}")
            action = canonical(self.app, players[seat].choose(rules, state))
            self.show_steps(mode, action)
            perform(self.app, action)
            shadow.apply(action)
            pump()
            assert controller.state == shadow.state, f"move {moves}: {action}"
            moves += 1
        if limit is None:
            assert self.app.root.current == "gameover"
            self.shot(f"{mode}-game-over")
        return moves, kinds

    def show_steps(self, mode: str, action: dict) -> None:
        """The first time: a unit tapped with its targets lit, and a unit tapped to move
        with the other theater lit (then let go: perform taps from the start)."""
        from companion.games.aat.picks import path

        steps = path(self.app.controller.state, action)
        step = {"attack": "attacker", "move": "move"}.get(action["type"])
        if step and len(steps) == 2 and f"{mode}-{step}" not in self.seen:
            tap_thing(self.app, steps[0])
            self.check(f"{mode} {step}")
            check_sizes(self.app, f"{mode} {step}")
            self.first(f"{mode}-{step}")
            tap_thing(self.app, steps[0])


def main(argv=None) -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--size", default="1080x2340")
    parser.add_argument("--out", required=True)
    parser.add_argument("--modes", default="virtual,printed",
                        help="the games to play, in order: virtual, printed; MODE:N plays "
                             "only its first N moves")
    args = parser.parse_args(argv)
    app, out = start_app(args.size, args.out, "dossier-aat-tour-")
    tour = Tour(app, out)
    for game in args.modes.split(","):
        mode, _, limit = game.partition(":")
        if app.controller.session is not None:
            app.controller.finish()
        tour.new_game(mode)
        moves, kinds = tour.play(mode, limit=int(limit) if limit else None)
        print(f"{mode}: {moves} moves by taps; prompts: {' '.join(sorted(kinds))}")
    print(f"{tour.checked} screens checked")
    app.stop()
    return 0


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
    sys.exit(main())
