"""`pnp watch`: a saved file is rebuilt while the command keeps running; a broken
save prints its problem and the watch goes on; only the changed component is
rebuilt when only its data changed; what it writes inside the game folder does
not start another build; Ctrl-C says where the last build is."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from pypdf import PdfReader

from pnp.cli.watch import Watcher
from pnp.export.writer import ExportOptions
from pnp.load.game import load_game
from pnp.sheets.build import Options
from tests.conftest import edit

REPO = Path(__file__).resolve().parents[1]  # the pnp under test, whatever the cwd
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
    assert f"pnp watch: stopped watching; the last build is in {out / 'star-patrol'}" in text()
    assert "nothing was written" not in text()


QUIET = 10  # polls with nothing saved: time enough for a build to start another


def watched(game, out, fmt: str, save) -> list:
    """Run a watch on `game` in this thread: QUIET polls, then save(), then (once the
    rebuild it causes is done, or 600 polls at most) QUIET polls more; the log."""
    log, polls, rebuilt = [], [], []

    def stop() -> bool:
        polls.append(len([m for m in log if m.startswith("rebuilt")]))
        if len(polls) == QUIET:
            save()
        if len(polls) > QUIET and polls[-1] > polls[QUIET - 1] and not rebuilt:
            rebuilt.append(len(polls))
        return len(polls) >= (rebuilt[0] + QUIET if rebuilt else 600)

    options = ExportOptions(format="png" if fmt == "pdf" else fmt, dpi=30, print=Options())
    Watcher(game, None, out, fmt, options, log.append).run(stop)
    return log


@pytest.mark.parametrize("where, fmt", [("out", "pdf"), (".", "pdf"), ("out/exports", "png"),
                                        ("out", "tts")])
def test_output_inside_the_game_folder_is_not_watched(game, where, fmt):
    """`pnp watch .` writes to ./out inside the game: one build, then one per save
    (tts: of every component, which its one saved object holds)."""
    out = game / where
    log = watched(game, out, fmt, lambda: edit(game / "crew.yaml", "Navigator", "Navigatrix"))
    builds = [m.split(" in ")[0] for m in log if m.startswith("rebuilt")]
    every = "rebuilt crew, rules, tokens, dice"
    assert builds == [every, every if fmt == "tts" else "rebuilt crew"], log
    folder = out / "star-patrol"
    if fmt == "pdf":
        text = "".join(page.extract_text() for page in PdfReader(folder / "crew.pdf").pages)
        assert "Navigatrix" in text and "Navigator " not in text
        return
    manifest = json.loads((folder / fmt / "manifest.json").read_text())
    listed = [f["file"] for f in manifest["files"]]
    on_disk = {str(p.relative_to(folder / fmt)) for p in (folder / fmt).rglob("*.*")
               if p.name != "manifest.json"}
    assert sorted(listed) == sorted(on_disk)  # each listed once, the kept ones too
    if fmt == "png":
        assert {f["component"] for f in manifest["files"]} == {"crew", "rules", "tokens",
                                                                "dice"}
    else:
        save = json.loads((folder / "tts" / "star-patrol.json").read_text())
        assert [o["Name"] for o in save["ObjectStates"]] == ["DeckCustom", "Custom_Tile",
                                                             "Bag", "Custom_Dice"]


def test_stopping_says_what_was_built(game, tmp_path):
    out = tmp_path / "out"
    edit(game / "crew.yaml", "power: 3", "power: x")
    broken = Watcher(game, None, out, "pdf", ExportOptions(), [].append)
    broken.run(lambda: True)
    assert broken.stopped() == "stopped watching; no build succeeded, so nothing was written"
    assert not out.exists()
    edit(game / "crew.yaml", "power: x", "power: 3")
    good = Watcher(game, None, out, "pdf", ExportOptions(), [].append)
    good.run(lambda: True)
    assert good.stopped() == (f"stopped watching; the last build is in {out / 'star-patrol'} "
                              "(1 build written)")
    assert (out / "star-patrol" / "crew.pdf").is_file()
    good.rebuild({game / "crew.yaml"})
    edit(game / "crew.yaml", "power: 3", "power: x")
    good.rebuild({game / "crew.yaml"})
    assert good.stopped() == (f"stopped watching; the last build is in {out / 'star-patrol'} "
                              "(2 builds written; the last made before the latest save, which "
                              "has problems)")


def test_a_stop_just_after_a_build_was_written_counts_it(game, tmp_path, monkeypatch):
    """A stop that arrives once the build's folder is in place, before the watch has
    taken note of it, finds it written, not "under way"; one that arrives before,
    finds nothing written."""
    out = tmp_path / "out"
    watcher = Watcher(game, None, out, "pdf", ExportOptions(), [].append)
    written = Watcher.write

    def stopped_before(self, *args):
        raise KeyboardInterrupt

    def stopped_after(self, *args):
        written(self, *args)
        raise KeyboardInterrupt

    monkeypatch.setattr(Watcher, "write", stopped_before)
    with pytest.raises(KeyboardInterrupt):
        watcher.rebuild(None)
    assert watcher.stopped() == "stopped watching; no build succeeded, so nothing was written"
    monkeypatch.setattr(Watcher, "write", stopped_after)
    with pytest.raises(KeyboardInterrupt):
        watcher.rebuild(None)
    assert (out / "star-patrol" / "crew.pdf").is_file()
    assert watcher.stopped() == (f"stopped watching; the last build is in "
                                 f"{out / 'star-patrol'} (1 build written)")


def watch_one_save(game, log: Path, args: list, stop: int, cwd=None) -> tuple[int, str]:
    """`pnp watch ARGS`: its first build, one save of crew.yaml and its rebuild, then
    the signal `stop`; (its exit status, what it said)."""
    with open(log, "wb") as sink:
        process = subprocess.Popen([sys.executable, "-m", "pnp", "watch", *args], cwd=cwd,
                                   stdout=sink, stderr=sink,
                                   env={**os.environ, "PYTHONPATH": str(REPO)})
    text = lambda: log.read_text(errors="replace")  # noqa: E731
    try:
        wait_for(lambda: "watching" in text(), "the first build")
        edit(game / "crew.yaml", "Navigator", "Navigatrix")
        wait_for(lambda: "rebuilt crew in" in text(), "the crew rebuild")
    finally:
        process.send_signal(stop)
        process.wait(30)
    return process.returncode, text()


def test_sigterm_says_how_many_builds_were_written(game, tmp_path):
    """SIGTERM (a service manager, a CI timeout) ends a watch as Ctrl-C does: it says
    what was written, never "nothing was written" after builds."""
    out = tmp_path / "out"
    code, text = watch_one_save(game, tmp_path / "watch.log", [str(game), "--out", str(out)],
                                signal.SIGTERM)
    assert code == 143, text
    assert (f"pnp watch: stopped watching; the last build is in {out / 'star-patrol'} "
            "(2 builds written)") in text
    assert "nothing was written" not in text and "Traceback" not in text


def test_ctrl_c_in_the_game_folder_says_where_the_build_is(game):
    """The issue's case: `pnp watch .` in the game folder, one save, then Ctrl-C."""
    code, text = watch_one_save(game, game.parent / "watch.log", ["."], signal.SIGINT,
                                cwd=game)
    assert code == 130
    assert text.count("rebuilt") == 2, text
    assert "pnp watch: stopped watching; the last build is in out/star-patrol (2 builds " \
           "written)" in text
    assert (game / "out" / "star-patrol" / "crew.pdf").is_file()
