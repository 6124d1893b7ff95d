"""Against All Tyrants through the real window, by touches, each screen size in its own
process (tests/ui/aat_tour.py): a complete game with printed cards at a phone's size,
every move made by tapping the table and checked against the engine, and the first
moves with virtual decks on a tablet (a game killed mid-way that resumes exactly:
tests/ui/test_resume.py, for every game). The first screen of each kind is saved to
test-artifacts/aat-<size>/ to look at."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SIZES = {"phone": ("1080x2340", "2.625", ["--modes", "printed"]),
         "tablet": ("2560x1600", "2", ["--modes", "virtual", "--limit", "30"])}
KINDS = {"phone": ["new-game-printed", "printed-mulligan", "printed-deploy", "printed-combat",
                   "printed-attacker", "printed-target", "printed-cover",
                   "printed-game-over"],  # the whole game, to its end, by taps
         "tablet": ["new-game-virtual", "virtual-cover", "virtual-mulligan", "virtual-deploy",
                    "virtual-combat"]}


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
    assert "moves by taps" in done.stdout, done.stdout
    shots = {p.stem.split("-", 1)[1] for p in out.glob("*.png")}
    assert set(KINDS[size]) <= shots, sorted(shots)
