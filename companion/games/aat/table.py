"""Against All Tyrants' table in the shell's frame (companion.app.frame): the board
(board.py: the escalation track as printed, both players' strips, the theaters as
their mats with every piece, its damage tokens, tokens and traits), the prompt sheet
(the prompt, the latest results, the moves no tap on the table can make) and the
hand strip (the cards to play or pick, playable first, as the printed cards read).
Units, bases, leaders, theaters and cards are chosen by tapping them (picks.py);
hold any of them to read the printed card. The sheet's scale and the hand's layout
for the room they have: side.py and handfit.py. The shell adds the toolbar and the
pass-and-play cover (view.private_seat: the mulligan, virtual hands)."""

from __future__ import annotations

from kivy.clock import Clock
from kivy.metrics import dp

from companion.app.frame import Move, TableFrame, end_turn_move
from companion.core import printed
from companion.games.aat import handfit, look, stacks, view
from companion.games.aat import model as m
from companion.games.aat.board import AatBoard
from companion.games.aat.data import GAME_ID
from companion.games.aat.picks import Picks, order
from companion.games.aat.side import Side
from companion.games.aat.sizes import SCALES, card_size
from companion.games.aat.tiles import HandCard, card_chips, kind_line

PILE_TAGS = {"special": "Special Forces", "objective": "Objective pile"}
# moves and choices that stop, skip or give up: secondary, as ending a turn is (issue 33)
STOPS = {"done", "stop", "lose", "none"}
# what ending a phase or the turn leaves undone, by the actions still offered (in order)
ENDINGS = {"end_phase": {"play": "play a card", "attack": "attack", "move": "move a unit",
                         "order": "give an order"},
           "end_turn": {"place_objective": "place an objective"}}


def results(session) -> list[str]:
    """What the latest player's actions did, until another player acts."""
    states, actions = session.states, session.actions
    if not actions:
        return []
    i = len(actions) - 1
    actor = (states[i]["await"] or {}).get("player")
    lines: list[str] = []
    while i >= 0 and (states[i]["await"] or {}).get("player") == actor:
        lines[:0] = [e["text"] for e in session.events[i + 1] if not e.get("private")]
        i -= 1
    return lines


class AatTable(Side, TableFrame):
    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.sel: list = []
        self.sel_for = -1  # the number of actions `sel` was made at
        self.cards: dict[str, HandCard] = {}  # hand cards, reused from one drawing on
        self.tight = 0  # how much room the sheet and hand give a board that does not fit
        self.side_cap = max(SCALES)  # a tablet's side: the largest scale it fits at
        self.side_overflow: tuple = ()  # (scale, need, room) where it did not fit
        self.hand_plan: handfit.Layout | None = None  # the hand's layout drawn
        self.hand_missed: tuple = ()  # a tablet's: the next scale up that did not fit
        self.hand_room: tuple = ()  # (width, height) the hand's layout was chosen for
        self.drawn_hand: tuple = ()  # (state, picks) the hand was drawn for
        self.hand_words: list = []  # (name, kind line, chips, ready) of each card
        self.relaid = 0  # the hand laid out again after its move was drawn (side_fits)
        self.board = AatBoard(on_tap=self.tapped, on_overflow=self.overflowed,
                              on_scale=self.rescaled)
        self.set_board(self.board)
        self.refreshing = False
        self.restyling = Clock.create_trigger(self.restyle, -1)
        fitting = Clock.create_trigger(self.side_fits, -1)  # before the frame is drawn
        for widget in (self.sheet, self.hand, self.ids.column, self.board):
            widget.fbind("height", fitting)

    @property
    def state(self):
        return self.app.controller.state

    # -- drawing ---------------------------------------------------------------------
    def refresh(self):
        self.refreshing = True
        try:
            self.draw()
        finally:
            self.refreshing = False

    def draw(self):
        controller = self.app.controller
        moves = len(controller.session.actions)
        if moves != self.sel_for:
            self.sel, self.sel_for, self.tight, self.relaid = [], moves, 0, 0
            self.side_cap, self.side_overflow = max(SCALES), ()
        state = self.state
        picks = Picks(state, controller.legal(), self.sel) if state["await"] else None
        self.sel = picks.sel if picks else []
        self.draw_board(state, picks)
        lines = results(controller.session)[-(3, 1, 0)[self.tight]:] if self.tight < 2 else []
        if picks is None:
            self.sheet.show(view.prompt_text(state), lines)
            self.hand.show("", [])
            self.scale_side()
            return
        buttons = [self.move(state, picks, a) for a in picks.buttons()]
        if picks.sel:
            buttons.append(Move("Cancel", self.cancel))
        self.sheet.show(picks.prompt(hint=self.tight < 2), lines, buttons)
        self.scale_side()
        self.settle_sheet()
        self.draw_hand(state, picks)

    def move(self, state, picks, action) -> Move:
        """A button: the main moves primary; ending a phase or the turn secondary, and
        asked first while the player could still play, act or place (issue 33)."""
        label = view.label(state, action)
        value = action.get("value")
        if action["type"] in STOPS or (isinstance(value, str) and value in STOPS):
            return Move(label, lambda: self.act(action))  # stopping is never the main move
        if action["type"] not in ENDINGS:
            return Move(label, lambda: self.act(action), "primary")
        offered = {a["type"] for a in picks.legal}
        left = [words for kind, words in ENDINGS[action["type"]].items() if kind in offered]
        who = state["players"][state["await"]["player"]]["name"]
        unfinished = f"{who} can still {left[0]}" if left else ""
        what = "the phase" if action["type"] == "end_phase" else "the turn"
        return end_turn_move(label, lambda: self.act(action), unfinished, what)

    def near_seat(self, state) -> int:
        """The player at the bottom: whoever acts (the phone is passed to them)."""
        seat = view.status(state)["acting_seat"]
        return state["current"] if seat is None else seat

    def draw_board(self, state, picks) -> None:
        near = self.near_seat(state)
        self.board.show({
            "rows": stacks.rows(state), "seats": (1 - near, near),
            "acting": view.status(state)["acting_seat"], "phase": (state["turn"], state["phase"]),
            "marks": picks.marks() if picks else {},
            "panels": [view.panel(state, seat) for seat in (0, 1)],
            "components": [p["subfaction"] for p in state["players"]],
            "escalation": (state["escalation"], state["incidents"])})

    # -- the hand strip --------------------------------------------------------------
    def hand_cards(self, state, picks) -> list[tuple[str, bool, tuple | None, int]]:
        """(card id, playable now, where it comes from, copies): the cards this prompt
        offers first, then (virtual decks, while the hand is the player's to see) the
        rest of the hand, dimmed; on a phone only while a card can be chosen."""
        seat = state["await"]["player"]
        hand = state["players"][seat]["hand"]
        offered = picks.cards()
        rest = []
        if not m.tracked(state) and view.private_seat(state) == seat and (
                offered or self.landscape):
            rest = [c for c in hand if c != m.UNKNOWN]
        sources = self.sources(state, picks)
        return [(c, ready, sources.get(c), hand.count(c))
                for c, ready in order(view.cards(), offered, rest)]

    def sources(self, state, picks) -> dict:
        """card id -> (tag, colour) for a card offered from elsewhere than the hand."""
        hand = state["players"][state["await"]["player"]]["hand"]
        colours = printed.game(GAME_ID).vars["pile_colors"]
        out = {}
        for action in picks.legal:
            value = action.get("value")
            card = action.get("card") or (value.get("card") if isinstance(value, dict)
                                          else None)
            if not card:
                continue
            pile = "objective" if action["type"] == "place_objective" else \
                value.get("from") if isinstance(value, dict) else None
            if pile in PILE_TAGS and (card not in hand or m.tracked(state)):
                out.setdefault(card, (PILE_TAGS[pile], colours[pile]))
        return out

    def draw_hand(self, state, picks) -> None:
        """The cards laid out for the room they have (handfit.py); one row that
        scrolls only where a phone's board has no room for more rows."""
        self.drawn_hand = (state, picks)
        shown = self.hand_cards(state, picks)
        if not shown:
            self.hand_plan, self.hand_words = None, []
            self.hand.show("", [])
            return
        seat = state["await"]["player"]
        component = state["players"][seat]["subfaction"]
        colour = look.deck_colour(view.panel(state, seat)["subfaction"])
        cards, marks = view.cards(), picks.marks()
        plans = [(card_id, ready, card_chips(cards[card_id], card_id, count, tag))
                 for card_id, ready, tag, count in shown]
        self.hand_words = [(cards[c]["name"], kind_line(cards[c]), chips, ready)
                           for c, ready, chips in plans]
        self.hand.title = self.hand_title(state, shown)
        self.hand.ids.title.texture_update()  # its height is the hand's to know now
        layout = self.hand_plan = self.side_layout(self.hand_words)
        if layout is not None:
            plans = plans[:len(layout.sizes)]  # a phone short of room: the choice alone
            sizes, heights = layout.sizes, layout.heights
        else:  # a phone's board short of room: one row that scrolls, as before
            least, most = dp(112), dp(340 if self.tight else 220)  # tight: chips on a line
            sizes = [card_size(cards[c]["name"], kind_line(cards[c]), chips, least, most)
                     for c, _r, chips in plans]
            heights = (max(s["height"] for s in sizes),) * len(sizes)
        if not self.landscape:
            self.hand.wrapped = layout is not None
        widgets = []
        for (card_id, ready, chips), size, height in zip(plans, sizes, heights, strict=True):
            widget = self.cards.get(card_id) or self.new_card(card_id)
            widget.show(card_id, cards[card_id], colour, component, ready, chips, size,
                        height)
            widget.mark = marks.get(widget.thing, "")
            widgets.append(widget)
        self.hand.card_height = max(heights)
        self.hand.show(self.hand.title, widgets)
        for widget, height in zip(widgets, heights, strict=True):
            widget.height = height  # the rest of a tablet's hand smaller than the choice

    def hand_title(self, state, shown) -> str:
        """What the strip holds (a phone short of room leaves it to the prompt)."""
        wait = state["await"]
        playable = sum(1 for _c, ready, *_r in shown if ready)
        if playable and not self.landscape and self.tight:
            return ""  # the prompt says it, and the board needs the room
        if wait["kind"] == "mulligan":
            return "Your hand: tap a card to set it aside · hold to read"
        if not playable:
            return f"Your hand ({len(state['players'][wait['player']]['hand'])}): " \
                   "hold a card to read it"
        verb = "place" if wait.get("choice") == "pick" or wait["kind"] == "end" else "play"
        if m.tracked(state):
            return f"Printed cards: tap the one you {verb} · hold to read"
        return f"Tap a card to {verb} it · hold to read"

    def new_card(self, card_id: str) -> HandCard:
        widget = HandCard()
        widget.bind(on_release=self.tapped)
        self.cards[card_id] = widget
        return widget

    def overflowed(self) -> None:
        """The board needs more room than it has even without traits: the results
        shrink to the latest line, then go with the prompt's hint (the cover showed
        them all, the log keeps them); hand cards widen to keep their chips on a line."""
        if self.tight < 2:
            self.tight += 1
            Clock.schedule_once(self.redraw, 0)

    # -- taps ------------------------------------------------------------------------
    def tapped(self, widget) -> None:
        state = self.state
        if state["await"] is None or widget.thing is None:
            return
        picks = Picks(state, self.app.controller.legal(), self.sel)
        answer, value = picks.tap(widget.thing)
        if answer == "act":
            self.act(value)
        elif answer == "sel":
            self.select(value)
        else:
            self.sheet.prompt = value

    def cancel(self) -> None:
        self.select([])


__all__ = ["AatTable"]
