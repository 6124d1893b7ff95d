"""Above Top Secret's widgets: a defense-line slot, a base-area bar, a player's
panel. They only display what they are given."""

from __future__ import annotations

from pathlib import Path

from kivy.lang import Builder
from kivy.properties import (
    BooleanProperty,
    ColorProperty,
    ListProperty,
    NumericProperty,
    StringProperty,
)
from kivy.uix.boxlayout import BoxLayout

from companion.app import theme

LEVELS = {1: (0.24, 0.48, 0.29, 1), 2: (0.18, 0.42, 0.56, 1), 3: (0.58, 0.44, 0.04, 1),
          4: (0.71, 0.31, 0.17, 1), 5: (0.42, 0.23, 0.49, 1)}  # the printed level colours


def hp_colour(hp: int):
    if hp <= 0:
        return (0.3, 0.3, 0.3, 1)
    if hp <= 30:
        return theme.DANGER
    if hp <= 60:
        return theme.GOLD
    return theme.GOOD


class AtsSlotView(BoxLayout):
    level = NumericProperty(1)
    name = StringProperty("")
    unit = StringProperty("")
    atk = StringProperty("")
    defense = StringProperty("")
    damage = NumericProperty(0)
    tokens = StringProperty("")
    gap = BooleanProperty(False)
    hidden = BooleanProperty(False)
    cleared = BooleanProperty(True)
    band = ColorProperty(LEVELS[1])

    def show(self, slot: dict, hidden: bool) -> None:
        self.level = slot["level"]
        self.band = LEVELS[slot["level"]]
        self.gap = slot["gap"]
        self.hidden = hidden and not slot["gap"]
        if slot["gap"] or self.hidden:
            self.name, self.unit, self.atk, self.defense, self.tokens = "", "", "", "", ""
            self.damage = 0
            return
        self.name = slot["name"]
        self.unit = slot["unit"]
        self.atk = str(slot["atk"])
        self.defense = str(slot["def"])
        self.damage = slot["damage"]
        self.cleared = slot["cleared"]
        marks = {"cloaked": "CLOAK", "protector": "SHIELD", "disabled": "DISABLED"}
        self.tokens = " ".join(marks[t] for t in slot["tokens"])


class AtsBaseBar(BoxLayout):
    area = StringProperty("")
    hp = NumericProperty(100)
    colour = ColorProperty(theme.GOOD)

    def show(self, area: str, hp: int) -> None:
        self.area, self.hp, self.colour = area, hp, hp_colour(hp)


class AtsPlayerPanel(BoxLayout):
    title = StringProperty("")
    details = StringProperty("")
    colour = ColorProperty(theme.GOLD)
    command = BooleanProperty(False)
    acting = BooleanProperty(False)
    out = BooleanProperty(False)
    flipped = BooleanProperty(False)
    held = ListProperty([])

    def show(self, panel: dict, command: bool, acting: bool, hide_line: bool) -> None:
        self.title = panel["name"] + ("  (out)" if panel["out"] else "")
        clearance = f"Clearance {panel['effective_clearance']} {panel['clearance_name']}"
        if panel["effective_clearance"] != panel["clearance"]:
            clearance += f" (marker {panel['clearance']})"
        self.details = (f"{clearance}   Deck {panel['deck']}  Hand {panel['hand']}  "
                        f"Discard {panel['discard']}"
                        + (f"\nHeld: {', '.join(panel['held'])}" if panel["held"] else ""))
        self.colour = theme.player_colour(panel["colour"])
        self.command, self.acting, self.out = command, acting, panel["out"]
        for bar, (area, hp) in zip(self.ids.bases.children[::-1], panel["bases"], strict=True):
            bar.show(area, hp)
        for view, slot in zip(self.ids.line.children[::-1], panel["line"], strict=True):
            view.show(slot, hide_line)


Builder.load_file(str(Path(__file__).with_name("widgets.kv")))
