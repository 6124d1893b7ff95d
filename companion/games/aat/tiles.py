"""The cards on the screen, as the printed ones read: a piece in play (base, leader,
unit, or a stack of identical ones) with its name in full, attack, health left, the
printed damage tokens on it, its other tokens and its traits; a card in the hand
with its requirement hex, kind, theaters, numbers and traits. Hold either to read
the printed card (companion.app.zoom). Their sizes come from sizes.py."""

from __future__ import annotations

from pathlib import Path

from kivy.lang import Builder
from kivy.metrics import dp
from kivy.properties import BooleanProperty, ColorProperty, NumericProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout

from companion.app.zoom import Holdable
from companion.games.aat import look
from companion.games.aat.sizes import CHIP, GAP, chip_width
from companion.games.aat.widgets import (
    Chip,
    DamageToken,
    StatChip,
    Tappable,
    TokenChip,
    rgba,
    worn,
)

INK = (0.08, 0.08, 0.08, 1)
HURT = (1, 0.62, 0.58, 1)
USED_DARKER = 0.45  # a used piece's ground: greyed and darker, its white words stand out


def traits(card_id: str) -> list[str]:
    return list(look.printed_fields().get(card_id, {}).get("traits") or ())


def piece_chips(piece: dict, count: int, keywords: bool, total: bool = False
                ) -> list[tuple]:
    """A piece's chips: attack, health left, damage tokens as printed (`total`: a
    crowded board's one damage chip), other tokens, and (room allowing) its traits.
    (How many are stacked follows the name.)"""
    chips: list[tuple] = [("stats", str(piece["attack"]) if piece["kind"] == "unit" else "",
                           str(max(0, piece["remaining"])), piece["damage"] > 0)]
    pile = look.damage_pile(piece["damage"])
    if total and pile:
        chips.append(("token", "damage", str(piece["damage"]), pile[-1][0]["colour"]))
        pile = []
    for i, (token, n) in enumerate(pile):
        chips.append(("damage", str(token["value"]), f"×{n}" if n > 1 else "",
                      token["colour"], token["shape"] == "hex", i == 0))
    chips += [("token", name, str(n), look.token_colour(name))
              for name, n in piece["tokens"].items()]
    if keywords:
        chips += [("trait", t) for t in traits(piece["card"])]
    return chips


def card_chips(card: dict, card_id: str, count: int, tag: tuple | None) -> list[tuple]:
    """A hand card's chips: copies held, attack and health as printed, traits, and where
    it comes from when not the hand (Special Forces, the objective pile)."""
    chips: list[tuple] = [("count", f"{count} copies")] if count > 1 else []
    if card["kind"] in ("Unit", "Objective", "Leader"):
        chips.append(("stats", str(card["attack"]) if card["kind"] != "Leader" else "",
                      str(card["health"]), False))
    chips += [("trait", t) for t in traits(card_id)]
    if tag:
        chips.append(("tag", *tag))
    return chips


def chip_widget(chip: tuple, width: float, scale: float = 1.0, used: bool = False):
    """A chip's widget; a used piece's (`used`) greyed, its text as readable."""
    kind, size = chip[0], {"width": width, "scale": scale}

    def tone(colour, darker: float = 0.0):
        return worn(colour, darker) if used else colour

    if kind == "stats":
        box = BoxLayout(size_hint=(None, None), size=(width, dp(CHIP) * scale),
                        spacing=dp(GAP) * scale)
        for part in (("attack", chip[1]), ("health", chip[2], chip[3])):
            if part[1]:
                box.add_widget(chip_widget(part, chip_width(part, scale), scale, used))
        return box
    if kind == "word":
        return Chip(text=chip[1], bold=True, color=tone((1, 1, 1, 1)), **size)
    if kind == "damage":
        return DamageToken(value=chip[1], count=chip[2], colour=tone(rgba(chip[3]), 0.3),
                           hexagon=chip[4], icon="damage" if chip[5:6] == (True,) else "",
                           **size)
    if kind == "token":
        return TokenChip(icon=chip[1], count=chip[2], colour=tone(rgba(chip[3]), 0.3),
                         **size)
    colours = look.colours()
    if kind == "count":
        return Chip(text=chip[1], bold=True, color=INK, ground=(1, 1, 1, 1), **size)
    if kind == "attack":
        return StatChip(icon="attack", text=chip[1], ink=INK,
                        ground=tone(rgba(colours["attack"])), **size)
    if kind == "health":
        return StatChip(icon="health", text=chip[1], ink=INK, **size,
                        ground=tone(HURT if chip[2] else rgba(colours["health"])))
    if kind == "tag":
        return Chip(text=chip[1], color=(1, 1, 1, 1), ground=rgba(chip[2]), **size)
    return Chip(text=chip[1], color=(1, 1, 1, 1), ground=(0, 0, 0, 0.28),
                outline=tone((0.9, 0.9, 0.9, 1), 0.25), **size)  # opaque: widgets.kv


def fill_chips(box, chips: list, scale: float = 1.0, used: bool = False) -> None:
    """The chips of a piece or card, made again only when they change; a new scale
    resizes them (making widgets is what makes a redraw slow)."""
    shown = getattr(box, "shown", None)
    if shown == (chips, scale, used):
        return
    if shown is not None and shown[0] == chips and shown[2] == used:
        for chip, widget in zip(chips, reversed(box.children), strict=True):
            rescale(widget, chip, scale)
    else:
        box.clear_widgets()
        for chip in chips:
            box.add_widget(chip_widget(chip, chip_width(chip, scale), scale, used))
    box.shown = (chips, scale, used)


def rescale(widget, chip: tuple, scale: float) -> None:
    widget.width = chip_width(chip, scale)
    if chip[0] != "stats":
        widget.scale = scale
        return
    widget.height, widget.spacing = dp(CHIP) * scale, dp(GAP) * scale
    parts = [p for p in (("attack", chip[1]), ("health", chip[2], chip[3])) if p[1]]
    for part, child in zip(parts, reversed(widget.children), strict=True):
        rescale(child, part, scale)


def stack_name(name: str, count: int) -> str:
    """A piece's name, with how many lie stacked (kept to the name's last word)."""
    return f"{name}\u00a0×{count}" if count > 1 else name


class PieceTile(Holdable, Tappable, BoxLayout):
    """A base, leader, unit or stack on the table; greyed once it has acted or while it
    may not act (arrived this turn), its words as readable; outlined while
    disrupted."""

    name = StringProperty("")
    frame = ColorProperty((0.3, 0.3, 0.3, 1))
    ground = ColorProperty((0.3, 0.3, 0.3, 1))  # the frame, or greyed while used
    spent = BooleanProperty(False)
    disrupted = BooleanProperty(False)
    scale = NumericProperty(1)  # sizes.SCALES: larger where the board has room

    def show(self, piece: dict, count: int, colour: str, component: str,
             size: dict) -> None:
        self.thing = ("piece", piece["uid"])
        self.piece = (component, piece["card"])
        self.frame = rgba(colour)
        self.name = stack_name(piece["name"], count)
        self.disrupted = piece["disrupted"]
        self.spent = piece["acted"] or piece["new"]
        used = self.spent and not self.mark  # a piece offered is drawn as offered
        self.ground = worn(self.frame, USED_DARKER) if used else self.frame
        self.scale = size["scale"]
        self.size = (size["width"], size["height"])
        fill_chips(self.ids.chips, size["items"], self.scale, used)


class HandCard(Holdable, Tappable, BoxLayout):
    """A card to play or pick, as printed: requirement hex, kind and types, theater
    icons, name, numbers and traits; dimmed while it cannot be played now."""

    name = StringProperty("")
    kind = StringProperty("")
    level = StringProperty("")
    frame = ColorProperty((0.3, 0.3, 0.3, 1))
    ready = BooleanProperty(True)
    space = BooleanProperty(True)  # may go to Space (the printed icon lit)
    scale = NumericProperty(1)  # the board's (sizes.SCALES): one look beside it
    planetside = BooleanProperty(True)

    def show(self, card_id: str, card: dict, colour: str, component: str, ready: bool,
             chips: list, size: dict, height: float) -> None:
        self.thing = ("card", card_id)
        self.piece = (component, card_id)
        self.frame = rgba(colour)
        self.ready = ready
        self.level = str(card["escalation"])
        self.name = card["name"]
        self.kind = kind_line(card)
        self.space = "Space" in card["theaters"]
        self.planetside = "Planetside" in card["theaters"]
        self.scale = size.get("scale", 1.0)
        self.size = (size["width"], height)
        self.ids.head.height = size["head"]
        self.ids.kind.height = size["kind"]
        fill_chips(self.ids.chips, chips, self.scale)


def kind_line(card: dict) -> str:
    return " · ".join([card["kind"], *card["types"]])


Builder.load_file(str(Path(__file__).with_name("tiles.kv")))
