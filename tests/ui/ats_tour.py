"""Above Top Secret at one screen size, by taps, in its own process (a screen's
density is fixed when Kivy starts): six players in three teams face to face
(the dice roller and the menu on the way), then complete two-player games with
virtual and with printed cards and real dice. Every move is made the way a
player makes it and checked against the engine; at every prompt the table rules
hold (tests/ui/visible.py: everything in sight without scrolling, no text cut,
idle after each move, no relayout loop; ats_taps.check_sizes: 48 dp targets, 14 sp
text); the first screen of each kind is saved as a PNG to look at. The two-player
game after the six-player one is the sequence that once left rows displaced.

    KIVY_METRICS_DENSITY=2.625 python -m tests.ui.ats_tour --size 1080x2340 --out DIR
"""

from __future__ import annotations

import os
import sys

os.environ.setdefault("KIVY_NO_ARGS", "1")
os.environ.setdefault("KIVY_LOG_MODE", "PYTHON")
os.environ.setdefault("KIVY_NO_CONSOLELOG", "1")

from tests.ui.screens import Screens, main  # noqa: E402 - after Kivy's environment

VIRTUAL = {"cards": "Virtual decks", "dice": "App dice"}
GAMES = {"six": ({"mode": "3 teams of 2", **VIRTUAL}, 1),  # every kind of prompt,
         # Remote Viewing on a far seat
         "virtual": ({"mode": "2 players", **VIRTUAL}, 53),  # every kind of prompt
         "printed": ({"mode": "2 players", "cards": "Printed cards", "dice": "Real dice"}, 7)}


def badge_covers(piece) -> list[str]:
    """The words of `piece` its hit badge lies on (a badge sits beside them)."""
    from kivy.uix.label import Label

    badges = [w for w in piece.children if type(w).__name__ == "HitBadge" and w.text]
    out = []
    for badge in badges:
        for label in piece.children:
            if label is badge or not isinstance(label, Label) or not label.text:
                continue
            width, height = label._label.get_extents(label.text)  # the words, not the box
            left = label.x if label.halign == "left" else label.center_x - width / 2
            bottom = label.center_y - height / 2
            if (left < badge.right and badge.x < left + width and bottom < badge.top
                    and badge.y < bottom + height):
                out.append(label.text)
    return out


class AtsTour(Screens):
    game = "Above Top Secret"
    games = GAMES

    def __init__(self, app, out):
        from tests.ui import visible

        super().__init__(app, out)
        self.watch = visible.IterationWarnings().__enter__()  # the whole run, taps included

    def check(self, where: str) -> None:
        """The table rules now, and no relayout loop since the start (a first layout
        happens inside a tap, before any check)."""
        super().check(where)
        assert not self.watch.seen, f"{where}: relayout loop before it: {self.watch.seen}"

    def perform(self, action: dict) -> None:
        from tests.ui import ats_taps

        ats_taps.perform(self.app, action)

    def choose(self, agent, state: dict) -> dict:
        """The greedy player's move; a real Encounter die's roll as the keypad enters it:
        its faces that say the same are one key, the first of them."""
        from companion.core.engine import die_of
        from companion.games.ats import SPEC

        action = agent.choose(self.app.controller.rules, state)
        if state["await"]["kind"] == "turn_start" and "value" in action:
            faces = die_of(SPEC.dice, "encounter").faces
            action = {**action, "value": faces.index(faces[action["value"] - 1]) + 1}
        return action

    def far(self, state: dict, seat: int) -> bool:
        from companion.app.table import far_side

        return bool(self.app.settings["face_to_face"]) and far_side(seat, len(state["players"]))

    def cover_shown(self, name, state, moves) -> None:
        from companion.games.ats import view
        from tests.ui import ats_taps

        assert view.private_seat(state) is not None or moves, "a cover at start"
        assert not [w for w in ats_taps.pieces(self.app) if w.thing], "table under cover"

    def cover_name(self, name, state, seat) -> str:
        return f"{name}-cover" + ("-face-to-face" if self.far(state, seat) else "")

    def prompt_shown(self, name, kind, state, action) -> None:
        from tests.ui import ats_taps

        ats_taps.check_sizes(self.app)
        self.hits_marked(state)
        if name == "virtual" and kind == "main" and f"{name}-main" not in self.seen:
            self.whole_hand()
        wait = state["await"]
        if self.far(state, wait["player"]) and wait["kind"] == "main":
            self.first(f"{name}-face-to-face")
        if any(p["out"] for p in state["players"]):
            self.first(f"{name}-a-player-out")

    def whole_hand(self) -> None:
        """Two players' first main prompt: the whole hand in sight, on a phone in two
        rows (the board has room to spare for them)."""
        from tests.ui.visible import SLACK, window_rect

        hand = self.app.root.get_screen("table").game.hand
        left, bottom, right, top = window_rect(hand.ids.scroll)
        for card in hand.ids.row.children:
            l1, b1, r1, t1 = window_rect(card)
            assert left - SLACK <= l1 and r1 <= right + SLACK and bottom - SLACK <= b1 \
                and t1 <= top + SLACK, f"hand card {card.name} out of sight"

    def hits_marked(self, state) -> None:
        """Where the latest player's damage landed is marked on the board, nowhere else."""
        from companion.games.ats import results

        board = self.app.root.get_screen("table").game.board
        marked = {p.thing: p.hit for row in board.rows for p in row.open_row.pieces()
                  if p.hit}
        session = self.app.controller.session
        assert marked == results.landed(results.last_run(session), state), marked
        for row in (r for r in board.rows if r.is_open):
            for base in row.open_row.bases():
                covered = badge_covers(base)
                assert not covered, f"{base.thing}: the hit badge covers {covered}"

    def follow_up(self, shadow, seat) -> None:
        """The Draw after the Encounter roll, which the shell takes by itself."""
        from companion.games.ats import view

        rules = shadow.rules
        while not rules.is_over(shadow.state) and rules.acting_seat(shadow.state) == seat \
                and view.follow_up(shadow.state):
            shadow.apply(view.follow_up(shadow.state))

    def steps_shown(self, name, state, action) -> bool:
        """An attack and a Sacrifice, step by step the first time, each step checked
        and shown; True when the move was made here."""
        from tests.ui import ats_taps as taps
        from tests.ui.driver import tap_text

        wait = state["await"]
        if action["type"] == "attack" and f"{name}-attack-targets" not in self.seen:
            seat, target = wait["player"], action["target"]
            taps.tap_thing(self.app, ("slot", seat, action["level"]))
            self.check(f"{name} attack targets")
            self.first(f"{name}-attack-targets")
            if target.get("bypass"):
                taps.tap_thing(self.app, ("base", target["player"], target["area"]))
            else:
                taps.tap_thing(self.app, ("slot", target["player"], target["level"]))
                if "area" in target and not taps.showing_confirm(self.app):
                    taps.tap_thing(self.app, ("base", target["player"], target["area"]))
            self.check(f"{name} attack confirm")
            self.first(f"{name}-attack-confirm")
            from tests.ui.driver import find

            assert find(self.app, "Attack!").tone == "primary"  # gold as every main move
            tap_text(self.app, "Attack!")
            self.check(f"{name} attack result")
            self.first(f"{name}-attack-result")
            return True
        if action["type"] == "swap" and not state["turn"]["sacrificed"] and \
                f"{name}-sacrifice" not in self.seen:
            tap_text(self.app, "Sacrifice")
            self.check(f"{name} sacrifice")
            self.first(f"{name}-sacrifice")
            if state["settings"]["cards"] == "virtual":
                taps.tap_thing(self.app, ("hand", action["card"]))
            else:
                taps.tap_thing(self.app, ("slot", wait["player"], action["level"]))
                self.check(f"{name} sacrifice list")
                self.first(f"{name}-sacrifice-list")
                taps.tap_card(self.app, action["card"])
            return True
        return False

    def game_over(self, name: str) -> None:
        """The game-over screen and the game's log."""
        from tests.ui.driver import pump, tap_text

        assert self.app.root.current == "gameover"
        self.shot(f"{name}-game-over")
        tap_text(self.app, "Game log")
        self.shot(f"{name}-log")
        self.app.controller.finish()
        pump()

    def tour_game(self, name: str, limit: int | None) -> str:
        """The six players play face to face, after the dice roller and the menu."""
        if name != "six":
            return super().tour_game(name, limit)
        from tests.ui.driver import tap_text

        self.new_game(name)
        tap_text(self.app, "Dice")
        tap_text(self.app, "Roll the Combat die")
        self.shot("dice-roller")
        tap_text(self.app, "Close")
        tap_text(self.app, "Undo: a roll of the Combat die")
        tap_text(self.app, "Menu")
        self.shot("menu")
        tap_text(self.app, "Face-to-face: off")
        tap_text(self.app, "Close")
        moves, kinds = self.play(name, limit)
        self.app.settings.set("face_to_face", False)  # the menu's switch was tapped above
        return f"{moves} moves by taps; prompts: {' '.join(sorted(kinds))}"


if __name__ == "__main__":
    # --games virtual:60,printed:60: a few turns of each two-player game
    sys.exit(main(AtsTour, "ats", "six,virtual,printed"))
