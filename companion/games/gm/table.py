"""Geheime Mission's table: the board's three fields with this round's cards
and the values that counted, where the suitcase is and who holds it, each
player's suitcases and the pile; below, the move: a hand of agents to tap,
a 1-9 keypad for printed cards, or the three back doors. The shell hosts it
and covers the screen while the phone changes hands (view.private_seat)."""

from __future__ import annotations

from pathlib import Path

from kivy.app import App
from kivy.clock import Clock
from kivy.lang import Builder
from kivy.metrics import dp
from kivy.properties import ColorProperty, ListProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.button import Button
from kivy.uix.gridlayout import GridLayout
from kivy.utils import get_color_from_hex

from companion.games.gm import view
from companion.games.gm.data import DOOR_NAMES, colours

Builder.load_file(str(Path(__file__).with_name("table.kv")))


def plural(count: int, noun: str) -> str:
    return f"{count} {noun}" + ("" if count == 1 else "s")


def rgba(hex_colour: str) -> list:
    return get_color_from_hex(hex_colour)


class GmPlay(BoxLayout):
    """One card on a field: the value that counted, in its colour."""

    value = StringProperty("")
    caption = StringProperty("")
    colour = ColorProperty((0, 0, 0, 1))


class GmField(BoxLayout):
    title = StringProperty("")
    suitcase = StringProperty("")
    plays = ListProperty([])

    def on_plays(self, _widget, plays):
        box = self.ids.plays
        box.clear_widgets()
        for play in plays[-4:]:  # the last pairs: what is being compared now
            box.add_widget(GmPlay(value=str(play["value"]), colour=rgba(
                colours()[play["role"]]), caption=play["name"]
                + (f"\n{play['card']}" if play["card"] else "")))


class GmCard(Button):
    """An agent in the hand: its three values, the one that counts now large."""

    card_id = StringProperty("")
    main = StringProperty("")
    others = StringProperty("")
    colour = ColorProperty((0, 0, 0, 1))


class GmTable(BoxLayout):
    score = StringProperty("")
    suitcase = StringProperty("")
    prompt = StringProperty("")
    events_text = StringProperty("")

    @property
    def app(self):
        return App.get_running_app()

    def refresh(self):
        state = self.app.controller.state
        names = view.names(state)
        self.score = "   ".join(f"{p['name']}: {plural(p['suitcases'], 'suitcase')}"
                                for p in state["players"]) + f"   Pile: {state['pile_left']}"
        carrier = state["carrier"]
        self.suitcase = ("Suitcase: in the city centre" if carrier is None else
                         f"Suitcase: {names[carrier]} has it")
        self.prompt = view.status(state)["prompt"]
        self.events_text = "\n".join(e["text"] for e in self.app.controller.recent
                                     if not e.get("private"))[-900:]
        fields = view.fields(state)
        where = "city" if carrier is None else ("left", "right")[carrier]
        for widget, field, side in zip((self.ids.left, self.ids.city, self.ids.right), fields,
                                       ("left", "city", "right"), strict=True):
            widget.title = "City centre" if side == "city" else \
                f"{names[field['owner']]}'s embassy"
            widget.suitcase = "SUITCASE" if side == where else ""
            widget.plays = field["plays"]
        Clock.schedule_once(lambda _dt: self.draw_actions(), 0)

    def draw_actions(self):
        box = self.ids.actions
        box.clear_widgets()
        state = self.app.controller.state
        wait = state["await"]
        if wait is None:
            return
        legal = self.app.controller.legal()
        if wait["kind"] in ("door", "officer"):
            grid = GridLayout(cols=3, spacing=dp(6), size_hint_y=None, height=dp(96))
            for action in legal:
                door = action["door"]
                button = Button(text=f"Door {door}\n{DOOR_NAMES[door]}", font_size="18sp",
                                halign="center", background_normal="",
                                background_color=rgba(colours()["doors"][door]),
                                color=rgba(colours()["door_text"][door]), bold=True)
                button.bind(on_release=lambda *_a, a=action: self.act(a))
                grid.add_widget(button)
            box.add_widget(grid)
            return
        colour = rgba(colours()[wait["role"]])
        if "value" in legal[0]:  # printed cards: the value the card shows
            grid = GridLayout(cols=3, spacing=dp(6), size_hint_y=None, height=dp(3 * 62))
            for action in legal:
                key = Button(text=str(action["value"]), font_size="26sp", bold=True,
                             background_normal="", background_color=colour)
                key.bind(on_release=lambda *_a, a=action: self.act(a))
                grid.add_widget(key)
            box.add_widget(grid)
            return
        role = view.ROLE_VALUE[wait["role"]]
        for card in view.hand(state, wait["player"]):
            others = "  ".join(f"{label} {card[key]}" for key, label in
                               (("find", "blue"), ("attack", "red"), ("defence", "green"))
                               if key != role)
            widget = GmCard(card_id=card["id"], main=f"{card[role]}", colour=colour,
                            others=f"{card['name']} {card['call']}   [size=13sp]{others}[/size]")
            widget.bind(on_release=lambda *_a, c=card["id"]: self.act({"type": "play",
                                                                       "card": c}))
            box.add_widget(widget)

    def act(self, action):
        reason = self.app.act(action)
        if reason:
            self.prompt = reason
