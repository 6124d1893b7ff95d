"""Above Top Secret's pieces, drawn like the printed ones (colours and pictograms
from the card YAML, companion/games/ats/look.py): a line slot, a base area, a
card tile for the hand strip and lists, an Encounter card, a die face to enter
a real roll. They show what they are given and report taps; the table decides
what a tap means. Holding a card (or base area) opens it as printed
(companion.app.zoom)."""

from __future__ import annotations

from pathlib import Path

from kivy.lang import Builder
from kivy.properties import (
    BooleanProperty,
    ColorProperty,
    ListProperty,
    NumericProperty,
    ObjectProperty,
    StringProperty,
)
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.label import Label
from kivy.uix.widget import Widget
from kivy.utils import get_color_from_hex

from companion.app import theme
from companion.app.widgets import text_width
from companion.app.zoom import Holdable
from companion.core import printed
from companion.games.ats import look
from companion.games.ats.data import GAME_ID
from companion.games.ats.icons import AtsIcon
from companion.games.ats.view import AREA_NAMES

ATTRS, TOKENS = 4, 3  # a slot draws at most this many attribute pictograms and tokens
MARKS = {"can": theme.GOLD, "picked": theme.GOLD, "target": (0.93, 0.36, 0.30, 1)}
BASE_IDS = {i.fields["area"]: i.id for i in printed.game(GAME_ID).component("base-areas").items}


def rgba(hex_colour: str | None, default=theme.GOLD):
    return get_color_from_hex(hex_colour) if hex_colour else default


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
    whether (and how) the current prompt offers it ("off": not now, dimmed)."""

    thing = ObjectProperty(None, allownone=True)
    mark = StringProperty("")
    mark_colour = ColorProperty((0, 0, 0, 0))
    hit = StringProperty("")  # damage that just landed here ("−30"), while results show

    def on_mark(self, _widget, mark):
        self.mark_colour = MARKS.get(mark, (0, 0, 0, 0))


class AtsSlot(Holdable, Tappable, Widget):
    """One slot of a line: a card face like the printed one, a gap or a card face down.
    Its parts are placed by bindings to its own size (widgets.kv), not by nested
    layouts: a new size reaches every part at once, not one layout pass at a time."""

    level = NumericProperty(1)
    gap = BooleanProperty(False)
    hidden = BooleanProperty(False)
    name = StringProperty("")
    unit_icon = StringProperty("")
    art_icon = StringProperty("")  # the card's own picture, as printed in its art panel
    band = ColorProperty(theme.GOLD)
    owner = ColorProperty(theme.GOLD)
    damage = NumericProperty(0)
    cleared = BooleanProperty(True)
    big = BooleanProperty(False)
    tall_stats = BooleanProperty(False)  # a changed value: printed above effective
    attrs = ListProperty([])  # (icon, colour, granted), at most ATTRS
    tokens = ListProperty([])  # token icons, at most TOKENS
    face = BooleanProperty(False)  # the geometry widgets.kv computes
    attrs_h = NumericProperty(0)
    attrs_x = NumericProperty(0)
    stats_h = NumericProperty(0)
    art_y = NumericProperty(0)
    art_top = NumericProperty(0)

    def show(self, slot: dict, hidden: bool, owner) -> None:
        self.level = slot["level"]
        self.band = rgba(look.level_colour(slot["level"]))
        self.owner = owner
        self.gap = slot["gap"]
        self.hidden = hidden and not slot["gap"]
        self.piece = None if self.gap or self.hidden else ("defense", slot["id"])
        if self.gap or self.hidden:
            self.name, self.damage, self.attrs, self.tokens = "", 0, [], []
            self.ids.atk.show(0, 0)
            self.ids.defense.show(0, 0)
            return
        names = look.icon_names()
        self.name = slot["name"]
        self.unit_icon = names["units"][slot["unit"]]
        self.art_icon = names["cards"].get(slot["id"], self.unit_icon)
        changed = (slot["atk"], slot["def"]) != (slot["printed_atk"], slot["printed_def"])
        self.tall_stats = changed and not self.big
        self.ids.atk.show(slot["atk"], slot["printed_atk"])
        self.ids.defense.show(slot["def"], slot["printed_def"])
        self.damage = slot["damage"]
        self.cleared = slot["cleared"]
        dim = (0.55, 0.55, 0.55, 1)
        self.attrs = [(names["attributes"][attr], self.band if slot["working"] else dim,
                       attr in slot["granted"])
                      for attr in slot["attributes"] + slot["granted"]][:ATTRS]
        self.tokens = [names["tokens"][token] for token in slot["tokens"]][:TOKENS]


class StatCell(Widget):
    """ATK or DEF in the printed badge's colour; a value an effect changed shows the
    printed one struck through beside (or above) it."""

    value = StringProperty("")
    printed = StringProperty("")
    fill = ColorProperty((0, 0, 0, 0))
    big = BooleanProperty(False)

    def show(self, effective: int, printed: int) -> None:
        self.value = str(effective) if effective or printed else ""
        self.printed = str(printed) if effective != printed else ""


class AttributeIcon(AtsIcon):
    """An attribute's pictogram; one granted by an encounter is ringed."""

    granted = BooleanProperty(False)


class TokenDisc(Widget):
    """A token on a card, like the printed ones: the player colour, a white pictogram."""

    icon = StringProperty("")
    colour = ColorProperty(theme.GOLD)


class AtsBase(Holdable, Tappable, Widget):
    """A base area: its pictogram, its name and HP, a bar of what is left. The name as
    the prompts and the log say it ("Operations") where it fits, else as printed short
    ("OPS")."""

    area = StringProperty("")
    full = StringProperty("")  # the area's name, where it fits (widgets.kv)
    full_width = NumericProperty(0)
    icon = StringProperty("")
    hp = NumericProperty(100)
    colour = ColorProperty(theme.GOOD)

    def show(self, area: str, hp: int) -> None:
        self.area, self.hp, self.colour = area, hp, hp_colour(hp)
        self.full = AREA_NAMES[area]
        self.full_width = text_width(self.full, 14)
        self.icon = look.icon_names()["areas"][area]
        self.piece = ("base-areas", BASE_IDS[area])


class AtsTile(Holdable, Tappable, Widget):
    """A defense card in the hand strip or a list: level colour, name, unit, ATK, DEF,
    attribute pictograms; `badge` (a number) says where it goes in an order. Flat,
    like a slot (widgets.kv)."""

    card_id = StringProperty("")
    name = StringProperty("")
    band = ColorProperty(theme.GOLD)
    unit_icon = StringProperty("")
    atk = StringProperty("")
    defense = StringProperty("")
    badge = StringProperty("")
    attrs = ListProperty([])  # attribute icons, at most two
    part_w = NumericProperty(0)  # widgets.kv
    tap_action = ObjectProperty(None, allownone=True)  # what a tap does (lists.py)

    def show(self, card: dict) -> AtsTile:
        names = look.icon_names()
        self.card_id, self.name = card["id"], card["name"]
        self.piece = ("defense", card["id"])
        self.band = rgba(look.level_colour(card["level"]))
        self.unit_icon = names["units"][card["unit"]]
        self.atk, self.defense = str(card["atk"]), str(card["def"])
        self.attrs = [names["attributes"][attr] for attr in card["attributes"]][:2]
        return self


class EncTile(Holdable, Tappable, Widget):
    """An Encounter card: its kind's colour and pictogram, its name."""

    card_id = StringProperty("")
    name = StringProperty("")
    kind = StringProperty("")
    band = ColorProperty(theme.GOLD)
    icon = StringProperty("")

    def show(self, card: dict) -> EncTile:
        names = printed.game(GAME_ID).vars
        self.card_id, self.name, self.kind = card["id"], card["name"], card["kind"]
        self.piece = ("encounter", card["id"])
        self.band = rgba(names["kind_colors"][card["kind"]])
        self.icon = names["kind_icons"][card["kind"]]
        return self


class EncNote(Widget):
    """The Encounter card a choice is for: the card (hold it to read it) and its text."""

    text = StringProperty("")
    encounter = True  # a phone with many rows leaves it out (actions.py)

    def show(self, card: dict) -> EncNote:
        self.ids.tile.show(card)
        self.text = card["text"]
        return self


class HeldChip(Holdable, Label):
    """An Encounter card a player holds face up (R-ENC-2): hold it to read it."""


class DieKey(ButtonBehavior, Widget):
    """A face of a printed die to enter a real roll: the face as printed, its words."""

    source = StringProperty("")
    words = StringProperty("")
    value = NumericProperty(0)


class Divider(Label):
    """Words between groups of cards in the hand strip ('Bob's hand', 'Technology')."""


Builder.load_file(str(Path(__file__).with_name("widgets.kv")))
Builder.load_file(str(Path(__file__).with_name("slot.kv")))
