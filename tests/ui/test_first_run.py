"""First run and bad input: the app starts on a fresh account, and a save it
cannot read is set aside with a notice on the screen; the app never locks the
player out. Each runs the app as its own process on the test Xvfb."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from companion.core.session import Session
from companion.games.ats.rules import AtsRules

DANGER = (204, 77, 66)  # theme.DANGER: the home screen's notice


def start(env: dict, tmp_path, *args) -> dict:
    """Start the app, dump its state and exit: the dump (screen, state)."""
    out = tmp_path / "dump.json"
    done = subprocess.run([sys.executable, "-m", "companion", "--dump-state", str(out), *args],
                          env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(out.read_text())


def test_a_fresh_account_starts_and_makes_its_folders(display, tmp_path):
    home = tmp_path / "home"
    home.mkdir()
    env = {k: v for k, v in display.items() if k not in ("KIVY_HOME", "XDG_CONFIG_HOME")}
    env["HOME"] = str(home)
    assert start(env, tmp_path)["screen"] == "home"
    assert (home / ".config" / "dossier" / "saves").is_dir()
    assert (home / ".kivy" / "config.ini").is_file()
    kivy_home = home / "not" / "yet" / "kivy"
    assert start({**env, "KIVY_HOME": str(kivy_home)}, tmp_path)["screen"] == "home"
    assert (kivy_home / "config.ini").is_file()


@pytest.mark.parametrize("content", [b"null", b"\x00\xff\xfe junk"])
def test_an_unreadable_save_is_set_aside_with_a_notice_on_home(display, tmp_path, artifacts,
                                                             content):
    from PIL import Image

    data = tmp_path / "saves"
    slot = data / "above-top-secret"
    slot.mkdir(parents=True)
    (slot / "current.json").write_bytes(content)
    shot = artifacts / "home-notice.png"
    dump = start(display, tmp_path, "--data-dir", str(data), "--screenshot", str(shot))
    assert dump["screen"] == "home" and dump["state"] is None
    assert "could not be read, so it was set aside as corrupt-" in dump["notice"]
    assert [p.read_bytes() for p in slot.glob("corrupt-*-current.json")] == [content]
    assert not (slot / "current.json").exists()
    with Image.open(shot) as image:
        colours = image.convert("RGB").getcolors(maxcolors=100_000)
    red = sum(count for count, colour in colours
              if all(abs(a - b) <= 3 for a, b in zip(colour, DANGER, strict=True)))
    assert red > 100, "the notice is not shown"


def test_the_last_good_game_is_resumed_when_the_save_has_a_wrong_shape(display, tmp_path):
    rules = AtsRules()
    good = Session(rules, {}, 8)
    for _ in range(25):
        good.apply(rules.legal_actions(good.state)[0])
    data = tmp_path / "saves"
    slot = data / rules.game_id
    slot.mkdir(parents=True)
    (slot / "previous.json").write_text(good.dumps())
    bad = json.dumps({**json.loads(good.dumps()), "setup": "Ann and Bob"})
    (slot / "current.json").write_text(bad)
    dump = start(display, tmp_path, "--data-dir", str(data))
    assert dump["screen"] == "table" and dump["state"] == good.state
    assert [p.read_text() for p in slot.glob("corrupt-*")] == [bad]


def test_a_screenshot_never_drawn_is_an_error_not_a_blank_file(display, tmp_path):
    """If no frame with content comes by the deadline, say so and exit 1."""
    target = tmp_path / "never.png"
    blind = ("import sys, companion.__main__ as cli, companion.app.main as app; "
             "app.has_content = lambda _png: False; cli.SHOT_DEADLINE = 2; "
             "sys.exit(cli.main(sys.argv[1:]))")
    done = subprocess.run([sys.executable, "-c", blind, "--demo", "--screenshot", str(target),
                           "--data-dir", str(tmp_path / "d")], env=display,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 1 and "no frame with content was drawn in 2 s" in done.stderr
    assert not target.exists()
