"""Attack the Tower's two boards on the screen, one above the other with the battle
strip between them: each player's palace (its power, its special troops) beside three
territories of three base slots, every base in its troop type's colour and picture
as printed (cards/attack-the-tower: vars.kinds, icons.yaml) with its troops and
their power gains; above each board the player's army, hand and piles, and the
abilities in play this turn. In a battle, what each step destroys is struck through
and unmanned bases say so. Every slot and palace takes taps (and holds: the base
or special troop card, as printed)."""

from __future__ import annotations

from pathlib import Path

from kivy.lang import Builder
from kivy.properties import (
    BooleanProperty,
    ColorProperty,
    NumericProperty,
    ObjectProperty,
    StringProperty,
)
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.floatlayout import FloatLayout
from kivy.uix.label import Label
from kivy.utils import get_color_from_hex

from companion.app import theme
from companion.app.icons import PrintedIcon
from companion.app.zoom import Holdable
from companion.core import printed
from companion.games.att import calc, model, view
from companion.games.att.data import GAME_ID, tables

DOOMED = "ff8a80"  # struck through: light red, readable on every troop colour


class AttIcon(PrintedIcon):
    shapes = staticmethod(lambda name: printed.game(GAME_ID).icons[name])


class AttCell(Holdable, ButtonBehavior, FloatLayout):
    """A base slot or a palace: its colour, picture and words; lit where a tap may go."""

    place = ObjectProperty(None)  # ("slot", owner, t, s) or ("palace", owner)
    fill = ColorProperty(theme.PANEL_HI)
    ink = ColorProperty(theme.TEXT)
    text = StringProperty("")
    icon = StringProperty("")
    lit = StringProperty("")  # "", "target" or "chosen"
    doomed = BooleanProperty(False)  # the base itself is destroyed this step
    fighting = BooleanProperty(False)  # in the battle going on (or the last one)
    k = NumericProperty(1)  # board.kv: the cell's words at 14 sp times k


class AttSide(BoxLayout):
    """One player's board: the heading, then the palace beside the three territories
    (a row each: its number, then its three base slots)."""

    heading = StringProperty("")
    far = BooleanProperty(False)  # the board across the table: its heading above it

    def on_kv_post(self, _base_widget):
        self.cells: dict[tuple, AttCell] = {}
        rows = self.ids.rows
        for t in range(3):
            row = BoxLayout(spacing=rows.spacing)
            row.add_widget(TerritoryNumber(text=str(t + 1)))
            for s in range(3):
                cell = AttCell()
                self.cells[t, s] = cell
                row.add_widget(cell)
            rows.add_widget(row)

    @property
    def palace(self) -> AttCell:
        return self.ids.palace


class TerritoryNumber(Label):
    """A territory's number, left of its row."""


class AttBoard(BoxLayout):
    """Both boards and the battle strip; `show(...)` draws them."""

    strip = StringProperty("")

    def __init__(self, on_tap, **kwargs):
        super().__init__(**kwargs)
        self.sides = [self.ids.far, self.ids.near]
        for side in self.sides:
            for cell in [side.palace, *side.cells.values()]:
                cell.bind(on_release=lambda w: on_tap(w.place))

    def shortest(self) -> float:
        """The height of the lowest base slot: a finger needs 48 dp."""
        return min(cell.height for side in self.sides for cell in side.cells.values())

    def show(self, state: dict, lit: set, chosen: set, near: int, strip: str) -> None:
        """`lit`: (owner, t, s) and ("palace", owner) where a tap may go; `chosen`: the
        taps made so far; `near`: the seat whose board is at the bottom."""
        self.strip = strip
        marked = calc.marked(state)
        fighting = calc.fighting(state)
        for side, seat in zip(self.sides, (1 - near, near), strict=True):
            side.heading = heading(state, seat)
            palace = side.palace
            palace.place = ("palace", seat)
            self.palace(palace, state, seat, marked)
            palace.lit = "chosen" if ("palace", seat) in chosen else \
                "target" if ("palace", seat) in lit else ""
            palace.fighting = (seat, None) in fighting
            for (t, s), cell in side.cells.items():
                cell.place = ("slot", seat, t, s)
                self.slot(cell, state, seat, t, s, marked)
                cell.lit = "chosen" if ("slot", seat, t, s) in chosen or \
                    ("territory", seat, t) in chosen else \
                    "target" if (seat, t, s) in lit else ""
                cell.fighting = (seat, t) in fighting

    @staticmethod
    def slot(cell: AttCell, state: dict, seat: int, t: int, s: int, marked: set) -> None:
        base = state["players"][seat]["board"][t][s]
        if base is None:
            cell.fill, cell.ink, cell.icon, cell.piece = theme.PANEL_HI, theme.MUTED, "", None
            cell.text, cell.doomed = "empty", False
            return
        kind = base["type"]
        cell.fill = get_color_from_hex(printed.game(GAME_ID).vars["kinds"][kind]["color"])
        cell.ink = (1, 1, 1, 1)
        cell.icon = kind
        cell.piece = (f"{state['players'][seat]['army']}-bases", base["card"])
        cell.doomed = ("base", seat, t, s) in marked
        cell.text = slot_words(state, seat, t, s, base)

    @staticmethod
    def palace(cell: AttCell, state: dict, seat: int, marked: set) -> None:
        player = state["players"][seat]
        cell.fill = get_color_from_hex(printed.game(GAME_ID).vars["stone"])
        cell.ink, cell.icon = (1, 1, 1, 1), "palace"
        specials = model.specials(state, seat)
        cell.piece = (f"{player['army']}-abilities", specials[0][0]) if specials else None
        doomed = ("palace", seat) in marked
        battle = state["battle"]
        names = [f"[color={DOOMED}]{troop['name']} dies[/color]"
                 if doomed and battle and ["special", card] in battle["marks"][1 - seat]
                 else troop["name"] for card, troop in specials]
        fallen = doomed and battle and ["palace"] in battle["marks"][1 - seat]
        power = f"[color={DOOMED}]destroyed[/color]" if fallen else \
            str(tables().limits["palace_power"])
        cell.text = "\n".join([f"[b]Palace[/b] {power}", *names])
        cell.doomed = bool(fallen)


def slot_words(state: dict, seat: int, t: int, s: int, base: dict) -> str:
    """A base's troop name, how many stand on it, their power gains and what dies."""
    name = model.type_name(state, seat, base["type"])
    count = len(base["troops"])
    lines = [f"[b]{name}[/b]", f"x{count}" if count else "no troop"]
    gains = [b for b in base["troops"] if b]
    if gains:
        lines[1] += " " + " ".join(f"+{b}" for b in gains)
    dying = calc.marked_troops(state, seat, t, s)
    if dying:
        lines[1] += f" [color={DOOMED}]{dying} die{'s' if dying == 1 else ''}[/color]"
    elif (battle := state["battle"]) and not count and seat == battle["d"] and \
            not battle["palace"] and battle["to"] == t and calc.unmanned(state):
        lines[1] = "unmanned"
    return "\n".join(lines)


def heading(state: dict, seat: int) -> str:
    """The player, their army, hand and piles, and the abilities they have in play."""
    player = state["players"][seat]
    acting = (state["await"] or {}).get("player") == seat
    name = f"[color=c9a84a][b]{player['name']}[/b][/color]" if acting else \
        f"[b]{player['name']}[/b]"
    first = f"{name} · {model.army(state, seat).name} · hand {len(player['hand'])}"
    if state["in_play"][seat]:
        first += " · in play: " + ", ".join(view.card_title(player["army"], card)
                                            for card in state["in_play"][seat])
    piles = f"Bases {len(player['draw']['base'])}, discard {len(player['discard']['base'])}" \
            f" · abilities {len(player['draw']['ability'])}, " \
            f"discard {len(player['discard']['ability'])}"
    return f"{first}\n{piles}"


Builder.load_file(str(Path(__file__).with_name("board.kv")))
