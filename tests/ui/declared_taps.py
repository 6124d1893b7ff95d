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
import os
import shutil
import sys
from pathlib import Path

os.environ.setdefault("KIVY_NO_ARGS", "1")  # before Kivy is imported

TABLE = """table:
  players:
    names: [Ann, Bob, Cleo, Dan]
  counters:
    - {id: score, name: Score, token: tokens/score-1}
    - {id: energy, name: Energy, start: 3, min: 0, max: 5}
    - {id: alert, name: Alert, per: shared, min: 0, max: 10, track: rules}
  zones:
    - {id: deck, name: Crew deck, cards: [crew], role: pile}
    - {id: hand, name: Hand, per: player, show: private, role: hand}
    - {id: played, name: Played, per: player, show: public, role: play}
    - {id: discard, name: Discard, show: public, role: discard}
  dice: [power-die, d6]
  setup:
    - deal: 2
  turns:
    phases:
      - {id: draw, name: Draw, allows: [draw, change]}
      - {id: play, name: Play, allows: [play, discard, change, reveal, return, move]}
  rules:
    limits:
      - {zone: hand, max: 2, at: end_of_turn}
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

    def hold(self, widget, until, what: str) -> None:
        """A finger held on `widget` until `until()` (a popup opened), then lifted."""
        from kivy.tests.common import UnitTestTouch

        from tests.ui.driver import pump, wait_until

        touch = UnitTestTouch(*widget.to_window(*widget.center))
        touch.touch_down()
        wait_until(until, what)
        touch.touch_up()
        pump()

    def popups(self, kind) -> list:
        from kivy.base import EventLoop

        return [w for w in EventLoop.window.children if isinstance(w, kind)]

    def seat(self) -> int:
        return self.state["await"]["player"]

    def counter(self, counter_id: str):
        from companion.declared.counters import DeclaredCounter

        return [w for w in self.widgets(DeclaredCounter) if w.counter["id"] == counter_id][0]

    def run(self) -> None:
        self.start()
        self.counters()
        self.pile()
        self.cards()
        self.dice_and_players()
        self.turn_and_undo()
        self.finish()

    def start(self) -> None:
        """The form made from the declaration: the table's names, colours in words."""
        from companion.app.newgame import ColourPick
        from tests.ui.driver import pump, tap_text, wait_until

        app = self.app
        app.go("home")
        pump()
        tap_text(app, "New game: Star Patrol")
        assert app.root.current == "newgame"
        names = sorted((w for w in self.widgets(TextInput())), key=lambda w: -w.y)
        assert [w.text for w in names] == ["Ann", "Bob"], [w.text for w in names]
        colours = sorted(self.widgets(ColourPick), key=lambda w: -w.y)
        assert [w.text for w in colours] == ["red", "blue"], [w.text for w in colours]
        self.check("form")
        app.controller.next_seed = 4
        tap_text(app, "Start the game")
        wait_until(lambda: app.root.current == "table", "the table")
        assert app.controller.session.setup["players"][0]["colour"].startswith("#")
        tap_text(app, f"I am {self.state['players'][self.seat()]['name']}: show")  # private
        self.check("draw-phase")

    def counters(self) -> None:
        """+ by the step; a hold opens the number entry; the bounds kept."""
        from companion.declared.widgets import NumberEntry
        from tests.ui.driver import pump, tap, tap_text, wait_until

        seat = self.seat()
        before = self.state["counters"]["seats"][seat]["energy"]
        plus = [b for b in self.counter("energy").walk() if getattr(b, "text", "") == "+"]
        tap(plus[0])
        wait_until(lambda: self.state["counters"]["seats"][seat]["energy"] == before + 1,
                   "energy one up")
        self.hold(self.counter("score").ids.col, lambda: self.popups(NumberEntry),
                  "the number entry")
        entry = self.popups(NumberEntry)[0]
        assert entry.title.text == "Score (0 or more)", entry.title.text  # min 0: default
        entry.field.text = "-3"
        tap_text(self.app, "Set")  # refused with the bounds, not quietly made 0
        pump()
        assert entry.title.text == "At least 0, please" and self.popups(NumberEntry)
        entry.field.text = "7"
        pump()
        self.check("number-entry")
        tap_text(self.app, "Set")
        wait_until(lambda: self.state["counters"]["seats"][seat]["score"] == 7, "score 7")
        self.track()
        self.bounds()

    def track(self) -> None:
        """A counter kept on a printed track has it in a tile of its own, named, beside
        the counter (not squeezed into it); a tap opens it as printed."""
        from companion.app.zoom import CardZoom
        from companion.declared.counters import DeclaredTrack
        from tests.ui.driver import tap, tap_text, wait_until

        alert = self.counter("alert")
        tiles = self.widgets(DeclaredTrack)
        assert [t.name for t in tiles] == ["Rules summary"], [t.name for t in tiles]
        tile = tiles[0]
        assert tile.source.endswith(".png") and tile.parent is alert.parent
        assert tile.x >= alert.right or tile.top <= alert.y, (tile.pos, alert.pos, alert.size)
        assert tile.ids.picture.height >= alert.height  # no smaller than the counter
        # the score's printed token is a badge before its name, not a number of its own
        score = self.counter("score")
        assert score.token.endswith(".png")
        badge = next(w for w in score.ids.head.children if getattr(w, "source", "") ==
                     score.token)
        assert badge.height <= score.ids.name.height + 1, (badge.height,
                                                           score.ids.name.height)
        tap(tile)
        wait_until(lambda: self.popups(CardZoom), "the track, large")
        self.check("track")
        tap_text(self.app, "Close")
        wait_until(lambda: not self.popups(CardZoom), "the track closed")

    def bounds(self) -> None:
        """A counter at its least: its - disabled, and a tap on it says why, changing
        nothing."""
        from kivy.tests.common import UnitTestTouch

        from tests.ui.driver import pump

        alert = self.counter("alert")
        assert alert.value == "0" and alert.ids.down.disabled and not alert.ids.up.disabled
        moves = len(self.app.controller.session.actions)
        touch = UnitTestTouch(*alert.ids.down.to_window(*alert.ids.down.center))
        touch.touch_down()  # a disabled button is never released: the touch as such
        touch.touch_up()
        pump()
        assert len(self.app.controller.session.actions) == moves
        prompt = self.sheet().prompt
        assert prompt == "Alert is at its least, 0", prompt

    def sheet(self):
        from companion.app.frame import PromptSheet

        return self.widgets(PromptSheet)[0]

    def popup_buttons(self) -> list:
        from kivy.uix.button import Button
        from kivy.uix.modalview import ModalView

        return [w for popup in self.popups(ModalView) for w in popup.walk()
                if isinstance(w, Button)]

    def asked(self) -> str:
        """The question of the open menu (its bold title), markup taken out."""
        import re

        from kivy.uix.label import Label
        from kivy.uix.modalview import ModalView

        titles = [w.text for popup in self.popups(ModalView) for w in popup.walk()
                  if isinstance(w, Label) and w.text.startswith("[b]")]
        return re.sub(r"\[/?[a-z]+[^\]]*\]", "", titles[0]) if titles else ""

    def pile(self) -> None:
        """Tap the pile: a draw; hold it: all it offers, in a menu."""
        from kivy.uix.modalview import ModalView

        from companion.declared.board import DeclaredPile
        from tests.ui.driver import tap, tap_text, wait_until

        seat = self.seat()
        hand = len(self.state["zones"][f"hand.{seat}"])
        pile = [w for w in self.widgets(DeclaredPile) if w.key == "deck"][0]
        tap(pile)
        wait_until(lambda: len(self.state["zones"][f"hand.{seat}"]) == hand + 1, "a draw")
        self.check("drawn")
        pile = [w for w in self.widgets(DeclaredPile) if w.key == "deck"][0]
        self.hold(pile, lambda: self.popups(ModalView), "the pile's menu")
        self.check("pile-menu")
        tap_text(self.app, "Cancel")
        wait_until(lambda: not self.popups(ModalView), "the menu closed")

    def cards(self) -> None:
        """A card held: read as printed, nothing played; tapped: its menu, play first."""
        from companion.app.zoom import CardZoom
        from companion.declared.cards import DeclaredCard
        from tests.ui.driver import tap, tap_text, wait_until

        app = self.app
        seat = self.seat()
        tones = {b.text: b.tone for b in self.widgets(SheetButton())}
        assert tones == {"Next phase: Play": "primary", "End turn": "normal"}, tones
        moves = len(app.controller.session.actions)
        tap_text(app, "End turn")  # the Play phase is left: the player is asked first
        self.check("end-turn-asked-phase")
        asked = [b.text for b in self.popup_buttons()]
        assert sorted(asked) == ["Cancel", "Yes, end the turn"], asked
        assert self.asked() == "Ann still has the Play phase: end the turn?", self.asked()
        tap_text(app, "Cancel")
        assert len(app.controller.session.actions) == moves
        tap_text(app, "Next phase: Play")
        wait_until(lambda: self.state["turn"]["phase"] == 1, "the play phase")
        moves = len(app.controller.session.actions)
        tap_text(app, "End turn")  # no card played yet: the player is asked first
        self.check("end-turn-asked")
        assert self.asked() == "Ann has played no card: end the turn?", self.asked()
        tap_text(app, "Cancel")
        assert len(app.controller.session.actions) == moves
        card = sorted(self.widgets(DeclaredCard), key=lambda w: w.to_window(*w.pos)[0])[0]
        self.hold(card, lambda: self.popups(CardZoom), "the card held open")
        self.check("card-held")
        assert len(app.controller.session.actions) == moves  # a hold is no tap
        tap_text(app, "Close")
        wait_until(lambda: not self.popups(CardZoom), "the card closed")
        card = sorted(self.widgets(DeclaredCard), key=lambda w: w.to_window(*w.pos)[0])[0]
        tap(card)
        self.check("card-menu")
        tap_text(app, "Play", exact=False)
        wait_until(lambda: self.state["zones"][f"played.{seat}"], "a card played")
        self.check("played")

    def dice_and_players(self) -> None:
        """The shell's dice roller rolls the table's printed die; a player's sheet."""
        from kivy.uix.modalview import ModalView

        from tests.ui.driver import tap_text, wait_until

        app = self.app
        rolls = len(app.controller.session.actions)
        tap_text(app, "Dice")
        tap_text(app, "Roll the Power die")
        wait_until(lambda: len(app.controller.session.actions) == rolls + 1, "a roll")
        self.check("rolled")
        tap_text(app, "Close")
        wait_until(lambda: not self.popups(ModalView), "the dice closed")
        tap_text(app, "More")
        self.check("player-sheet")
        tap_text(app, "Close")
        wait_until(lambda: not self.popups(ModalView), "the sheet closed")

    def turn_and_undo(self) -> None:
        """End the turn: the next player's hand is behind the cover; Undo brings it back."""
        from tests.ui.driver import pump, tap_text, visible_buttons, wait_until

        app = self.app
        first = self.state["players"][self.seat()]["name"]
        tap_text(app, "End turn")
        after = self.state["players"][self.seat()]["name"]
        assert after != first
        wait_until(lambda: any(b.text == f"I am {after}: show"
                               for b in visible_buttons(app)), "the cover")
        self.check("cover")
        tap_text(app, f"I am {after}: show")
        self.check("next-turn")
        moves = len(app.controller.session.actions)
        tap_text(app, "Undo", exact=False)
        wait_until(lambda: len(app.controller.session.actions) == moves - 1, "an undo")
        pump()
        if any(b.text == f"I am {first}: show" for b in visible_buttons(app)):
            tap_text(app, f"I am {first}: show")
        assert self.state["players"][self.seat()]["name"] == first
        self.check("undone")

    def finish(self) -> None:
        """The players' word: a player out, and the game ended with its winner."""
        from tests.ui.driver import tap_text, wait_until

        app = self.app
        name = self.state["players"][self.seat()]["name"]
        moves = len(app.controller.session.actions)
        tap_text(app, "More")
        tap_text(app, f"{name} is out of the game...")  # asked first, as ending the turn
        question = f"{name} is out of the game: nobody plays for {name} from now on?"
        assert self.asked() == question, self.asked()
        tap_text(app, "Cancel")
        assert len(app.controller.session.actions) == moves
        tap_text(app, "More")
        tap_text(app, "End the game now...")
        self.check("finish")
        tap_text(app, "End the game")
        wait_until(lambda: app.root.current == "gameover", "the game over screen")
        assert self.state["ended"]["winners"] == [self.state["turn"]["seat"]]
        self.check("game-over")


def SheetButton():  # noqa: N802 - the class, imported once Kivy's environment is set
    from companion.app.frame import SheetButton as kind

    return kind


def TextInput():  # noqa: N802 - the class, imported once Kivy's environment is set
    from kivy.uix.textinput import TextInput as kind

    return kind


if __name__ == "__main__":
    sys.exit(main())
