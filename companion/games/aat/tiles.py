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
    Where traits are shown the tokens say their printed word too ("2 Shield", the
    damage tokens after a "Damage" tag): a number is never left to decode (issue 33).
    (How many are stacked follows the name.)"""
    chips: list[tuple] = [("stats", str(piece["attack"]) if piece["kind"] == "unit" else "",
                           str(max(0, piece["remaining"])), piece["damage"] > 0)]

    def count(name: str, n: int) -> str:
        return f"{n} {look.token_label(name)}" if keywords else str(n)

    pile = look.damage_pile(piece["damage"])
    if total and pile:
        chips.append(("token", "damage", count("damage", piece["damage"]),
                      pile[-1][0]["colour"]))
        pile = []
    if keywords and pile:
        chips.append(("tag", look.token_label("damage"), look.token_colour("damage")))
    for i, (token, n) in enumerate(pile):
        chips.append(("damage", str(token["value"]), f"×{n}" if n > 1 else "",
                      token["colour"], token["shape"] == "hex", i == 0 and not keywords))
    chips += [("token", name, count(name, n), look.token_colour(name))
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


CLASSES = {"stats": BoxLayout, "word": Chip, "count": Chip, "tag": Chip, "trait": Chip,
           "damage": DamageToken, "token": TokenChip, "attack": StatChip, "health": StatChip}


def chip_widget(chip: tuple, width: float, scale: float = 1.0, used: bool = False,
                widget=None):
    """A chip's widget; a used piece's (`used`) greyed, its text as readable. `widget`,
    one of the same class, is dressed again rather than made anew (making widgets is
    what makes a redraw slow)."""
    kind = chip[0]
    if type(widget) is not CLASSES[kind]:
        widget = CLASSES[kind](size_hint=(None, None))
    widget.width, widget.height = width, dp(CHIP) * scale

    def tone(colour, darker: float = 0.0):
        return worn(colour, darker) if used else colour

    if kind == "stats":
        widget.spacing = dp(GAP) * scale
        parts = [p for p in (("attack", chip[1]), ("health", chip[2], chip[3])) if p[1]]
        old = list(reversed(widget.children))
        kids = [chip_widget(part, chip_width(part, scale), scale, used,
                            old[i] if i < len(old) else None) for i, part in enumerate(parts)]
        renew(widget, kids)
        return widget
    widget.scale = scale
    if kind == "damage":
        widget.value, widget.count, widget.hexagon = chip[1], chip[2], chip[4]
        widget.colour = tone(rgba(chip[3]), 0.3)
        widget.icon = "damage" if chip[5:6] == (True,) else ""
        return widget
    if kind == "token":
        widget.icon, widget.count, widget.colour = chip[1], chip[2], tone(rgba(chip[3]), 0.3)
        return widget
    colours = look.colours()
    if kind in ("attack", "health"):
        widget.icon, widget.text, widget.ink = kind, chip[1], INK
        widget.ground = tone(rgba(colours["attack"])) if kind == "attack" else \
            tone(HURT if chip[2] else rgba(colours["health"]))
        return widget
    clear = (0, 0, 0, 0)
    if kind == "word":
        look_of = (True, tone((1, 1, 1, 1)), clear, clear)
    elif kind == "count":
        look_of = (True, INK, (1, 1, 1, 1), clear)
    elif kind == "tag":
        look_of = (False, (1, 1, 1, 1), rgba(chip[2]), clear)
    else:  # a trait: its outline opaque (widgets.kv)
        look_of = (False, (1, 1, 1, 1), (0, 0, 0, 0.28), tone((0.9, 0.9, 0.9, 1), 0.25))
    widget.text = chip[1]
    widget.bold, widget.color, widget.ground, widget.outline = look_of
    return widget


def renew(box, widgets: list) -> None:
    """`box`'s children made `widgets`, in order, touching only what changed."""
    old = list(reversed(box.children))
    if old == widgets:
        return
    keep = 0
    while keep < min(len(old), len(widgets)) and old[keep] is widgets[keep]:
        keep += 1
    for widget in old[keep:]:
        box.remove_widget(widget)
    for widget in widgets[keep:]:
        if widget.parent is not None:
            widget.parent.remove_widget(widget)
        box.add_widget(widget)


def fill_chips(box, chips: list, scale: float = 1.0, used: bool = False) -> None:
    """The chips of a piece or card, dressed again only when they change: a chip's
    widget serves the next chip of its class at its place."""
    if getattr(box, "shown", None) == (chips, scale, used):
        return
    old = list(reversed(box.children))
    renew(box, [chip_widget(chip, chip_width(chip, scale), scale, used,
                            old[i] if i < len(old) else None)
                for i, chip in enumerate(chips)])
    box.shown = (chips, scale, used)


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
