"""Against All Tyrants through the real window, by touches. Each screen size in its own
process (tests/ui/aat_tour.py): a complete game with virtual decks and the first 100
moves of one with printed cards, at a phone's size and at a tablet's, every move made by
tapping the table (pieces, stacks, theater mats, hand cards) and checked against the
engine, the table rules held at every prompt (Screens.check: nothing scrolled or cut,
idle; a tablet's board draws its pieces at the largest scale that fits, never larger
again within a phase, a phone's at today's sizes, the mats taking the room left:
aat_tour.check_room_used; every number on a piece after its pictogram, a used piece's
words at 4.5:1, each token's printed word where traits show: check_pieces; a
tablet's prompt at the board's scale: check_side; the cards to choose at the board's
scale or larger on a tablet, the next scale up not fitting, and a phone's hand in
rows, never scrolling sideways while its board has room for them: check_hand), and
the first screen of each kind saved to
test-artifacts/aat-<size>/ to look at.
In this process: holding a card (in the hand strip, on the table) shows it as printed,
with its words, and plays nothing. (A game killed mid-way resumes exactly:
tests/ui/test_resume.py, for every game.)"""

from __future__ import annotations

import pytest

from tests.ui.test_gm_ui import on_screen

# the games, at a phone's size and at a tablet's: the virtual one whole, the printed
# one's first 100 moves (every kind of prompt it meets but a Repeater's and the end,
# which the virtual game has)
GAMES = {"phone": "virtual,printed:100", "tablet": "virtual,printed:100"}
VIRTUAL = ("theater", "cover", "mulligan", "deploy", "combat", "attacker", "target", "move",
           "pick", "computation", "command", "repeat", "delegate", "end", "game-over",
           "end-asked")  # a phase ended while units could still attack: asked first
PRINTED = ("theater", "cover", "mulligan", "deploy", "combat", "attacker", "target", "pick",
           "computation", "delegate", "end", "end-asked")
KINDS = {"virtual": VIRTUAL, "printed": PRINTED}


@pytest.mark.parametrize("size", GAMES)
def test_whole_games_by_taps_at_phone_and_tablet_size(display, size):
    from tests.ui.screens import run_tour

    shots = run_tour(display, "aat_tour", size, GAMES[size])
    for mode, kinds in KINDS.items():
        assert {f"new-game-{mode}"} | {f"{mode}-{k}" for k in kinds} <= shots, sorted(shots)


def zooms() -> list:
    from kivy.base import EventLoop

    from companion.app.zoom import CardZoom

    return [w for w in EventLoop.window.children if isinstance(w, CardZoom)]


def hold(widget) -> list:
    """Hold a finger on the widget until the printed card opens; the zooms open."""
    from kivy.tests.common import UnitTestTouch

    from tests.ui.driver import pump, wait_until

    touch = UnitTestTouch(*widget.to_window(*widget.center))
    touch.touch_down()
    wait_until(zooms, "the held card to open")
    touch.touch_up()
    pump()
    return zooms()


def words_and_picture(app, zoom) -> tuple[str, str]:
    from kivy.uix.image import Image
    from kivy.uix.label import Label

    from tests.ui.driver import walk

    pictures = [w for w in walk(zoom) if isinstance(w, Image)]
    assert len(pictures) == 1 and pictures[0].texture is not None
    text = "\n".join(w.text for w in walk(zoom) if isinstance(w, Label) and
                     not w.text.startswith("Close"))
    return text, pictures[0].source


def test_holding_a_card_shows_it_as_printed_with_its_words_and_plays_nothing(app, artifacts):
    from companion.games.aat import view
    from companion.games.aat.tiles import HandCard, PieceTile
    from tests.ui.driver import pump, tap_text
    from tests.ui.test_companion_ui import shot

    controller = app.controller
    controller.new_game("against-all-tyrants", {"cards": "virtual", "attacker": 1}, seed=3)
    app.show_table()
    pump()
    while not [w for w in on_screen(app) if isinstance(w, HandCard)]:  # to the mulligan
        state = controller.state
        names = [p["name"] for p in state["players"]]
        seat = controller.rules.acting_seat(state)
        if any(getattr(b, "text", "") == f"I am {names[seat]}: show" for b in on_screen(app)):
            tap_text(app, f"I am {names[seat]}: show")
        else:
            controller.act(controller.legal()[0])  # an Infiltrate unit's theater
            app.show_table()
            pump()
    before = list(controller.session.actions)
    card = min((w for w in on_screen(app) if isinstance(w, HandCard)),
               key=lambda w: w.to_window(*w.pos)[0])  # the first of the strip, in sight
    component, card_id = card.piece
    opened = hold(card)
    assert len(opened) == 1 and controller.session.actions == before  # a hold is no tap
    words, source = words_and_picture(app, opened[0])
    printed = view.cards()[card_id]
    assert source.endswith(f"{card_id}-front.png")
    assert printed["name"] in words and f"{printed['kind']}" in words
    assert words.strip() == view.piece_words(component, card_id).strip()
    shot(artifacts, "aat-01-card-held")
    tap_text(app, "Close")
    pump()
    assert not zooms()
    tile = next(w for w in on_screen(app) if isinstance(w, PieceTile) and
                w.thing[1].startswith("u"))  # a unit on a theater's mat
    opened = hold(tile)
    assert len(opened) == 1, "the mat opened with the unit held on it"
    words, source = words_and_picture(app, opened[0])
    assert source.endswith(f"{tile.piece[1]}-front.png")
    assert view.cards()[tile.piece[1]]["name"] in words and "(AAT-" in words
    assert controller.session.actions == before
    shot(artifacts, "aat-02-unit-held")
    tap_text(app, "Close")
    pump()
    controller.finish()
