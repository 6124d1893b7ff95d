"""Top-Secret at one screen size, by taps, in its own process (a screen's density is
fixed when Kivy starts): complete games with the app as bag and dice and with the
table's own bag and dice, between greedy players, every move made the way a player
makes it (the trickle button, the drawn Intel's tile, each die's face, a kind of the
roster then a * tile, an agent then what it does then its target on the board, End
the turn and, with actions left, "Yes, end the turn"). The app's state must equal the
engine's after every move; at every prompt the table rules hold (tests/ui/visible.py)
and the board as drawn is measured (values, chips apart agent from agent, every
space's number, players' names, reasons, the Intel picker's rows, row A at one place:
`prompt_shown`); the first screen of each kind is saved.

    KIVY_METRICS_DENSITY=2.625 python -m tests.ui.ts_tour --size 1080x2340 --out DIR
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("KIVY_NO_ARGS", "1")
os.environ.setdefault("KIVY_LOG_MODE", "PYTHON")
os.environ.setdefault("KIVY_NO_CONSOLELOG", "1")

from tests.ui.screens import Screens, main  # noqa: E402 - after Kivy's environment

STARTS = {"first": "Player 1"}  # who starts: the form's choice
GAMES = {"app": ({"bag": "The app draws and rolls", **STARTS}, 8),
         "physical": ({"bag": "Our bag and dice", **STARTS}, 9)}


def table(app):
    return app.root.get_screen("table").game


def tap_space(app, space: int) -> None:
    from tests.ui.driver import tap

    tap(table(app).board.spaces[space])


def tap_key(app, action: dict) -> None:
    """A key of the sheet made for this action (a drawn Intel's tile, a die's face)."""
    from tests.ui.driver import on_screen, tap

    keys = [w for w in on_screen(app) if getattr(w, "action", None) == action]
    assert len(keys) == 1, f"no key for {action}"
    tap(keys[0])


class TsTour(Screens):
    game = "Top-Secret"
    games = GAMES
    agents = (3, 4)

    def perform(self, action: dict) -> None:
        from companion.games.ts.picks import MODES, Picks
        from companion.games.ts.table import TsKind
        from tests.ui.driver import on_screen, tap, tap_text

        app, kind = self.app, action["type"]
        state = app.controller.state
        if kind == "trickle":
            return tap_text(app, "Draw two Intel and roll the dice")
        if kind in ("draw", "roll"):
            return tap_key(app, action)
        if kind == "keep":
            return tap_text(app, "Keep it" if action["keep"] else "Put it back")
        if kind == "done":
            return tap_text(app, "Go on to the actions")
        if kind == "end_turn":  # asked first while actions are left
            tap_text(app, "End the turn")
            if state["actions"]:
                self.check("the end of the turn asked")
                self.first("end-turn-asked")
                tap_text(app, "Yes, end the turn")
            return None
        if kind == "spawn":
            kinds = [w for w in on_screen(app)
                     if isinstance(w, TsKind) and w.kind == action["kind"]]
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

    def kind(self, state, action) -> str:
        wait = state["await"]
        return wait["kind"] if wait["kind"] != "act" else f"act-{action['type']}"

    def cover_shown(self, name, state, moves) -> None:
        raise AssertionError("nothing in this game is private: no cover")

    def prompt_shown(self, name: str, kind: str, state: dict, action: dict) -> None:
        """As drawn on the board: every value, player's name and reason 14 sp or more
        (the standards' least text; names and reasons smaller as the board is, when it
        is shrunk for the Intel picker), a chip an agent holds 18 dp across or more, a
        blockade's or pin's player by their whole name (or side), no name or reason
        over a value; ending the turn never the primary move; and picker_rows,
        chips_apart, numbers_shown, steady."""
        from kivy.metrics import dp, sp

        from companion.games.ts.trails import hits
        from tests.ui.driver import plain, visible_buttons

        drawn = table(self.app).board.drawn
        shrunk = table(self.app).board.scale  # 1 but beside the Intel picker
        names = [p["name"] for p in state["players"]]
        for _x, _y, radius, size in drawn["values"]:
            assert size == 0 or size >= sp(14) - 0.5, f"a value of {size / sp(1):.1f} sp"
            assert radius * 2 >= dp(18) - 0.5, f"a piece {radius * 2 / dp(1):.1f} dp across"
            self.measured["values"] += 1
        for words, seat, box, size in drawn["names"]:
            assert size >= sp(14) * shrunk - 0.5, f"'{words}' at {size / sp(1):.1f} sp"
            assert words in (names[seat], ("Black", "White")[seat]), (words, names)
            assert not any(hits(box, x, y, radius * 0.5) for x, y, radius, _ in drawn["values"]), \
                f"'{words}' over a value"
            self.measured["names"] += 1
        for words, box, size in drawn["tags"]:
            assert size >= sp(14) * shrunk - 0.5, f"'{words}' at {size / sp(1):.1f} sp"
            assert not any(hits(box, x, y, radius * 0.5) for x, y, radius, _ in drawn["values"]), \
                f"'{words}' over a value"
            self.measured["tags"] += 1
        if kind == "draw":
            self.picker_rows()
        self.chips_apart(drawn, kind)
        self.numbers_shown(drawn)
        self.steady(state)
        end = [b for b in visible_buttons(self.app) if plain(b.text) == "End the turn"]
        assert all(b.tone != "primary" for b in end), "End the turn as the main move"

    def picker_rows(self) -> None:
        """The printed bag's Intel picker: a row a colour, in the dice's order, each
        kind in its column (1 to 4, the Honeypot), the rows' keys lined up."""
        from companion.games.ts.data import tables
        from companion.games.ts.view import PICKER
        from tests.ui.driver import on_screen

        keys = [w for w in on_screen(self.app) if getattr(w, "action", {}).get("type") == "draw"]
        rows: dict = {}
        for key in keys:
            rows.setdefault(key.parent, []).append(key)
        colours = []
        for row in sorted(rows.values(), key=lambda row: -row[0].y):
            kinds = [key.action["intel"].partition("-") for key in row]
            assert len({colour for colour, _, _ in kinds}) == 1, "two colours in a row"
            colours.append(kinds[0][0])
            assert len({round(key.y) for key in row}) == 1, "a row's keys not lined up"
            slots = sorted(row[0].parent.children, key=lambda w: w.x)  # its name, 5 places
            for key, (_, _, value) in zip(row, kinds, strict=True):
                assert slots.index(key) == 1 + PICKER.index(value), f"{value} out of its column"
        assert colours == [c for c in tables().colours if c in colours], colours
        self.measured["picker"] += 1

    def chips_apart(self, drawn: dict, kind: str) -> None:
        """Each agent's chips read as its own: no chip of one touches another's (their
        rings counted), and every chip's value is in sight: no chip drawn after it
        covers its digits (nor its own third chip, but beside the Intel picker, where
        the board is at its smallest)."""
        from math import hypot

        from companion.games.ts.geometry import board
        from companion.games.ts.trails import hits

        names = board().names
        agents = drawn["chips"]
        for n, (space, mine) in enumerate(agents):
            for other, theirs in agents[n + 1:]:
                assert all(hypot(x - u, y - v) >= c + d for x, y, _, _, c, _ in mine
                           for u, v, _, _, d, _ in theirs), \
                    f"the chips of the agents on {names[space]} and {names[other]} touch"
            later = [chip for _, chips in agents[n + 1:] for chip in chips]
            for k, (_, _, _, _, _, box) in enumerate(mine):
                if box is None:  # a Honeypot's heart
                    continue
                x, y, w, h = box
                digits = (x + w * 0.1, y + h * 0.2, x + w * 0.9, y + h * 0.8)
                over = later + (mine[k + 1:] if kind not in ("draw", "analyst_draw") else [])
                assert not any(hits(digits, u, v, d) for u, v, _, _, d, _ in over), \
                    f"a value held on {names[space]} covered by a chip"
            self.measured["chips"] += len(mine)

    def numbers_shown(self, drawn: dict) -> None:
        """Every space numbered in its row (A1 ... I7, as printed): its digits (the
        label's middle, its line spacing left out) inside the space, over none of the
        values on it (the pieces are drawn after: a value is never under a number), 14 sp
        or more (the standards' least text) but on a board shrunk for the Intel
        picker, as much smaller as the board."""
        from math import hypot

        from kivy.metrics import dp, sp

        from companion.games.ts.geometry import board
        from companion.games.ts.trails import hits

        geometry, tsboard = board(), table(self.app).board
        r = tsboard.radius
        assert [space for space, _ in drawn["numbers"]] == list(range(geometry.size))
        for space, (x, y, w, h, size) in drawn["numbers"]:
            assert size >= sp(14) * tsboard.scale - 0.5, \
                f"{geometry.names[space]}'s number {size / sp(1):.1f} sp"
            cx, cy = tsboard.centres[space]
            digits = (x + w * 0.1, y + h * 0.2, x + w * 0.9, y + h * 0.8)
            assert all(hypot(px - cx, py - cy) <= r * 0.97 for px in digits[::2]
                       for py in digits[1::2]), f"{geometry.names[space]}'s number out of it"
            mine = [v for v in drawn["values"] if hypot(v[0] - cx, v[1] - cy) < r]
            assert not any(hits(digits, vx, vy, radius) for vx, vy, radius, _ in mine), \
                f"{geometry.names[space]}'s number over a value"
            under = [(geometry.names[at], len(chips)) for at, chips in drawn["chips"]
                     if any(hits(digits, u, v, d) for u, v, _, _, d, _ in chips)]
            assert not under, f"{geometry.names[space]}'s number under the chips of the " \
                              f"agent on {under} (spaces {r / dp(1):.1f} dp)"
            self.measured["numbers"] += 1

    def steady(self, state: dict) -> None:
        """Row A where it was at the game's first prompt (the top left corner of A1,
        within 2 px), so the eye finds a space at one place; the spaces as large as the
        screen allows (largest); the board's size kept too,
        but for a prompt whose sheet outgrows the room kept for it (counted), and the
        printed bag's Intel picker (six rows of keys: the board smaller round A1)."""
        from companion.games.ts.geometry import ROOT3

        board = table(self.app).board
        x, y = board.centres[0]
        corner = (x - ROOT3 * board.radius / 2, y + board.radius)
        first = self.rows.setdefault("corner", corner)
        assert abs(corner[0] - first[0]) <= 2 and abs(corner[1] - first[1]) <= 2, \
            f"row A's top left at {corner[0]:.0f}, {corner[1]:.0f} px, first at " \
            f"{first[0]:.0f}, {first[1]:.0f}"
        if state["await"]["kind"] in ("draw", "analyst_draw"):
            return
        radius = self.rows.setdefault("radius", board.radius)
        self.rows["smaller"] += board.radius < radius - 1
        self.rows["prompts"] += 1
        most = self.largest()
        assert board.radius < radius - 1 or board.radius >= most * 0.98, \
            f"spaces {board.radius:.1f} px where {most:.1f} fit"

    def largest(self) -> float:
        """The spaces' radius the screen allows: a phone's board as wide as the screen
        (the room kept under it for the sheet takes none of it), a tablet's as tall as
        the table (its players and dice head the side)."""
        from kivy.metrics import dp

        from companion.games.ts.geometry import ROOT3, board

        game = table(self.app)
        geometry, tsboard = board(), game.board
        height = game.height if game.landscape else \
            game.height - game.header.height - game.column.spacing
        long = max(x for _, x in geometry.coords) // 2 + 1
        return min((tsboard.width - dp(28)) / (long * ROOT3), (height - dp(4)) / geometry.tall)

    def tour_game(self, name: str, limit: int | None) -> str:
        self.measured = {"values": 0, "names": 0, "tags": 0, "chips": 0, "numbers": 0}
        if name == "physical":
            self.measured["picker"] = 0
        self.rows = {"smaller": 0, "prompts": 0}
        told = super().tour_game(name, limit)
        assert limit or all(self.measured.values()), self.measured
        assert self.rows["smaller"] * 10 <= self.rows["prompts"], self.rows  # nine in ten
        return f"{told}; measured {self.measured}; board smaller at {self.rows['smaller']}" \
               f" of {self.rows['prompts']} prompts (the picker's left out)"


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
    sys.exit(main(TsTour, "ts", "app,physical"))
