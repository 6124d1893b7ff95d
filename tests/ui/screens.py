"""What every game's tour (tests/ui/<pkg>_tour.py) does: a game set up on the new-game
form, then whole games between the game's greedy players by taps (`Screens.play`), each
move made the way a player makes it (the tour's `perform`) and the app's state checked
against the engine's fed the same moves; at every prompt the table rules hold
(tests/ui/visible.py: everything to read or tap in sight, no text cut, the app idle
after each change, no relayout loop) and the first screen of each kind is saved as a
numbered PNG. A tour says what is its game's own by overriding the hooks `play` calls
between its steps; `main` runs a tour from the command line, each game named in
`--games NAME[:N]` (N: only its first N moves)."""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SIZES = {"phone": ("1080x2340", "2.625"), "tablet": ("2560x1600", "2")}  # size, density


def start_app(size: str, out: str, prefix: str):
    """A tour's app: a window of `size` ("1080x2340") that draws only for screenshots,
    a fresh data folder, and the folder `out` for the screenshots; (app, out)."""
    from kivy.config import Config

    width, height = size.split("x")
    Config.set("graphics", "width", width)
    Config.set("graphics", "height", height)
    Config.set("widgets", "scroll_timeout", "40")
    Config.set("graphics", "maxfps", "0")  # no waiting between frames
    from companion.app.main import DossierApp
    from tests.ui.driver import drawing, pump

    folder = Path(out)
    folder.mkdir(parents=True, exist_ok=True)
    app = DossierApp(data_dir=tempfile.mkdtemp(prefix=prefix))
    app._run_prepare()
    pump()
    drawing(False)
    return app, folder


def choose(app, key: str, text: str) -> None:
    """Press a choice of the new-game form: a table mode (`key` "mode") or one of an
    option's toggle buttons (`key` its id), unless it is pressed already."""
    from tests.ui.driver import plain, tap, visible_buttons

    group = "mode" if key == "mode" else f"option-{key}"
    found = [b for b in visible_buttons(app) if getattr(b, "group", None) == group
             and plain(b.text) == text]
    assert len(found) == 1, f"no choice '{text}' for {key}"
    if found[0].state != "down":
        tap(found[0])


def form_scrolled_away(app) -> list[str]:
    """A tablet's new-game form is all in sight, players beside the options: the
    choices outside the form's view (a phone's may scroll)."""
    from kivy.core.window import Window
    from kivy.uix.togglebutton import ToggleButton

    from companion.app.widgets import QuietScroll
    from tests.ui.driver import walk

    if Window.width <= Window.height:
        return []
    screen = app.root.get_screen("newgame")
    view = next(w for w in walk(screen) if isinstance(w, QuietScroll))
    left, bottom = view.to_window(view.x, view.y)
    top = bottom + view.height
    out = []
    for button in (w for w in walk(view) if isinstance(w, ToggleButton)):
        x, y = button.to_window(button.x, button.y)
        if y < bottom - 0.5 or y + button.height > top + 0.5:
            out.append(button.text)
    return out


class Screens:
    game = ""  # the game's name, as the home screen's "New game: ..." button says it
    games: dict = {}  # a game of the tour -> (the form's choices: option id -> label, seed)
    agents = (5, 6)  # the greedy players' seeds: seat i plays agents[i % 2] + 2 * (i // 2)
    most = 2000  # moves a game may take before the tour gives up on it

    def __init__(self, app, out: Path):
        from tests.ui import visible

        self.app, self.out = app, out
        self.seen: set = set()
        self.count = 0
        self.checked = 0
        # relayout warnings anywhere in the run (a first layout inside a tap too)
        self.warnings = visible.IterationWarnings().__enter__()

    def shot(self, name: str) -> None:
        from tests.ui.driver import drawing, pump, screenshot

        pump()
        self.count += 1
        screenshot(self.out / f"{self.count:02d}-{name}.png")
        drawing(False)  # frames are drawn for screenshots only: the taps run faster

    def first(self, name: str) -> None:
        """A screenshot of the first screen of this kind."""
        if name not in self.seen:
            self.seen.add(name)
            self.shot(name)

    def covered(self) -> bool:
        from tests.ui.driver import visible_buttons

        return any(b.text.startswith("I am ") for b in visible_buttons(self.app))

    def check(self, where: str) -> None:
        """The table rules, now: fails naming `where` (the prompt) and what is wrong."""
        from tests.ui import visible
        from tests.ui.driver import pump

        pump()
        busy = visible.goes_idle()
        found = visible.problems(self.app) + visible.hand_starts_in_sight(self.app)
        found += [f"not idle after {visible.IDLE_SECONDS} s: {b}" for b in busy]
        found += [f"relayout loop: {w}" for w in self.warnings.seen]
        self.warnings.seen.clear()
        assert not found, f"{where} ({self.app.root.current}): " + "; ".join(found)
        self.checked += 1

    # -- a game, by taps ----------------------------------------------------------------
    def new_game(self, name: str) -> None:
        """Game `name` of the tour set up on the new-game form (the first form of each
        name saved), with its seed."""
        from tests.ui.driver import pump, tap_text

        choices, seed = self.games[name]
        self.app.go("home")
        pump()
        self.first("home")
        tap_text(self.app, f"New game: {self.game}")
        for key, text in choices.items():
            choose(self.app, key, text)
        pump()
        assert not form_scrolled_away(self.app), form_scrolled_away(self.app)
        self.first(f"new-game-{name}")
        self.app.controller.next_seed = seed
        tap_text(self.app, "Start the game")
        pump()

    def play(self, name: str, limit: int | None = None) -> tuple[int, set]:
        """The game to its end (or its first `limit` moves) by taps, the greedy players
        choosing: the moves made and the kinds of prompt met."""
        from companion.core.session import Session
        from companion.games import agents_of
        from tests.ui.driver import pump, tap_text

        controller = self.app.controller
        rules = controller.rules
        shadow = Session(rules, controller.session.setup, controller.session.seed)
        agents = agents_of(rules.game_id)  # a folder game has only the random player
        greedy = agents.get("greedy", agents["random"])
        players = [greedy(self.agents[i % 2] + 2 * (i // 2))
                   for i in range(len(shadow.state["players"]))]
        moves, kinds = 0, set()
        while not rules.is_over(controller.state) and (limit is None or moves < limit):
            state = controller.state
            seat = rules.acting_seat(state)
            action = self.choose(players[seat], state)
            pump()
            if self.covered():
                self.cover_shown(name, state, moves)
                self.check(f"{name} cover, move {moves}")
                self.first(self.cover_name(name, state, seat))
                tap_text(self.app, f"I am {state['players'][seat]['name']}: show")
            kind = self.kind(state, action)
            kinds.add(kind)
            try:
                self.check(f"{name} {kind}, move {moves}")
                self.prompt_shown(name, kind, state, action)
            except AssertionError:
                self.shot(f"failed-{name}-{kind}")  # to look at
                raise
            self.first(f"{name}-{kind}")
            if not self.steps_shown(name, state, action):
                self.perform(action)
                self.confirm_end(name)
            shadow.apply(action)
            self.follow_up(shadow, seat)
            pump()
            assert controller.session.actions == shadow.actions, f"move {moves}: {action}"
            assert controller.state == shadow.state, f"move {moves}: {action}"
            self.moved(name, state, action)
            moves += 1
            assert moves < self.most, f"{name}: no end after {moves} moves"
        if limit is None:
            self.game_over(name)
        return moves, kinds

    def confirm_end(self, name: str) -> None:
        """A turn (or a phase) ended with moves left is asked first
        (companion.app.frame.end_turn_move): the player says yes, as at the table."""
        from tests.ui.driver import plain, pump, tap, visible_buttons

        pump()
        found = [b for b in visible_buttons(self.app) if plain(b.text).startswith("Yes, end ")]
        if found:
            self.check(f"{name} end of the turn asked")
            self.first(f"{name}-end-asked")
            tap(found[0])

    def game_over(self, name: str) -> None:
        assert self.app.root.current == "gameover"
        self.check(f"{name} game over")
        self.shot(f"{name}-game-over")

    # -- a game's own, between play's steps (the defaults: nothing more) -------------------
    def perform(self, action: dict) -> None:
        """Make the move with taps, the way a player would."""
        raise NotImplementedError

    def choose(self, agent, state: dict) -> dict:
        """The move the greedy player makes now."""
        return agent.choose(self.app.controller.rules, state)

    def kind(self, state: dict, action: dict) -> str:
        """The kind of prompt (screenshots are named by it)."""
        wait = state["await"]
        return wait.get("choice") or wait["kind"]

    def cover_shown(self, name: str, state: dict, moves: int) -> None:
        """The pass-and-play cover is up: what must hold under it."""

    def cover_name(self, name: str, state: dict, seat: int) -> str:
        return f"{name}-cover"

    def prompt_shown(self, name: str, kind: str, state: dict, action: dict) -> None:
        """More that must hold at this prompt (sizes), more screens to save."""

    def steps_shown(self, name: str, state: dict, action: dict) -> bool:
        """A move shown step by step the first time (True: it is made here)."""
        return False

    def follow_up(self, shadow, seat: int) -> None:
        """What the shell takes by itself after a move, taken on the engine's copy."""

    def moved(self, name: str, state: dict, action: dict) -> None:
        """After a move (screens of its result)."""

    def tour_game(self, name: str, limit: int | None) -> str:
        """One game of the tour: what the command prints of it."""
        self.new_game(name)
        moves, kinds = self.play(name, limit)
        return f"{moves} moves by taps; prompts: {' '.join(sorted(kinds))}"


def main(tour, prefix: str, games: str, argv=None) -> int:
    """Run tour class `tour` at one screen size, its games in order: `--games`, by
    default `games` ("a,b:N": game b's first N moves only)."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--size", default="1080x2340")
    parser.add_argument("--out", required=True)
    parser.add_argument("--games", default=games,
                        help="the games to play, in order; NAME:N plays only its first N moves")
    args = parser.parse_args(argv)
    app, out = start_app(args.size, args.out, f"dossier-{prefix}-tour-")
    screens = tour(app, out)
    for game in args.games.split(","):
        name, _, limit = game.partition(":")
        if app.controller.session is not None:
            app.controller.finish()
        print(f"{name}: {screens.tour_game(name, int(limit) if limit else None)}", flush=True)
    print(f"{screens.checked} screens checked")
    app.stop()
    return 0


def run_tour(display: dict, module: str, size: str, games: str, timeout: int = 1200) -> set:
    """A tour (tests/ui/<module>.py) at a phone's or a tablet's `size`, in its own process
    on the test display: it must pass and tell of every game of `games`. The names of the
    screens it saved (in test-artifacts/<game>-<size>/, to look at)."""
    resolution, density = SIZES[size]
    out = ROOT / "test-artifacts" / f"{module.removesuffix('_tour')}-{size}"
    for old in out.glob("*.png"):
        old.unlink()
    done = subprocess.run([sys.executable, "-m", f"tests.ui.{module}", "--size", resolution,
                           "--out", str(out), "--games", games], cwd=ROOT, capture_output=True,
                          text=True, env={**os.environ, **display,
                                          "KIVY_METRICS_DENSITY": density}, timeout=timeout)
    assert done.returncode == 0, done.stderr[-4000:]
    for game in games.split(","):
        assert f"{game.partition(':')[0]}:" in done.stdout, done.stdout
    return {p.stem.split("-", 1)[1] for p in out.glob("*.png")}
