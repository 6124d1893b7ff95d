"""`python -m companion` (or `dossier-companion`): the table companion app.

    python -m companion                         the app (resumes a game in progress)
    python -m companion --demo --screenshot F   render a mid-game table to F and exit
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time

START = time.perf_counter()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="dossier-companion", description=__doc__.split("\n")[0])
    parser.add_argument("--data-dir", help="where games are saved (default: the app's folder)")
    parser.add_argument("--demo", action="store_true", help="open a mid-game demo position")
    parser.add_argument("--screenshot", metavar="FILE", help="save the first screen and exit")
    parser.add_argument("--size", default="480x800", help="window size in pixels (desktop)")
    parser.add_argument("--first-frame", action="store_true",
                        help="print seconds from start to the first frame, then exit")
    parser.add_argument("--dump-state", metavar="FILE",
                        help="after start-up, write the game state as JSON and exit")
    parser.add_argument("--autoplay", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    os.environ.setdefault("KIVY_NO_ARGS", "1")
    os.environ.setdefault("KIVY_LOG_MODE", "PYTHON")
    width, height = (int(v) for v in args.size.split("x"))
    from kivy.config import Config

    Config.set("graphics", "width", str(width))
    Config.set("graphics", "height", str(height))
    Config.set("input", "mouse", "mouse,disable_multitouch")
    from kivy.clock import Clock

    from companion.app.main import DossierApp, save_screenshot

    app = DossierApp(data_dir=args.data_dir, demo=args.demo)
    if args.autoplay:  # tests: greedy players act through the controller, saving each step
        Clock.schedule_interval(lambda _dt: autoplay(app), 0.02)
    if args.screenshot or args.first_frame or args.dump_state:
        def finish(_dt):
            if args.first_frame:
                print(f"{time.perf_counter() - START:.3f}", flush=True)
            if args.screenshot:
                save_screenshot(args.screenshot)
            if args.dump_state:
                state = app.controller.session.state if app.controller.session else None
                with open(args.dump_state, "w", encoding="utf-8") as handle:
                    json.dump({"screen": app.root.current, "state": state}, handle)
            app.stop()

        Clock.schedule_once(finish, 1.5 if args.screenshot else 0)
    app.run()
    return 0


def autoplay(app) -> bool:
    from companion.games.ats.ai import GreedyAgent

    controller = app.controller
    if controller.session is None:
        controller.new_game("above-top-secret", {}, seed=42)
    state = controller.state
    if state["await"] is None:
        return False
    controller.act(GreedyAgent(len(controller.session.actions)).choose(controller.rules, state))
    app.show_table()
    return True


if __name__ == "__main__":
    sys.exit(main())
