"""Top-Secret's table in the shell's frame (companion.app.frame): the board as it
prints with every piece (board.py) and, above it, the scores, the actions left
and the bag; the prompt sheet; the hand strip holds the roster while spawning.

The trickle is the centre of the screen: after the dice, every piece that moved
has its arrow on the board and its reason in the sheet, and both stay until the
player goes on, so the table can move the physical pieces to match. A tap on one
of your agents lights what it can do (picks.py); a tap on a lit space does it."""

from __future__ import annotations

from pathlib import Path

from kivy.lang import Builder
from kivy.metrics import dp
from kivy.properties import ColorProperty, NumericProperty, StringProperty
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.button import Button
from kivy.uix.gridlayout import GridLayout
from kivy.utils import get_color_from_hex

from companion.app.frame import Move, TableFrame
from companion.app.icons import PrintedIcon
from companion.app.zoom import Holdable
from companion.core import printed
from companion.games.ts import view
from companion.games.ts.board import TsBoard
from companion.games.ts.data import GAME_ID, tables
from companion.games.ts.geometry import OFF
from companion.games.ts.picks import MODES, Picks

Builder.load_file(str(Path(__file__).with_name("table.kv")))


class TsIcon(PrintedIcon):
    shapes = staticmethod(lambda name: printed.game(GAME_ID).icons[name])


class TsKind(Holdable, ButtonBehavior, BoxLayout):
    """A kind of agent in the roster (spawning): its pictogram, name and count."""

    kind = StringProperty("")
    title = StringProperty("")
    count = NumericProperty(0)
    fill = ColorProperty((0, 0, 0, 1))
    ink = ColorProperty((1, 1, 1, 1))
    chosen = NumericProperty(0)


class TsHeader(BoxLayout):
    scores = StringProperty("")
    status = StringProperty("")


class TsTable(TableFrame):
    picks_class = Picks

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.side_share = 0.36
        self.column = BoxLayout(orientation="vertical", spacing=dp(4))
        self.header = TsHeader()
        self.board = TsBoard()
        self.column.add_widget(self.header)
        self.column.add_widget(self.board)
        self.set_board(self.column)
        for space in self.board.spaces:
            space.bind(on_release=lambda w: self.tapped(w.space))
        self.sel: dict = {}
        self.sel_for = -1

    # -- drawing -------------------------------------------------------------------------------
    def refresh(self):
        controller = self.app.controller
        state = controller.state
        moves = len(controller.session.actions)
        if moves != self.sel_for:
            self.sel, self.sel_for = {}, moves
        self.header.scores = view.scores(state)
        left = state["actions"] if state["await"] and state["await"]["kind"] == "act" else "-"
        self.header.status = f"Actions left {left}   ·   Bag {len(state['bag'])}   ·   " \
                             f"Round {state['round']}"
        picks = Picks(state, controller.legal() if state["await"] else [], self.sel)
        self.board.show(state, picks.lit() if state["await"] else {}, self.arrows())
        self.draw_sheet(state, picks)

    def arrows(self) -> list:
        """The last trickle's moves, while the player has not gone on from it."""
        session = self.app.controller.session
        last = session.actions[-1]["type"] if session.actions else ""
        state = session.state
        if last not in ("trickle", "roll") or not state.get("last"):
            return []
        colours = printed.game(GAME_ID).vars["colours"]
        out = []
        for move in state["last"]["moves"]:
            if move["to"] == move["from"]:
                continue
            tile = tables().intel[move["intel"]]
            colour = get_color_from_hex(colours[tile.colour]["fill"])
            out.append((move["from"], move["to"] if move["to"] != OFF else OFF, colour))
        return out

    def results(self) -> list[str]:
        if self.arrows():
            lines = view.trickle_lines(self.app.controller.state)
            notable = [line for line in lines if not line.endswith(("(fell)", "(caught)"))] + \
                [line for line in lines if line.endswith("(caught)")]
            return notable[:6] + ([f"... {len(notable) - 6} more"] if len(notable) > 6 else [])
        return [e["text"] for e in self.app.controller.recent if not e.get("private")][-3:]

    def draw_sheet(self, state: dict, picks: Picks) -> None:
        wait = state["await"]
        if wait is None:
            self.sheet.show(view.prompt(state), self.results())
            self.hand.show("", [])
            return
        kind = wait["kind"]
        if kind == "trickle":
            self.sheet.show(view.prompt(state), self.results(),
                            [Move("Draw two Intel and roll the dice", self.trickle, "primary")])
        elif kind in ("draw", "analyst_draw"):
            self.sheet.show(view.prompt(state), self.results(),
                            extra=self.intel_picker(self.app.controller.legal()))
        elif kind == "roll":
            self.sheet.show(view.prompt(state), self.results(),
                            extra=self.die_keys(wait["die"]))
        elif kind == "keep":
            self.sheet.show(view.prompt(state), self.results(),
                            [Move("Keep it", lambda: self.act({"type": "keep", "keep": True}),
                                  "primary"),
                             Move("Put it back", lambda: self.act({"type": "keep",
                                                                   "keep": False}))])
        elif kind == "spawn":
            self.sheet.show(picks.prompt(), self.results(),
                            [Move("Go on to the actions", lambda: self.act({"type": "done"}))])
        else:
            self.sheet.show(picks.prompt(), self.results(), self.act_moves(picks))
        self.show_roster(state, kind)

    def act_moves(self, picks: Picks) -> list:
        out = []
        for words, action in picks.choices():
            out.append(Move(words, lambda a=action: self.act(a), "primary"))
        if out:
            return out + [Move("Cancel", lambda: self.select({"agent": self.sel["agent"]}))]
        agent = self.sel.get("agent")
        if agent:
            for mode in picks.modes():
                if mode != picks.mode():
                    out.append(Move(MODES[mode], lambda m=mode: self.select(
                        {"agent": agent, "mode": m})))
            if picks.can_retire():
                out.append(Move("Retire: score what it holds",
                                lambda: self.act({"type": "retire", "agent": agent}),
                                "primary"))
        return out + [Move("End the turn", lambda: self.act({"type": "end_turn"}),
                           "danger" if self.app.controller.state["actions"] else "primary")]

    def show_roster(self, state: dict, kind: str) -> None:
        if kind != "spawn":
            self.hand.show("", [])
            return
        seat = state["await"]["player"]
        team = ("black", "white")[seat]
        look = printed.game(GAME_ID).vars["teams"][team]
        cards = []
        for name, count in state["players"][seat]["roster"].items():
            if not count:
                continue
            card = TsKind(kind=name, title=tables().kind_names[name], count=count,
                          fill=get_color_from_hex(look["fill"]),
                          ink=get_color_from_hex(look["ink"]),
                          chosen=int(self.sel.get("kind") == name), width=dp(104))
            card.piece = ("agents", f"{team}-{name}-1")
            card.bind(on_release=lambda w: self.select({"kind": w.kind}))
            cards.append(card)
        self.hand.card_height = dp(112)
        self.hand.show("Your roster: tap a kind, then a lit * tile (hold to read)", cards)

    def intel_picker(self, legal: list) -> GridLayout:
        """The kinds of Intel still in the bag, each as its tile: the one drawn."""
        grid = GridLayout(cols=6 if self.landscape else 5, spacing=dp(4), size_hint_y=None)
        grid.bind(minimum_height=grid.setter("height"))
        colours = printed.game(GAME_ID).vars["colours"]
        for action in legal:
            colour, _, value = action["intel"].partition("-")
            look = colours[colour]
            key = Button(text="Honey-\npot" if value == "honeypot" else value,
                         font_size="14sp" if value == "honeypot" else "20sp", halign="center",
                         bold=True, size_hint_y=None, height=dp(52), background_normal="",
                         background_color=get_color_from_hex(look["fill"]),
                         color=get_color_from_hex(look["ink"]))
            key.action = action
            key.bind(on_release=lambda *_a, a=action: self.act(a))
            grid.add_widget(key)
        return grid

    def die_keys(self, colour: str) -> GridLayout:
        look = printed.game(GAME_ID).vars["colours"][colour]
        grid = GridLayout(cols=6 if self.landscape else 3, spacing=dp(6), size_hint_y=None)
        grid.bind(minimum_height=grid.setter("height"))
        for value in range(1, 7):
            key = Button(text=f"{value}  {'left' if value % 2 else 'right'}", font_size="20sp",
                         bold=True, size_hint_y=None, height=dp(56), background_normal="",
                         background_color=get_color_from_hex(look["fill"]),
                         color=get_color_from_hex(look["ink"]))
            key.action = {"type": "roll", "value": value}
            key.bind(on_release=lambda *_a, v=value: self.act({"type": "roll", "value": v}))
            grid.add_widget(key)
        return grid

    def trickle(self) -> None:
        self.act({"type": "trickle"})
