"""The pass-and-play cover shows only when the phone changes hands (issue 30): not
after the dice roller, undo, redo or a resume for the player who already holds it;
and still for the next player after a move."""

from __future__ import annotations

from tests.ui.test_companion_ui import reveal, to_prompt


def covered(app) -> bool:
    from tests.ui.driver import visible_buttons

    return any(b.text.startswith("I am ") for b in visible_buttons(app))


def test_no_cover_for_the_player_who_holds_the_phone(app):
    from tests.ui.driver import pump, tap_text

    to_prompt(app, 3, "main")  # a hand of cards: private
    assert covered(app)
    reveal(app)
    assert not covered(app)
    controller = app.controller
    seat = controller.rules.acting_seat(controller.state)
    tap_text(app, "Dice")
    tap_text(app, "Roll the Combat die")
    tap_text(app, "Close")
    assert not covered(app), "after the dice roller"
    tap_text(app, "Undo: a roll of the Combat die")
    assert not covered(app), "after undo"
    tap_text(app, "Redo: a roll of the Combat die")
    assert not covered(app), "after redo"
    app.go("home")
    pump()
    assert controller.resume("above-top-secret") and controller.holder == seat
    app.show_table()
    pump()
    assert not covered(app), "after a resume"
    moves = controller.legal()
    end = next(a for a in moves if a["type"] == "end_turn")  # the phone goes on
    assert app.act(end) == ""
    pump()
    now = controller.rules.acting_seat(controller.state)
    assert now != seat and covered(app), "the next player's hand needs the phone handed on"
    tap_text(app, "Undo: " + controller.undo_text())  # still the first player's phone
    assert controller.rules.acting_seat(controller.state) == seat and not covered(app)
    tap_text(app, "Redo: " + controller.redo_text())
    assert covered(app)
    reveal(app)  # the next player has the phone now
    tap_text(app, "Undo: " + controller.undo_text())
    assert controller.rules.acting_seat(controller.state) == seat and covered(app), \
        "back to the first player's hand while the next one holds the phone"
    controller.finish()


def test_a_resume_with_the_cover_up_keeps_it_up(app):
    from tests.ui.driver import pump

    to_prompt(app, 4, "main")
    assert covered(app)
    app.go("home")
    pump()
    assert app.controller.resume("above-top-secret")
    app.show_table()
    pump()
    assert covered(app), "nobody showed the hand: it stays covered"
    app.controller.finish()
