"""What the hand strip and the prompt sheet hold besides buttons: the acting
player's hand (the cards playable now first, then what only they were shown),
cards named from a printed hand or searched for in a deck (likely first, one
level at a time when there are many), Encounter cards by kind, the three cards
to put back in order, a printed die's faces to enter a real roll, and the
Encounter card being resolved."""

from __future__ import annotations

from kivy.factory import Factory
from kivy.metrics import dp
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout
from kivy.uix.label import Label

from companion.app import theme
from companion.app.zoom import card_art
from companion.core.engine import die_of
from companion.games.ats import choices, results
from companion.games.ats.data import GAME_ID, defense, encounter
from companion.games.ats.widgets import AtsTile, DieKey, Divider, EncNote, EncTile

TILES_FLAT = 8  # more cards than this are shown one level at a time
DIE_PIECES = {"encounter": "encounter-die", "combat": "combat-die"}


def words(text: str, colour=theme.TEXT, size: str = "15sp") -> Label:
    """A label as tall as its wrapped text."""
    label = Label(text=text, size_hint_y=None, font_size=size, color=colour,
                  halign="left", valign="top")
    label.bind(width=lambda w, _v: setattr(w, "text_size", (w.width, None)),
               texture_size=lambda w, s: setattr(w, "height", s[1] + dp(4)))
    return label


def column(*widgets) -> BoxLayout | None:
    """The sheet's extra: the widgets one under the other (None: nothing)."""
    widgets = [w for w in widgets if w is not None]
    if len(widgets) < 2:
        return widgets[0] if widgets else None
    box = BoxLayout(orientation="vertical", size_hint_y=None, spacing=dp(4))
    box.bind(minimum_height=box.setter("height"))
    for widget in widgets:
        box.add_widget(widget)
    return box


class Lists:
    """Builds strip cards and sheet extras for the table (`table.tap_thing`,
    `table.act`, `table.select`, `table.sel`, `table.card_width()`)."""

    def __init__(self, table, picks):
        self.table, self.picks = table, picks

    def tile(self, card_id: str, mark: str = "", on_tap=None, role: tuple = ("list",)
             ) -> AtsTile:
        """A card tile, made once per card and role and kept: a refresh only marks it
        (a phone draws a hand of eight in a blink, not eight new cards)."""
        key = (*role, card_id)
        tile = self.table.tiles.get(key)
        if tile is None:
            tile = self.table.tiles[key] = AtsTile().show(defense(card_id))
            tile.bind(on_release=lambda t: t.tap_action() if t.tap_action else None)
        if tile.parent is not None:
            tile.parent.remove_widget(tile)
        tile.size_hint, tile.width = (None, None), self.table.card_width()
        tile.mark, tile.badge, tile.thing, tile.tap_action = mark, "", None, on_tap
        return tile

    # -- the hand ------------------------------------------------------------------------
    def hand(self, marks: dict, own: bool = True) -> list:
        """The acting player's cards, the ones a tap plays now first; then the cards an
        Encounter showed only them (`own` False: those alone)."""
        picks = self.picks
        expects = any(thing[0] == "hand" for thing in marks)
        cards = picks.hand() if own else []
        cards.sort(key=lambda c: 0 if marks.get(("hand", c)) else 1)
        out = [self.tile(c, marks.get(("hand", c), "off" if expects else ""),
                         lambda c=c: self.table.tap_thing(("hand", c)), ("hand",))
               for c in cards]
        for tile in out:
            tile.thing = ("hand", tile.card_id)
        for group, (what, seen) in enumerate(results.seen(self.table.app.controller.session,
                                                          picks.seat)):
            out.append(Divider(text=f"Only you see this: {what}", size_hint=(None, None),
                               width=dp(120)))
            out += [self.tile(c, role=("seen", group)) for c in seen]
        return out

    # -- cards named from a list ---------------------------------------------------------
    def cards(self, actions: list) -> tuple[list, object]:
        """Card actions as tiles, likely first; above TILES_FLAT, the likely level's
        (and level tabs for the sheet). Returns (tiles, tabs or None)."""
        if len(actions) <= TILES_FLAT:
            ordered = choices.likely_first(self.picks.state, actions)
            return [self.tile(choices.card_of(a), on_tap=lambda a=a: self.table.act(a))
                    for a in ordered], None
        groups = dict(choices.by_level(self.picks.state, actions))
        sel = self.table.sel
        tab = sel.get("tab") if sel.get("tab") in groups else \
            choices.likely_level(self.picks.state, actions)
        tabs = GridLayout(cols=len(groups), spacing=dp(4), size_hint_y=None, height=dp(48))
        for level, found in groups.items():
            toggle = Factory.AtsTab(text=f"L{level} ({len(found)})",
                                    state="down" if level == tab else "normal")
            toggle.bind(on_release=lambda _w, lv=level: self.table.select(
                {**self.table.sel, "tab": lv}))
            tabs.add_widget(toggle)
        return [self.tile(choices.card_of(a), on_tap=lambda a=a: self.table.act(a))
                for a in groups[tab]], tabs

    def encounters(self, actions: list) -> list:
        """Printed Encounter cards to name, by kind (which one came up?)."""
        out = []
        for kind, found in choices.by_kind(actions):
            out.append(Divider(text=kind, size_hint=(None, None), width=dp(96)))
            for action in found:
                tile = EncTile(size_hint=(None, None), width=self.table.card_width())
                tile.show(encounter(action["value"]))
                tile.bind(on_release=lambda _t, a=action: self.table.act(a))
                out.append(tile)
        return out

    # -- the sheet's extras --------------------------------------------------------------
    def order(self) -> tuple[BoxLayout, list]:
        """Remote Viewing: the top cards as cards; each tap gives the next place.
        Returns (the cards, the order tapped so far)."""
        options = self.picks.wait["options"]
        top, chosen = options[0], list(self.table.sel.get("order", []))
        row = BoxLayout(size_hint_y=None, height=dp(112), spacing=dp(6))
        for card_id in top:
            place = chosen.index(card_id) + 1 if card_id in chosen else 0
            tile = self.tile(card_id, "picked" if place else "can",
                             lambda c=card_id: self.table.select(
                                 {"order": chosen + [c]} if c not in chosen else
                                 {"order": chosen}), ("order",))
            tile.size_hint = (1, 1)
            tile.badge = str(place) if place else ""
            row.add_widget(tile)
        return row, chosen

    def keypad(self, die_id: str) -> GridLayout:
        """A real die's faces as printed, its words under each: tap the one rolled. Faces
        that say the same (the Encounter die's four Clear) are one key."""
        die = die_of(self.table.app.controller.spec.dice, die_id)
        piece = DIE_PIECES.get(die_id, "combat-die")  # R-DIE-1: every other roll: the combat die
        art = card_art(GAME_ID)
        keys: dict = {}  # a face's words -> the first face that says them
        for action in self.picks.legal:
            keys.setdefault(die.faces[action["value"] - 1], action)
        grid = GridLayout(cols=min(3, len(keys)), spacing=dp(6), size_hint_y=None)
        grid.bind(minimum_height=grid.setter("height"))
        for action in keys.values():
            value = action["value"]
            picture = art.path("dice", piece, f"face {value}")
            key = DieKey(source=str(picture) if picture else "", words=die.faces[value - 1],
                         value=value)
            key.bind(on_release=lambda _k, a=action: self.table.act(a))
            grid.add_widget(key)
        return grid

    def encounter_card(self, card: dict) -> EncNote:
        return EncNote().show(card)
