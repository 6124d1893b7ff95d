"""Against All Tyrants through the real window, by touches, each screen size in its own
process (tests/ui/aat_tour.py): a complete game with printed cards at a phone's size,
every move made by tapping the table and checked against the engine; the first moves
of both card modes on a tablet; and a game killed mid-way that resumes exactly. The
first screen of each kind is saved to test-artifacts/aat-<size>/ to look at."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from companion.core.session import replay
from companion.games import rules_for
from tests.ui.test_resume import companion, dump

ROOT = Path(__file__).resolve().parents[2]
GAME = "against-all-tyrants"
SIZES = {"phone": ("1080x2340", "2.625", []),
         "tablet": ("2560x1600", "2", ["--virtual", "--limit", "40"])}
KINDS = ["new-game-printed", "printed-mulligan", "printed-deploy", "printed-combat",
         "printed-attacker", "printed-target", "printed-cover"]


@pytest.mark.parametrize("size", SIZES)
def test_games_by_taps(display, size):
    resolution, density, extra = SIZES[size]
    out = ROOT / "test-artifacts" / f"aat-{size}"
    for old in out.glob("*.png"):
        old.unlink()
    env = {**display, "KIVY_METRICS_DENSITY": density}
    done = subprocess.run([sys.executable, "-m", "tests.ui.aat_tour", "--size", resolution,
                           "--out", str(out), *extra], cwd=ROOT, env={**os.environ, **env},
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-4000:]
    assert "printed:" in done.stdout, done.stdout
    shots = {p.stem.split("-", 1)[1] for p in out.glob("*.png")}
    assert set(KINDS) <= shots, sorted(shots)
    if size == "phone":
        assert "printed-game-over" in shots  # the whole game, to its end, by taps


def test_sigkill_mid_game_then_resume_exactly(display, tmp_path):
    rules = rules_for(GAME)
    data = tmp_path / "saves"
    log = open(tmp_path / "app.log", "wb")  # noqa: SIM115 - closed below
    process = companion(display, log, "--data-dir", str(data), "--autoplay", GAME)
    save = data / GAME / "current.json"
    deadline = time.time() + 120
    while time.time() < deadline:
        if save.exists():
            try:
                if len(json.loads(save.read_text())["actions"]) >= 30:
                    break
            except ValueError:
                pass  # never expected: writes are atomic (see the final check)
        time.sleep(0.05)
    alive = process.poll() is None
    os.kill(process.pid, signal.SIGKILL)
    process.wait(10)
    log.close()
    assert alive and save.exists(), (tmp_path / "app.log").read_text()[-3000:]
    saved = json.loads(save.read_text())
    assert len(saved["actions"]) >= 30
    resumed = dump(display, data, tmp_path)
    assert resumed["screen"] == "table"
    assert resumed["state"] == replay(rules, saved).state
