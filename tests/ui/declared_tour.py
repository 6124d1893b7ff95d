"""A folder game (a game.yaml with a `table:`, no game code) at one screen size, by
taps, in its own process: whole games with the app keeping the cards and with printed
cards, every move made the way a player makes it (a counter's - or +, a pile tapped
or held for its menu, a card in the hand tapped and its menu, a card of an open zone
looked up and tapped, "A card was played", Next phase, End turn). The app's state
must equal the engine's after every move; at every prompt the table rules hold
(tests/ui/visible.py); the first screen of each kind is saved.

    KIVY_METRICS_DENSITY=2.625 python -m tests.ui.declared_tour --size 1080x2340 \\
        --out DIR --folder GAME-FOLDER
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("KIVY_NO_ARGS", "1")
os.environ.setdefault("KIVY_LOG_MODE", "PYTHON")
os.environ.setdefault("KIVY_NO_CONSOLELOG", "1")

from companion.core.agents import Agent  # noqa: E402 - after Kivy's environment
from tests.ui.screens import Screens, main  # noqa: E402

GAMES = {"tracked": ({"cards": "Kept by the app"}, 11),
         "printed": ({"cards": "Printed cards"}, 12)}
WEIGHTS = {"play": 6, "told": 6, "draw": 4, "pass": 2, "phase": 3, "change": 1,
           "discard": 2, "move": 1, "reveal": 1, "return": 1, "shuffle": 1, "deal": 1}


class TablePlayer(Agent):
    """A player at a declared table, by the engine's listed moves: plays and draws more
    often than they fiddle with counters; never the engine's `roll` (the shell's dice
    roller rolls) nor the last phase's `phase` (its button is End turn, a `pass`)."""

    name = "table"

    def choose(self, rules, state) -> dict:
        legal = rules.legal_actions(state)
        last = state["turn"]["phase"] + 1 >= len(rules.decl.phases)
        usable = [a for a in legal if a["type"] != "roll" and not (
            a["type"] == "phase" and last)]
        weights = [WEIGHTS.get(a["type"], 1) for a in usable]
        return self.random.choices(usable, weights)[0]


def shown(app, kind) -> list:
    from tests.ui.driver import on_screen

    return [w for w in on_screen(app) if isinstance(w, kind)]


class DeclaredTour(Screens):
    game = "Star Patrol"
    games = GAMES
    most = 1500

    def __init__(self, app, out: Path):
        super().__init__(app, out)
        self.players = [TablePlayer(70 + seat) for seat in range(8)]

    def choose(self, agent, state: dict) -> dict:
        return self.players[state["await"]["player"]].choose(self.app.controller.rules, state)

    def kind(self, state: dict, action: dict) -> str:
        wait = state["await"]
        if wait["kind"] == "discard":
            return "discard"
        return f"{action['type']}"

    # -- a move by taps ------------------------------------------------------------------
    def perform(self, action: dict) -> None:
        from tests.ui.driver import plain, tap_text, visible_buttons

        kind = action["type"]
        if kind == "phase":
            return tap_text(self.app, "Next phase", exact=False)  # "Next phase: Play"
        if kind == "pass":  # asked first when no card was played this turn
            tap_text(self.app, "End turn")
            if any(plain(b.text) == "Yes, end the turn" for b in visible_buttons(self.app)):
                self.check("the end of the turn asked")
                self.first("end-turn-asked")
                tap_text(self.app, "Yes, end the turn")
            return None
        if kind == "change":
            return self.change(action)
        if kind == "told":
            return self.told(action)
        if "card" in action:
            return self.card(action)
        return self.pile(action)

    def change(self, action: dict) -> None:
        from companion.declared.counters import DeclaredChip, DeclaredCounter
        from tests.ui.driver import tap

        sign = "+" if action["delta"] > 0 else "\u2212"
        steppers = [w for w in shown(self.app, DeclaredCounter)
                    if w.counter["id"] == action["counter"] and w.seat == action["seat"]]
        if not steppers:  # a chip where room is short: it opens the counter large
            chips = [w for w in shown(self.app, DeclaredChip)
                     if w.counter == action["counter"] and w.seat == action["seat"]]
            assert chips, f"no counter {action['counter']} on the board"
            tap(chips[0])
            steppers = [w for w in shown(self.app, DeclaredCounter)
                        if w.counter["id"] == action["counter"]]
        buttons = [b for b in steppers[0].walk(restrict=True) if getattr(b, "text", "") == sign]
        tap(buttons[0])

    def told(self, action: dict) -> None:
        from tests.ui.driver import tap_text

        tap_text(self.app, "A card was played...")
        tap_text(self.app, self.app.controller.rules.decl.card_name(action["card"]))

    def card(self, action: dict) -> None:
        """A card in the hand strip, on the board (a pile's card turned up) or in an
        open zone (looked up first): tapped, and its menu's entry if it has one."""
        from companion.declared.board import DeclaredOpen
        from companion.declared.cards import DeclaredCard, action_text
        from companion.declared.counters import DeclaredChip
        from companion.declared.model import where
        from tests.ui.driver import tap, tap_text

        state = self.app.controller.state
        cards = [w for w in shown(self.app, DeclaredCard) if w.card == action["card"]]
        if not cards:  # in an open zone: its cards first
            key = where(state, action["card"])
            zone = [w for w in shown(self.app, DeclaredOpen) + shown(self.app, DeclaredChip)
                    if getattr(w, "key", None) == key]
            if not zone:  # a pile's top card: its menu
                return self.pile(action)
            tap(zone[0])
            cards = [w for w in shown(self.app, DeclaredCard) if w.card == action["card"]]
        assert cards, f"{action['card']} is nowhere on the screen"
        count = len(self.app.controller.session.actions)
        tap(cards[0])
        if len(self.app.controller.session.actions) == count:  # a menu of several
            tap_text(self.app, action_text(state, action))

    def pile(self, action: dict) -> None:
        """A pile: tapped when that is the move, else held for its menu."""
        from kivy.base import EventLoop
        from kivy.tests.common import UnitTestTouch

        from companion.declared import dialogs, view
        from companion.declared.board import DeclaredPile
        from companion.declared.counters import DeclaredChip
        from companion.declared.model import where
        from tests.ui.driver import pump, tap, tap_text, wait_until

        state = self.app.controller.state
        key = action.get("zone") or where(state, action["card"])
        if action["type"] == "deal":
            key = view.decl_of(state).key(key, state["await"]["player"])
        piles = [w for w in shown(self.app, DeclaredPile) + shown(self.app, DeclaredChip)
                 if getattr(w, "key", None) == key]
        assert piles, f"no pile {key} on the board"
        pile = piles[0]
        if getattr(pile, "tap_action", None) == action:
            return tap(pile)
        touch = UnitTestTouch(*pile.to_window(*pile.center))
        touch.touch_down()
        wait_until(lambda: len(EventLoop.window.children) > 1, "the pile's menu")
        touch.touch_up()
        pump()
        zone = next(z for z in view.zones(state, state["await"]["player"]) if z["key"] == key)
        tap_text(self.app, dialogs.zone_text(state, action, zone))


def folder_from_argv() -> str:
    """`--folder DIR` taken out of the arguments, else a fresh copy of the tests' Star
    Patrol (tests/ui/declared_taps.py) in a temporary folder."""
    if "--folder" in sys.argv:
        at = sys.argv.index("--folder")
        folder = sys.argv.pop(at + 1)
        sys.argv.pop(at)
        return folder
    import tempfile

    from tests.ui.declared_taps import make_folder

    return str(make_folder(Path(tempfile.mkdtemp(prefix="dossier-tour-")) / "star-patrol"))


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
    from companion.games import register_folder

    register_folder(folder_from_argv())
    sys.exit(main(DeclaredTour, "declared", "tracked,printed"))
