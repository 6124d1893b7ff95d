"""Against All Tyrants at one screen size, by taps, in its own process (a screen's
density is fixed when Kivy starts): complete games, set up on the new-game form,
between greedy players whose every move is made the way a player makes it: tapping
a piece, a stack, a theater's mat or a card in the hand strip (picks.path), and a
sheet button only where taps leave a choice. The app's state must equal the engine's
after every move. At every prompt the table rules hold (tests/ui/visible.py via
Screens.play), text is at least 14 sp, what is tapped at least 48 dp, and the
board fits its room (nothing drawn over the sheet or the toolbar); the first screen
of each kind of prompt is saved as a PNG to look at.

    KIVY_METRICS_DENSITY=2.625 python -m tests.ui.aat_tour --size 1080x2340 --out DIR
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("KIVY_NO_ARGS", "1")
os.environ.setdefault("KIVY_LOG_MODE", "PYTHON")
os.environ.setdefault("KIVY_NO_CONSOLELOG", "1")

from tests.ui.screens import Screens, main  # noqa: E402 - after Kivy's environment

# games that meet every kind of prompt between them: (form choices, seed)
GAMES = {"virtual": ({"subfaction_1": "First Leader's Navy", "subfaction_2": "Robot Uprising",
                      "attacker": "Player 2", "cards": "Virtual decks"}, 6),
         "printed": ({"subfaction_1": "First Leader's Navy", "subfaction_2": "Robot Uprising",
                      "attacker": "Player 1", "cards": "Printed cards"}, 8)}


def tappable(app) -> list:
    from companion.games.aat.widgets import Tappable
    from tests.ui.driver import on_screen

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


def check_sizes(app, where: str = "") -> None:
    """What a player must read is at least 14 sp, what they tap at least 48 dp high,
    and the board fits the room the frame leaves it."""
    from kivy.metrics import dp, sp
    from kivy.uix.label import Label

    from tests.ui.driver import on_screen

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
        check_room_used(board, where)


def check_room_used(board, where: str) -> None:
    """A tablet's room goes to bigger pieces (issue 33, item 3): the board's pieces at
    the largest scale that fits with every trait (the next one up would not), and then
    the mats fill the board's room; a phone (portrait) keeps today's sizes."""
    from kivy.core.window import Window
    from kivy.metrics import sp
    from kivy.uix.label import Label

    from companion.games.aat.board import LEVELS, TheaterBox
    from companion.games.aat.sizes import FONT, SCALES
    from tests.ui.driver import walk

    scale = board.scale
    mats = [w for w in walk(board) if isinstance(w, TheaterBox)]
    chips = [w for mat in mats for w in walk(mat) if isinstance(w, Label) and w.text.strip()]
    assert {round(c.font_size / sp(FONT), 3) for c in chips} <= {scale}, (where, scale)
    used = sum(mat.height - mat.chrome() for mat in mats)  # rows and room left
    assert board.overflow or used >= board.room() - 1, f"{where}: the mats use " \
        f"{used:.0f} of {board.room():.0f} px (a gap left on the board)"
    if Window.width < Window.height:
        assert scale == 1, (where, scale)
        return
    larger = [s for s in SCALES if scale < s <= board.ceiling]  # not larger in a phase
    if board.level == 0 and larger:
        box = board.ids.space
        width = box.width - box.padding[0] - box.padding[2]
        need = board.plan(LEVELS[0], width, min(larger), noted=True)[1]
        room = board.room_at(min(larger))
        assert need > room, f"{where}: pieces at {scale} fit at {min(larger)}"


def check_pieces(app, where: str) -> None:
    """Every number on a piece says what it is (issue 33 review): attack and health
    after their printed pictograms, tokens on their printed faces with their
    pictograms, damage tokens after the damage pictogram; where the piece shows its
    traits, each token says its printed word too ("2 Shield", "Damage" before the
    damage tokens); a used piece looks used
    (greyed) and its words stay readable: 4.5:1 against what lies behind them."""
    import re

    from kivy.uix.label import Label

    from companion.games.aat.tiles import PieceTile
    from companion.games.aat.widgets import Chip, DamageToken, StatChip, TokenChip
    from tests.ui.driver import on_screen, walk

    for tile in [w for w in on_screen(app) if isinstance(w, PieceTile)]:
        told = any(isinstance(w, DamageToken) and w.icon == "damage" or isinstance(
            w, Chip) and w.text == "Damage" for w in walk(tile))
        if any(isinstance(w, Chip) and w.outline[3] for w in walk(tile)):  # traits shown
            for chip in [w for w in walk(tile) if isinstance(w, TokenChip)]:
                assert re.search(r"[A-Za-z]", chip.count), \
                    f"{where}: a token on {tile.name} without its word: '{chip.count}'"
            tokens = [w for w in walk(tile) if isinstance(w, DamageToken)]
            assert not tokens or any(isinstance(w, Chip) and w.text == "Damage"
                                     for w in walk(tile)), f"{where}: {tile.name}'s damage"
        for label in [w for w in walk(tile) if isinstance(w, Label) and w.text.strip()]:
            holder = next((p for p in parents(label, tile) if isinstance(
                p, StatChip | TokenChip | DamageToken)), None)
            if re.fullmatch(r"[×x]?\d+", label.text.strip()):
                assert holder is not None and (
                    holder.icon if not isinstance(holder, DamageToken) else told), \
                    f"{where}: a bare number '{label.text}' on {tile.name}"
            if tile.spent and not tile.mark:
                ratio = contrast(label.color, behind(label, tile))
                assert ratio >= 4.5, f"{where}: '{label.text}' on the used {tile.name} " \
                    f"at {ratio:.1f}:1"
        if tile.spent and not tile.mark:
            assert tile.ground != tile.frame, f"{where}: {tile.name} used, not greyed"


def parents(widget, top) -> list:
    out = []
    while widget is not None and widget is not top:
        out.append(widget)
        widget = widget.parent
    return out + [top]


def behind(label, tile) -> tuple:
    """The colour behind a label on a piece: the nearest opaque ground, with any
    translucent ones between laid over it."""
    from companion.games.aat.widgets import TokenChip, TokenShape

    layers = []
    for widget in parents(label, tile):
        colour = widget.colour if isinstance(widget, TokenChip | TokenShape) else \
            getattr(widget, "ground", None)
        if colour is not None and colour[3] > 0:
            layers.append(colour)
            if colour[3] >= 1:
                break
    base = layers.pop() if layers else (0, 0, 0, 1)
    for top in reversed(layers):
        a = top[3]
        base = tuple(t * a + b * (1 - a) for t, b in zip(top[:3], base[:3], strict=True)) + (1,)
    return base


def contrast(a, b) -> float:
    from companion.games.aat.widgets import luminance

    la, lb = luminance(a), luminance(b)
    return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)


def check_side(app, where: str) -> None:
    """A tablet's side reads at the board's scale: the players' strips, the escalation
    track and the sheet's prompt grow with the pieces (one look), the prompt a step
    smaller only where it did not fit its column at the board's or left the cards to
    choose too little room; a phone's stay at today's sizes. The hand: check_hand."""
    from kivy.core.window import Window
    from kivy.metrics import sp
    from kivy.uix.label import Label

    from companion.games.aat.sizes import FONT
    from tests.ui.driver import walk

    table = app.root.get_screen("table").game
    scale = table.side_scale()
    if Window.width < Window.height:
        assert scale == 1, (where, scale)
    elif scale < table.board.scale:  # only where the side did not fit at the next one up
        tried, need, room = table.side_overflow
        assert tried > scale and need > room, (where, scale, table.side_overflow)
    board = table.board
    for strip in (board.ids.far, board.ids.near, board.ids.track):  # as the pieces
        for label in [w for w in walk(strip) if isinstance(w, Label) and w.text.strip()
                      and w.opacity]:
            assert abs(label.font_size - sp(FONT) * board.scale) < 0.01, (where, label.text)
            assert label.top <= strip.top + 0.5 and label.y >= strip.y - 0.5, \
                f"{where}: '{label.text}' out of its strip"
    prompt = table.sheet.children[-1]
    assert abs(prompt.font_size - sp(17) * scale) < 0.01, (where, prompt.font_size, scale)
    check_hand(app, table, where)


def check_hand(app, table, where: str) -> None:
    """The hand's cards use the room they have (issue 33, item 3): on a tablet at the
    board's scale or larger, the next scale up not fitting the column below the
    prompt; on a phone in rows rather than scrolling sideways while the board has
    room left over for them; every card's words at its layout's scale, all in sight."""
    from kivy.core.window import Window
    from kivy.metrics import dp, sp
    from kivy.uix.label import Label

    from companion.games.aat import handfit
    from companion.games.aat.sizes import CHIP, FONT, GAP
    from companion.games.aat.tiles import HandCard
    from tests.ui.driver import on_screen, walk

    cards = [w for w in on_screen(app) if isinstance(w, HandCard)]
    plan, hand = table.hand_plan, table.hand
    if not cards:
        return
    words = [w[:3] for w in table.hand_words]
    width, room, *row = table.hand_room
    if plan is None:  # a phone scrolling one row: only where rows would not fit
        assert Window.width < Window.height, f"{where}: a tablet's hand without a layout"
        ready = [w[:3] for w in table.hand_words if w[3]]
        rest = [w[:3] for w in table.hand_words if not w[3]]
        assert handfit.for_phone(ready, rest, width, room, *row) is None, where
        assert not hand.wrapped, where
        return
    for card in cards:
        scale = plan.scale if card.ready or not plan.rest_scale else plan.rest_scale
        assert card.scale == scale, (where, card.name, card.scale, plan)
        for label in [w for w in walk(card) if isinstance(w, Label) and w.text.strip()]:
            assert abs(label.font_size - sp(FONT) * scale) < 0.01, \
                f"{where}: '{label.text}' at {label.font_size:.1f} px, the hand at {scale}"
        x, y = card.to_window(*card.pos)
        assert x >= -0.5 and x + card.width <= Window.width + 0.5, f"{where}: cut card"
    assert hand.ids.row.width <= hand.ids.scroll.width + 0.5, \
        f"{where}: the hand scrolls sideways"
    spare = dp(CHIP + GAP) if row and plan.height > room else 0  # a phone's choice alone
    assert plan.height <= max([room, *row]) + spare + 0.5, (where, plan, room)
    if Window.width < Window.height:
        assert plan.scale == 1, (where, plan.scale)
        return
    scale, board = plan.scale, table.board.scale
    if scale < max(handfit.HAND_SCALES):  # the next scale up, tried, did not fit
        up = board if scale < board else min(s for s in handfit.HAND_SCALES if s > scale)
        ready = [w[:3] for w in table.hand_words if w[3]] or words
        rest = [w[:3] for w in table.hand_words if not w[3]] if len(ready) < len(words) \
            else []
        least = min((lay.height + dp(handfit.SPACING) for n in range(1, 5)
                     if (lay := handfit.lay(rest, width, n, 1.0))), default=0)
        fits = [n for n in range(1, min(4, len(ready)) + 1)
                if (lay := handfit.lay(ready, width, n, up)) and lay.height <= room - least]
        assert not fits, f"{where}: the cards at {scale} fit at {up} ({fits} across)"


class AatTour(Screens):
    game = "Against All Tyrants"
    games = GAMES

    def choose(self, agent, state):
        """The greedy player's move as taps make it: a stack of identical pieces stands
        for its first."""
        from companion.games.aat.stacks import canonical

        action = agent.choose(self.app.controller.rules, state)
        moved = canonical(state, action)
        return moved if moved in self.app.controller.legal() else action

    def perform(self, action: dict) -> None:
        """Tap what the action names, then its button if the taps left a choice."""
        from companion.games.aat import view
        from companion.games.aat.picks import path
        from tests.ui.driver import plain, tap, visible_buttons

        controller = self.app.controller
        before = len(controller.session.actions)
        state = controller.state
        for thing in path(state, action):
            tap_thing(self.app, thing)
            if len(controller.session.actions) != before:
                return
        label = view.label(state, action)
        buttons = [b for b in visible_buttons(self.app) if plain(b.text) == label]
        assert len(buttons) == 1, f"{len(buttons)} buttons '{label}' for {action}"
        tap(buttons[0])

    def cover_shown(self, name, state, moves) -> None:
        assert not tappable(self.app), "the table shows under the cover"

    def prompt_shown(self, name, kind, state, action) -> None:
        check_sizes(self.app, f"{name} {kind}")
        check_pieces(self.app, f"{name} {kind}")
        check_side(self.app, f"{name} {kind}")
        from tests.ui.driver import primary_moves

        stops = {"Done", "Stop attacking", "Lose the rest", "None", "All of it on the base"}
        assert not primary_moves(self.app) & stops, f"{name} {kind}: a stop as the main move"
        self.scales.append(self.app.root.get_screen("table").game.board.scale)

    def tour_game(self, name: str, limit: int | None) -> str:
        """On a tablet the pieces are drawn larger while the board has room (the
        early turns): the scales met, by how many prompts."""
        from kivy.core.window import Window

        self.scales = []
        told = super().tour_game(name, limit)
        if Window.width > Window.height:
            assert max(self.scales) >= 1.5, f"{name}: pieces at {set(self.scales)}"
        met = {s: self.scales.count(s) for s in sorted(set(self.scales))}
        return f"{told}; pieces at scales {met}"

    def steps_shown(self, name, state, action) -> bool:
        """The first time: a unit tapped with its targets lit, and a unit tapped to move
        with the other theater lit (then let go: perform taps from the start)."""
        from companion.games.aat.picks import path

        steps = path(state, action)
        step = {"attack": "attacker", "move": "move"}.get(action["type"])
        if step and len(steps) == 2 and f"{name}-{step}" not in self.seen:
            tap_thing(self.app, steps[0])
            self.check(f"{name} {step}")
            check_sizes(self.app, f"{name} {step}")
            self.first(f"{name}-{step}")
            tap_thing(self.app, steps[0])
        return False


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
    sys.exit(main(AatTour, "aat", "virtual,printed"))
