"""A declared game (a game folder, no game code) played by taps at one screen size, in
its own process (Kivy makes one window a process):

    KIVY_METRICS_DENSITY=2.625 python -m tests.ui.declared_taps --size 1080x2340 \
        --folder DIR --out SHOTS

From the new-game form: the cover for the private hand, a counter changed, a card
drawn from the pile, a card played, a roll of the game's die, the turn ended, the
cover for the next player, Undo. Every screen is checked (tests/ui/visible.py) and
saved; each step waits for its condition, never a fixed time."""

from __future__ import annotations

import argparse
import shutil
import sys
from pathlib import Path

TABLE = """table:
  counters:
    - {id: score, name: Score}
    - {id: energy, name: Energy, start: 3, min: 0, max: 5}
    - {id: alert, name: Alert, per: shared, max: 10}
  zones:
    - {id: deck, name: Crew deck, cards: [crew], role: pile}
    - {id: hand, name: Hand, per: player, show: private, role: hand}
    - {id: played, name: Played, per: player, show: public, role: play}
    - {id: discard, name: Discard, show: public, role: discard}
  dice: [d6]
  setup:
    - deal: 2
  turns:
    phases:
      - {id: draw, name: Draw, allows: [draw, change]}
      - {id: play, name: Play, allows: [play, discard, change]}
  effects:
    crew:
      - {change: score, by: card.power}
  end:
    when: "round > 5"
    winner: {highest: score}
"""


def make_folder(target: Path) -> Path:
    """Star Patrol (the `pnp new` starter) with a table that has every kind of thing."""
    from pnp import PACKAGE

    shutil.copytree(PACKAGE / "assets" / "example", target)
    game = target / "game.yaml"
    text = game.read_text(encoding="utf-8")
    game.write_text(text[:text.index("\ntable:")] + "\n" + TABLE, encoding="utf-8")
    return target


def main(argv=None) -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--size", default="1080x2340")
    parser.add_argument("--folder", required=True)
    parser.add_argument("--out", required=True)
    args = parser.parse_args(argv)
    from companion.games import register_folder

    game_id = register_folder(args.folder)
    from tests.ui.screens import start_app

    app, out = start_app(args.size, args.out, "dossier-declared-")
    Play(app, out, game_id).run()
    app.stop()
    print("played")
    return 0


class Play:
    def __init__(self, app, out: Path, game_id: str):
        self.app, self.out, self.game_id = app, out, game_id
        self.shots = 0

    @property
    def state(self) -> dict:
        return self.app.controller.state

    def check(self, name: str) -> None:
        from tests.ui import visible
        from tests.ui.driver import pump, screenshot

        pump()
        found = visible.problems(self.app) + visible.goes_idle()
        assert not found, f"{name}: {found}"
        self.shots += 1
        screenshot(self.out / f"{self.shots:02d}-{name}.png")

    def widgets(self, kind) -> list:
        from tests.ui.driver import on_screen

        return [w for w in on_screen(self.app) if isinstance(w, kind)]

    def run(self) -> None:
        from kivy.uix.button import Button

        from companion.declared.board import DeclaredCounter, DeclaredStack
        from companion.declared.table import DeclaredCard
        from tests.ui.driver import pump, tap, tap_text, wait_until

        app = self.app
        app.go("home")
        pump()
        tap_text(app, "New game: Star Patrol")
        assert app.root.current == "newgame"
        self.check("form")
        tap_text(app, "Start the game")
        wait_until(lambda: app.root.current == "table", "the table")
        first = self.state["players"][self.state["turn"]["seat"]]["name"]
        tap_text(app, f"I am {first}: show")  # the hand is private: the cover first
        self.check("draw-phase")
        # a counter: + by the step
        energy = [w for w in self.widgets(DeclaredCounter) if w.counter["id"] == "energy"]
        seat = self.state["turn"]["seat"]
        before = self.state["counters"]["seats"][seat]["energy"]
        plus = [b for b in energy[0].walk() if getattr(b, "text", "") == "+"][0]
        tap(plus)
        wait_until(lambda: self.state["counters"]["seats"][seat]["energy"] == before + 1,
                   "energy one up")
        # draw: tap the pile
        hand = len(self.state["zones"][f"hand.{seat}"])
        pile = [w for w in self.widgets(DeclaredStack) if w.name == "Crew deck"][0]
        tap(pile)
        wait_until(lambda: len(self.state["zones"][f"hand.{seat}"]) == hand + 1, "a draw")
        self.check("drawn")
        tap_text(app, "Next phase")
        wait_until(lambda: self.state["turn"]["phase"] == 1, "the play phase")
        # play a card: tap it in the hand; a menu offers play and discard
        card = self.widgets(DeclaredCard)[0]
        tap(card)
        self.check("card-menu")
        tap_text(app, "Play", exact=False)
        wait_until(lambda: self.state["zones"][f"played.{seat}"], "a card played")
        self.check("played")
        # roll the game's die through the shell's dice roller
        rolls = len(app.controller.session.actions)
        tap_text(app, "Dice")
        tap_text(app, "d6")
        wait_until(lambda: len(app.controller.session.actions) == rolls + 1, "a roll")
        self.check("rolled")
        tap_text(app, "Close")
        # end the turn: the next player's hand is behind the cover
        tap_text(app, "End turn")
        after = self.state["players"][self.state["turn"]["seat"]]["name"]
        wait_until(lambda: any(getattr(b, "text", "") == f"I am {after}: show"
                               for b in self.widgets(Button)), "the cover")
        self.check("cover")
        tap_text(app, f"I am {after}: show")
        self.check("next-turn")
        # undo: the turn comes back to the first player
        moves = len(app.controller.session.actions)
        tap_text(app, "Undo", exact=False)
        wait_until(lambda: len(app.controller.session.actions) == moves - 1, "an undo")
        pump()
        self.check("undone")


if __name__ == "__main__":
    sys.exit(main())
