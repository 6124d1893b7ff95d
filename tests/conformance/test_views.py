"""Views are total: every registered game's view answers for every state a game can
reach and every action the shell can send there (each listed move, each die of the
dice roller, undo and redo), with no exception. A view that raises on a saved
state would lock the app on that save (issue 30), so nothing here names a game.

200 random-legal games a game, in chunks that run side by side (about 50 s of CPU
in all)."""

from __future__ import annotations

import random

import pytest

from companion.controller import GameController
from companion.core.agents import RandomAgent
from companion.core.session import Session
from companion.games import GAMES, rules_for, view_of
from tests.conformance.folders import GAME_IDS
from tests.conformance.test_conformance import setups

GAMES_PER_GAME = 200
CHUNKS = 4
DESCRIBED = 12  # listed moves described a state (sampled; all when fewer)
ROLLED = 0.25  # of the states, those where a die is rolled, undone and redone (every
# state has each die's Undo words checked; a roll changes only the generator)


def text(value) -> bool:
    return isinstance(value, str)


class Shell:
    """What the shell asks of a view, each answer checked for its type."""

    def __init__(self, game_id: str):
        self.view = view_of(game_id)
        self.controller = GameController(store=None)  # words only: nothing is saved

    def state(self, session: Session) -> None:
        view, state = self.view, session.state
        status = view.status(state)
        assert all(text(status[key]) for key in ("title", "turn", "prompt")), status
        seat = view.private_seat(state)
        assert seat is None or seat in range(len(state["players"]))
        if getattr(view, "results", None):
            assert all(map(text, view.results(session)))
        if getattr(view, "follow_up", None) and not session.rules.is_over(state):
            view.follow_up(state)
        for event in session.events[-1]:
            assert text(event["text"])
            if getattr(view, "event_piece", None):
                view.event_piece(event)
        self.controller.session = session
        assert text(self.controller.undo_text()) and text(self.controller.redo_text())

    def moves(self, state: dict, listed: list[dict], dice: list[dict]) -> None:
        """Undo's and Redo's words for each; a listed move's button label too."""
        for action in listed + dice:
            assert text(self.controller.words(state, action))
        for action in listed:
            if getattr(self.view, "label", None):
                assert text(self.view.label(state, action))


CASES = [pytest.param(game_id, chunk, id=f"{game_id}-{chunk}")
         for game_id in GAME_IDS for chunk in range(CHUNKS)]


@pytest.mark.parametrize("game_id, chunk", CASES)
def test_the_view_answers_every_state_and_every_shell_action(game_id, chunk):
    spec, rules = GAMES[game_id], rules_for(game_id)
    shell = Shell(game_id)
    options = setups(spec, rules)
    dice = [{"type": "free_roll", "die": die.id} for die in spec.dice] or [
        {"type": "free_roll"}]
    per_chunk = GAMES_PER_GAME // CHUNKS
    for number in range(chunk * per_chunk, (chunk + 1) * per_chunk):
        pick = random.Random(number)
        session = Session(rules, options[number % len(options)], number)
        agent = RandomAgent(number)
        shell.state(session)
        while not rules.is_over(session.state):
            state = session.state
            legal = rules.legal_actions(state)
            shell.moves(state, pick.sample(legal, min(DESCRIBED, len(legal))), dice)
            if pick.random() < ROLLED:  # the dice roller here, then undo and redo
                session.apply(pick.choice(dice))
                shell.state(session)
                session.undo()
                shell.state(session)
                session.redo()
                shell.state(session)
                session.undo()
            session.apply(agent.choose(rules, state))
            shell.state(session)
        result, details = shell.view.game_over(session)
        assert text(result) and text(details)
        session.undo()  # Undo on the game-over screen
        shell.state(session)
