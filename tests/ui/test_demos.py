"""Every game's demo table, as `dossier-companion --demo GAME --screenshot F` draws it
for the README and the docs: at a phone's and a tablet's size, each start with a clean
log (no warning, deprecation or traceback)."""

from __future__ import annotations

import subprocess
import sys

import pytest

from tests.ui.screens import SIZES


@pytest.mark.parametrize("size", SIZES)
def test_the_demo_table_of_each_game_with_a_clean_log(display, tmp_path, artifacts, size):
    """Every game's demo draws a table at a phone's and a tablet's size, and its start
    logs no warning, deprecation or traceback (issue 33: a clean log)."""
    from PIL import Image

    from companion.games import GAMES

    resolution, density = SIZES[size]
    for game_id in GAMES:
        target = artifacts / f"demo-{game_id}-{size}.png"
        done = subprocess.run([sys.executable, "-m", "companion", "--demo", game_id,
                               "--screenshot", str(target), "--data-dir", str(tmp_path / "d"),
                               "--size", resolution],
                              env={**display, "KIVY_METRICS_DENSITY": density},
                              capture_output=True, text=True, timeout=120)
        assert done.returncode == 0, done.stderr[-2000:]
        logged = [line for line in (done.stdout + done.stderr).splitlines()
                  if any(word in line for word in ("WARNING", "Deprecated", "Traceback"))]
        assert not logged, f"{game_id} at {size}: {logged[:5]}"
        with Image.open(target) as image:
            assert len(image.convert("RGB").getcolors(maxcolors=100_000) or ()) > 50
