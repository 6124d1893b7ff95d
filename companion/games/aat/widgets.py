"""Against All Tyrants' table pieces, coloured like the printed ones (look.py reads
the card YAML): a piece in play (unit, base, leader) with its numbers and tokens, a
card in the hand row, the escalation track and a player's strip. They show what
they are given and report taps; table.py decides what a tap means."""

from __future__ import annotations

from pathlib import Path

from kivy.lang import Builder
from kivy.metrics import dp
from kivy.properties import (
    BooleanProperty,
    ColorProperty,
    NumericProperty,
    ObjectProperty,
    StringProperty,
)
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.label import Label
from kivy.utils import get_color_from_hex

from companion.app import theme
from companion.app.icons import PrintedIcon
from companion.games.aat import look

MARKS = {"picked": (1, 1, 1, 1), "target": theme.GOLD}


def rgba(hex_colour: str):
    return get_color_from_hex(hex_colour)


class AatIcon(PrintedIcon):
    shapes = staticmethod(look.shapes)


class Tappable(ButtonBehavior):
    """Something on the table: `thing` names it for picks.py, `mark` says how the
    prompt offers it ("target": may be tapped, "picked": tapped)."""

    thing = ObjectProperty(None, allownone=True)
    mark = StringProperty("")
    mark_colour = ColorProperty((0, 0, 0, 0))

    def on_mark(self, _widget, mark):
        self.mark_colour = MARKS.get(mark, (0, 0, 0, 0))


class TokenChip(BoxLayout):
    """A token as printed (its colour and pictogram) with how many there are."""

    icon = StringProperty("")
    count = StringProperty("")
    colour = ColorProperty((0, 0, 0, 1))


def chips(box, tokens: dict) -> None:
    box.clear_widgets()
    for token, count in tokens.items():
        box.add_widget(TokenChip(icon=token, count=str(count),
                                 colour=rgba(look.token_colour(token))))


class PieceTile(Tappable, BoxLayout):
    """A base, leader or unit in play: name, attack, health left of printed, damage,
    tokens, and whether it has acted, just arrived or is disrupted."""

    name = StringProperty("")
    attack = StringProperty("")
    health = StringProperty("")
    note = StringProperty("")
    frame = ColorProperty((0.3, 0.3, 0.3, 1))
    hurt = BooleanProperty(False)
    spent = BooleanProperty(False)  # acted, or cannot act this turn: drawn dimmed
    disrupted = BooleanProperty(False)
    tokened = BooleanProperty(False)  # a row of token chips below the numbers

    def show(self, piece: dict, colour: str, width: float) -> None:
        self.thing = ("piece", piece["uid"])
        self.frame = rgba(colour)
        self.width = width
        self.name = piece["name"]
        self.attack = "" if piece["kind"] != "unit" else str(piece["attack"])
        self.health = f"{piece['remaining']}/{piece['health']}"
        self.hurt = piece["damage"] > 0
        self.disrupted = piece["disrupted"]
        self.spent = piece["acted"] or piece["new"]
        # dimmed: acted or arrived this turn (a tap says which); words only for what
        # has no attack badge, so they fit
        self.note = {"base": "base", "leader": "leader"}.get(piece["kind"], "")
        self.tokened = bool(piece["tokens"])
        chips(self.ids.tokens, piece["tokens"])


class HandCard(Tappable, BoxLayout):
    """A card to play or pick: escalation requirement, name, kind and numbers."""

    name = StringProperty("")
    level = StringProperty("")
    line = StringProperty("")
    frame = ColorProperty((0.3, 0.3, 0.3, 1))
    ready = BooleanProperty(True)

    def show(self, card_id: str, card: dict, colour: str, ready: bool, count: int) -> None:
        self.thing = ("card", card_id)
        self.frame = rgba(colour)
        self.ready = ready
        self.level = str(card["escalation"])
        times = f"{count} x " if count > 1 else ""
        self.name = times + card["name"]
        bits = [card["kind"]]
        if card["kind"] in ("Unit", "Objective"):
            bits.append(f"ATK {card['attack']}")
        if card["kind"] in ("Unit", "Objective", "Leader"):
            bits.append(f"HP {card['health']}")
        if card.get("theaters"):
            bits.append(" + ".join(card["theaters"]))
        self.line = " · ".join(bits)


class LevelBox(Label):
    lit = BooleanProperty(False)
    ground = ColorProperty((0, 0, 0, 0))


class EscalationTrack(BoxLayout):
    """Levels 0-5 with the current one lit, and the four incident spaces (the
    printed track's amber)."""

    level = NumericProperty(-1)
    incidents = NumericProperty(-1)

    def show(self, level: int, incidents: int) -> None:
        if (level, incidents) == (self.level, self.incidents):
            return
        self.level, self.incidents = level, incidents
        amber = rgba(look.colours()["escalation"])
        self.ids.levels.clear_widgets()
        for n in range(6):
            lit = n == level
            self.ids.levels.add_widget(LevelBox(text=str(n), lit=lit, ground=amber if lit
                                                else theme.PANEL_HI if n > level
                                                else (0.35, 0.3, 0.2, 1)))
        self.ids.incidents.clear_widgets()
        for n in range(4):
            self.ids.incidents.add_widget(LevelBox(text="!" if n < incidents else "",
                                                   lit=n < incidents,
                                                   ground=amber if n < incidents
                                                   else theme.PANEL_HI))


class PlayerStrip(Tappable, BoxLayout):
    """A player: subfaction colour and emblem, role, base health, objective progress,
    the piles, and this turn's cards played."""

    name = StringProperty("")
    emblem = StringProperty("")
    frame = ColorProperty((0.3, 0.3, 0.3, 1))
    line = StringProperty("")
    progress = StringProperty("")
    acting = BooleanProperty(False)

    def show(self, panel: dict, acting: bool) -> None:
        self.frame = rgba(look.deck_colour(panel["subfaction"]))
        self.emblem = look.emblem(panel["subfaction"])
        self.acting = acting
        base = panel["base"]
        self.name = f"{panel['name']} · {panel['subfaction']} · {panel['role'].capitalize()}"
        piles = f"Base {max(0, base['remaining'])}/{base['health']} · hand " \
                f"{panel['hand_count']} · deck {panel['deck']}"
        if panel["played"]:
            piles += f" · played {panel['played']}"
        if panel["fatigue"]:
            piles += f" · fatigue {panel['fatigue']}"
        self.line = piles
        self.progress = f"{panel['objective']}: {panel['progress']}"


Builder.load_file(str(Path(__file__).with_name("widgets.kv")))
TILE_MIN = dp(92)  # a piece's narrowest: four across a phone in portrait
GAP = dp(4)


def tile_width(row_width: float) -> float:
    """As many pieces across as fit at TILE_MIN (three to six), sharing the row."""
    across = max(3, min(6, int((row_width + GAP) // (TILE_MIN + GAP))))
    return (row_width - GAP * (across - 1)) / across
