"""Multisampling only where a GPU does it.

Kivy smooths edges by drawing every pixel twice (2x multisampling, its default). A GPU
does that for free; a software renderer (Mesa's llvmpipe on a computer without a GPU
driver, and the UI tests under Xvfb) pays for it on every pixel of every frame: a table
frame cost 2.5 times as much (bench/companion_taps.py). There, edges are drawn without
it; at a phone's density the step is under a pixel. Kivy's own setting
(KCFG_GRAPHICS_MULTISAMPLES) still wins."""

from __future__ import annotations

import glob
import os
import sys

SETTING = "KCFG_GRAPHICS_MULTISAMPLES"


def software_renderer(environ=os.environ, platform: str = sys.platform) -> bool:
    """Whether OpenGL will be drawn by the CPU: asked for (Mesa's variables), or a Linux
    desktop with no GPU device (Android sets ANDROID_ARGUMENT and always has a GPU)."""
    if environ.get("LIBGL_ALWAYS_SOFTWARE", "").lower() not in ("", "0", "false"):
        return True
    if environ.get("GALLIUM_DRIVER", "") in ("llvmpipe", "softpipe", "swr"):
        return True
    if platform.startswith("linux") and "ANDROID_ARGUMENT" not in environ:
        return not (glob.glob("/dev/dri/*") or glob.glob("/dev/nvidia*"))
    return False


def plain_edges_in_software() -> None:
    """Turn multisampling off for a software renderer, before the window is made: through
    Kivy's environment setting if Kivy's configuration is not read yet, else on it."""
    if SETTING in os.environ or not software_renderer():
        return
    config = sys.modules.get("kivy.config")
    if config is None:
        os.environ[SETTING] = "0"
    else:
        config.Config.set("graphics", "multisamples", "0")
