"""The table screen of any declared game, on the shell's frame (companion.app.frame):
the board (board.py: the table's and each player's counters and piles), the prompt sheet
(the prompt, the latest results, the moves: roll a die, next phase, end the turn; for a
card chosen in the hand, what may be done with it) and the hand strip (the acting
player's cards). With the printed cards the sheet lists the cards to say which was
played. What the declaration does not judge stays open: any counter can be changed."""

from __future__ import annotations

from kivy.metrics import dp
from kivy.uix.gridlayout import GridLayout

from companion.app.frame import Move, TableFrame
from companion.app.widgets import BigButton
from companion.declared import view
from companion.declared.board import DeclaredBoard, DeclaredCard

CARD_VERBS = {"play": "Play", "discard": "Discard", "reveal": "Show / hide",
              "return": "Back on the pile"}


def card_details(fields: dict) -> str:
    """A card's short printed fields, a line each (long texts are for the held card)."""
    lines = []
    for key, value in fields.items():
        if isinstance(value, list):
            value = ", ".join(map(str, value))
        if key in ("name", "id") or value in ("", None) or len(str(value)) > 24:
            continue
        lines.append(f"{key}: {value}")
    return "\n".join(lines[:4])


class DeclaredTable(TableFrame):
    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.board = DeclaredBoard()
        self.set_board(self.board)
        self.sel = None  # the card chosen in the hand

    @property
    def state(self) -> dict:
        return self.app.controller.state

    def refresh(self):
        state = self.state
        table = view.table_of(state["game"])
        self.board.show(table, state, self)
        results = [e["text"] for e in self.app.controller.recent if not e.get("private")][-3:]
        if state["await"] is None:
            self.sheet.show(view.result(state), results)
            self.hand.show("", [])
            return
        legal = self.app.controller.legal()
        hand = [a["card"] for a in legal if a["type"] in ("play", "discard", "reveal", "return",
                                                         "move")]
        if self.sel not in hand:
            self.sel = None
        prompt = view.prompt(state)
        if self.sel is not None:
            self.sheet.show(f"{view.card_name(state, self.sel)}: what happens to it?", results,
                            self.card_moves(state, legal))
        elif state["await"]["kind"] == "discard":
            self.sheet.show(prompt + ": tap a card", results)
        else:
            told = [a for a in legal if a["type"] == "told"]
            self.sheet.show(prompt, results, self.turn_moves(table, legal),
                            extra=self.told_grid(state, told) if told else None)
        self.show_hand(state, table, legal)

    # -- the sheet's moves ------------------------------------------------------------------
    def turn_moves(self, table, legal) -> list:
        moves = [Move(f"Roll the {table.dice[a['die']]['name']}", lambda a=a: self.act(a))
                 for a in legal if a["type"] == "roll"]
        if len(table.phases) > 1:
            moves.append(Move("Next phase", lambda: self.act({"type": "phase"})))
        moves.append(Move("End the turn", lambda: self.act({"type": "pass"}), tone="primary"))
        return moves

    def card_moves(self, state, legal) -> list:
        moves = []
        for action in legal:
            if action.get("card") != self.sel:
                continue
            if action["type"] in CARD_VERBS:
                moves.append(Move(CARD_VERBS[action["type"]], lambda a=action: self.act(a),
                                  tone="primary" if action["type"] == "play" else "normal"))
            elif action["type"] == "move":
                moves.append(Move(f"To {view.zone_name(state, action['to'])}",
                                  lambda a=action: self.act(a)))
        moves.append(Move("Keep it", lambda: self.select(None)))
        return moves

    def told_grid(self, state, told: list) -> GridLayout:
        """The printed cards: which one was played (its effects then happen)."""
        grid = GridLayout(cols=3 if self.landscape else 2, spacing=dp(6), size_hint_y=None)
        grid.bind(minimum_height=grid.setter("height"))
        for action in told:
            button = BigButton(text=f"Played: {view.card_name(state, action['card'])}")
            button.bind(on_release=lambda *_a, a=action: self.act(a))
            grid.add_widget(button)
        return grid

    # -- taps on the board and the hand -----------------------------------------------------
    def change(self, counter: dict, seat, sign: int) -> None:
        action = {"type": "change", "counter": counter["id"], "amount": sign * counter["step"]}
        self.act(action if seat is None else dict(action, seat=seat))

    def zone_tapped(self, key: str) -> None:
        state = self.state
        if state["await"] is None:
            return
        draw = next((a for a in self.app.controller.legal() if a["type"] == "draw" and
                     a["zone"] == key), None)
        if draw is not None:
            self.act(draw)
            return
        table = view.table_of(state["game"])
        zone = table.zone_of(key)[0]
        cards = state["zones"][key]
        if zone["show"] == "public" or (zone["show"] == "private" and
                                        table.zone_of(key)[1] == state["await"]["player"]):
            names = ", ".join(table.card(c)["name"] for c in cards) or "no cards"
            self.sheet.prompt = f"{view.zone_name(state, key)}: {names}"
        else:
            self.sheet.prompt = f"{view.zone_name(state, key)}: {len(cards)} cards, face down"

    def show_hand(self, state, table, legal) -> None:
        seat = state["await"]["player"]
        key = table.role_key("hand", seat) if state["tracked"] else None
        cards = state["zones"].get(key, []) if key else []
        width = dp(112)
        if self.landscape:
            width = max(width, min(dp(200), (self.width * self.side_share - dp(24)) / 3))
        tiles = []
        for card in cards:
            data = table.card(card)
            details = card_details(data["fields"])
            tile = DeclaredCard(name=data["name"], details=details, width=width,
                                selected=card == self.sel)
            tile.card = card
            tile.piece = (data["component"], data["item"])  # held: the card as printed
            tile.bind(on_release=lambda *_a, c=card: self.card_tapped(c))
            tiles.append(tile)
        self.hand.card_height = max(dp(100), width * 0.9)
        title = f"{view.zone_name(state, key)} ({len(cards)}): tap a card, hold to read it" \
            if key else ""
        self.hand.show(title, tiles)

    def card_tapped(self, card: str) -> None:
        wait = self.state["await"]
        if wait and wait["kind"] == "discard":
            self.act({"type": "discard", "card": card})
        else:
            self.select(None if card == self.sel else card)

    def act(self, action) -> None:
        self.sel = None
        super().act(action)
