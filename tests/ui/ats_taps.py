"""How a player makes each Above Top Secret move on the screen: by tapping the
cards, gaps, base areas and names on the table (opening a compact row first),
the cards in the hand strip, a real die's printed faces, the cards to put back
in order, and the sheet's buttons only for what the table does not show. Also
the sizes every table screen keeps: tap targets of 48 dp, text of 14 sp."""

from __future__ import annotations

from kivy.metrics import dp, sp

from companion.games.ats import view
from tests.ui.driver import find, on_screen, tap, tap_text, walk


def pieces(app) -> list:
    from companion.games.ats.widgets import Tappable

    return [w for w in on_screen(app) if isinstance(w, Tappable)]


def row_of(app, seat: int):
    """A player's compact row, if their row is compact now."""
    from companion.games.ats.board import AtsCompact

    return next((w for w in on_screen(app) if isinstance(w, AtsCompact)
                 and w.thing == ("player", seat)), None)


def tap_thing(app, thing) -> None:
    """Tap a card, gap, base area or name on the table (opening its row first if it
    is compact), or a card in the hand strip."""
    found = [w for w in pieces(app) if w.thing == thing]
    if not found and thing[0] in ("slot", "base"):
        compact = row_of(app, thing[1])
        assert compact is not None, f"{thing}: no row of player {thing[1]} on the table"
        tap(compact)  # a compact row opens with a tap
        found = [w for w in pieces(app) if w.thing == thing]
    assert found, f"{thing} is not on the table"
    tap(found[0])


def tap_card(app, card_id: str) -> None:
    """Tap a card in the strip's list, opening its level's tab first if need be."""
    from companion.games.ats.data import defense
    from companion.games.ats.widgets import AtsTile

    def tile():
        return next((w for w in on_screen(app) if isinstance(w, AtsTile)
                     and w.card_id == card_id and w.thing is None), None)

    if tile() is None:
        tap_text(app, f"L{defense(card_id)['level']} (", exact=False)
    assert tile() is not None, f"{card_id} is not in the list"
    tap(tile())


def tap_encounter(app, card_id: str) -> None:
    from companion.games.ats.widgets import EncTile

    tiles = [w for w in on_screen(app) if isinstance(w, EncTile) and w.card_id == card_id]
    assert tiles, f"Encounter card {card_id} is not in the strip"
    tap(tiles[0])


def tap_die(app, value: int) -> None:
    """Enter a real roll: tap the die's face as printed."""
    from companion.games.ats.widgets import DieKey

    keys = [w for w in on_screen(app) if isinstance(w, DieKey) and w.value == value]
    assert len(keys) == 1, f"no face {value} to tap"
    assert keys[0].source, "the face is not drawn as printed"
    tap(keys[0])


def put_in_order(app, order: list) -> None:
    """Remote Viewing: tap the cards (in the prompt sheet) in the order wanted, then
    confirm."""
    from companion.games.ats.widgets import AtsTile

    for card_id in order:
        sheet = app.root.get_screen("table").game.sheet
        tile = next(w for w in walk(sheet) if isinstance(w, AtsTile) and w.card_id == card_id)
        tap(tile)
    tap_text(app, "Put them back in this order")


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
            return tap_die(app, action["value"])
        return tap_text(app, "Roll the Encounter die and draw a card")
    if kind in ("draw", "end_turn"):
        return tap_text(app, {"draw": "Draw a card", "end_turn": "End the turn"}[kind])
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
        return tap_thing(app, ("player", seat if action["mode"] == "self" else
                                         action["player"]))
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
    if choice == "opponent":
        return tap_thing(app, ("player", value))
    if choice == "order":
        return put_in_order(app, value)
    if choice == "reveal":
        return tap_encounter(app, value)
    if choice in AREA_CHOICES and "target" in wait:
        return tap_thing(app, ("base", wait["target"], value))
    if choice == "card":
        return tap_thing(app, ("slot", value[0], value[1]))
    if choice in HAND_CHOICES and state["settings"]["cards"] == "virtual":
        return tap_thing(app, ("hand", value))
    if card_of(action):
        return tap_card(app, value)
    return tap_text(app, view.label(state, action))


# -- what every table screen keeps ------------------------------------------------------
def check_sizes(app) -> None:
    """Every tap target at least 48 dp, every text at least 14 sp (standards: At the
    table). Where things are and whether text fits: tests/ui/visible.py."""
    from kivy.uix.behaviors import ButtonBehavior
    from kivy.uix.label import Label

    from tests.ui.visible import shown

    for widget in on_screen(app):
        if not shown(widget):
            continue
        if isinstance(widget, ButtonBehavior):
            assert widget.height >= dp(48) - 1 and widget.width >= dp(48) - 1, \
                f"{widget} is {widget.width / dp(1):.0f} x {widget.height / dp(1):.0f} dp"
        if isinstance(widget, Label) and widget.text.strip():
            assert widget.font_size >= sp(14) - 0.01, \
                f"'{widget.text[:30]}' is {widget.font_size / sp(1):.1f} sp"
