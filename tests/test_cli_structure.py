"""What answers at once (help, version, list) loads no drawing library (issue 24,
section 4). That the command line depends one way, on top of the pipeline, is
tests/test_architecture.py's."""

from __future__ import annotations

import pytest

from pnp import REPO_ROOT

HEAVY = ("reportlab", "PIL", "pypdfium2")
QUICK = ["--help", "--version", "list", *[f"{name} --help" for name in (
    "build", "check", "export", "watch", "new", "docs", "gallery", "calibrate", "icons",
    "simulate",    "replay")]]


@pytest.mark.parametrize("command", QUICK)
def test_help_list_and_version_import_no_drawing_library(command):
    """Issue 24, section 4: what answers at once loads neither reportlab nor Pillow."""
    import subprocess
    import sys

    done = subprocess.run([sys.executable, "-X", "importtime", "-m", "pnp", *command.split()],
                          capture_output=True, text=True, timeout=60, cwd=REPO_ROOT)
    assert done.returncode == 0, done.stderr[-2000:]
    loaded = {line.split("|")[-1].strip().split(".")[0] for line in done.stderr.splitlines()
              if line.startswith("import time:")}
    assert not loaded & set(HEAVY), sorted(loaded & set(HEAVY))
