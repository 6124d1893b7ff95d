"""Above Top Secret's table in the shell's frame (companion.app.frame): on the
board a row per player (board.py: open or compact, as many open as fit, none
scrolled away), the prompt sheet with only what the table cannot show, and the
hand strip (the acting player's cards, the playable ones first; or the cards
to name from a printed hand or a deck). Cards, gaps, base areas and players are
chosen by tapping them (picks.py); holding any card shows it as printed."""

from __future__ import annotations

from functools import lru_cache

from kivy.core.text import Label as CoreLabel
from kivy.metrics import dp, sp
from kivy.uix.label import Label

from companion.app.frame import TableFrame
from companion.app.settle import before_drawing
from companion.games.ats import results, view
from companion.games.ats.actions import Sheets
from companion.games.ats.board import SLOT_MIN, AtsBoard
from companion.games.ats.picks import Picks

HINT = " (a lit row opens with a tap)"  # said only while a row to tap in is compact
CARD = 96  # dp: a hand card's width on a phone
ONE_ROW, TWO_ROWS = 108, 100  # dp: a hand card's height in one row, in two (names: 3 lines)
ROW_GAP = 6  # dp between hand cards (frame.kv's strip)
MARGIN = 8  # dp: the second row is weighed a little higher than it is, to be sure


@lru_cache(maxsize=256)
def prompt_height(text: str, width: float) -> float:
    """The prompt's height at `width`, as the sheet's 17 sp bold label draws it."""
    core = CoreLabel(text=text, font_size=sp(17), bold=True, text_size=(max(1, width), None))
    core.refresh()
    return core.content_size[1]


class AtsTable(TableFrame):
    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.side_share = 0.36  # a tablet: the board's two columns as wide as a phone
        self.sel: dict = {}  # what the player has tapped so far (picks.py)
        self.sel_for = -1  # the number of actions `sel` was made at
        self.marks: dict = {}
        self.tiles: dict = {}  # card tiles kept between refreshes (lists.py)
        self.prompt = ""  # the prompt as the sheet shows it, before the board's hint
        self.shown_sel: dict = {}  # the selection the board was last drawn for
        self.checking: tuple = ()  # an attack's check: the attacker's and target's seats
        self.two_rows = False  # a phone's hand in two rows (hand_rows)
        self.one_row_hand = 0.0  # the hand strip's height in one row, measured
        self.board = AtsBoard(self.tapped, self.fitted)
        self.hint_due = before_drawing(self.settled)
        self.set_board(self.board)
        self.bind(landscape=lambda _w, value: setattr(self.board, "landscape", value))

    @property
    def state(self):
        return self.app.controller.state

    def card_width(self) -> float:
        """A card of the strip: a phone's row to scroll, or its two rows filling the
        width; a tablet's rows, five wide."""
        if not self.landscape:
            return self.two_row_width() if self.two_rows else dp(CARD)
        return max(dp(84), min(dp(130), (self.width * self.side_share - dp(34)) / 5))

    def per_row(self) -> int:
        """Hand cards a phone's row holds at their width."""
        return max(1, int((self.width - dp(8) + dp(ROW_GAP)) // (dp(CARD) + dp(ROW_GAP))))

    def two_row_width(self) -> float:
        per = self.per_row()
        return (self.width - dp(8) - dp(ROW_GAP) * (per - 1)) / per - 0.01

    def hand_rows(self) -> bool:
        """A phone shows a hand that overflows its row in two rows, when the board can
        spare the room without closing a row or bringing a card below its smallest
        (board.SLOT_MIN); otherwise the row scrolls. Weighed from the board's height
        with one row, so the answer holds once the room is taken."""
        cards = self.hand.ids.row.children
        if not self.two_rows:  # the strip as high as one row makes it, measured
            self.one_row_hand = self.hand.height
        one_row = self.board.height + (self.hand.height - self.one_row_hand
                                       if self.two_rows else 0)
        extra = dp(2 * TWO_ROWS + ROW_GAP - ONE_ROW + MARGIN)
        wanted = (not self.landscape and self.per_row() < len(cards) <= 2 * self.per_row())
        if wanted:
            compact, _slot = self.board.layout_at(one_row)
            fewer, slot = self.board.layout_at(one_row - extra)
            wanted = fewer == compact and slot >= dp(SLOT_MIN)
        if wanted == self.two_rows:
            return False
        self.two_rows = wanted
        self.hand.wrapped = wanted or self.landscape
        self.hand.card_height = dp(TWO_ROWS if wanted else ONE_ROW)
        for card in cards:
            card.size = self.card_width(), self.hand.card_height
        return True

    # -- drawing ---------------------------------------------------------------------
    def refresh(self):
        controller = self.app.controller
        moves = len(controller.session.actions)
        moved = moves != self.sel_for
        if moved:
            self.sel, self.sel_for = {}, moves
        if moved or self.sel != self.shown_sel:  # a new step: the rows it needs open, not
            self.board.focus = None  # one opened for the step before
            self.shown_sel = dict(self.sel)
        state = self.state
        lines = self.latest(results.results(controller.session))
        wait = state["await"]
        picks = Picks(controller.rules, state, controller.legal(), self.sel) if wait else None
        self.marks = picks.marks() if picks else {}
        acting = view.status(state)["acting_seat"]
        choosing = wait is not None and wait["kind"] == "start_card"  # behind the cover
        setup = state["phase"] == "setup"
        self.board.landscape = self.landscape
        if picks is None:
            self.prompt = view.prompt_text(state)
            self.sheet.show(self.prompt, lines)
            self.hand.show("", [])
        else:
            sheet = Sheets(self, picks, self.marks).make()
            self.sheet.columns = min(3, max(2, len(sheet.moves)))
            self.prompt = sheet.prompt
            self.sheet.show(sheet.prompt, lines, sheet.moves, sheet.extra())
            self.hand.card_height = dp(TWO_ROWS if self.two_rows else ONE_ROW)
            self.hand.show(sheet.title, sheet.cards)
        self.checking = picks.check_seats() if picks else ()
        self.board.show(state, [view.panel(state, s) for s in range(len(state["players"]))],
                        self.marks, acting, view.command_holder(state),
                        lambda seat: setup and not (choosing and seat == acting),
                        self.checking, results.landed(results.last_run(controller.session), state))

    def fitted(self) -> None:
        """The board's rows placed: the hand's rows and the hint are decided once every
        layout the change set off has run (sizes read mid-way would disagree with each
        other), before the frame is drawn (companion.app.settle)."""
        self.hint_due()

    def settled(self, *_args) -> None:
        """The board placed and its layouts settled: the hand's rows, then the hint."""
        if not self.hand_rows():  # else the board is placed again, and comes back here
            self.hint()

    def hint(self, *_args) -> None:
        """The prompt says that a lit row opens with a tap only while one to tap in is
        compact (a row lit to choose a player is tapped as it is); a reason a tap did
        nothing, in the prompt's place, stays. Decided for the board as high as it is with
        the hint, whether the hint shows yet or not, so that showing it (a line taken from
        the board) never changes the answer; never where its line would leave no room for
        a row to open."""
        hinted = self.sheet.prompt == self.prompt + HINT
        if not hinted and self.sheet.prompt != self.prompt:
            return
        if self.checking:  # the attack's check: its rows open, the rest a choice to change
            self.sheet.prompt = self.prompt
            return
        height = self.board.height
        if not self.landscape:  # the prompt's lines come off the board's height
            label = next(w for w in reversed(self.sheet.children) if isinstance(w, Label))
            width = label.text_size[0] or label.width
            extra = prompt_height(self.prompt + HINT, width) - prompt_height(self.prompt, width)
            height -= 0 if hinted else extra
        compact = self.board.compact_at(height)
        closed = len(compact) < len(self.board.rows) and any(  # one opens: a tap opens it
            thing[0] in ("slot", "base") and thing[1] in compact and mark in ("target", "can")
            for thing, mark in self.marks.items())
        self.sheet.prompt = self.prompt + (HINT if closed else "")

    def latest(self, lines: list) -> list:
        """The latest results, as many as a glance takes in; a phone with a row for
        each of many players keeps two short ones (the log keeps every word)."""
        crowded = not self.landscape and len(self.state["players"]) > 2
        room, most = (100, 2) if crowded else (170, 4) if not self.landscape else (260, 4)
        shown: list = []
        for line in reversed(lines[-most:]):
            if len(line) > room and ";" in line:  # the start of it, in whole parts
                parts = line.split("; ")
                while len(parts) > 1 and len("; ".join(parts)) > room - 20:
                    parts.pop()
                line = "; ".join(parts) + "; more in the log"
            if shown and sum(map(len, shown)) + len(line) > room:
                break
            shown.insert(0, line)
        return shown

    def say(self, text: str) -> None:
        """Why a tap did nothing, in the prompt's place until the next tap."""
        self.sheet.prompt = text

    # -- taps ------------------------------------------------------------------------
    def tapped(self, piece) -> None:
        """A player's name or compact row opens or closes it, unless the prompt asks
        for a player; any other piece goes to the prompt."""
        thing = piece.thing
        if thing is None:
            return
        if thing[0] == "player" and thing not in self.marks:
            self.board.toggle(thing[1])
            return
        self.tap_thing(thing)

    def tap_thing(self, thing) -> None:
        state = self.state
        if state["await"] is None:
            return
        picks = Picks(self.app.controller.rules, state, self.app.controller.legal(), self.sel)
        answer, value = picks.tap(thing)
        if answer == "act":
            self.act(value)
        elif answer == "sel":
            self.select(value)
        else:
            self.say(value)

    def act(self, action) -> None:
        reason = self.app.act(action)
        if reason:
            self.say(reason)
