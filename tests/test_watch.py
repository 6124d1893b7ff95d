"""`pnp watch`: a saved file is rebuilt while the command keeps running; a broken
save prints its problem and the watch goes on; only the changed component is
rebuilt when only its data changed."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import time

from pnp.game import load_game
from tests.conftest import edit

TIMEOUT = 60.0  # a limit for a hung command, not a guess at its speed


def wait_for(condition, what: str) -> None:
    end = time.monotonic() + TIMEOUT
    while not condition():
        if time.monotonic() > end:
            raise AssertionError(f"waited {TIMEOUT:.0f} s for {what}")
        time.sleep(0.05)


def test_watch_rebuilds_what_changed_and_survives_errors(game, tmp_path):
    out = tmp_path / "out"
    log = tmp_path / "watch.log"
    with open(log, "wb") as sink:
        process = subprocess.Popen([sys.executable, "-m", "pnp", "watch", str(game), "--out",
                                    str(out)], stdout=sink, stderr=sink)
    try:
        text = lambda: log.read_text(errors="replace")  # noqa: E731
        wait_for(lambda: "watching" in text(), "the first build")
        crew, rules = out / "star-patrol" / "crew.pdf", out / "star-patrol" / "rules.pdf"
        before = {p: p.stat().st_mtime_ns for p in (crew, rules)}
        edit(game / "crew.yaml", "Navigator", "Navigatrix")
        wait_for(lambda: "rebuilt crew in" in text(), "the crew rebuild")
        assert crew.stat().st_mtime_ns != before[crew]
        assert rules.stat().st_mtime_ns == before[rules]  # untouched: not rebuilt
        manifest = json.loads((out / "star-patrol" / "manifest.json").read_text())
        ids = [c.id for c in load_game(game).components]
        assert {e["component"] for e in manifest["items"]} == set(ids)
        edit(game / "crew.yaml", "power: 3", "power: x")
        wait_for(lambda: "still watching" in text(), "the problem report")
        assert "crew.yaml:" in text() and process.poll() is None
        edit(game / "crew.yaml", "power: x", "power: 3")
        wait_for(lambda: text().count("rebuilt crew in") >= 2, "the rebuild after the fix")
        edit(game / "layouts.yaml", "size: 20", "size: 21")
        wait_for(lambda: f"rebuilt {', '.join(ids)} in" in text(), "a full rebuild")
    finally:
        process.send_signal(signal.SIGINT)
        process.wait(30)
    assert process.returncode == 130
