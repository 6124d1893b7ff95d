"""A declared game's table in the shell's frame (companion.app.frame), made from the
declaration alone: the board (board.py: the players as they sit, the shared counters
and piles, the acting player's counters and zones), the prompt sheet (whose turn and
phase and what a tap does now, a prompt to discard down, the next phase and the end
of the turn) and the hand strip: the acting player's cards as printed (cards.py).
Tap a card for what can be done with it; hold it to read it large. With printed
cards no zone is shown: "A card was played" says which, from the game's cards."""

from __future__ import annotations

from kivy.clock import Clock
from kivy.core.window import Window
from kivy.metrics import dp

from companion.app.frame import Move, TableFrame, end_turn_move
from companion.declared import dialogs, view
from companion.declared.board import DeclaredBoard
from companion.declared.cards import CARD_SHAPE, card_actions, card_widget, tapped

HINTS = (("draw", "tap a pile to draw"), ("play", "tap a card to play it"),
         ("told", "say which card was played"))


class DeclaredTable(TableFrame):
    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.board = DeclaredBoard()
        self.set_board(self.board)
        self.resized = Clock.create_trigger(self.redraw, -1)  # a phone turned, a window sized
        self.fbind("landscape", self.resized)
        self.shown_cards = 0
        self.sheet.fbind("height", self.sheet_sized)

    def redraw(self, *_args) -> None:
        """The hand's cards are sized for the window's shape: drawn again."""
        if self.parent is not None and self.app.controller.session is not None:
            self.refresh()

    def say(self, text: str) -> None:
        """Why a tap did nothing, where the prompt is read."""
        self.sheet.prompt = text

    # -- drawing ---------------------------------------------------------------------
    def refresh(self) -> None:
        controller = self.app.controller
        state = controller.state
        wait = state["await"]
        legal = controller.legal() if wait else []
        self.board.show(state, legal, self)
        keep = (3, 3, 1, 1, 0)[self.board.level]  # the log keeps them all
        results = [e["text"] for e in controller.recent if not e.get("private")][-keep:]
        if wait is None:
            self.sheet.show(view.prompt(state), results)
            self.hand.show("", [])
            return
        if wait["kind"] == "discard":
            cards = state["zones"][wait["from"]]
            self.sheet.show(view.prompt(state) + ": tap a card to discard it", results)
            self.show_hand(state, legal, cards, f"{view.zone_words(state, wait['from'])}"
                                                f" ({len(cards)})")
            return
        self.sheet.show(self.prompt(state, legal), results, self.moves(state, legal))
        hand = self.hand_key(state, wait["player"])
        if not state["tracked"] or hand is None:
            self.hand.show("", [])
            return
        cards = state["zones"][hand]
        self.show_hand(state, legal, cards, f"{view.zone_words(state, hand)} ({len(cards)})"
                                            " · hold a card to read it")

    def prompt(self, state: dict, legal: list) -> str:
        """Whose turn and phase, and what a tap does now."""
        kinds = {a["type"] for a in legal}
        hints = [hint for kind, hint in HINTS if kind in kinds]
        said = view.prompt(state)
        if not hints:
            return said
        return said.replace(": ", " · ", 1) + ": " + ", ".join(hints)  # one colon

    def moves(self, state: dict, legal: list) -> list[Move]:
        """The sheet's buttons: which printed card was played (printed cards), the next
        phase (when there is one) and the end of the turn. The main move is primary (the
        card told, else going on to the next phase); ending the turn never is, and asks
        first while the turn is not done (`unfinished`)."""
        moves = []
        told = [a for a in legal if a["type"] == "told"]
        if told:
            moves.append(Move("A card was played...",
                              lambda: dialogs.told_sheet(self, state, told), "primary"))
        for action in legal:
            if action["type"] == "phase" and view.label(state, action) != "End turn":
                later = view.phases_left(state)[0]["name"]
                moves.append(Move(f"Next phase: {later}", lambda a=action: self.act(a),
                                  "normal" if told else "primary"))
            elif action["type"] == "pass":
                moves.append(end_turn_move("End turn", lambda a=action: self.act(a),
                                           self.unfinished(state, legal)))
        return moves

    def unfinished(self, state: dict, legal: list) -> str:
        """Why ending the turn now may be a slip: phases of the turn are left (ending
        the turn skips them), or a card could be played in the last and none was."""
        who = state["players"][state["await"]["player"]]["name"]
        left = view.phases_left(state)
        if left:
            names = view.and_list([phase["name"] for phase in left])
            return f"{who} still has the {names} phase{'s' if len(left) > 1 else ''}"
        playable = any(a["type"] in ("play", "told") for a in legal)
        if not playable or self.played_this_turn(state):
            return ""
        return f"{who} has played no card"

    def played_this_turn(self, state: dict) -> bool:
        session = self.app.controller.session
        number = state["turn"]["number"]
        for before, action in zip(reversed(session.states[:-1]), reversed(session.actions),
                                  strict=False):
            if before["turn"]["number"] != number:
                return False
            if action.get("type") in ("play", "told"):
                return True
        return False

    @staticmethod
    def hand_key(state: dict, seat: int) -> str | None:
        key = view.decl_of(state).role_key("hand", seat)
        return key if key in state["zones"] else None

    def show_hand(self, state: dict, legal: list, cards: list, title: str) -> None:
        actions = {card: card_actions(state, legal, card) for card in cards}
        widgets = []
        height = self.card_height(len(cards))
        wait = state["await"]
        main = "discard" if wait and wait["kind"] == "discard" else "play"  # a tap's move
        for card in sorted(cards, key=lambda c: not actions[c]):  # what can be done first
            lit = any(action["type"] == main for action in actions[card])
            widget = card_widget(state, card, height, lit=lit)
            widget.bind(on_release=lambda *_a, c=card: tapped(self, state, legal, c,
                                                              actions[c]))
            widgets.append(widget)
        self.hand.card_height = height
        self.hand.show(title if cards else title.split(" (")[0] + " is empty", widgets)
        self.shown_cards = len(cards)

    def card_height(self, count: int) -> float:
        """A phone: one row to scroll, smaller when the board is short of room. A tablet:
        rows beside the board, the cards as large as lets them all fit under the sheet."""
        if not self.landscape:
            return dp(150) if self.board.level < 3 else dp(120)
        width = Window.width * self.side_share - dp(16)  # the frame's own may lag
        room = self.height - self.sheet.height - dp(40)
        for height in range(300, 95, -5):
            per_row = max(1, int((width + dp(6)) // (dp(height) * CARD_SHAPE + dp(6))))
            rows = -(-count // per_row)
            if rows * (dp(height) + dp(6)) <= room:
                break
        return dp(height)

    def sheet_sized(self, *_args) -> None:
        """The sheet's height settles after the hand is drawn: the hand fits again."""
        if self.landscape and self.hand.ids.row.children and \
                self.card_height(self.shown_cards) != self.hand.card_height:
            self.refresh()
