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
        """Every prompt: the fields fill the board, what lies on a field stays inside it,
        no text under 14 sp; the whole hand in sight in rows of three (nothing scrolls),
        its cards as large as the room gives them: the value the place reads at 24 sp or
        more on a phone, 40 on a tablet; a round's first hand on a phone as printed (the
        picture shown, the fields leave the room)."""
        from kivy.metrics import dp, sp
        from kivy.uix.label import Label
        from kivy.uix.widget import Widget

        from companion.games.gm.board import GmDoor, GmField, GmPlay
        from companion.games.gm.table import GmHandCard
        from tests.ui.driver import walk
        from tests.ui.visible import SLACK, shown, window_rect

        table = self.app.root.get_screen("table").game
        board = table.board
        assert all(board.ids[f].y - board.y <= 1 for f in ("left", "city", "right")), \
            "an empty band under the fields"  # the fields are the table, down to the sheet
        def inside(outer, kinds, what: str) -> None:
            x0, y0, x1, y1 = window_rect(outer)
            for piece in (w for w in walk(outer) if isinstance(w, kinds) and w is not outer
                          and w.width > 0 and w.height > 0):
                p0, q0, p1, q1 = window_rect(piece)
                assert x0 - SLACK <= p0 and p1 <= x1 + SLACK and y0 - SLACK <= q0 and \
                    q1 <= y1 + SLACK, f"a {type(piece).__name__} spills out of {what}"

        for field in (w for w in walk(board) if isinstance(w, GmField)):
            inside(field, GmPlay | GmDoor, field.title)
        for card in (w for w in walk(table) if isinstance(w, GmPlay | GmHandCard)):
            inside(card, Widget, f"a {type(card).__name__}")  # its values, its picture
        small = [w.text for w in walk(table) if isinstance(w, Label) and shown(w)
                 and w.text.strip() and w.font_size < sp(14) - 0.5]
        assert not small, f"text under 14 sp: {small}"
        cards = widgets_of(self.app, GmHandCard)
        if not cards:
            return
        assert len(cards) == len(state["players"][state["await"]["player"]]["hand"])
        left, bottom, right, top = window_rect(table.hand.ids.scroll)
        for card in cards:
            x0, y0, x1, y1 = window_rect(card)
            assert left - SLACK <= x0 and x1 <= right + SLACK and bottom - SLACK <= y0 \
                and y1 <= top + SLACK, f"hand card {card.name} out of sight"
        rows = {round(card.y) for card in cards}
        assert len(rows) == -(-len(cards) // 3), f"{len(cards)} cards in {len(rows)} rows"
        least = 40 if table.landscape else 24
        for card in cards:
            counted = [v for v in (card.ids.find, card.ids.attack, card.ids.defence)
                       if v.counts]
            assert len(counted) == 1 and counted[0].ids.number.font_size >= sp(least) - 0.5, \
                f"{card.name}: the value read at {counted[0].ids.number.font_size / sp(1):.0f} sp"
        if table.landscape:
            assert min(c.width for c in cards) >= dp(190), "a tablet's hand cards narrow"
        elif kind == "city" and state["round"] == 1 and not state["city"]:
            assert all(card.tall for card in cards), "a round's first hand squat"

    def kind(self, state, action) -> str:
        wait = state["await"]
        return wait["kind"] if wait["kind"] != "play" else wait["role"]


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
    sys.exit(main(GmTour, "gm", "virtual,printed"))
