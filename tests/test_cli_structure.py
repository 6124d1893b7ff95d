"""The command line depends one way (issue 24, section 6): `pnp`'s main parser
(pnp/cli.py) uses the export commands and the shared options, and nothing it uses
imports it back, at the top of a module or inside a function."""

from __future__ import annotations

import pytest

from pnp import REPO_ROOT
from tests.test_platform import imports

USED_BY_CLI = ("cli_export", "cli_options", "cli_games", "argtypes", "gallery", "newgame",
               "cli_icons")


@pytest.mark.parametrize("module", USED_BY_CLI)
def test_what_the_command_line_uses_never_imports_it_back(module):
    assert "pnp.cli" not in imports(REPO_ROOT / "pnp" / f"{module}.py")


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
