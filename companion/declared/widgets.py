"""Small pieces of a declared game's screen: the number entry, a printed piece's
picture, a player's colour made readable on the dark table, the words of a tile.

Why here and not in the shell: only a declared table changes numbers a player types
(every coded game's moves are taps on what its rules offer, one each); the menus of
moves are the shell's (companion.app.choices)."""

from __future__ import annotations

from kivy.metrics import dp
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.modalview import ModalView
from kivy.uix.textinput import TextInput
from kivy.utils import get_color_from_hex

from companion.app import theme
from companion.app.choices import wrapped
from companion.app.widgets import BigButton, text_width

GREY = "#9aa0a6"
TILE = 116  # dp: a pile's or an open zone's card picture (a big track: twice as tall)


class NumberEntry(ModalView):
    """Type a number (a counter's new value, how many cards); the bounds are said, and
    a number outside them is refused with the bounds, never changed into another."""

    def __init__(self, title: str, value: str, low, high, on_done, verb: str = "Set",
                 **kwargs):
        super().__init__(size_hint=(0.9, None), height=dp(290), **kwargs)
        self.low, self.high, self.on_done = low, high, on_done
        box = BoxLayout(orientation="vertical", padding=dp(12), spacing=dp(8),
                        size_hint_y=None)
        box.bind(minimum_height=box.setter("height"),
                 height=lambda _box, height: setattr(self, "height", height))
        bounds = "" if low is None and high is None else f" ({low} or more)" if \
            high is None else f" ({high} or less)" if low is None else f" ({low} to {high})"
        self.title = wrapped(f"{title}{bounds}", "18sp")
        box.add_widget(self.title)
        self.field = TextInput(text=value, multiline=False, input_filter="int",
                               input_type="number", font_size="26sp", size_hint_y=None,
                               height=dp(64), halign="center", padding=(dp(12), dp(14)),
                               background_color=theme.PANEL_HI,
                               foreground_color=theme.TEXT, cursor_color=theme.GOLD)
        self.field.bind(on_text_validate=lambda *_a: self.done())
        box.add_widget(self.field)
        ok = BigButton(text=verb, tone="primary")
        ok.bind(on_release=lambda *_a: self.done())
        cancel = BigButton(text="Cancel")
        cancel.bind(on_release=lambda *_a: self.dismiss())
        box.add_widget(ok)
        box.add_widget(cancel)
        self.add_widget(box)

    def done(self) -> None:
        try:
            number = int(self.field.text)
        except ValueError:
            self.title.text = "A whole number, please"
            return
        low, high = self.low, self.high
        if (low is not None and number < low) or (high is not None and number > high):
            self.title.text = f"{low} to {high}, please" if low is not None and \
                high is not None else f"At least {low}, please" if low is not None else \
                f"At most {high}, please"  # said, not quietly changed to another number
            return
        self.dismiss()
        self.on_done(number)


def picture(game_id: str, component: str, item: str, side: str = "front") -> str:
    """A printed piece's picture (companion.cardart) or "" (none can be had: the screen
    draws the card's words)."""
    from companion.app.zoom import card_art

    try:
        found = card_art(game_id).path(component, item, side)
    except Exception:  # a table given as data, a folder changed under the app
        return ""
    return str(found) if found else ""


def first_item(game_id: str, component: str) -> str | None:
    """The first printed item of a component (a counter's `track`: the sheet it is kept
    on), read through the one door to printed data; None where it cannot be read."""
    from companion.core.printed import folder_game
    from companion.games import GAMES

    folder = GAMES[game_id].folder if game_id in GAMES else ""
    try:
        items = folder_game(folder).component(component).items
    except Exception:  # a table given as data (no folder), a folder changed since
        return None
    return items[0].id if items else None


def component_name(game_id: str, component: str) -> str:
    """A printed component's name ("Rules summary"), or "" where it cannot be read."""
    from companion.core.printed import folder_game
    from companion.games import GAMES

    folder = GAMES[game_id].folder if game_id in GAMES else ""
    try:
        return str(folder_game(folder).component(component).name)
    except Exception:  # a table given as data (no folder), a folder changed since
        return ""


def rgba(colour: str | None) -> list:
    """A player's declared colour ("#c0392b" or a name the app knows)."""
    from companion.progress import NAMED_COLOURS

    text = str(colour or GREY)
    try:
        return get_color_from_hex(NAMED_COLOURS.get(text.lower(), text if
                                                    text.startswith("#") else GREY))
    except ValueError:
        return get_color_from_hex(GREY)


def readable(colour: list) -> list:
    """The colour as text on the dark table: a dark one (a navy) is lightened until it
    reads (WCAG's 4.5:1 against the panels), keeping its hue."""
    r, g, b = colour[:3]
    for _ in range(10):
        if luminance((r, g, b)) >= 0.2:
            break
        r, g, b = (c + (1 - c) * 0.25 for c in (r, g, b))
    return [r, g, b, 1]


def luminance(rgb) -> float:
    def channel(c: float) -> float:
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (channel(c) for c in rgb[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def hex_of(colour: list) -> str:
    return "#" + "".join(f"{round(c * 255):02x}" for c in colour[:3])


def team_words(state: dict, player: dict) -> str:
    """A player's team where the table seats teams: " (team 2)"."""
    team = player.get("team")
    from companion.declared.view import decl_of

    teams = decl_of(state).table["players"]["teams"]
    return f" (team {team + 1})" if teams and isinstance(team, int) else ""


def tile_width(words: str, bold: bool = False) -> float:
    """A tile as wide as its longest word needs (a word is never broken), at least a card."""
    return max(dp(88), *(text_width(w, bold=bold) + dp(8) for w in words.split() or [""]))
