"""Attack the Tower's table in the shell's frame (companion.app.frame): both boards at
a glance (board.py), the prompt sheet, and the hand strip with the acting player's
cards, playable first. Things are chosen by tapping them (picks.py): a card, then a
slot to build on; a base to recruit on; a territory of yours, then the one to attack.

The battle calculator: with an attack's two territories tapped, the sheet shows each
side's initiative and regular damage before it is declared (calc.py); in the battle,
the strip between the boards says the step and what each side has left to give, the
pieces marked to die are struck through, unmanned bases say so, and each player taps
what their damage destroys (or Suggested). The battle's lines stay in the sheet until
the next action. A renewal names both players' steps as it walks through them."""

from __future__ import annotations

from pathlib import Path

from kivy.clock import Clock
from kivy.core.text import Label as CoreLabel
from kivy.lang import Builder
from kivy.metrics import dp, sp
from kivy.properties import BooleanProperty, ColorProperty, NumericProperty, StringProperty
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.button import Button
from kivy.uix.gridlayout import GridLayout
from kivy.utils import get_color_from_hex

from companion.app import theme
from companion.app.frame import Move, TableFrame, end_turn_move
from companion.app.zoom import Holdable
from companion.core import printed
from companion.games.att import calc, view
from companion.games.att.board import AttBoard
from companion.games.att.data import GAME_ID, tables
from companion.games.att.picks import Picks, selection_words

Builder.load_file(str(Path(__file__).with_name("table.kv")))

TABLET_SP = 18  # a hand card's words in a tablet's side column: its room goes to reading

RENEWAL_STEPS = {"abilities": "abilities", "recruit": "recruits", "place": "recruits",
                 "draw": "draw two", "discard": "draw two", "build": "build"}


class AttCard(Holdable, ButtonBehavior, BoxLayout):
    """A card of the hand: its title on its troop type's colour and what it does, in
    its printed words (an ability's text, a base's troop), so no card must be held to
    be read; dimmed while it cannot be played. Held, it opens as printed."""

    title = StringProperty("")
    words = StringProperty("")
    fill = ColorProperty((0.3, 0.3, 0.3, 1))
    ready = BooleanProperty(True)
    chosen = BooleanProperty(False)
    text_sp = NumericProperty(14)  # a tablet's side column reads larger (TABLET_SP)


def text_height(text: str, width: float, bold: bool = False, size: float = 14) -> float:
    """The height of `size` sp text wrapped to `width`, as a Label draws it."""
    core = CoreLabel(text=text, font_size=sp(size), bold=bold, text_size=(max(1, width), None))
    core.refresh()
    return core.content_size[1]


def card_height(card: AttCard, width: float) -> float:
    """A hand card as tall as its title and words at `width` (table.kv's padding)."""
    inner = width - dp(12)
    return dp(8) + text_height(card.title, inner, True, card.text_sp) + dp(5) + \
        text_height(card.words, inner, False, card.text_sp) + dp(6)


def kind(state: dict) -> str | None:
    return state["await"]["kind"] if state["await"] else None


def results(session) -> list[str]:
    """A battle's lines while it goes on and after it until the next action; otherwise
    what the latest action did."""
    state = session.state
    if state["battle"] is not None:
        return state["battle"]["lines"][-4:]
    events = session.events[-1] if session.actions else []
    if any(e.get("kind") in ("battle_end", "game_over") for e in events) and state["last"]:
        return state["last"]["lines"][-5:]
    return [e["text"] for e in events if not e.get("private") and e.get("text")][-3:]


def renewal_words(state: dict) -> str:
    """Whose renewal steps are left, the current one first ("" outside a renewal)."""
    if not state["started"]:
        return ""
    steps: list[tuple[int, str]] = []
    for task in reversed(state["tasks"]):  # the current one first
        step = RENEWAL_STEPS.get(task["do"])
        if step and (not steps or steps[-1] != (task["p"], step)):
            steps.append((task["p"], step))
    if not steps:
        return ""
    names = view.names(state)
    seat = steps[0][0]
    mine = [step for p, step in steps if p == seat]
    words = f"Renewal: {names[seat]} {', '.join(dict.fromkeys(mine))}"
    if any(p != seat for p, _ in steps):
        words += f"; then {names[1 - seat]}"
    return words


class AttTable(TableFrame):
    picks_class = Picks

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.side_share = 0.4
        self.board = AttBoard(on_tap=self.tapped)
        self.set_board(self.board)
        self.sel: tuple = ()
        self.sel_for = -1
        self.tight = 0  # how much the sheet gives up for a board short of room
        self.tight_by: dict = {}  # the most a prompt of each kind gave up (no frame lost)
        self.session = None  # the game tight_by was learnt in
        self.measure = Clock.create_trigger(self.measured, 0)
        self.board.bind(size=self.measure)

    # -- drawing -------------------------------------------------------------------------
    def refresh(self):
        controller = self.app.controller
        state = controller.state
        moves = len(controller.session.actions)
        if controller.session is not self.session:  # another game: its own room
            self.session, self.tight_by = controller.session, {}
        if moves != self.sel_for:
            self.sel, self.sel_for, self.tight = (), moves, self.tight_by.get(kind(state), 0)
        picks = Picks(state, controller.legal() if state["await"] else [], self.sel)
        self.sel = picks.sel
        near = state["await"]["player"] if state["await"] else state["first"]
        self.board.show(state, picks.lit_slots(), picks.chosen(), near, self.strip(state))
        keep = (6, 2, 0)[self.tight]  # result lines the sheet keeps
        if state["await"] is None:
            self.sheet.show(view.prompt(state), results(controller.session)[-keep:] if keep
                            else [])
            self.hand.show("", [])
            return
        prompt = selection_words(state, picks) if picks.sel else view.prompt(state)
        lines = results(controller.session)[-keep:] if keep else []
        attack = picks.attack()
        if attack:
            prompt = "The calculator, before you decide: attack, or Cancel"
            lines = calc.preview_lines(state, state["await"]["player"], *attack)
        offered = picks.buttons()
        keys = [a for a in offered if a["type"] == "draw"]
        buttons = [self.move(state, picks, a) for a in offered
                   if a["type"] not in ("draw", "end_turn")]
        if picks.sel:
            buttons.append(Move("Cancel", lambda: self.select(())))
        buttons += [self.move(state, picks, a) for a in offered if a["type"] == "end_turn"]
        self.sheet.show(prompt, lines, buttons, extra=self.draw_keys(keys) if keys else None)
        self.draw_hand(state, picks)

    def move(self, state: dict, picks: Picks, action: dict) -> Move:
        """A button: the main moves primary; ending the turn secondary, and asked first
        while a territory can still attack (issue 33)."""
        label = view.label(state, action)
        if action["type"] in ("done", "stop", "pass", "burn"):  # stopping (or starting
            # again: keeping the hand is the main move) is never the main move
            return Move(label, lambda: self.act(action))
        if action["type"] != "end_turn":
            return Move(label, lambda: self.act(action), "primary")
        legal = [a for _, a in picks.paths]
        return end_turn_move(label, lambda: self.act(action), view.unfinished(state, legal))

    def draw_keys(self, actions: list) -> GridLayout:
        """How many cards from the base pile (the rest from the abilities'): one key a
        count, in a row."""
        grid = GridLayout(cols=len(actions), spacing=dp(6), size_hint_y=None, height=dp(52))
        for action in actions:
            key = Button(text=str(action["bases"]), font_size="20sp", bold=True,
                         background_normal="", background_color=theme.PANEL_HI,
                         color=theme.TEXT)
            key.action = action
            key.bind(on_release=lambda *_a, a=action: self.act(a))
            grid.add_widget(key)
        return grid

    def measured(self, *_args) -> None:
        """A base slot below a finger's 48 dp: the sheet gives up its results, in two
        steps, until the next action; a prompt of the same kind starts there (a frame
        drawn and drawn again at every draw of a card is a slower tap)."""
        if self.showing and self.board.shortest() < dp(48) - 0.5 and self.tight < 2:
            self.tight += 1
            state = self.app.controller.state
            self.tight_by[kind(state)] = max(self.tight_by.get(kind(state), 0), self.tight)
            self.refresh()

    def strip(self, state: dict) -> str:
        if state["battle"] is not None:
            return calc.step_words(state)
        return renewal_words(state)

    def draw_hand(self, state: dict, picks: Picks) -> None:
        seat = view.private_seat(state)
        if seat is None:
            self.hand.show("", [])
            return
        player = state["players"][seat]
        playable = picks.playable()
        chosen = {tap[1] for tap in picks.sel if tap[0] == "card"}
        order = sorted(player["hand"], key=lambda c: (c not in playable, c))
        width = self.card_width()
        cards = [self.card(player["army"], card, card in playable or card in chosen,
                           card in chosen, width) for card in order]
        self.hand.card_height = max((card_height(c, width) for c in cards), default=dp(84))
        title = f"{player['name']}'s hand ({len(cards)}): tap a lit card; hold one to " \
                "see it as printed"
        self.hand.show(title if cards else "", cards)

    def card_width(self) -> float:
        """A phone: two cards in sight, the strip scrolls to the rest; a tablet: two to
        a row of the side column."""
        if not self.landscape:
            return dp(190)
        return max(dp(150), min(dp(260), (self.width * self.side_share - dp(24)) / 2))

    def card(self, army: str, card: str, ready: bool, chosen: bool, width: float) -> AttCard:
        """A hand card: its title and its words (held: the printed card)."""
        colour, _kind = view.card_kind(army, card)
        widget = AttCard(title=view.card_title(army, card), words=view.card_words(army, card),
                         fill=get_color_from_hex(printed.game(GAME_ID).vars["kinds"][colour]["color"]),
                         ready=ready, chosen=chosen, width=width,
                         text_sp=TABLET_SP if self.landscape else 14)
        deck = "bases" if card in tables().armies[army].bases else "abilities"
        widget.piece = (f"{army}-{deck}", card)
        widget.card_id = card
        widget.bind(on_release=lambda w: self.tapped(("card", w.card_id)))
        return widget

