"""How a player makes each Above Top Secret move on the screen: by tapping the
cards, gaps, base areas and hand cards on the table, and the action area's
buttons and card lists only for what the table does not show. Also the
checks every table screen must pass (sizes, readable text, the acting panel
in full)."""

from __future__ import annotations

from kivy.metrics import dp, sp

from companion.games.ats import view
from tests.ui.driver import find, pump, tap, tap_text, walk


def on_screen(app) -> list:
    from kivy.base import EventLoop

    roots = [app.root.current_screen, *[w for w in EventLoop.window.children
                                       if w is not app.root]]
    return [w for root in roots for w in walk(root) if w.get_root_window() is not None]


def pieces(app) -> list:
    from companion.games.ats.widgets import Tappable

    return [w for w in on_screen(app) if isinstance(w, Tappable)]


def tap_thing(app, thing) -> None:
    """Tap a card, gap or base area on the table, or a card in the hand."""
    found = [w for w in pieces(app) if w.thing == thing]
    assert found, f"{thing} is not on the table"
    tap(found[0])


def tap_card(app, card_id: str) -> None:
    """Tap a card in the action area's list, opening its level's tab first if need be."""
    from companion.games.ats.data import defense

    def tile():
        return next((w for w in pieces(app) if getattr(w, "action", None) is not None
                     and w.card_id == card_id), None)

    if tile() is None:
        tap_text(app, f"L{defense(card_id)['level']} (", exact=False)
    assert tile() is not None, f"{card_id} is not in the list"
    tap(tile())


def showing_confirm(app) -> bool:
    try:
        find(app, "Attack!")
    except LookupError:
        return False
    return True


def perform(app, action: dict) -> None:
    """Make the move `action` with taps, the way a player would."""
    state = app.controller.state
    wait = state["await"]
    seat, kind = wait["player"], action["type"]
    virtual = state["settings"]["cards"] == "virtual"
    if kind == "start_card":
        return tap_card(app, action["card"])
    if kind == "roll":
        if "value" in action:
            return tap_text(app, str(action["value"]))
        return tap_text(app, "Roll the Encounter die and draw a card")
    if kind in ("draw", "end_turn"):
        return tap_text(app, {"draw": "Draw a card", "end_turn": "End turn"}[kind])
    if kind == "attack":
        return attack(app, seat, action)
    if kind == "swap":
        if not state["turn"]["sacrificed"]:
            tap_text(app, "Sacrifice")
        if virtual:
            return tap_thing(app, ("hand", action["card"]))
        tap_thing(app, ("slot", seat, action["level"]))
        return tap_card(app, action["card"])
    if kind == "intel":
        tap_text(app, "Use Intel")
        return tap_text(app, view.label(state, action))
    if kind in ("reinforce", "discard"):
        if action["card"] is None:
            return tap_text(app, "No card of that level in hand")
        if virtual:
            return tap_thing(app, ("hand", action["card"]))
        return tap_card(app, action["card"])
    if kind == "advance":
        for level in action["levels"]:
            tap_thing(app, ("slot", seat, level))
        return tap_text(app, "Advance clearance")
    if kind == "skip":
        return tap_text(app, "Not this round" if wait["kind"] == "advance" else
                        "No cloak this round")
    if kind == "cloak":
        return tap_thing(app, ("slot", seat, action["level"]))
    if kind == "choose":
        return choose(app, state, action)
    raise AssertionError(f"no way to tap {action}")


def attack(app, seat, action) -> None:
    tap_thing(app, ("slot", seat, action["level"]))
    target = action["target"]
    q = target["player"]
    if target.get("bypass"):
        tap_thing(app, ("base", q, target["area"]))
    else:
        tap_thing(app, ("slot", q, target["level"]))
        if "area" in target and not showing_confirm(app):
            tap_thing(app, ("base", q, target["area"]))
    tap_text(app, "Attack!")


def choose(app, state, action) -> None:
    from companion.games.ats.choices import card_of
    from companion.games.ats.picks import AREA_CHOICES, HAND_CHOICES

    wait, value = state["await"], action["value"]
    choice = wait.get("choice")
    if choice in AREA_CHOICES and "target" in wait:
        return tap_thing(app, ("base", wait["target"], value))
    if choice == "card":
        return tap_thing(app, ("slot", value[0], value[1]))
    if choice in HAND_CHOICES and state["settings"]["cards"] == "virtual":
        return tap_thing(app, ("hand", value))
    if card_of(action):
        return tap_card(app, value)
    return tap_text(app, view.label(state, action))


# -- what every table screen must be --------------------------------------------------
def check_table(app) -> None:
    """The acting player's panel in full inside the table, every tap target at least
    48 dp, every text at least 14 sp (docs: /work/shared/standards.md, At the table)."""
    from kivy.uix.behaviors import ButtonBehavior
    from kivy.uix.label import Label

    screen = app.root.get_screen("table")
    table = screen.game
    if table is None or table.parent is None:
        return
    pump()
    content = screen.ids.content
    panel = table.ids.pinned.children[0]
    low = content.to_window(content.x, content.y)
    high = content.to_window(content.right, content.top)
    bottom = panel.to_window(panel.x, panel.y)
    top = panel.to_window(panel.right, panel.top)
    assert low[0] - 1 <= bottom[0] and top[0] <= high[0] + 1 and low[1] - 1 <= bottom[1] \
        and top[1] <= high[1] + 1, "the acting player's panel is cut off"
    for widget in on_screen(app):
        if widget.opacity == 0 or widget.width == 0:
            continue
        if isinstance(widget, ButtonBehavior):
            assert widget.height >= dp(48) - 1 and widget.width >= dp(48) - 1, \
                f"{widget} is {widget.width / dp(1):.0f} x {widget.height / dp(1):.0f} dp"
        if isinstance(widget, Label) and widget.text.strip():
            assert widget.font_size >= sp(14) - 0.01, \
                f"'{widget.text[:30]}' is {widget.font_size / sp(1):.1f} sp"
