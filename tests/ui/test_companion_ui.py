"""A complete game driven through the real window by touches, checked against
the engine after every step; screenshots of every screen go to
test-artifacts/ui/."""

from __future__ import annotations

import contextlib

from companion.core.session import Session
from companion.games.ats import view
from companion.games.ats.ai import GreedyAgent


def shot(artifacts, name):
    from tests.ui.driver import pump, screenshot

    pump()
    screenshot(artifacts / f"{name}.png")


def perform(app, action, artifacts, seen):
    """Do `action` with taps, the way a player would."""
    from tests.ui.driver import find, tap, tap_text, toggles

    state = app.controller.state
    wait = state["await"]
    first = wait["kind"] not in seen
    seen.add(wait["kind"])
    name = state["players"][wait["player"]]["name"]
    try:  # the shell's pass-and-play cover, before a private choice
        button = find(app, f"I am {name}: show")
    except LookupError:
        button = None
    if button is not None:
        assert wait["kind"] in ("start_card", "turn_start", "roll"), wait
        if "cover" not in seen:
            seen.add("cover")
            shot(artifacts, "03-pass-the-phone")
        tap(button)
    if wait["kind"] == "main":
        if first:
            shot(artifacts, "05-table-main")
        kind = action["type"]
        if kind == "end_turn":
            return tap_text(app, "End turn")
        if kind == "attack":
            tap_text(app, "Attack")
            if "attack-pick" not in seen:
                seen.add("attack-pick")
                shot(artifacts, "06-attack-pick-attacker")
            slot = state["players"][wait["player"]]["line"][action["level"] - 1]
            tap_text(app, f"L{action['level']} {view.defense(slot['card'])['name']}")
            if "attack-target" not in seen:
                seen.add("attack-target")
                shot(artifacts, "07-attack-pick-target")
            tap_text(app, view.attack_label(state, wait["player"], action))
            if "attack-confirm" not in seen:
                seen.add("attack-confirm")
                shot(artifacts, "08-attack-preview")
            return tap_text(app, "Attack!")
        if kind in ("sacrifice", "intel"):
            tap_text(app, "Sacrifice combat (swap line cards)" if kind == "sacrifice"
                     else "Use Intel")
            return tap_text(app, view.label(state, action))
    if wait["kind"] == "advance":
        if action["type"] == "skip":
            return tap_text(app, "Not this round")
        for level in action["levels"]:
            for toggle in toggles(app):
                if toggle.text.startswith(f"L{level} "):
                    tap(toggle)
                    break
        if "advance" not in seen:
            seen.add("advance")
            shot(artifacts, "09-clearance-picker")
        return tap_text(app, "Advance clearance")
    if first and wait["kind"] in ("turn_start", "choose", "reinforce", "discard"):
        shot(artifacts, f"04-prompt-{wait['kind']}")
    tap_text(app, view.label(state, action))


def test_a_complete_game_through_the_ui(app, artifacts):
    from tests.ui.driver import pump, tap_text

    shot(artifacts, "01-home")
    tap_text(app, "New game: Above Top Secret")
    shot(artifacts, "02-new-game")
    app.controller.next_seed = 0  # a game that meets every kind of prompt (see below)
    tap_text(app, "Start the game")
    controller = app.controller
    shadow = Session(controller.rules, controller.session.setup, controller.session.seed)
    agents = [GreedyAgent(5), GreedyAgent(6)]
    seen: set = set()
    steps = 0
    while controller.state["await"] is not None:
        state = controller.state
        action = agents[controller.rules.acting_seat(state)].choose(controller.rules, state)
        perform(app, action, artifacts, seen)
        pump()
        shadow.apply(action)
        assert controller.session.actions == shadow.actions, f"step {steps}: {action}"
        assert controller.state == shadow.state
        assert controller.store.slot(controller.rules.game_id).current.exists()
        steps += 1
        assert steps < 2000
    prompts = {controller.session.states[i]["await"].get("choice") or
               controller.session.states[i]["await"]["kind"]
               for i in range(len(controller.session.actions))}
    assert {"order", "rollover_area", "advance", "discard", "reinforce", "cloak",
            "self_destruct", "search", "main", "turn_start"} <= prompts
    assert app.root.current == "gameover"
    assert controller.state["winner"] == shadow.state["winner"]
    shot(artifacts, "10-game-over")
    tap_text(app, "Game log")
    shot(artifacts, "11-log")
    assert app.root.current == "log"


def test_dice_roller_menu_and_undo(app, artifacts):
    from tests.ui.driver import pump, tap_text

    app.controller.new_game("above-top-secret", {}, seed=3)
    app.show_table()
    pump()
    for _ in range(10):  # the two starting lines
        state = app.controller.state
        seat = state["await"]["player"]
        with contextlib.suppress(LookupError):
            tap_text(app, f"I am {state['players'][seat]['name']}: show")
        action = app.controller.legal()[0]
        tap_text(app, view.label(state, action))
    before = len(app.controller.session.actions)
    tap_text(app, "Dice")
    tap_text(app, "Combat die")
    shot(artifacts, "12-dice-roller")
    assert app.controller.session.events[-1][0]["kind"] == "free_roll"
    tap_text(app, "Close")
    assert len(app.controller.session.actions) == before + 1
    tap_text(app, "Undo: a dice-roller roll")  # says what it takes back
    assert len(app.controller.session.actions) == before
    tap_text(app, "Redo: a dice-roller roll")
    assert len(app.controller.session.actions) == before + 1
    tap_text(app, "Menu")
    shot(artifacts, "13-menu")
    tap_text(app, "Face-to-face: off")
    assert app.settings["face_to_face"]
    tap_text(app, "Close")
    shot(artifacts, "14-face-to-face")
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
    tap_text(app, "Resume Above Top Secret")
    assert app.root.current == "table"
    assert app.controller.session.actions == actions
