"""Geheime Mission at one screen size, by taps, in its own process (a screen's
density is fixed when Kivy starts): complete games with virtual and with printed
cards between greedy players, every move made the way a player makes it (an
agent in the hand strip, a value on the keypad, a door drawn on the embassy).
The app's state must equal the engine's after every move; at every prompt the
table rules hold (tests/ui/visible.py); the first screen of each kind is saved.

    KIVY_METRICS_DENSITY=2.625 python -m tests.ui.gm_tour --size 1080x2340 --out DIR
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("KIVY_NO_ARGS", "1")
os.environ.setdefault("KIVY_LOG_MODE", "PYTHON")
os.environ.setdefault("KIVY_NO_CONSOLELOG", "1")

from tests.ui.screens import Screens, main  # noqa: E402 - after Kivy's environment

GAMES = {"virtual": ({"cards": "Virtual deck"}, 21), "printed": ({"cards": "Printed cards"}, 6)}


def widgets_of(app, kind) -> list:
    from tests.ui.driver import on_screen

    return [w for w in on_screen(app) if isinstance(w, kind)]


class GmTour(Screens):
    game = "Geheime Mission"
    games = GAMES
    agents = (3, 4)
    most = 400

    def perform(self, action: dict) -> None:
        from companion.games.gm.board import GmDoor
        from companion.games.gm.table import GmHandCard
        from tests.ui.driver import tap, tap_text

        if action["type"] == "play" and "card" in action:
            cards = [w for w in widgets_of(self.app, GmHandCard)
                     if w.piece[1] == action["card"]]
            assert len(cards) == 1, f"{action['card']} is not in the hand strip"
            return tap(cards[0])
        if action["type"] == "play":
            return tap_text(self.app, str(action["value"]))
        doors = [w for w in widgets_of(self.app, GmDoor) if w.number == action["door"]]
        assert len(doors) == 1, f"door {action['door']} is not drawn on the embassy"
        tap(doors[0])

    def prompt_shown(self, name: str, kind: str, state: dict, action: dict) -> None:
        """The fields fill the board, every prompt; a round's first prompt on a phone: the
        whole hand of five in sight, in two rows of larger cards (the fields leave the
        room), their numbers at 24 sp or more."""
        from kivy.metrics import sp

        from companion.games.gm.table import GmHandCard, GmValue
        from tests.ui.visible import SLACK, window_rect

        table = self.app.root.get_screen("table").game
        board = table.board
        assert all(board.ids[f].y - board.y <= 1 for f in ("left", "city", "right")), \
            "an empty band under the fields"  # the fields are the table, down to the sheet
        cards = widgets_of(self.app, GmHandCard)
        if kind != "city" or len(cards) < 5 or table.landscape or state["round"] != 1:
            return
        assert table.two_rows, "a hand of five at the round's start in one row"
        left, bottom, right, top = window_rect(table.hand.ids.scroll)
        for card in cards:
            x0, y0, x1, y1 = window_rect(card)
            assert left - SLACK <= x0 and x1 <= right + SLACK and bottom - SLACK <= y0 \
                and y1 <= top + SLACK, f"hand card {card.name} out of sight"
        sizes = [v.children[0].font_size for c in cards for v in c.ids.boxes.children
                 if isinstance(v, GmValue)]
        assert min(sizes) >= sp(24) - 0.5, f"values at {min(sizes) / sp(1):.0f} sp"

    def kind(self, state, action) -> str:
        wait = state["await"]
        return wait["kind"] if wait["kind"] != "play" else wait["role"]


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
    sys.exit(main(GmTour, "gm", "virtual,printed"))
