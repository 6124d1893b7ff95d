"""Above Top Secret through the real window, by touches.

At a phone's real size and density the complete games of six players in three teams
face to face and of two with virtual cards, and the first 70 moves of two with printed
cards and real dice (every kind of prompt the printed cards bring); at a tablet's the
six-player game and the same 70 printed moves. Each size runs in its own process
(tests/ui/ats_tour.py): every move is made by tapping the table and checked against
the engine, every prompt against the table rules (tests/ui/visible.py), and the
first screen of each kind is saved to test-artifacts/ats-<size>/. The tests below it
run in the shared window and check one behaviour each."""

from __future__ import annotations

import contextlib

import pytest

from companion.core import printed
from companion.games.ats import view

KINDS = ["start_card", "turn_start", "main", "attack-targets", "attack-confirm",
         "attack-result", "sacrifice", "reinforce", "advance", "discard", "card",
         "rollover_area"]
SCREENS = ["home", "new-game-virtual", "dice-roller", "menu", "six-cover",
           "six-cover-face-to-face", "six-face-to-face", "six-opponent", "six-order",
           "six-game-over", *[f"six-{k}" for k in KINDS],
           *[f"virtual-{k}" for k in KINDS + ["order", "search", "bottom", "cloak",
                                               "self_destruct", "use_held", "repair_area"]],
           "virtual-game-over", "virtual-log", "new-game-printed", "printed-roll",
           "printed-reveal", "printed-sacrifice-list",
           *[f"printed-{k}" for k in KINDS]]


def shot(artifacts, name):
    from tests.ui.driver import pump, screenshot

    pump()
    screenshot(artifacts / f"{name}.png")


TOURS = {"phone": "six,virtual,printed:70", "tablet": "six,printed:70"}


@pytest.mark.parametrize("size", TOURS)
def test_a_tour_of_the_table_by_taps(display, size):
    from tests.ui.screens import run_tour

    shots = run_tour(display, "ats_tour", size, TOURS[size])
    want = {s for s in SCREENS if size == "phone" or "virtual" not in s}
    assert want <= shots, sorted(want - shots)


# -- in the shared window ------------------------------------------------------------------
def to_prompt(app, seed: int, kind: str, **setup):
    """A new game played by the engine's first legal moves up to a prompt of `kind`."""
    from tests.ui.driver import pump

    controller = app.controller
    controller.new_game("above-top-secret", {"cards": "virtual", "dice": "digital", **setup},
                        seed=seed)
    while controller.state["await"]["kind"] != kind:
        controller.act(controller.legal()[0])
    app.show_table()
    pump()


def reveal(app):
    from tests.ui.driver import tap_text

    state = app.controller.state
    with contextlib.suppress(LookupError):
        tap_text(app, f"I am {state['players'][state['await']['player']]['name']}: show")


def test_roll_and_draw_take_one_tap_and_undo_one_at_a_time(app):
    from tests.ui.driver import tap_text

    to_prompt(app, 5, "turn_start")  # seed 5: the first Encounter roll is all clear
    reveal(app)
    before = len(app.controller.session.actions)
    tap_text(app, "Roll the Encounter die and draw a card")
    actions = app.controller.session.actions[before:]
    assert [a["type"] for a in actions] == ["roll", "draw"], actions
    assert app.controller.state["await"]["kind"] == "main"
    tap_text(app, "Undo: Player 1: draw a card")  # each its own log entry
    assert app.controller.state["await"]["kind"] == "draw"
    reveal(app)
    tap_text(app, "Draw a card")
    assert app.controller.state["await"]["kind"] == "main"


def test_the_hand_shows_only_after_the_cover(app):
    from tests.ui.ats_taps import pieces

    to_prompt(app, 3, "main")
    state = app.controller.state
    hand = sorted(state["players"][state["await"]["player"]]["hand"])
    assert not pieces(app), "the table shows under the cover"
    reveal(app)
    assert sorted(w.card_id for w in pieces(app) if w.thing and w.thing[0] == "hand") == hand


def test_several_swaps_by_tapping_cards_in_hand(app):
    """R-SAC-2: Sacrifice, then one tap per card from hand; the turn goes on."""
    from companion.games.ats.data import defense
    from tests.ui.ats_taps import tap_thing
    from tests.ui.driver import tap_text

    to_prompt(app, 3, "main")
    reveal(app)
    state = app.controller.state
    seat = state["await"]["player"]
    by_level = {}
    for card in state["players"][seat]["hand"]:
        by_level.setdefault(defense(card)["level"], card)
    first, second = list(by_level.values())[:2]
    tap_text(app, "Sacrifice")
    tap_thing(app, ("hand", first))
    tap_thing(app, ("hand", second))
    swaps = [a for a in app.controller.session.actions if a["type"] == "swap"]
    assert [s["card"] for s in swaps] == [first, second]
    line = app.controller.state["players"][seat]["line"]
    assert {line[defense(c)["level"] - 1]["card"] for c in (first, second)} == {first, second}
    if app.controller.state["await"]["player"] == seat:  # more could be swapped
        tap_text(app, "End the turn")  # a Sacrifice made: nothing to ask
    assert app.controller.state["turn"]["player"] != seat


def test_ending_the_turn_is_secondary_and_asked_while_an_attack_could_be_made(app, artifacts):
    """Issue 33: End the turn no primary move, beside Cancel attack too; while the turn's
    attack could still be made, it asks first (companion.app.frame.end_turn_move)."""
    from companion.app.frame import SheetButton
    from tests.ui.ats_taps import tap_thing
    from tests.ui.driver import find, on_screen, tap, tap_text

    to_prompt(app, 3, "main")
    reveal(app)
    state = app.controller.state
    seat = state["await"]["player"]
    attack = next(a for a in app.controller.legal() if a["type"] == "attack")
    tap_thing(app, ("slot", seat, attack["level"]))
    end = find(app, "End the turn")
    assert isinstance(end, SheetButton) and end.tone == "normal"
    assert find(app, "Cancel attack").tone == "normal"
    before = list(app.controller.session.actions)
    tap(end)
    left = view.unfinished(state, app.controller.legal())
    assert left.startswith(f"{state['players'][seat]['name']} can still attack")
    question = f"{left}: end the turn?"
    assert any(question in getattr(w, "text", "") for w in on_screen(app)), question
    shot(artifacts, "ats-end-asked")
    tap_text(app, "Cancel")
    assert app.controller.session.actions == before  # nothing ended
    tap(find(app, "End the turn"))
    tap_text(app, "Yes, end the turn")
    assert app.controller.session.actions[len(before)] == {"type": "end_turn"}


def test_face_to_face_turns_the_prompt_to_the_far_side_and_takes_its_taps(app, artifacts):
    from companion.app.widgets import Turnable
    from tests.ui.driver import tap_text, walk

    app.settings.set("face_to_face", True)
    try:
        to_prompt(app, 3, "main")
        while app.controller.state["await"]["player"] != 1:  # seat 1 of 2: the far side
            app.controller.act({"type": "end_turn"} if app.controller.state["await"]["kind"]
                               == "main" else app.controller.legal()[0])
            while app.controller.state["await"]["kind"] != "main":
                app.controller.act(app.controller.legal()[0])
        app.show_table()
        reveal(app)
        screen = app.root.get_screen("table")
        turnables = [w for w in walk(screen.game) if isinstance(w, Turnable)]
        assert turnables and all(w.turned for w in turnables)
        tap_text(app, "End the turn")  # a turned button still takes its tap
        from kivy.base import EventLoop
        from kivy.uix.modalview import ModalView

        asked = next(w for w in EventLoop.window.children if isinstance(w, ModalView))
        assert [w for w in walk(asked) if isinstance(w, Turnable) and w.turned]  # as the prompt
        shot(artifacts, "ats-far-side-asked")
        tap_text(app, "Yes, end the turn")  # it could still attack: asked first
        assert app.controller.session.actions[-1] == {"type": "end_turn"}
        assert not app.prompt_turned  # the near seat acts now
    finally:
        app.settings.set("face_to_face", False)


def test_dice_roller_menu_and_undo(app, artifacts):
    from tests.ui.ats_taps import tap_card
    from tests.ui.driver import pump, tap_text

    app.controller.new_game("above-top-secret", {}, seed=3)
    app.show_table()
    pump()
    for _ in range(10):  # the two starting lines
        reveal(app)
        tap_card(app, app.controller.legal()[0]["card"])
    before = len(app.controller.session.actions)
    tap_text(app, "Dice")
    tap_text(app, "Roll the Combat die")
    shot(artifacts, "12-dice-roller")
    rolled = app.controller.session.events[-1][0]
    assert rolled["kind"] == "free_roll"
    from kivy.base import EventLoop
    from kivy.uix.image import Image

    from companion.app.table import DiceRoller
    from companion.core.printed import die_faces

    roller = next(w for w in EventLoop.window.children if isinstance(w, DiceRoller))
    printed = die_faces("above-top-secret:dice/combat-die")[rolled["value"] - 1]
    assert roller.result.text == f"Combat die: {printed}"  # the words the paper die shows
    face = next(w for w in roller.walk() if isinstance(w, Image))
    assert face.source.endswith(f"combat-die-face-{rolled['value']}.png") and face.texture
    tap_text(app, "Close")
    assert len(app.controller.session.actions) == before + 1
    tap_text(app, "Undo: a roll of the Combat die")  # says what it takes back
    assert len(app.controller.session.actions) == before
    tap_text(app, "Redo: a roll of the Combat die")
    assert len(app.controller.session.actions) == before + 1
    tap_text(app, "Menu")
    shot(artifacts, "13-menu")
    tap_text(app, "Face-to-face: off")
    assert app.settings["face_to_face"]
    tap_text(app, "Close")
    tap_text(app, "Menu")
    tap_text(app, "Face-to-face: on (far side turned)")
    tap_text(app, "Close")
    assert not app.settings["face_to_face"]


def test_back_button_goes_home_and_resume_returns(app):
    from kivy.base import EventLoop

    from tests.ui.driver import pump, tap_text

    app.controller.new_game("above-top-secret", {}, seed=4)
    app.show_table()
    pump()
    actions = list(app.controller.session.actions)
    EventLoop.window.dispatch("on_keyboard", 27, 0, "", [])
    pump()
    assert app.root.current == "home"
    tap_text(app, "Resume: Above Top Secret")
    assert app.root.current == "table"
    assert app.controller.session.actions == actions
    assert view.status(app.controller.state)["acting_seat"] == 0


def to_choice(app, seed: int, choice: str):
    """A new game played by greedy players up to a choice of this kind."""
    from companion.games.ats.ai import GreedyAgent
    from tests.ui.driver import pump

    controller = app.controller
    controller.new_game("above-top-secret", {"cards": "virtual", "dice": "digital"},
                        seed=seed)
    agents = [GreedyAgent(5), GreedyAgent(6)]
    while controller.state["await"].get("choice") != choice:
        state = controller.state
        controller.act(agents[controller.rules.acting_seat(state)].choose(
            controller.rules, state))
    app.show_table()
    pump()


def test_holding_a_card_shows_it_as_printed_with_its_pictograms_in_words(app, artifacts):
    """A line card and a hand card: held, the printed card opens with each unit type
    and attribute named and explained (the glossary's words); a hold plays nothing."""
    from kivy.base import EventLoop
    from kivy.tests.common import UnitTestTouch
    from kivy.uix.image import Image
    from kivy.uix.label import Label

    from companion.app.zoom import CardZoom
    from companion.games.ats.data import GAME_ID, defense
    from companion.games.ats.widgets import AtsSlot, AtsTile
    from tests.ui.driver import on_screen, pump, tap_text, wait_until

    to_prompt(app, 3, "main")
    reveal(app)
    glossary = printed.game(GAME_ID).vars["glossary"]
    before = list(app.controller.session.actions)

    def zooms():
        return [w for w in EventLoop.window.children if isinstance(w, CardZoom)]

    slots = [w for w in on_screen(app) if isinstance(w, AtsSlot) and w.piece
             and defense(w.piece[1])["attributes"]]
    tiles = [w for w in on_screen(app) if isinstance(w, AtsTile) and w.piece]
    for number, piece in enumerate((slots[0], min(tiles, key=lambda w: w.to_window(*w.pos)[0]))):
        assert piece.piece[0] == "defense"
        card = defense(piece.piece[1])
        touch = UnitTestTouch(*piece.to_window(*piece.center))
        touch.touch_down()
        wait_until(zooms, "the held card to open")
        touch.touch_up()
        pump()
        assert app.controller.session.actions == before  # a hold is not a tap
        picture = next(w for w in zooms()[0].walk() if isinstance(w, Image))
        assert picture.source.endswith(f"defense/{card['id']}-front.png") and picture.texture
        words = "\n".join(w.text for w in zooms()[0].walk() if isinstance(w, Label))
        assert f"{card['unit']} unit" in words
        assert glossary["unit_types"][card["unit"]]["short"] in words
        for attribute in card["attributes"]:
            assert f"[b]{attribute}[/b]: {glossary['attributes'][attribute]['short']}" in words
        shot(artifacts, f"ats-card-held-{number + 1}")
        tap_text(app, "Close")
        pump()
        assert not zooms()


def test_remote_viewing_puts_the_cards_back_in_the_order_tapped(app, artifacts):
    """The top three cards shown as cards; each tap gives the next place, a tap can
    be taken back before the order is confirmed."""
    from companion.games.ats.widgets import AtsTile
    from tests.ui.driver import find, tap, tap_text, walk

    to_choice(app, 25, "order")
    reveal(app)
    top = app.controller.state["await"]["options"][0]

    def tile(card_id):
        sheet = app.root.get_screen("table").game.sheet
        return next(w for w in walk(sheet) if isinstance(w, AtsTile) and w.card_id == card_id)

    with pytest.raises(LookupError):  # nothing tapped yet: nothing to take back, to confirm
        find(app, "Put them back in this order")
    wanted = [top[2], top[0], top[1]]
    tap(tile(wanted[0]))
    tap(tile(top[1]))  # a slip of the finger
    assert [tile(c).badge for c in top] == ["", "2", "1"]
    tap_text(app, "Undo the last tap")
    assert [tile(c).badge for c in top] == ["", "", "1"]
    tap(tile(wanted[1]))
    tap(tile(wanted[2]))
    shot(artifacts, "ats-order")
    tap_text(app, "Put them back in this order")
    chosen = [a for a in app.controller.session.actions if a["type"] == "choose"]
    assert chosen[-1] == {"type": "choose", "value": wanted}  # then the Draw followed


SIX = [{"name": f"Player {i + 1}", "team": i % 3, "colour": c}
       for i, c in enumerate(("Red", "Blue", "Green", "Yellow", "Purple", "Grey"))]
FOUR = [{**p, "team": i % 2} for i, p in enumerate(SIX[:4])]


def board_of(app):
    return app.root.get_screen("table").game.board


def test_compact_rows_label_their_numbers_and_rows_keep_their_seats(app, artifacts):
    """Issue 33: a compact row's hit points beside each base area's printed pictogram, its
    ATK and DEF under an ATK / DEF key; the rows in seat order whoever acts."""
    from companion.games.ats import look
    from companion.games.ats.board import AtsCompact, HpCell
    from tests.ui.driver import on_screen
    from tests.ui.visible import shown

    to_prompt(app, 3, "main", players=SIX)
    reveal(app)
    board = board_of(app)
    tops = [row.top for row in board.rows]
    assert tops == sorted(tops, reverse=True), "the rows are not in seat order"
    compact = [w for w in on_screen(app) if isinstance(w, AtsCompact)]
    assert compact, "six players on a phone-sized window: some rows compact"
    icons = look.icon_names()["areas"]
    state = app.controller.state
    for row in compact:
        seat = row.thing[1]
        parts = list(reversed(row.children))  # as board.kv places them
        cells = [w for w in parts if isinstance(w, HpCell)]
        assert [(c.icon, c.text) for c in cells] == [
            (icons[a], str(hp)) for a, hp in state["players"][seat]["bases"].items()]
        keys = [w.text for w in parts if getattr(w, "text", "") in ("ATK", "DEF")]
        assert keys == ["ATK", "DEF"] and all(shown(w) for w in parts), row
    shot(artifacts, "ats-compact-rows")
    acting = state["await"]["player"]
    app.controller.act({"type": "end_turn"})
    app.show_table()
    reveal(app)
    assert app.controller.state["await"]["player"] != acting
    assert [row.top for row in board.rows] == tops  # nobody's row moved


def test_the_attack_check_keeps_the_attackers_row_open_and_the_hint_where_it_helps(
        app, artifacts):
    """Issue 33: while an attack is checked, the attacker's own line stays open (its
    target framed in a compact row if both do not fit); "a lit row opens with a tap" only
    while a row to tap in is compact."""
    from companion.games.ats.board import MiniSlot
    from companion.games.ats.table import HINT
    from tests.ui.ats_taps import tap_thing
    from tests.ui.driver import pump

    to_prompt(app, 3, "main", players=FOUR)
    reveal(app)
    table = app.root.get_screen("table").game
    seat = app.controller.state["await"]["player"]
    attack = next(a for a in app.controller.legal() if a["type"] == "attack"
                  and "area" not in a["target"])
    tap_thing(app, ("slot", seat, attack["level"]))
    pump(2)
    board = table.board
    closed = [r for r in board.rows if not r.is_open and r.seat != seat]
    assert closed and table.sheet.prompt.endswith(HINT)  # targets in compact rows
    target = attack["target"]
    tap_thing(app, ("slot", target["player"], target["level"]))
    pump(2)
    assert board.rows[seat].is_open, "the attacker's line collapsed during the check"
    assert not table.sheet.prompt.endswith(HINT)
    row = board.rows[target["player"]]
    if not row.is_open:  # the chosen target framed on its compact row
        mini = [w for w in reversed(row.compact.children) if isinstance(w, MiniSlot)]
        assert mini[target["level"] - 1].mark_colour[3] > 0
    shot(artifacts, "ats-attack-check-four")
    app.controller.finish()

    to_prompt(app, 3, "main")  # two players: both rows open, no hint
    reveal(app)
    seat = app.controller.state["await"]["player"]
    attack = next(a for a in app.controller.legal() if a["type"] == "attack")
    tap_thing(app, ("slot", seat, attack["level"]))
    pump(2)
    assert all(r.is_open for r in table.board.rows)
    assert not table.sheet.prompt.endswith(HINT)


def test_a_move_that_takes_the_hand_to_two_rows_or_back_is_drawn_in_one_frame(app):
    """The hand's rows are chosen from sizes every layout agrees on, in the frame that
    shows the move (companion.app.settle), not in a second one (a tap costing twice)."""
    from kivy.clock import Clock

    from companion.games import agents_of
    from tests.ui.driver import pump

    to_prompt(app, 5, "start_card")
    table = app.root.get_screen("table").game
    greedy = agents_of("above-top-secret")["greedy"]
    players, switched = [greedy(1), greedy(2)], 0
    for _move in range(60):
        state = app.controller.state
        action = players[app.controller.rules.acting_seat(state)].choose(
            app.controller.rules, state)
        rows, frames = table.two_rows, Clock.frames
        app.act(action)
        pump()
        assert Clock.frames - frames == 1, f"{action['type']}: {Clock.frames - frames} frames"
        switched += table.two_rows != rows
        reveal(app)
        pump()
    assert switched >= 2  # into two rows and back, at least once each


def test_a_wide_board_grows_its_slots_to_a_printed_cards_shape():
    """A phone's slot is at most twice as high as wide, a tablet's (2560 x 1600 at
    density 2) at most 230 dp, as before; the same screen at density 1 (a desktop
    window) has room for cards shaped as printed, and its two rows fill the screen."""
    from kivy.metrics import dp

    from companion.games.ats.board import CARD_SHAPE, PAD, SLOT_TALL, slot_cap

    phone, tablet, desktop = dp(411), dp(819), dp(1638)  # the board's width in each
    assert slot_cap(phone) == pytest.approx(2 * (phone - dp(PAD)) / 5)
    assert slot_cap(tablet) == pytest.approx(dp(SLOT_TALL))
    assert slot_cap(desktop) == pytest.approx(CARD_SHAPE * (desktop - dp(PAD)) / 5)
    assert slot_cap(desktop) > dp(SLOT_TALL) * 1.2
