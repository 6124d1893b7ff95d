"""The new-game form, generated from the game's declared players and setup
options (companion.core.spec); it never replaces a game in progress without
asking first."""

from __future__ import annotations

from kivy.app import App
from kivy.clock import Clock
from kivy.factory import Factory
from kivy.metrics import dp
from kivy.properties import BooleanProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout
from kivy.uix.label import Label
from kivy.uix.modalview import ModalView
from kivy.uix.screenmanager import Screen
from kivy.uix.textinput import TextInput
from kivy.utils import get_color_from_hex

from companion.app import theme
from companion.app.screens import player_name
from companion.app.widgets import BigButton
from companion.games import GAMES, load, make_ahead


def choice(text: str, group: str, down: bool, on_press):
    """A toggle of one group (newgame.kv's Choice)."""
    button = Factory.Choice(text=text, group=group, state="down" if down else "normal")
    button.bind(on_release=lambda *_a: on_press())
    return button


def heading(text: str) -> Label:
    return Label(text=text, color=theme.MUTED, size_hint_y=None, height=dp(28),
                 font_size="15sp", halign="left", text_size=(None, None))


class NewGameScreen(Screen):
    game_id = StringProperty("")
    game_name = StringProperty("")
    has_options = BooleanProperty(False)  # a second column on a tablet

    def refresh(self):
        spec = GAMES[self.game_id]
        make_ahead(self.game_id)  # read while the form is filled in: Start answers at once
        Clock.schedule_once(lambda _dt, table=spec.table: load(table))  # its module and kv
        self.game_name = spec.name
        self.mode = spec.players.modes[0][0]
        self.values = {o.id: self.default(o) for o in spec.options}
        self.rows = []
        self.build_form()

    def default(self, option):
        settings = App.get_running_app().settings
        if option.setting and len(option.choices) == 2:
            return option.choices[settings.choice_index(option.setting)][0]
        return option.default if option.default is not None else option.choices[0][0]

    def build_form(self):
        spec = GAMES[self.game_id]
        names = [name.text for name, _colour, _team in self.rows]
        self.has_options = bool(spec.options)
        form, options = self.ids.players, self.ids.options
        form.clear_widgets()
        options.clear_widgets()
        form.add_widget(heading("Players"))
        if len(spec.players.modes) > 1:
            grid = GridLayout(cols=2, size_hint_y=None, spacing=dp(6))
            grid.bind(minimum_height=grid.setter("height"))
            for label, _teams in spec.players.modes:
                grid.add_widget(choice(label, "mode", label == self.mode,
                                       lambda m=label: self.set_mode(m)))
            form.add_widget(grid)
        self.rows = []
        teams = dict(spec.players.modes)[self.mode]
        colours = spec.players.colours
        seat = 0
        for team, size in enumerate(teams):
            for _ in range(size):
                row = BoxLayout(size_hint_y=None, height=dp(56), spacing=dp(6))
                offered = default_names(spec)
                typed = names[seat] if seat < len(names) else offered[seat] if \
                    seat < len(offered) else f"Player {seat + 1}"
                name = TextInput(text=typed, multiline=False, font_size="18sp",
                                 background_color=theme.PANEL_HI, foreground_color=theme.TEXT,
                                 cursor_color=theme.GOLD, padding=(dp(10), dp(17)))
                row.add_widget(name)
                colour = None
                if colours:  # each player their own colour; by team if there are too few
                    pick = seat if len(colours) >= sum(teams) or size == 1 else team
                    colour = ColourPick(value=colours[pick % len(colours)], values=colours,
                                        size_hint_x=0.38)
                    row.add_widget(colour)
                form.add_widget(row)
                self.rows.append((name, colour, team))
                seat += 1
        for option in spec.options:
            options.add_widget(heading(option.label))
            choices = list(option.choices) + ([(i, f"Player {i + 1}") for i in range(seat)]
                                              if option.seats else [])
            grid = GridLayout(cols=2 if len(choices) != 3 else 3, size_hint_y=None,
                              spacing=dp(6))
            grid.bind(minimum_height=grid.setter("height"))
            for value, label in choices:
                grid.add_widget(choice(label, f"option-{option.id}",
                                       value == self.values[option.id],
                                       lambda o=option.id, v=value: self.values.__setitem__(o,
                                                                                             v)))
            options.add_widget(grid)

    def set_mode(self, mode):
        self.mode = mode
        self.build_form()

    def setup(self) -> dict:
        spec = GAMES[self.game_id]
        players = []
        for i, (name, colour, team) in enumerate(self.rows):
            player = {"name": player_name(name.text) or f"Player {i + 1}", "team": team}
            if colour is not None:
                player["colour"] = colour.value
            players.append(player)
        if spec.players.alternate:  # teams sit alternately around the table
            by_team = [[p for p in players if p["team"] == t]
                       for t in range(len(dict(spec.players.modes)[self.mode]))]
            players = [team[k] for k in range(max(map(len, by_team))) for team in by_team
                       if k < len(team)]
        return {"players": players, **self.values}

    def start(self):
        app = App.get_running_app()
        saved = app.controller.store.load(self.game_id)  # a finished game needs no asking
        if saved is not None and not saved.rules.is_over(saved.state):
            Confirm(self.game_name, app.controller.store.describe(self.game_id),
                    self.start_now).open()
            return
        self.start_now()

    def start_now(self):
        app = App.get_running_app()
        app.controller.new_game(self.game_id, self.setup())
        app.show_table()


class Confirm(ModalView):
    """A game of this kind is in progress: replace it only when the player says so."""

    def __init__(self, name: str, progress: str, on_yes, **kwargs):
        super().__init__(size_hint=(0.9, None), height=dp(300), auto_dismiss=False, **kwargs)
        box = BoxLayout(orientation="vertical", padding=dp(16), spacing=dp(10))
        text = Label(text=f"A game of {name} is in progress ({progress}).\nStart a new one? "
                          "The game in progress is set aside and cannot be resumed.",
                     font_size="17sp", halign="center", valign="middle")
        text.bind(size=lambda w, _s: setattr(w, "text_size", (w.width, None)))
        box.add_widget(text)
        keep = BigButton(text="No, keep playing it", tone="primary")
        keep.bind(on_release=lambda *_: self.dismiss())
        replace = BigButton(text="Start a new game", tone="danger")
        replace.bind(on_release=lambda *_: (self.dismiss(), on_yes()))
        box.add_widget(keep)
        box.add_widget(replace)
        self.add_widget(box)


class ColourPick(BigButton):
    """A player's colour as a swatch of it, named in words ("red", not "#c0392b"); a tap
    offers the others as swatches."""

    def __init__(self, values, value: str = "", picker: bool = True, **kwargs):
        super().__init__(**kwargs)
        self.values = values
        self.pick(value or self.text)
        if picker:  # the row's own button; the swatches it offers only pick
            self.bind(on_release=lambda *_a: self.choose())

    def paint(self) -> None:
        from companion.progress import NAMED_COLOURS

        hexed = self.value if self.value.startswith("#") else "#9aa0a6"  # a table's own
        rgb = get_color_from_hex(NAMED_COLOURS.get(self.value.lower(), hexed))
        self.background_color = rgb
        light = 0.299 * rgb[0] + 0.587 * rgb[1] + 0.114 * rgb[2] > 0.55
        self.color = (0.08, 0.08, 0.08, 1) if light else (1, 1, 1, 1)

    def choose(self) -> None:
        popup = ModalView(size_hint=(0.8, None), height=dp(72 * ((len(self.values) + 1) // 2)
                                                           + 24))
        grid = GridLayout(cols=2, spacing=dp(8), padding=dp(12))
        for value in self.values:
            swatch = ColourPick(value=value, values=(), picker=False)
            swatch.bind(on_release=lambda *_a, v=value: (self.pick(v), popup.dismiss()))
            grid.add_widget(swatch)
        popup.add_widget(grid)
        popup.open()

    def pick(self, value: str) -> None:
        self.value = value
        self.text = colour_words(value)
        self.paint()


HUES = ((15, "red"), (40, "orange"), (65, "yellow"), (160, "green"), (195, "teal"),
        (255, "blue"), (290, "purple"), (335, "pink"), (360, "red"))


def colour_words(value: str) -> str:
    """A colour as a player says it: a name stays; "#c0392b" is "red", "#24305e" "dark
    blue" (the hue's name, light or dark when it is far from the middle)."""
    import colorsys

    if not value.startswith("#"):
        return value
    try:
        r, g, b = get_color_from_hex(value)[:3]
    except (ValueError, IndexError):
        return value
    hue, light, sat = colorsys.rgb_to_hls(r, g, b)
    if sat < 0.15 or max(r, g, b) - min(r, g, b) < 0.08:
        return "black" if light < 0.15 else "white" if light > 0.85 else \
            "dark grey" if light < 0.4 else "grey"
    name = next(n for top, n in HUES if hue * 360 <= top)
    if name == "orange" and light < 0.35:
        name = "brown"
    return ("dark " if light < 0.3 else "light " if light > 0.75 else "") + name


def default_names(spec) -> list[str]:
    """The names a game offers its players before anyone types: a folder game's table
    may name them (`players: names:`, read from the folder through the one door)."""
    names = getattr(spec.players, "names", None)
    folder = getattr(spec, "folder", "")
    if names is None and folder and not folder.startswith("<"):
        from companion.core.printed import folder_game

        try:
            table = folder_game(folder).table or {}
        except ValueError:
            table = {}
        names = table.get("players", {}).get("names")
    return [str(n) for n in names or ()]
