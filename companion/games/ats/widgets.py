"""Above Top Secret's table pieces, drawn like the printed ones (colours and
pictograms from the card YAML, companion/games/ats/look.py): a line slot, a
base area, a player's panel, a card tile for hands and lists. They only show
what they are given and report taps; table.py decides what a tap means."""

from __future__ import annotations

from pathlib import Path

from kivy.lang import Builder
from kivy.metrics import dp
from kivy.properties import (
    BooleanProperty,
    ColorProperty,
    ListProperty,
    NumericProperty,
    ObjectProperty,
    StringProperty,
)
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.floatlayout import FloatLayout
from kivy.utils import get_color_from_hex

from companion.app import theme
from companion.games.ats import look
from companion.games.ats.icons import AtsIcon
from companion.games.ats.view import LEVEL_NAMES

MARKS = {"can": theme.GOLD, "picked": theme.GOLD, "target": (0.93, 0.36, 0.30, 1)}


def rgba(hex_colour: str | None, default=theme.GOLD):
    return get_color_from_hex(hex_colour) if hex_colour else default


def stat(effective: int, printed: int) -> str:
    """A value changed by an effect, marked against the printed one: '[s]20[/s] 40'."""
    if effective == printed:
        return f"[b]{effective}[/b]"
    return f"[s]{printed}[/s] [b]{effective}[/b]"


def hp_colour(hp: int):
    if hp <= 0:
        return (0.3, 0.3, 0.3, 1)
    if hp <= 30:
        return theme.DANGER
    if hp <= 60:
        return theme.GOLD
    return theme.GOOD


class Tappable(ButtonBehavior):
    """A piece of the table that can be tapped: `thing` names it, `mark` says
    whether (and how) the current prompt offers it."""

    thing = ObjectProperty(None, allownone=True)
    mark = StringProperty("")
    mark_colour = ColorProperty((0, 0, 0, 0))

    def on_mark(self, _widget, mark):
        self.mark_colour = MARKS.get(mark, (0, 0, 0, 0))


class AtsSlot(Tappable, FloatLayout):
    """One slot of a line: a card face like the printed one, a gap or a card face down."""

    level = NumericProperty(1)
    gap = BooleanProperty(False)
    hidden = BooleanProperty(False)
    name = StringProperty("")
    unit_icon = StringProperty("")
    band = ColorProperty(theme.GOLD)
    owner = ColorProperty(theme.GOLD)
    atk = StringProperty("")
    defense = StringProperty("")
    damage = NumericProperty(0)
    cleared = BooleanProperty(True)
    big = BooleanProperty(False)

    def show(self, slot: dict, hidden: bool, owner) -> None:
        self.level = slot["level"]
        self.band = rgba(look.level_colour(slot["level"]))
        self.owner = owner
        self.gap = slot["gap"]
        self.hidden = hidden and not slot["gap"]
        attrs, tokens = self.ids.attrs, self.ids.tokens
        attrs.clear_widgets()
        tokens.clear_widgets()
        if self.gap or self.hidden:
            self.name, self.atk, self.defense, self.damage = "", "", "", 0
            return
        names = look.icon_names()
        self.name = slot["name"]
        self.unit_icon = names["units"][slot["unit"]]
        self.atk = stat(slot["atk"], slot["printed_atk"])
        self.defense = stat(slot["def"], slot["printed_def"])
        self.damage = slot["damage"]
        self.cleared = slot["cleared"]
        dim = (0.55, 0.55, 0.55, 1)
        for attr in slot["attributes"] + slot["granted"]:
            icon = AttributeIcon(name=names["attributes"][attr],
                                 colour=self.band if slot["working"] else dim,
                                 granted=attr in slot["granted"])
            attrs.add_widget(icon)
        side = dp(28) if self.big else dp(22)
        for token in slot["tokens"]:
            tokens.add_widget(TokenDisc(icon=names["tokens"][token], colour=owner,
                                        size=(side, side)))


class AttributeIcon(AtsIcon):
    """An attribute's pictogram; one granted by an encounter is ringed."""

    granted = BooleanProperty(False)


class TokenDisc(FloatLayout):
    """A token on a card, like the printed ones: the player colour, a white pictogram."""

    icon = StringProperty("")
    colour = ColorProperty(theme.GOLD)


class AtsBase(Tappable, BoxLayout):
    area = StringProperty("")
    icon = StringProperty("")
    hp = NumericProperty(100)
    colour = ColorProperty(theme.GOOD)

    def show(self, area: str, hp: int) -> None:
        self.area, self.hp, self.colour = area, hp, hp_colour(hp)
        self.icon = look.icon_names()["areas"][area]


class AtsTile(Tappable, BoxLayout):
    """A card in a hand or a list: level colour, name, pictograms, ATK and DEF."""

    card_id = StringProperty("")
    name = StringProperty("")
    band = ColorProperty(theme.GOLD)
    unit_icon = StringProperty("")
    atk = StringProperty("")
    defense = StringProperty("")
    action = ObjectProperty(None, allownone=True)

    def show(self, card: dict) -> AtsTile:
        names = look.icon_names()
        self.card_id, self.name = card["id"], card["name"]
        self.band = rgba(look.level_colour(card["level"]))
        self.unit_icon = names["units"][card["unit"]]
        self.atk, self.defense = str(card["atk"]), str(card["def"])
        self.ids.attrs.clear_widgets()
        for attr in card["attributes"]:
            self.ids.attrs.add_widget(AtsIcon(name=names["attributes"][attr],
                                              colour=self.band))
        return self


class AtsPanel(BoxLayout):
    """One player's side of the table: name, clearance and counts, the four base
    areas, the five line slots."""

    title = StringProperty("")
    details = StringProperty("")
    colour = ColorProperty(theme.GOLD)
    command = BooleanProperty(False)
    acting = BooleanProperty(False)
    out = BooleanProperty(False)
    slot_height = NumericProperty(dp(124))
    held = ListProperty([])

    def show(self, panel: dict, command: bool, acting: bool, hide_line: bool) -> None:
        self.title = panel["name"] + ("  (out)" if panel["out"] else "")
        level = panel["effective_clearance"]
        clearance = f"Clearance {level} {LEVEL_NAMES[level]}"
        if level != panel["clearance"]:
            clearance += f" (marker {panel['clearance']})"
        self.details = "   ".join([clearance, f"Deck {panel['deck']}", f"Hand {panel['hand']}",
                                   f"Discard {panel['discard']}"]
                                  + ([f"Team: {', '.join(panel['team'])}"] if panel["team"]
                                     else [])
                                  + ([f"Held: {', '.join(panel['held'])}"] if panel["held"]
                                     else []))
        self.colour = rgba(look.player_colour(panel["colour"]))
        self.command, self.acting, self.out = command, acting, panel["out"]
        seat = panel["seat"]
        for bar, (area, hp) in zip(self.ids.bases.children[::-1], panel["bases"], strict=True):
            bar.show(area, hp)
            bar.thing = ("base", seat, area)
        for slot_view, slot in zip(self.ids.line.children[::-1], panel["line"], strict=True):
            slot_view.show(slot, hide_line, self.colour)
            slot_view.thing = ("slot", seat, slot["level"])

    def pieces(self) -> list:
        return self.ids.bases.children[::-1] + self.ids.line.children[::-1]

    def on_width(self, _widget, width) -> None:
        """Card-like slots: taller than wide, within what a phone and a tablet hold."""
        slot = (width - dp(12) - 4 * dp(3)) / 5
        self.slot_height = max(dp(150), min(slot * 1.35, dp(200)))
        for slot_view in self.ids.line.children:
            slot_view.big = slot > dp(120)


Builder.load_file(str(Path(__file__).with_name("widgets.kv")))
