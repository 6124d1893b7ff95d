"""Attack the Tower through the real window, by touches. Each screen size in its own
process (tests/ui/att_tour.py): a complete game of the Robots against the Corsairs at a
phone's size and at a tablet's, and the Robots' mirror's first 150 moves on the phone,
every move made by tapping the table (hand cards, base slots, territories, palaces) and
checked against the engine,
the battle calculator shown before an attack, the table rules held at every prompt,
and the first screen of each kind saved to test-artifacts/att-<size>/ to look at. In
this process: holding a base on the board shows it as printed, with its words, and
plays nothing; a card in hand says what it does; ending the turn is no primary move
and is asked first while a territory can still attack. (A game killed mid-way resumes
exactly: tests/ui/test_resume.py.)"""

from __future__ import annotations

import pytest

GAMES = {"phone": "mixed,mirror:150", "tablet": "mixed"}
OPENING = ("draw", "cover", "burn", "build", "renew", "attacks", "discard")  # a game's start
KINDS = ("draw", "cover", "burn", "build", "renew", "attacks", "calculator", "window",
         "assign", "battle-result", "game-over",
         "end-asked")  # the turn ended while a territory could still attack: asked first


@pytest.mark.parametrize("size", GAMES)
def test_whole_games_by_taps_at_phone_and_tablet_size(display, size):
    from tests.ui.screens import run_tour

    shots = run_tour(display, "att_tour", size, GAMES[size])
    for game, _, limit in (g.partition(":") for g in GAMES[size].split(",")):
        kinds = OPENING if limit else KINDS
        assert {f"new-game-{game}"} | {f"{game}-{k}" for k in kinds} <= shots, sorted(shots)


def test_holding_a_base_shows_it_as_printed_with_its_words_and_plays_nothing(app, artifacts):
    from companion.games.att import view
    from tests.ui.driver import pump, tap_text
    from tests.ui.test_aat_ui import hold, words_and_picture, zooms
    from tests.ui.test_companion_ui import shot

    controller = app.controller
    play_until(app, 5, lambda state: state["started"])  # the setup: both boards built
    board = app.root.get_screen("table").game.board
    cell = next(c for side in board.sides for c in side.cells.values() if c.piece)
    before = list(controller.session.actions)
    opened = hold(cell)
    assert len(opened) == 1 and controller.session.actions == before  # a hold is no tap
    component, card = cell.piece
    words, source = words_and_picture(app, opened[0])
    assert source.endswith(f"{card}-front.png")
    assert words.strip() == view.piece_words(component, card).strip()
    assert "base" in words and "power 4" in words
    shot(artifacts, "att-01-base-held")
    tap_text(app, "Close")
    pump()
    assert not zooms()
    controller.finish()


def play_until(app, seed: int, wanted) -> None:
    """A game of greedy players (the Robots against the Corsairs) up to a state for which
    `wanted(state)` holds; the table shown, its cover passed."""
    from tests.ui.driver import greedy_until

    greedy_until(app, "attack-the-tower", {"first": 0, "army_2": "corsairs"}, seed,
                 lambda session: wanted(session.state))


def attacking_with_cards(state: dict) -> bool:
    """An attack prompt, cards in hand and a territory that can still attack."""
    from companion.games.att import view
    from companion.games.att.rules import AttRules

    wait = state["await"]
    return wait["kind"] == "attacks" and bool(state["players"][wait["player"]]["hand"]) \
        and bool(view.unfinished(state, AttRules().legal_actions(state)))


def test_a_card_in_hand_says_what_it_does_and_ending_the_turn_is_asked(app, artifacts):
    """Issue 33: a hand card's words at 14 sp, whole, on the card (not only when held);
    End the turn secondary, asked first while a territory can still attack."""
    from kivy.metrics import sp

    from companion.app.frame import SheetButton
    from companion.games.att import view
    from companion.games.att.table import AttCard
    from tests.ui.driver import find, on_screen, pump, tap, tap_text
    from tests.ui.test_companion_ui import shot
    from tests.ui.visible import cut

    play_until(app, 1, attacking_with_cards)
    state = app.controller.state
    seat = state["await"]["player"]
    army = state["players"][seat]["army"]
    cards = [w for w in on_screen(app) if isinstance(w, AttCard)]
    assert sorted(c.card_id for c in cards) == sorted(state["players"][seat]["hand"])
    for card in cards:
        words = card.ids.words
        assert words.text == view.card_words(army, card.card_id)
        assert words.font_size >= sp(14) - 0.01 and not cut(words), words.text
        assert words.y >= card.y - 0.5, f"{card.title}: its words run off the card"
    shot(artifacts, "att-02-hand-words")
    end = find(app, "End the turn")
    assert isinstance(end, SheetButton) and end.tone == "normal"
    before = list(app.controller.session.actions)
    tap(end)
    asked = view.unfinished(state, app.controller.legal())
    assert asked.startswith(f"{state['players'][seat]['name']} can still attack from territor")
    titles = [w.text for w in on_screen(app) if asked in getattr(w, "text", "")]
    assert titles and titles[0].endswith(": end the turn?[/b]"), titles
    shot(artifacts, "att-03-end-asked")
    tap_text(app, "Cancel")
    pump()
    assert app.controller.session.actions == before  # nothing ended
    tap(find(app, "End the turn"))
    tap_text(app, "Yes, end the turn")
    assert app.controller.session.actions[len(before):][0] == {"type": "end_turn"}
    app.controller.finish()
