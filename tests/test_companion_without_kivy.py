"""`pip install dossier` without the companion extra has no Kivy: `dossier-companion`
then says how to install it and exits 2, never a ModuleNotFoundError traceback."""

from __future__ import annotations

import subprocess
import sys

BLOCK = """
import sys
sys.modules["kivy"] = None  # as if never installed: importing it fails, find_spec gives None
from companion.__main__ import main
sys.exit(main(sys.argv[1:]))
"""


def run(*args):
    return subprocess.run([sys.executable, "-c", BLOCK, *args], capture_output=True,
                          text=True, timeout=120)


def test_without_kivy_the_app_says_how_to_install_it():
    done = run("--demo")
    assert done.returncode == 2
    assert "pip install 'dossier[companion]'" in done.stderr
    assert "Traceback" not in done.stderr and done.stdout == ""


def test_its_help_needs_no_kivy():
    done = run("--help")
    assert done.returncode == 0 and "--data-dir" in done.stdout
