"""`python -m companion` (or `dossier-companion`): the table companion app.

    python -m companion                         the app (resumes a game in progress)
    python -m companion --demo --screenshot F   render a mid-game table to F and exit
    python -m companion --game FOLDER           a game folder whose game.yaml has a table:
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time

START = time.perf_counter()
SHOT_DEADLINE = 60.0  # seconds for a frame with content to be drawn, however busy the machine
DATA_DIR_HELP = ("where games are saved (default: ~/.config/dossier/saves on Linux, or "
                 "$XDG_CONFIG_HOME/dossier/saves when that is set; on Android, saves in the "
                 "app's private storage: Kivy's user_data_dir)")


def window_size(text: str) -> tuple[int, int]:
    try:
        width, height = (int(v) for v in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected WIDTHxHEIGHT, got '{text}'") from None
    if not (100 <= width <= 10_000 and 100 <= height <= 10_000):
        raise argparse.ArgumentTypeError("each side must be 100 to 10000 pixels")
    return width, height


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="dossier-companion", description=__doc__.split("\n")[0])
    parser.add_argument("--data-dir", metavar="DIR", help=DATA_DIR_HELP)
    parser.add_argument("--demo", nargs="?", const=True, default=None, metavar="GAME",
                        help="open a mid-game demo position of GAME (default: the first "
                             "registered game)")
    parser.add_argument("--game", metavar="FOLDER",
                        help="open the game in FOLDER (its game.yaml declares a table:); "
                             "the app remembers it and lists it on the home screen")
    parser.add_argument("--screenshot", metavar="FILE",
                        help="save the first screen once it is drawn, and exit")
    parser.add_argument("--size", default="480x800", type=window_size,
                        help="window size in pixels, WIDTHxHEIGHT (desktop)")
    parser.add_argument("--first-frame", action="store_true",
                        help="print seconds from start to the first frame, then exit")
    parser.add_argument("--dump-state", metavar="FILE",
                        help="after start-up, write the game state as JSON and exit")
    parser.add_argument("--autoplay", nargs="?", const=True, default=None,
                        help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if not kivy_installed():
        print(NO_KIVY, file=sys.stderr)
        return 2
    from companion.games import GAMES

    game = None
    if args.game:
        from companion.app.folders import open_folder

        try:
            game = open_folder(args.game)
        except (OSError, ValueError) as exc:
            print(folder_problems(args.game, str(exc)), file=sys.stderr)
            return 2
        if args.demo is True:
            args.demo = game
        if args.autoplay is True:
            args.autoplay = game
    for option in ("demo", "autoplay"):
        value = getattr(args, option)
        if isinstance(value, str) and value not in GAMES:
            parser.error(f"--{option}: unknown game '{value}' (games: {', '.join(GAMES)})")
    os.environ.setdefault("KIVY_NO_ARGS", "1")
    os.environ.setdefault("KIVY_LOG_MODE", "PYTHON")
    if os.environ.get("KIVY_HOME"):  # Kivy makes only its last folder, on import
        os.makedirs(os.path.expanduser(os.environ["KIVY_HOME"]), exist_ok=True)
    width, height = args.size
    from kivy.config import Config

    Config.set("graphics", "width", str(width))
    Config.set("graphics", "height", str(height))
    Config.set("input", "mouse", "mouse,disable_multitouch")
    from kivy.clock import Clock

    from companion.app.main import DossierApp

    app = DossierApp(data_dir=args.data_dir, demo=args.demo, game=game)
    if args.autoplay:  # tests: greedy players act through the controller, saving each step
        game_id = args.autoplay if isinstance(args.autoplay, str) else None
        Clock.schedule_interval(lambda _dt: autoplay(app, game_id), 0.02)
    finish = Finish(app, args)
    if args.screenshot or args.first_frame or args.dump_state:
        Clock.schedule_once(finish.start, 0)
    app.run()
    return finish.status


NO_KIVY = ("dossier-companion: the table companion needs Kivy, which this installation "
           "lacks. Install Dossier with its companion extra: pip install 'dossier[companion]' "
           "(from a clone: pip install '.[companion]', or ./dossier companion, which "
           "installs it)")


def kivy_installed() -> bool:
    """Whether Kivy can be imported: `pip install dossier` alone leaves it out (pnp needs
    none of it), and the app then says how to add it rather than a traceback."""
    from importlib.util import find_spec

    return find_spec("kivy") is not None


def folder_problems(folder: str, message: str) -> str:
    """Why a game folder does not open: pnp's problems one a line, each at its
    file:line:col, under one line saying which folder."""
    for said in (folder, os.path.abspath(folder)):
        message = message.removeprefix(f"{said}: ")
    lines = [line.strip() for line in message.splitlines() if line.strip()]
    return "\n".join([f"dossier-companion: the game in {folder} cannot be opened:", *lines])


class Finish:
    """--dump-state, --first-frame and --screenshot: do it once the app runs, then
    stop with `status`. The first frame and the screenshot wait for a frame to be
    drawn (a screenshot, for one with content, up to SHOT_DEADLINE): no fixed delay
    is right on both a fast and a loaded machine."""

    def __init__(self, app, args):
        self.app, self.args = app, args
        self.status = 0
        self.done = self.printed = False
        self.timeout = None

    def start(self, _dt) -> None:
        """The first clock tick: on_start has chosen the first screen."""
        from kivy.clock import Clock

        from companion.app.main import on_drawn_frames

        if self.args.dump_state:
            session = self.app.controller.session
            with open(self.args.dump_state, "w", encoding="utf-8") as handle:
                json.dump({"screen": self.app.root.current,
                           "state": session.state if session else None,
                           "notice": self.app.root.get_screen("home").notice}, handle)
        if not (self.args.first_frame or self.args.screenshot):
            return self.stop(0)
        self.timeout = Clock.schedule_once(self.give_up, SHOT_DEADLINE)
        on_drawn_frames(self.on_frame)

    def on_frame(self) -> bool:
        from companion.app.main import save_screenshot

        if self.done:
            return True
        if self.args.first_frame and not self.printed:
            print(f"{time.perf_counter() - START:.3f}", flush=True)
            self.printed = True
        if self.args.screenshot and not save_screenshot(self.args.screenshot,
                                                        need_content=True):
            return False  # nothing drawn yet: try the next frame
        self.stop(0)
        return True

    def give_up(self, _dt) -> None:
        print(f"dossier-companion: no frame with content was drawn in {SHOT_DEADLINE:.0f} s;"
              f" {self.args.screenshot} not written", file=sys.stderr)
        self.stop(1)

    def stop(self, status: int) -> None:
        from kivy.clock import Clock

        self.status, self.done = status, True
        if self.timeout is not None:
            self.timeout.cancel()
        Clock.schedule_once(lambda _dt: self.app.stop(), 0)  # not inside a frame being shown


def autoplay(app, game_id: str | None) -> bool:
    """Tests: a game (default: the first registered one), its greedy AI (a folder
    game's random one) playing every seat."""
    from companion.games import GAMES, agents_of

    controller = app.controller
    if controller.session is None:
        controller.new_game(game_id or next(iter(GAMES)), {}, seed=42)
    state = controller.state
    if controller.rules.is_over(state):
        return False
    agents = agents_of(controller.rules.game_id)
    agent = agents.get("greedy", agents["random"])(len(controller.session.actions))
    controller.act(agent.choose(controller.rules, state))
    app.show_table()
    return True


if __name__ == "__main__":
    sys.exit(main())
