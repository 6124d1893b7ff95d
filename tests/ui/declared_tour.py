"""A game a folder declares in YAML (the `pnp new` example starter, Star Patrol), at one
screen size, by taps, in its own process: the folder opened as `--game` opens it, the
new-game form made from its declaration, whole games where every move is made the way a
player makes it (a counter's + or -, a pile tapped to draw, a card chosen in the hand and
then what to do with it, a die rolled, the turn ended), behind the pass-and-play cover
for each private hand. The app's state must equal the engine's after every move; at
every prompt the table rules hold (tests/ui/visible.py).

    KIVY_METRICS_DENSITY=2.625 python -m tests.ui.declared_tour --size 1080x2340 --out DIR
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("KIVY_NO_ARGS", "1")
os.environ.setdefault("KIVY_LOG_MODE", "PYTHON")
os.environ.setdefault("KIVY_NO_CONSOLELOG", "1")

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from pnp import ASSETS  # noqa: E402
from tests.ui.screens import Screens, main  # noqa: E402 - after Kivy's environment

FOLDER = ASSETS / "example"
GAMES = {"tracked": ({"cards": "Kept by the app"}, 4), "printed": ({"cards": "Printed cards"}, 5),
         "duel": ({"mode": "3 players", "cards": "Kept by the app"}, 7)}
NAMES = {"tracked": "Star Patrol", "printed": "Star Patrol", "duel": "Duel of Wits"}
ORDER = ("change", "draw", "play", "told", "roll")


class TourPlayer:
    """A player at the table: a tap on their own score, a card drawn and one played, a
    die rolled, then the turn moves on; a discard asked for, the first card."""

    def __init__(self, seed: int):
        self.done = set()

    def choose(self, rules, state: dict) -> dict:
        offers = rules.legal_actions(state)
        turn = state["turn"]["number"]
        last = "phase" if len(rules.table.phases) > 1 else "pass"  # the button there is
        for kind in ORDER + (last,):
            found = [a for a in offers if a["type"] == kind and (
                kind != "change" or (a.get("seat") == state["await"]["player"] and
                                     a["amount"] > 0))]
            if found and (kind == last or (turn, kind) not in self.done):
                self.done.add((turn, kind))
                return found[0]
        return offers[0]


class DeclaredTour(Screens):
    game = "Star Patrol"
    games = GAMES
    most = 200
    strategy = "random"  # its moves are the TourPlayer's (choose)

    def choose(self, agent, state: dict) -> dict:
        return self.player.choose(self.app.controller.rules, state)

    def new_game(self, name: str) -> None:
        self.player = TourPlayer(0)
        self.game = NAMES[name]
        super().new_game(name)

    def perform(self, action: dict) -> None:
        from companion.declared.board import DeclaredCounter, DeclaredPile
        from companion.declared.table import DeclaredCard
        from tests.ui.driver import on_screen, tap, tap_text

        shown = on_screen(self.app)
        kind = action["type"]
        if kind == "change":
            counter = next(w for w in shown if isinstance(w, DeclaredCounter) and
                           w.key == (action["counter"], action.get("seat")))
            sign = "+" if action["amount"] > 0 else "-"
            return tap(next(w for w in counter.walk() if getattr(w, "text", "") == sign))
        if kind == "draw":
            return tap(next(w for w in shown if isinstance(w, DeclaredPile) and
                            w.key == action["zone"]))
        if kind in ("play", "discard"):
            tap(next(w for w in shown if isinstance(w, DeclaredCard) and
                     w.card == action["card"]))
            if self.app.controller.state["await"]["kind"] == "discard":
                return None
            from tests.ui.driver import pump

            pump()
            return tap_text(self.app, "Play" if kind == "play" else "Discard")
        if kind == "told":
            from companion.declared.view import card_name

            name = card_name(self.app.controller.state, action["card"])
            return tap_text(self.app, f"Played: {name}")
        if kind == "roll":
            die = self.app.controller.rules.table.dice[action["die"]]
            return tap_text(self.app, f"Roll the {die['name']}")
        if kind == "phase" and len(self.app.controller.rules.table.phases) > 1:
            return tap_text(self.app, "Next phase")
        return tap_text(self.app, "End the turn")

    def kind(self, state: dict, action: dict) -> str:
        return state["await"]["kind"] if state["await"]["kind"] != "turn" else action["type"]


def opened() -> None:
    """The folders registered, as `dossier-companion --game FOLDER` does: the example
    starter, and the tests' game that declares the whole vocabulary."""
    import tempfile

    from companion.declared.spec import open_folder
    from tests.declared.fixtures import duel_folder

    open_folder(FOLDER)
    open_folder(duel_folder(Path(tempfile.mkdtemp(prefix="dossier-duel-"))))


if __name__ == "__main__":
    opened()
    sys.exit(main(DeclaredTour, "declared", ",".join(GAMES)))
