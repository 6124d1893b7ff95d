"""The app's one line to the rules: a session, saved after every action.

No Kivy here: the screens call these methods and re-read the state; the
controller itself is tested without a window."""

from __future__ import annotations

import contextlib
import random

from companion.core.engine import framework_words
from companion.core.session import Session
from companion.games import GAMES, rules_for, view_of
from companion.store import Store


class GameController:
    def __init__(self, store: Store):
        self.store = store
        self.session: Session | None = None
        self.recent: list[dict] = []  # events of the last action, for the screen to tell
        self.next_seed: int | None = None  # tests and demos: the seed of the next new game
        self.holder: int | None = None  # the seat holding the phone (None: not known)

    @property
    def rules(self):
        return self.session.rules

    @property
    def state(self) -> dict:
        return self.session.state

    def new_game(self, game_id: str, setup: dict, seed: int | None = None) -> None:
        if seed is None:
            seed, self.next_seed = self.next_seed, None
        seed = random.SystemRandom().randrange(2**32) if seed is None else seed
        self.session = Session(rules_for(game_id), setup, seed)
        self.recent, self.holder = [], None
        self.store.save(self.session)

    def resume(self, game_id: str | None = None) -> bool:
        """Load the game of `game_id` (None: the most recently played one)."""
        self.session = self.store.load(game_id)
        self.recent = []
        self.holder = None if self.session is None else self.store.slot(
            self.rules.game_id).holder(self.session.seed)
        return self.session is not None

    def hand_to(self, seat: int) -> None:
        """`seat` holds the phone now (remembered beside the save, for a resume)."""
        if seat != self.holder and self.session is not None:
            self.holder = seat
            with contextlib.suppress(OSError):  # if not kept, a resume asks for the phone
                self.store.slot(self.rules.game_id).set_holder(self.session.seed, seat)

    def act(self, action: dict) -> list[dict]:
        """Apply an action (Rejected propagates, nothing changes) and save."""
        self.recent = self.session.apply(action)
        self.store.save(self.session)
        return self.recent

    def undo(self) -> bool:
        done = self.session.undo()
        if done:
            self.recent = []
            self.store.save(self.session)
        return done

    def redo(self) -> bool:
        done = self.session.redo()
        if done:
            self.recent = self.session.events[-1]
            self.store.save(self.session)
        return done

    def legal(self) -> list[dict]:
        return self.rules.legal_actions(self.state)

    def finish(self) -> None:
        """Leave a finished or abandoned game: nothing to resume any more."""
        self.store.clear(self.rules.game_id)
        self.session = None

    def undo_text(self) -> str:
        """What Undo would take back, as the game's view words it ('' if nothing)."""
        if not self.session or not self.session.actions:
            return ""
        return self.words(self.session.states[-2], self.session.actions[-1])

    def redo_text(self) -> str:
        if not self.session or not self.session.redo_stack:
            return ""
        return self.words(self.state, self.session.redo_stack[-1])

    def words(self, state: dict, action: dict) -> str:
        """An action as Undo and Redo name it: the framework's own (the dice roller) in
        the framework's words, the game's in its view's."""
        return framework_words(self.rules, action) or self.view.describe(state, action)

    @property
    def view(self):
        return view_of(self.rules.game_id)

    @property
    def spec(self):
        return GAMES[self.rules.game_id]
