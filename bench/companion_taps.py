"""Companion at the table: seconds from a move to the frame that shows it, from a new
game to its table, from a hold to the card drawn large, under a private Xvfb with
software Mesa at a phone's size (1080 x 2340, density 2.625).

Each bundled game is played by its greedy players for MOVES moves through the app
(`app.act`, what a tap on the table calls), each timed to the next frame drawn after
the app settled. A new game is timed from Start, the new-game form open first (as a
player's is: it reads the game while it is filled in, companion.games.make_ahead, and
the app collects its garbage while nothing moves, companion.app.pauses).
Holds are timed twice, in two runs of the app: with the game's pieces drawn ahead as
its table opened (the app's way; the run waits for that drawing to end before it
holds) and with nothing drawn ahead (each first hold draws its card), the same pieces
in the same position. Run alone: `.venv/bin/python bench/companion_taps.py`."""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MOVES = 30
HOLDS = 3  # distinct pieces held a game


def run(row, section) -> None:
    sys.path.insert(0, str(ROOT))
    from tests.ui import xvfb

    section("6. Companion taps and holds (Xvfb, software Mesa, 1080 x 2340)")
    process, display = xvfb.start()
    try:
        with tempfile.TemporaryDirectory(prefix="dossier-bench-") as name:
            tmp = Path(name)
            runs = {ahead: child(xvfb.environment(display, tmp / "kivy"), tmp, ahead)
                    for ahead in ("1", "0")}
    finally:
        process.terminate()
    figures = runs["1"]
    for game, found in figures.items():
        taps = found["taps"]
        row(f"{game}: worst of {len(taps)} moves to their frame "
            f"(median {statistics.median(taps):.2f} s)", f"{max(taps):.2f} s", "<= 0.3 s",
            max(taps) <= 0.3)
        row(f"{game}: new game to its table", f"{found['new']:.2f} s", "<= 0.3 s",
            found["new"] <= 0.3)
        row(f"{game}: the log opened", f"{found['log']:.2f} s", "<= 0.3 s", found["log"] <= 0.3)
        if found["holds"]:
            warm, cold = max(found["holds"]), max(runs["0"][game]["holds"])
            row(f"{game}: a hold to its card, drawn ahead (cold: {cold:.2f} s)",
                f"{warm:.2f} s", "<= 0.5 s", warm <= 0.5)


def child(env: dict, tmp: Path, ahead: str) -> dict:
    out = tmp / f"taps-{ahead}.json"
    subprocess.run([sys.executable, str(Path(__file__)), "--child", str(out),
                    str(tmp / f"data-{ahead}")], cwd=ROOT, check=True, timeout=1800,
                   env={**env, "KIVY_METRICS_DENSITY": "2.625", "DOSSIER_DRAW_AHEAD": ahead})
    return json.loads(out.read_text())


# -- in the child: the app under test ------------------------------------------------------
def shown_within(step) -> float:
    """Seconds from calling `step()` to the end of the frame that shows the app settled
    after it: the app's frames run until nothing is due; if the last of them left a
    change undrawn, the next frame is waited for too (a frame drawn again with nothing
    changed is not counted: no player waits for it)."""
    from kivy.core.window import Window

    from companion.app.main import on_drawn_frames
    from tests.ui.driver import pump, wait_until

    start = time.perf_counter()
    step()
    pump()
    if Window.canvas.needs_redraw:
        drawn = []
        on_drawn_frames(lambda: drawn.append(True) or True)
        wait_until(lambda: drawn, "a frame")
    return time.perf_counter() - start


def play(app, game_id: str) -> dict:
    from companion.app import pauses, zoom
    from companion.app.log import LogView
    from companion.games import agents_of
    from tests.ui.driver import on_screen, pump, wait_until

    controller = app.controller

    def new():
        controller.new_game(game_id, {}, seed=3)
        app.show_table()

    app.root.get_screen("newgame").game_id = game_id
    app.go("newgame")  # the player's way: the form reads the game while it is filled in
    pump()
    wait_until(lambda: not [t for t in threading.enumerate() if t.name == f"ahead-{game_id}"],
               "the game read ahead")
    collected = pauses.collections  # and the collector's idle pass, as while a player
    wait_until(lambda: pauses.collections > collected, "an idle collection")  # fills it in
    found = {"new": shown_within(new), "taps": [], "holds": []}
    rules = controller.rules
    players = [agents_of(game_id)["greedy"](seat + 1) for seat in range(8)]
    for _ in range(MOVES):
        if rules.is_over(controller.state):
            break
        state = controller.state
        action = players[rules.acting_seat(state)].choose(rules, state)
        found["taps"].append(shown_within(lambda a=action: app.act(a)))
        app.root.get_screen("table").reveal()  # past a pass-and-play cover, untimed
        pump()
    found["log"] = shown_within(app.open_log)
    for view in [w for w in on_screen(app) if isinstance(w, LogView)]:
        view.dismiss(animation=False)
    pump()
    drawing = zoom._ahead.get(game_id)
    if drawing is not None:
        wait_until(lambda: drawing.poll() is not None, "the drawing ahead", timeout=600)
    pieces = list(dict.fromkeys(tuple(w.piece) for w in on_screen(app)
                                if getattr(w, "piece", None)))[:HOLDS]
    opened = []
    for piece in pieces:
        found["holds"].append(shown_within(lambda p=piece: opened.append(zoom.open_piece(*p))))
        opened.pop().dismiss(animation=False)
        pump()
    return found


def child_main(out: str, data: str) -> None:
    os.environ.setdefault("KIVY_NO_ARGS", "1")
    sys.path.insert(0, str(ROOT))
    from kivy.config import Config

    Config.set("graphics", "width", "1080")
    Config.set("graphics", "height", "2340")
    from companion.app.main import DossierApp
    from companion.games import bundled
    from tests.ui.driver import pump

    app = DossierApp(data_dir=data)
    app._run_prepare()
    pump()
    figures = {game_id: play(app, game_id) for game_id in bundled()}
    Path(out).write_text(json.dumps(figures))
    app.stop()


if __name__ == "__main__":
    if sys.argv[1:2] == ["--child"]:
        child_main(*sys.argv[2:4])
    else:
        def show(metric, value, target="", ok=None):
            print(f"{metric:<72} {value:>10} {target:>10} "
                  f"{'' if ok is None else 'OK' if ok else 'OVER'}")

        run(show, lambda title: print(f"\n{title}"))
