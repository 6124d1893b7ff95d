"""Top-Secret's table in the shell's frame (companion.app.frame): the board as it
prints with every piece (board.py) and, above it, the players on their sides' colours
with their scores, the actions left and the bag; the prompt sheet; the hand strip holds
the roster while spawning.

The trickle is the centre of the screen: after the dice, the pieces slide from where
they were, the bottom row first; every piece that moved keeps its arrow and its
reason on the board, the dice that sent them show over the board (each colour's
number and way), the pieces that did more than fall are told in the sheet, and all
of it stays while the player spawns, so the table can move the physical pieces to
match (Replay slides them again, slowly). A tap on one of your agents lights what it
can do (picks.py); a tap on a lit space does it. Ending the turn is never the main
move, and asks first while actions are left."""

from __future__ import annotations

from pathlib import Path

from kivy.clock import Clock
from kivy.lang import Builder
from kivy.metrics import dp
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.button import Button
from kivy.uix.gridlayout import GridLayout
from kivy.uix.label import Label
from kivy.uix.widget import Widget
from kivy.utils import get_color_from_hex

from companion.app import measure, theme
from companion.app.frame import Move, TableFrame, end_turn_move
from companion.app.icons import recipe
from companion.core import printed
from companion.core.viewing import acting
from companion.games.ts import pieces, view
from companion.games.ts.board import TEAMS, TsBoard
from companion.games.ts.data import GAME_ID, tables
from companion.games.ts.picks import MODES, Picks
from companion.games.ts.widgets import TsBadge, TsDice, TsHeader, TsKind

Builder.load_file(str(Path(__file__).with_name("table.kv")))

FAST = (0.05, 0.25)  # the trickle as it first shows: a row after another, each piece's slide
SLOW = (0.45, 0.6)  # Replay
# a phone's sheet and hand under the board, at all but a few prompts: the spawn
# prompt's (its roster in two flat rows), so the board is as wide as the screen (not
# the printed bag's Intel picker: six rows of keys would take a sixth of the board at
# every prompt)
RESERVE = dp(240)
TOLD = 48  # dp: a phone's row of what is left to spawn, six pictograms and counts
TOLD_ROW = 6  # kinds a row where they are told
KEY = dp(48)  # a key of the Intel picker: a tap target's height
WARM = 0.05  # between two things made ahead (warm)


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
        self.played = -1  # the trickle (its action's number) slid already
        self.dice = TsDice(size_hint=(None, None), height=dp(30))
        # the players' badges and the roster's kinds, made once and kept up to date (a
        # move makes no widgets it can update)
        self.badge_widgets: list = []
        self.kinds: dict = {}
        for widget, names in ((self, ("height", "landscape")), (self.header, ("height",))):
            for name in names:
                widget.fbind(name, self.keep_steady)
        self.warming = [lambda n=name: recipe(pieces.shapes, n)
                        for name in printed.game(GAME_ID).icons]
        self.warming += [lambda t=team, k=kind: self.kind_card(t, k)
                         for team in TEAMS for kind in tables().kind_names]
        Clock.schedule_once(self.warm, WARM)

    def keep_steady(self, *_args) -> None:
        """A phone's board as large at every prompt, row A at one place: the height the
        board takes is the column's less the header and the room kept for the sheet
        (RESERVE; a taller sheet, as the Intel picker, shrinks it round its top left
        corner: TsBoard.layout). A tablet's has the whole height: its header (the
        players, the dice) heads the side, over the prompt."""
        self.place_header()
        self.board.steady = 0 if self.landscape else max(
            dp(100), self.height - self.header.height - dp(8) - RESERVE)

    def place_header(self) -> None:
        slot = self.ids.column if self.landscape else self.column
        if self.header.parent is not slot:
            if self.header.parent is not None:
                self.header.parent.remove_widget(self.header)
            slot.add_widget(self.header, index=len(slot.children))

    # -- drawing -------------------------------------------------------------------------------
    def refresh(self):
        controller = self.app.controller
        state = controller.state
        moves = len(controller.session.actions)
        if moves != self.sel_for:
            self.sel, self.sel_for = {}, moves
        picks = Picks(state, controller.legal() if state["await"] else [], self.sel)
        shown = self.trickle()
        self.board.show(state, picks.lit() if state["await"] else {}, shown)
        self.show_trickle(state, shown)
        self.draw_sheet(state, picks)

    def badges(self, state: dict) -> list:
        looks = printed.game(GAME_ID).vars["teams"]
        now = state["await"]["player"] if state["await"] else None
        while len(self.badge_widgets) < len(state["players"]):
            look = looks[TEAMS[len(self.badge_widgets)]]
            self.badge_widgets.append(TsBadge(fill=get_color_from_hex(look["fill"]),
                                              color=get_color_from_hex(look["ink"]),
                                              edge=get_color_from_hex(look["line"])))
        out = self.badge_widgets[:len(state["players"])]
        for seat, badge in enumerate(out):
            badge.text, badge.acting = view.badge(state, seat), seat == now
        return out

    def trickle(self) -> list:
        """The last trickle's moves while they are news (view.trickle_shown)."""
        session = self.app.controller.session
        return view.trickle_shown(session.state, session.actions)

    def show_trickle(self, state: dict, shown: list) -> None:
        """The players over the board, and the dice while the trickle is news (or the
        table's dice told so far); its pieces slide the first time it shows."""
        rolling = state["await"] is not None and state["await"]["kind"] == "roll"
        self.dice.faces = TsDice.of(state, rolling)
        self.dice.width = dp(34) * len(self.dice.faces)
        self.header.show(self.badges(state), self.dice if shown or (
            rolling and self.dice.faces) else None)
        if not shown:
            return
        actions = self.app.controller.session.actions
        last = max(i for i, a in enumerate(actions) if a["type"] in ("trickle", "roll"))
        if last != self.played:
            self.played = last
            self.board.play(*FAST)

    def results(self) -> list[str]:
        shown = self.trickle()
        if shown:
            lines = view.trickle_lines(self.app.controller.state, shown)
            return lines[:5] + ([f"... {len(lines) - 5} more"] if len(lines) > 5 else [])
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
                            [Move("Draw two Intel and roll the dice", self.act_trickle,
                                  "primary")])
        elif kind in ("draw", "analyst_draw"):
            # on a phone the picker takes the results' room (the Undo bar tells the last)
            self.sheet.show(view.prompt(state), self.results() if self.landscape else [],
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
                            self.replay() + [Move("Go on to the actions",
                                                  lambda: self.act({"type": "done"}))])
        else:
            prompt, results, moves = picks.prompt(), self.results(), self.act_moves(picks, state)
            self.sheet.show(prompt, results, moves)
            told = "agent" not in self.sel and self.roster_fits(state, prompt, results,
                                                                len(moves))
            self.show_roster(state, kind if told else "")
            return
        self.show_roster(state, kind)

    def roster_fits(self, state: dict, prompt: str, results: list, moves: int) -> bool:
        """Whether what is left of the roster fits under this sheet, the board as large
        as ever: a tablet's side has the room; a phone's, what its sheet leaves of the
        room kept under the board (RESERVE), measured before the layout."""
        if self.landscape:
            return True
        rows = -(-len(left_to_spawn(state)) // TOLD_ROW)
        return measure.sheet_height(prompt, results, self.width, moves) + measure.strip_title() \
            + measure.rows_height(rows, dp(TOLD)) <= RESERVE

    def act_moves(self, picks: Picks, state: dict) -> list:
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
        left = state["actions"]
        unfinished = f"{acting(state)} has {left} action" \
                     f"{'' if left == 1 else 's'} left" if left else ""
        return out + self.replay() + [end_turn_move(
            "End the turn", lambda: self.act({"type": "end_turn"}), unfinished)]

    def replay(self) -> list:
        """While the last trickle is news: its pieces slide again, slowly."""
        return [Move("Replay the trickle", lambda: self.board.play(*SLOW))] \
            if self.board.moves else []

    def show_roster(self, state: dict, kind: str) -> None:
        """Spawning ("spawn"): the acting player's roster to choose from. At the actions
        ("act": no agent chosen and the room for it), what is left of it to spawn, told
        rather than offered, in the room the spawn prompt keeps under a phone's board."""
        idle = kind == "act"
        if kind not in ("spawn", "act"):
            self.hand.show("", [])
            return
        team = TEAMS[state["await"]["player"]]
        cards = []
        for name, count in left_to_spawn(state):
            card = self.kind_card(team, name)
            card.count, card.chosen = count, int(not idle and self.sel.get("kind") == name)
            card.flat, card.idle = not self.landscape, idle
            card.width = self.kind_width(idle)
            cards.append(card)
        self.hand.card_height = dp(112) if self.landscape else dp(TOLD if idle else 52)
        self.hand.wrapped = True  # every kind in sight, in rows, rather than a row that scrolls
        if idle:
            title = "Your roster, left to spawn (hold to read)" if cards else ""
        else:  # the prompt says it on a phone
            title = "Your roster: tap a kind, then a lit * tile (hold to read)" \
                if self.landscape else ""
        self.hand.show(title, cards)

    def kind_card(self, team: str, name: str) -> TsKind:
        """A kind of the roster, made once a side and kept."""
        card = self.kinds.get((team, name))
        if card is None:
            look = printed.game(GAME_ID).vars["teams"][team]
            card = TsKind(kind=name, title=tables().kind_names[name], team=team,
                          fill=get_color_from_hex(look["fill"]),
                          ink=get_color_from_hex(look["ink"]), flat=not self.landscape,
                          size_hint=(None, None), width=self.kind_width())
            card.piece = ("agents", f"{team}-{name}-1")
            card.bind(on_release=lambda w: None if w.idle else self.select({"kind": w.kind}))
            self.kinds[team, name] = card
        return card

    def warm(self, *_args) -> None:
        """What the first moves would make on their way to their frames, made while
        the table waits for a tap, one thing a frame: every pictogram's triangles
        (about 25 ms each the first time: the first trickle paid for a few), each
        side's roster kinds (50 ms a side at its first spawn)."""
        if self.warming:
            self.warming.pop()()
            Clock.schedule_once(self.warm, WARM)

    def kind_width(self, told: bool = False) -> float:
        """A roster kind's width: three a row on a phone (the whole roster in two flat
        rows, none out of sight, the board as wide as the screen), six a row where it is
        only told (what is left at the actions), a tablet's roomy tile beside the board."""
        if self.landscape:
            return dp(104)
        from kivy.core.window import Window

        across = TOLD_ROW if told else 3
        return (Window.width - dp(8) - (across - 1) * dp(6) - dp(1)) / across  # padding, gaps

    def intel_picker(self, legal: list) -> BoxLayout:
        """The kinds of Intel still in the bag, each as its tile, the one drawn: a row a
        colour (its name first) in the dice's order, 1 to 4 then the Honeypot, each
        kind always in its column (view.picker_rows)."""
        rows = view.picker_rows(legal)
        gap = dp(4)
        box = BoxLayout(orientation="vertical", spacing=gap, size_hint_y=None,
                        height=len(rows) * (KEY + gap) - gap)
        colours = printed.game(GAME_ID).vars["colours"]
        for colour, keys in rows:
            look = colours[colour]
            row = BoxLayout(spacing=gap, size_hint_y=None, height=KEY)
            row.add_widget(Label(text=look["name"], font_size="14sp", bold=True,
                                 color=theme.TEXT, size_hint_x=None, width=dp(70),
                                 halign="left", valign="middle", text_size=(dp(70), None)))
            for action in keys:
                if action is None:
                    row.add_widget(Widget())
                    continue
                value = action["intel"].partition("-")[2]
                key = Button(text="Honey-\npot" if value == "honeypot" else value,
                             font_size="14sp" if value == "honeypot" else "20sp",
                             halign="center", bold=True, background_normal="",
                             background_color=get_color_from_hex(look["fill"]),
                             color=get_color_from_hex(look["ink"]))
                key.action = action
                key.bind(on_release=lambda *_a, a=action: self.act(a))
                row.add_widget(key)
            box.add_widget(row)
        return box

    def die_keys(self, colour: str) -> GridLayout:
        look = printed.game(GAME_ID).vars["colours"][colour]
        grid = GridLayout(cols=3, spacing=dp(6), size_hint_y=None)  # "down-right" fits
        grid.bind(minimum_height=grid.setter("height"))
        for value in range(1, 7):
            key = Button(text=f"[size=24sp]{value}[/size]\n{view.way(value)}", markup=True,
                         font_size="15sp", bold=True, halign="center", size_hint_y=None,
                         height=dp(64), background_normal="",
                         background_color=get_color_from_hex(look["fill"]),
                         color=get_color_from_hex(look["ink"]))
            key.action = {"type": "roll", "value": value}
            key.bind(on_release=lambda *_a, v=value: self.act({"type": "roll", "value": v}))
            grid.add_widget(key)
        return grid

    def act_trickle(self) -> None:
        self.act({"type": "trickle"})


def left_to_spawn(state: dict) -> list[tuple[str, int]]:
    """The acting player's kinds still in the roster, with their counts, in its order."""
    roster = state["players"][state["await"]["player"]]["roster"]
    return [(name, count) for name, count in roster.items() if count]
