"""Nothing a save holds may stop the app: if showing a game fails (its rules, its view,
its Undo label, its table widget), the game's save is kept aside (never deleted), the
player is told on the home screen, and the app goes on. A save that does this would
otherwise lock the app at every start, since it resumes the last game at once.

Two ways in: `showing()` around the table's first drawing (at start, from the home
screen, after a new game), and `Rescue`, a Kivy exception handler, for whatever fails
later in the event loop while a game is open (a redraw after a move)."""

from __future__ import annotations

import contextlib

from kivy.app import App
from kivy.base import ExceptionHandler, ExceptionManager
from kivy.logger import Logger


def set_aside(app, error: Exception) -> bool:
    """Close the game the app failed on and keep its save aside; False when no game
    was open (nothing to set aside: the failure is the app's own)."""
    controller = app.controller
    session = controller.session if controller else None
    if session is None:
        return False
    Logger.error("Dossier: showing the game failed; its save is kept aside",
                 exc_info=error)
    game_id = session.rules.game_id
    controller.session, controller.recent = None, []
    reason = f"{type(error).__name__}: {error}"
    note = "" if app.demo else controller.store.set_aside(game_id, reason)
    app.notice = f"{app.spec(game_id).name}: " + (
        note or f"the game could not be shown ({reason[:300]}).")
    app.root.get_screen("table").forget_game()
    app.go("home")
    return True


@contextlib.contextmanager
def showing(app):
    """Show a game's table; on any failure set its save aside and go home."""
    try:
        yield
    except Exception as error:  # a bug on this save: never a crash, never a lost game
        if not set_aside(app, error):
            raise


class Rescue(ExceptionHandler):
    """What fails in the event loop while a game is open: set aside, then go on."""

    def handle_exception(self, inst):
        app = App.get_running_app()
        if isinstance(inst, Exception) and app is not None and set_aside(app, inst):
            return ExceptionManager.PASS
        return ExceptionManager.RAISE


def install() -> None:
    ExceptionManager.add_handler(RESCUE)


RESCUE = Rescue()
