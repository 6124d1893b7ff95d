"""Companion cold start: seconds from process start to the first frame of the
home screen, and of a resumed table screen, under a private Xvfb."""

from __future__ import annotations

import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RUNS = 5


def first_frame(env: dict, data_dir: Path) -> float:
    """Seconds from spawning `python -m companion` to its first frame: the app
    prints a line when the first frame is drawn, and we time its arrival."""
    start = time.perf_counter()
    process = subprocess.Popen([sys.executable, "-m", "companion", "--first-frame",
                                "--data-dir", str(data_dir)], env=env, cwd=ROOT,
                               stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    process.stdout.readline()
    elapsed = time.perf_counter() - start
    process.wait(60)
    return elapsed


def run(row, section) -> None:
    sys.path.insert(0, str(ROOT))
    from companion.core.session import Session
    from companion.games.ats.ai import GreedyAgent
    from companion.games.ats.rules import AtsRules
    from companion.store import Store
    from tests.ui import xvfb

    section("5. Companion cold start (Xvfb, software Mesa)")
    process, display = xvfb.start()
    try:
        with tempfile.TemporaryDirectory(prefix="dossier-bench-") as name:
            tmp = Path(name)
            env = xvfb.environment(display, tmp / "kivy")
            empty, saved = tmp / "empty", tmp / "saved"
            rules = AtsRules()
            session = Session(rules, {}, 5)
            agents = [GreedyAgent(1), GreedyAgent(2)]
            for _ in range(120):
                if session.state["await"] is None:
                    break
                session.apply(agents[rules.acting_seat(session.state)].choose(
                    rules, session.state))
            Store(saved).save(session)
            first_frame(env, empty)  # warm-up: bytecode, font caches
            home = statistics.median(first_frame(env, empty) for _ in range(RUNS))
            table = statistics.median(first_frame(env, saved) for _ in range(RUNS))
    finally:
        process.terminate()
    row(f"to the home screen's first frame (median of {RUNS})", f"{home:.2f} s", "<= 1.5 s",
        home <= 1.5)
    row("to a resumed table screen (a saved game)", f"{table:.2f} s", "<= 1.5 s", table <= 1.5)
