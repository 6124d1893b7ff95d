"""The ./dossier entry point explains itself."""

from __future__ import annotations

import subprocess

from pnp import REPO_ROOT


def test_without_a_command_it_prints_its_commands_not_its_code():
    done = subprocess.run([str(REPO_ROOT / "dossier")], capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 2
    assert "./dossier build" in done.stderr and "./dossier test" in done.stderr
    assert "set -euo" not in done.stderr and "#" not in done.stderr
    done = subprocess.run([str(REPO_ROOT / "dossier"), "help"], capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 0 and "./dossier companion" in done.stdout


def test_the_readme_needs_nothing_outside_the_clone():
    readme = (REPO_ROOT / "README.md").read_text()
    assert "../shared" not in readme
