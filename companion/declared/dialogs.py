"""The declared table's popups: a player's sheet (their counters, zones, out, the end
of the game), a counter large, a pile's menu, a zone's cards, who won, and which
printed card was played.

Why popups: they hold what a tap on the board cannot do at once and what is not
needed on every turn, so the board itself stays one screen without scrolling."""

from __future__ import annotations

from kivy.metrics import dp
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.modalview import ModalView
from kivy.uix.stacklayout import StackLayout
from kivy.uix.togglebutton import ToggleButton
from kivy.utils import escape_markup

from companion.app import theme
from companion.app.choices import Choice, menu, wrapped
from companion.app.widgets import BigButton, fill_popup
from companion.core.viewing import plural
from companion.declared import view
from companion.declared.cards import allowed, card_widget, tapped
from companion.declared.counters import counter_widget, track_widgets
from companion.declared.widgets import NumberEntry


def now(table) -> tuple[dict, list]:
    """The state and the listed actions at the moment a popup opens."""
    controller = table.app.controller
    state = controller.state
    return state, controller.legal() if state["await"] else []


def seat_sheet(table, seat: int) -> ModalView:
    """A player: their counters to change, their zones (open ones to look through), and
    the players' word: this player is out, or the game ends."""
    state, legal = now(table)
    player = state["players"][seat]
    popup = ModalView(size_hint=(0.94, None))
    box = BoxLayout(orientation="vertical", padding=dp(12), spacing=dp(8), size_hint_y=None)
    box.bind(minimum_height=box.setter("height"))
    box.add_widget(wrapped(f"[b]{escape_markup(player['name'])}[/b]" +
                           (" (out)" if player["out"] else ""), "20sp"))
    counters = StackLayout(size_hint_y=None, spacing=dp(6))
    counters.bind(minimum_height=counters.setter("height"))

    def act(action):
        popup.dismiss()
        table.act(action)
    for counter in view.counters(state, seat):
        counters.add_widget(counter_widget(state, counter, seat, act))
    box.add_widget(counters)
    acting = (state["await"] or {}).get("player")
    for zone in view.zones(state, acting) if state["tracked"] else []:
        if zone["owner"] != seat:
            continue
        if zone["cards"] and (zone["show"] != "private" or seat == acting):
            button = BigButton(text=f"{zone['name']}: {plural(zone['count'], 'card')}, "
                                    "see them")
            button.bind(on_release=lambda *_a, k=zone["key"]: (popup.dismiss(),
                                                               zone_sheet(table, k)))
            box.add_widget(button)
        else:
            box.add_widget(wrapped(f"{zone['name']}: {plural(zone['count'], 'card')}",
                                   color=theme.MUTED))
        hidden = [c for c in state["zones"][zone["key"]] if c not in state["revealed"]]
        if zone["show"] == "hidden" and hidden and allowed(state, "reveal"):
            button = BigButton(text=f"Turn {player['name']}'s {zone['name']} face up")
            button.bind(on_release=lambda *_a, h=hidden: (popup.dismiss(),
                                                          reveal_all(table, h)))
            box.add_widget(button)
    if not player["out"]:
        name = player["name"]
        out = BigButton(text=f"{name} is out of the game...", tone="danger")
        out.bind(on_release=lambda *_a: (popup.dismiss(), menu(  # asked: no slip of a finger
            f"{name} is out of the game: nobody plays for {name} from now on?",
            [Choice(f"Yes, {name} is out", lambda: table.act({"type": "out", "seat": seat}),
                    "danger")])))
        box.add_widget(out)
    finish = BigButton(text="End the game now...")
    finish.bind(on_release=lambda *_a: (popup.dismiss(), finish_sheet(table, seat)))
    box.add_widget(finish)
    close = BigButton(text="Close", tone="primary")
    close.bind(on_release=lambda *_a: popup.dismiss())
    box.add_widget(close)
    fill_popup(popup, box)
    box.bind(height=lambda *_a: setattr(popup, "height", box.height))
    popup.open()
    return popup


def counter_sheet(table, counter: dict, seat) -> None:
    """A counter shown as a chip (room is short): its - and + large, in a popup, with
    its printed token and track."""
    popup = ModalView(size_hint=(0.9, None), height=dp(200))
    box = BoxLayout(orientation="vertical", padding=dp(12), spacing=dp(8), size_hint_y=None)
    box.bind(minimum_height=box.setter("height"),
             height=lambda _box, height: setattr(popup, "height", height))

    def act(action):
        popup.dismiss()
        table.act(action)
    state = table.app.controller.state
    box.add_widget(counter_widget(state, counter, seat, act, pos_hint={"center_x": 0.5}))
    for widget in track_widgets(state, counter):
        widget.pos_hint = {"center_x": 0.5}
        box.add_widget(widget)
    close = BigButton(text="Close")
    close.bind(on_release=lambda *_a: popup.dismiss())
    box.add_widget(close)
    fill_popup(popup, box)
    popup.open()


def zone_text(state: dict, action: dict, zone: dict) -> str:
    """A pile's operation as a menu says it."""
    kind = action["type"]
    if kind == "draw":
        hand = action["to"] in (view.decl_of(state).roles.get("hand"),
                                f"{view.decl_of(state).roles.get('hand')}."
                                f"{(state['await'] or {}).get('player')}")
        return f"Draw {action['count']}" + ("" if hand else
                                            f" to {view.zone_words(state, action['to'])}")
    if kind == "deal":
        return f"Deal {action['count']} to each player"
    if kind == "shuffle":
        return f"Shuffle {zone['name']}"
    if kind == "reveal":
        if action["card"] in state["revealed"]:
            return f"Turn {view.seen_words(state, action['card'])} face down"
        return "Turn up the top card" if state["zones"][zone["key"]][:1] == [action["card"]] \
            else "Turn up a card"
    if kind == "move" and state["zones"][zone["key"]][:1] == [action["card"]]:
        return f"Take the top card to {view.zone_words(state, action['to'])}"
    return view.label(state, action)


def pile_menu(table, state: dict, zone: dict, ops: list) -> None:
    """Everything a pile offers now, and a draw of several cards at once."""
    choices = [Choice(zone_text(state, a, zone), lambda a=a: table.act(a),
                      "primary" if a["type"] == "draw" else "normal") for a in ops]
    hidden = [c for c in state["zones"][zone["key"]] if c not in state["revealed"]]
    listed = {a["card"] for a in ops if a["type"] == "reveal"}
    if allowed(state, "reveal") and hidden and hidden[0] not in listed:
        choices.append(Choice("Turn up the top card" if zone["role"] == "pile" else
                              "Turn up a card", lambda: table.act(
                                  {"type": "reveal", "card": hidden[0]})))
    if allowed(state, "reveal") and len(hidden) > 1:
        choices.append(Choice(f"Turn all {len(hidden)} face up",
                              lambda: reveal_all(table, hidden)))
    draws = [a for a in ops if a["type"] == "draw"]
    if draws and zone["count"] > 1:
        draw = draws[0]
        choices.insert(1, Choice("Draw several...", lambda: NumberEntry(
            f"How many cards from {zone['name']}?", "2", 1, zone["count"],
            lambda n: table.act({**draw, "count": n}), verb="Draw").open()))
    if not choices:
        table.say(f"{zone['name']}: {plural(zone['count'], 'card')}, nothing to do with it now")
        return
    menu(f"{zone['name']} ({plural(zone['count'], 'card')})", choices)


def reveal_all(table, cards: list) -> None:
    """Every face-down card of a zone turned up (the players' reveal): one action each,
    so Undo takes them back one at a time."""
    for card in cards:
        if table.app.act({"type": "reveal", "card": card}):
            break


def zone_sheet(table, key: str) -> ModalView:
    """A zone's cards, large enough to read: tap one for what it offers, hold to read it."""
    from companion.app.log import ListScroll

    state, legal = now(table)
    acting = (state["await"] or {}).get("player")
    zone = next(z for z in view.zones(state, acting) if z["key"] == key)
    popup = ModalView(size_hint=(0.94, 0.86))
    box = BoxLayout(orientation="vertical", padding=dp(8), spacing=dp(8))
    box.add_widget(wrapped(f"[b]{escape_markup(view.zone_words(state, key))}[/b]: "
                           f"{plural(zone['count'], 'card')}" +
                           ("" if zone["cards"] else ", none to see"), "18sp"))
    grid = StackLayout(spacing=dp(8), padding=dp(4), size_hint_y=None)
    grid.bind(minimum_height=grid.setter("height"))
    for card in zone["cards"]:
        actions = [a for a in legal if a.get("card") == card]
        widget = card_widget(state, card, dp(200), lit=bool(actions))
        widget.bind(on_release=lambda *_a, c=card: (popup.dismiss(),
                                                    tapped(table, state, legal, c)))
        grid.add_widget(widget)
    scroll = ListScroll(do_scroll_x=False)
    scroll.add_widget(grid)
    box.add_widget(scroll)
    close = BigButton(text="Close", tone="primary")
    close.bind(on_release=lambda *_a: popup.dismiss())
    box.add_widget(close)
    fill_popup(popup, box)
    popup.open()
    return popup


def finish_sheet(table, seat: int) -> ModalView:
    """The players end the game: who won (the player whose sheet it came from first)."""
    state, _legal = now(table)
    popup = ModalView(size_hint=(0.9, None))
    box = BoxLayout(orientation="vertical", padding=dp(12), spacing=dp(8), size_hint_y=None)
    box.bind(minimum_height=box.setter("height"))
    box.add_widget(wrapped("[b]End the game now[/b]\nWho won? Tap every winner.", "18sp"))
    toggles = []
    for other, player in enumerate(state["players"]):
        toggle = ToggleButton(text=escape_markup(player["name"]), markup=True,
                              state="down" if other == seat else "normal",
                              size_hint_y=None, height=dp(52), font_size="17sp",
                              background_normal="", background_down="")
        toggle.bind(state=lambda w, s: paint(w))
        paint(toggle)
        toggles.append(toggle)
        box.add_widget(toggle)

    def end():
        popup.dismiss()
        table.act({"type": "finish",
                   "winners": [i for i, t in enumerate(toggles) if t.state == "down"]})
    done = BigButton(text="End the game", tone="danger")
    done.bind(on_release=lambda *_a: end())
    keep = BigButton(text="No, keep playing")
    keep.bind(on_release=lambda *_a: popup.dismiss())
    box.add_widget(done)
    box.add_widget(keep)
    fill_popup(popup, box)
    box.bind(height=lambda *_a: setattr(popup, "height", box.height))
    popup.open()
    return popup


def paint(toggle) -> None:
    """A winner's toggle: green and saying so when down."""
    down = toggle.state == "down"
    name = toggle.text.removeprefix("[b]").split("[/b]")[0]
    toggle.text = f"[b]{name}[/b] wins" if down else name
    toggle.background_color = theme.GOOD if down else theme.PANEL_HI
    toggle.color = theme.TEXT


def told_sheet(table, state: dict, told: list) -> None:
    """Printed cards: which card was played, the game's cards by deck and name."""
    decl = view.decl_of(state)
    by_deck: dict = {}
    for action in told:
        data = decl.card(action["card"]) or {"component": "", "name": action["card"]}
        by_deck.setdefault(data["component"], []).append((str(data["name"]), action))
    choices = []
    for component, cards in by_deck.items():
        if len(by_deck) > 1:
            title = component.replace("-", " ").replace("_", " ").capitalize()
            choices.append(Choice(f"[b]{escape_markup(title)}[/b]", None))
        choices += [Choice(escape_markup(name), lambda a=a: table.act(a))
                    for name, a in sorted(cards, key=lambda c: c[0].lower())]
    menu("Which card was played?", choices)
