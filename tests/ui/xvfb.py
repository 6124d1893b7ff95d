"""A private X server for the companion's UI tests (Xvfb, software Mesa)."""

from __future__ import annotations

import os
import shutil
import subprocess
import time
from pathlib import Path

SCREEN = "2600x2400x24"  # room for a phone (1080 x 2340) and a tablet (2560 x 1600)


def start() -> tuple[subprocess.Popen, str]:
    """Start Xvfb on a free display; return (process, display)."""
    if not shutil.which("Xvfb"):
        raise RuntimeError("Xvfb is not installed (Debian package xvfb): ./dossier test "
                           "installs it")
    for number in range(91, 140):
        if Path(f"/tmp/.X{number}-lock").exists():
            continue
        process = subprocess.Popen(["Xvfb", f":{number}", "-screen", "0", SCREEN, "-nolisten",
                                    "tcp"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        for _ in range(100):
            if Path(f"/tmp/.X11-unix/X{number}").exists():
                return process, f":{number}"
            if process.poll() is not None:
                break
            time.sleep(0.05)
        process.kill()
    raise RuntimeError("could not start Xvfb")


def environment(display: str, home: Path) -> dict:
    return {**os.environ, "DISPLAY": display, "KIVY_NO_ARGS": "1", "KIVY_HOME": str(home),
            "KIVY_LOG_MODE": "PYTHON", "KIVY_NO_CONSOLELOG": "1", "LIBGL_ALWAYS_SOFTWARE": "1"}
