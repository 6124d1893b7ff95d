"""The table's side, beside the board on a tablet and under it on a phone: the prompt
sheet's scale and the hand's layout (handfit.py) for the room they have, decided
once while a move is drawn, before the frame is (AatTable mixes this in).

A tablet's side reads at the board's scale (one look), and the cards to choose
are drawn at it or larger: a prompt that leaves them too little room steps down a
scale at a time, measured each time, never estimated. A phone's hand takes the rows
the board can give up rather than scrolling sideways."""

from __future__ import annotations

from kivy.clock import Clock
from kivy.metrics import dp, sp

from companion.games.aat import handfit
from companion.games.aat.board import LEVELS
from companion.games.aat.sizes import SCALES, card_size

SHEET_SP = (17, 15, 14)  # the frame's prompt and buttons, results, hand title (frame.kv)


def key(layout: handfit.Layout | None) -> tuple:
    """What tells one hand layout from another."""
    return () if layout is None else (layout.scale, layout.across, round(layout.card, 1))


def split(words: list[tuple]) -> tuple[list, list]:
    """(the cards to choose, the rest of the hand): (name, kind, chips) each."""
    return [w[:3] for w in words if w[3]], [w[:3] for w in words if not w[3]]


class Side:
    """Mixed into AatTable (a TableFrame): its sheet, hand, board and column."""

    def side_scale(self) -> float:
        """A tablet's sheet is drawn at the board's scale, so the screen reads as one
        (a step smaller where the cards to choose need its room); a phone's at
        today's sizes."""
        return min(self.board.scale, self.side_cap) if self.landscape else 1.0

    def scale_side(self) -> None:
        """The sheet's words at the side's scale (the frame draws them at 17 and 15 sp,
        its hand strip's title at 14)."""
        scale = self.side_scale()
        prompt, results = self.sheet.children[-1], self.sheet.children[-2]
        sizes = ((prompt, SHEET_SP[0]), (results, SHEET_SP[1]),
                 (self.hand.ids.title, SHEET_SP[2]),
                 *((b, SHEET_SP[0]) for b in self.sheet.ids.moves.children))
        for label, size in sizes:
            label.font_size = sp(size) * scale

    def settle_sheet(self) -> None:
        """The sheet's words laid out now rather than in the frame's layout passes, so
        the hand is laid out once for the room it truly has (laid out for the last
        prompt's room, then again, it cost a tablet's move a third more)."""
        sheet, moves = self.sheet, self.sheet.ids.moves
        if sheet.width < dp(100):
            return  # not laid out yet: the frame's passes will
        sheet.do_layout()
        moves.do_layout()
        for label in (sheet.children[-1], sheet.children[-2], *moves.children,
                      self.hand.ids.title):
            label.texture_update()
        moves.do_layout()
        sheet.do_layout()

    def side_layout(self, words: list[tuple]) -> handfit.Layout | None:
        """The hand's layout; on a tablet with the sheet a scale smaller, and smaller
        again, while that is what keeps the cards to choose at the board's scale."""
        layout = self.hand_layout(words)
        while self.landscape and self.side_scale() > 1 and (
                layout is None or layout.scale < self.board.scale):
            current = self.side_scale()
            self.side_overflow = (current, self.choice_need(words), self.hand_room[1])
            self.side_cap = max(s for s in SCALES if s < current)
            self.scale_side()
            self.settle_sheet()
            layout = self.hand_layout(words)
        return layout

    def choice_need(self, words: list[tuple]) -> float:
        """The height the cards to choose take at the board's scale, with the rest of
        the hand at the least (for the tests: why the sheet stepped down)."""
        width = self.hand_room[0]
        ready, rest = split(words)
        ready, rest = (ready, rest) if ready else (rest, [])
        least = [t.height for n in range(1, 5) if (t := handfit.lay(ready, width, n,
                                                                     self.board.scale))]
        others = [t.height + dp(handfit.SPACING) for n in range(1, 5)
                  if (t := handfit.lay(rest, width, n, 1.0))]
        return min(least, default=float("inf")) + min(others, default=0)

    def hand_layout(self, words: list[tuple]) -> handfit.Layout | None:
        """The layout for the room the hand has now: a tablet's column below the
        prompt, a phone's rows the board can give up (its pieces with every trait)."""
        hand, column = self.hand, self.ids.column
        title = hand.ids.title.height if hand.ids.title.height else dp(22)
        ready, rest = split(words)
        if self.landscape:
            width = hand.width if hand.width > dp(100) else \
                (self.width - dp(4)) * self.side_share
            # the frame's height: the column's own passes through others as it settles
            room = self.height - self.sheet.height - 2 * column.spacing - title - dp(4)
            self.hand_room = (width, room)
            layout, self.hand_missed = handfit.for_tablet(ready, rest, width, room,
                                                          self.board.scale)
            return layout
        board = self.board
        if board.shown is None or board.height < dp(48) * 4:
            return None
        box = board.ids.space
        width = box.width - box.padding[0] - box.padding[2]
        need = board.need if board.level == 0 and board.scale == 1 else \
            board.plan(LEVELS[0], width, 1.0)[1]
        # the frame's height less all but the hand's rows and the board's pieces: what
        # the hand's own (perhaps unsettled) height does not change
        chrome = board.height - board.room()  # the track, strips and mats' frames
        room = self.height - self.spacing - self.sheet.height - 2 * column.spacing - \
            title - dp(4) - chrome - need
        row = max(card_size(name, kind, chips, dp(112), dp(340 if self.tight else 220))
                  ["height"] for name, kind, chips, _ready in words)  # the scrolling row
        self.hand_room = (hand.width, room, row)
        return handfit.for_phone(ready, rest, hand.width or self.width, room, row)

    def side_fits(self, *_args) -> None:
        """Once the side is laid out: the hand laid out again where the room it has
        calls for another layout (a few times a move at most), then a sheet too large
        for its column steps down a scale, all before the frame is drawn (a step a
        frame made a tablet's move take three frames, over a second)."""
        if self.parent is None or not self.drawn_hand or self.drawn_hand[1] is None:
            return
        state, picks = self.drawn_hand
        if state is not self.state:
            return
        if self.hand_words and self.relaid < 3 and \
                key(self.side_layout(self.hand_words)) != key(self.hand_plan):
            self.relaid += 1
            self.draw_hand(state, picks)
            return
        column = self.ids.column
        if not self.landscape or self.height < dp(200):
            return
        need = self.sheet.height + self.hand.height + 2 * column.spacing
        scale = self.side_scale()
        if need > self.height + 0.5 and scale > 1 and self.hand_plan is None:  # a hand
            # laid out fits the room the sheet leaves: the frame is not settled yet
            self.side_overflow = (scale, need, self.height)
            self.side_cap = max(s for s in SCALES if s < scale)
            Clock.schedule_once(self.redraw, -1)

    def rescaled(self) -> None:
        """The board chose another scale after it was drawn (laid out again): the side
        follows, before the frame is drawn (a refresh in the next frame drew every such
        move twice). Within a refresh the side is drawn after the board anyway."""
        if self.landscape and not self.refreshing:
            self.restyling()

    def restyle(self, *_args) -> None:
        self.scale_side()
        if self.drawn_hand and self.drawn_hand[0] is self.state and \
                self.drawn_hand[1] is not None:
            self.draw_hand(*self.drawn_hand)
