"""A private X server for the companion's UI tests (Xvfb, software Mesa)."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

SCREEN = "2600x2400x24"  # room for a phone (1080 x 2340) and a tablet (2560 x 1600)


def start() -> tuple[subprocess.Popen, str]:
    """Start Xvfb on a display it picks itself (-displayfd), so that two test workers
    starting at once never share one (the later would find the earlier's socket, and
    lose its display when the earlier stops); return (process, display)."""
    if not shutil.which("Xvfb"):
        raise RuntimeError("Xvfb is not installed (Debian package xvfb): ./dossier test "
                           "installs it")
    read, write = os.pipe()
    try:
        process = subprocess.Popen(["Xvfb", "-displayfd", str(write), "-screen", "0", SCREEN,
                                    "-nolisten", "tcp"], pass_fds=(write,),
                                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    finally:
        os.close(write)
    with os.fdopen(read) as answer:  # the display number, once the server is ready
        number = answer.readline().strip()
    if not number.isdigit():
        process.kill()
        raise RuntimeError("could not start Xvfb")
    return process, f":{number}"


def environment(display: str, home: Path) -> dict:
    return {**os.environ, "DISPLAY": display, "KIVY_NO_ARGS": "1", "KIVY_HOME": str(home),
            "KIVY_LOG_MODE": "PYTHON", "KIVY_NO_CONSOLELOG": "1", "LIBGL_ALWAYS_SOFTWARE": "1",
            "DOSSIER_DRAW_AHEAD": "0"}  # no drawing in the background unless a test asks
