"""The ./dossier entry point explains itself."""

from __future__ import annotations

import os
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


def test_an_install_with_more_extras_serves_a_command_that_needs_fewer(tmp_path):
    """`./dossier companion` after `./dossier test` reuses the test's environment (its
    [test,companion] install holds [companion]) rather than installing again; a stale
    install or a missing extra does not count."""
    import re

    script = (REPO_ROOT / "dossier").read_text()
    function = re.search(r"^installed_with\(\) \{.*?^\}", script, re.S | re.M).group(0)
    (tmp_path / ".installed[test,companion]").write_text("abc\n")
    checks = "; ".join(f'installed_with "{extras}" {want} && echo yes || echo no'
                       for extras, want in (("[companion]", "abc"), ("", "abc"),
                                            ("[test,companion]", "abc"), ("[docs]", "abc"),
                                            ("[companion]", "old")))
    done = subprocess.run(["bash", "-c", f"VENV={tmp_path}\n{function}\n{checks}"],
                          capture_output=True, text=True, timeout=60)
    assert done.stdout.split() == ["yes", "yes", "yes", "no", "no"], done.stderr


def test_the_environment_is_made_with_the_systems_python_where_it_serves():
    """`.venv` is made with $DOSSIER_PYTHON if set (as asked, working or not); else with
    /usr/bin/python3 where it is 3.11 or newer and makes a venv (a faster build than
    pyenv's); else with the python3 on PATH."""
    import re
    from pathlib import Path

    script = (REPO_ROOT / "dossier").read_text()
    function = re.search(r"^venv_python\(\) \{.*?^\}", script, re.S | re.M).group(0)

    def chosen(**env) -> str:
        done = subprocess.run(["bash", "-c", f"{function}\nvenv_python"], capture_output=True,
                              text=True, timeout=60, env={"PATH": os.environ["PATH"], **env})
        return done.stdout.strip()

    assert chosen(DOSSIER_PYTHON="/opt/none/python3.12") == "/opt/none/python3.12"
    system = Path("/usr/bin/python3")
    serves = system.exists() and subprocess.run(
        [str(system), "-c", "import sys, venv, ensurepip; sys.exit(sys.version_info < (3, 11))"],
        capture_output=True, timeout=60).returncode == 0
    assert chosen() == (str(system) if serves else "python3")
