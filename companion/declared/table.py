"""A declared game's table in the shell's frame (companion.app.frame), made from the
declaration alone: the board (board.py: players, counters, piles and open zones), the
prompt sheet (whose turn and phase, a prompt to discard down, the next phase and the
end of the turn), and the hand strip: the acting player's cards as printed (their
pictures, companion.cardart, or a drawn card with the name and fields where none can
be had). Tap a card for what can be done with it (one thing: done at once; several: a
small menu); hold it to read it large. With printed cards no zone is shown: "A card
was played" lists the game's cards to say which."""

from __future__ import annotations

from pathlib import Path

from kivy.core.window import Window
from kivy.lang import Builder
from kivy.metrics import dp
from kivy.properties import StringProperty
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.modalview import ModalView
from kivy.uix.stacklayout import StackLayout

from companion.app.frame import Move, TableFrame
from companion.app.widgets import BigButton
from companion.app.zoom import Holdable
from companion.declared import view
from companion.declared.board import DeclaredBoard
from companion.declared.widgets import choose, picture

Builder.load_file(str(Path(__file__).with_name("table.kv")))

CARD_SHAPE = 0.72  # width over height of a poker card (63 x 88 mm)
WORDS = 3  # fields a drawn card shows besides its name


class DeclaredCard(Holdable, ButtonBehavior, BoxLayout):
    """A card as printed (its picture), or drawn: its name and a few short fields."""

    source = StringProperty("")
    name = StringProperty("")
    words = StringProperty("")


def card_widget(state: dict, card_id: str, height: float) -> DeclaredCard:
    data = view.card(state, card_id) or {"component": "", "item": "", "name": card_id,
                                          "fields": {}}
    fields = [f"{k}: {v}" for k, v in data["fields"].items()
              if k not in ("name", "id") and isinstance(v, int | str) and len(str(v)) <= 18]
    widget = DeclaredCard(name=str(data["name"]), words="\n".join(fields[:WORDS]),
                          size_hint=(None, None), height=height, width=height * CARD_SHAPE)
    if data["component"]:
        widget.source = picture(state["folder_game"], data["component"], data["item"])
        widget.piece = (data["component"], data["item"])
    return widget


class DeclaredTable(TableFrame):
    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.board = DeclaredBoard()
        self.set_board(self.board)

    def refresh(self) -> None:
        controller = self.app.controller
        state = controller.state
        wait = state["await"]
        legal = controller.legal() if wait else []
        self.board.show(state, legal, self)
        results = [e["text"] for e in controller.recent if not e.get("private")][-3:]
        if wait is None:
            self.sheet.show(view.prompt(state), results)
            self.hand.show("", [])
            return
        if wait["kind"] == "discard":
            self.sheet.show(view.prompt(state) + ": tap a card", results)
            self.show_hand(state, state["zones"][wait["from"]],
                           {c: [{"type": "discard", "card": c}] for c in
                            state["zones"][wait["from"]]}, "Tap the cards to discard")
            return
        moves = []
        if not state["tracked"]:
            told = [a for a in legal if a["type"] == "told"]
            if told:
                moves.append(Move("A card was played...", lambda: self.pick_told(state, told),
                                  "primary"))
        for action in legal:
            if action["type"] in ("phase", "pass") and not (
                    action["type"] == "phase" and view.label(state, action) == "End turn"):
                moves.append(Move(view.label(state, action),
                                  lambda a=action: self.act(a)))
        self.sheet.show(view.prompt(state), results, moves)
        hand = self.hand_key(state, wait["player"])
        if not state["tracked"] or hand is None:
            self.hand.show("", [])
            return
        by_card: dict = {}
        for action in legal:
            if action.get("card") in state["zones"][hand]:
                by_card.setdefault(action["card"], []).append(action)
        self.show_hand(state, state["zones"][hand], by_card,
                       "Your hand: tap a card to play it, hold it to read it")

    @staticmethod
    def hand_key(state: dict, seat: int) -> str | None:
        for zone in view.zones(state, seat):
            if zone["role"] == "hand" and zone["owner"] in (seat, None):
                return zone["key"]
        return None

    def show_hand(self, state: dict, cards: list, by_card: dict, title: str) -> None:
        height = dp(150)
        if self.landscape:
            width = (Window.width * self.side_share - dp(24)) / 3  # the frame's may lag
            height = max(dp(150), min(dp(300), width / CARD_SHAPE))
        ordered = sorted(cards, key=lambda c: not by_card.get(c))  # playable first
        widgets = []
        for card in ordered:
            widget = card_widget(state, card, height)
            widget.bind(on_release=lambda *_a, c=card: self.card_tapped(state, c,
                                                                       by_card.get(c, [])))
            widgets.append(widget)
        self.hand.card_height = height
        self.hand.show(f"{title} ({len(cards)})" if cards else "Your hand is empty", widgets)

    def card_tapped(self, state: dict, card: str, actions: list) -> None:
        name = view.card(state, card)["name"] if view.card(state, card) else card
        if not actions:
            self.sheet.prompt = f"Nothing to do with {name} now"
        elif len(actions) == 1:
            self.act(actions[0])
        else:
            choose(name, [(view.label(state, a), lambda a=a: self.act(a)) for a in actions])

    def pick_told(self, state: dict, told: list) -> None:
        choose("Which card was played?",
               [(view.label(state, a), lambda a=a: self.act(a)) for a in told])

    def show_zone(self, zone: dict) -> None:
        """An open zone's cards, large enough to read; tap one for what can be done."""
        state = self.app.controller.state
        legal = self.app.controller.legal() if state["await"] else []
        popup = ModalView(size_hint=(0.94, 0.8))
        box = BoxLayout(orientation="vertical", padding=dp(8), spacing=dp(8))
        grid = StackLayout(spacing=dp(6))
        for card in zone["cards"]:
            widget = card_widget(state, card, dp(160))
            actions = [a for a in legal if a.get("card") == card]
            widget.bind(on_release=lambda *_a, c=card, a=actions: (
                popup.dismiss(), self.card_tapped(state, c, a)))
            grid.add_widget(widget)
        box.add_widget(grid)
        close = BigButton(text=f"Close ({zone['name']}: {zone['count']})", tone="primary")
        close.bind(on_release=lambda *_a: popup.dismiss())
        box.add_widget(close)
        popup.add_widget(box)
        popup.open()
