"""The test command runs on the versions pinned in requirements.lock: every package
installed in the environment is pinned there, at the version installed, so a new
release of anything can only arrive through `./dossier lock`, after a green run."""

from __future__ import annotations

import os
import re
from importlib.metadata import distributions

import pytest

from pnp import REPO_ROOT

LOCK = REPO_ROOT / "requirements.lock"
UNPINNED = {"pip", "dossier"}  # the installer itself, and this project


def normal(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def pins() -> dict:
    text = LOCK.read_text(encoding="utf-8")
    return {normal(name): version
            for name, version in re.findall(r"^([A-Za-z0-9_.-]+)==(\S+)$", text, re.M)}


def test_every_line_of_the_lock_is_a_pin_or_a_comment():
    for line in LOCK.read_text(encoding="utf-8").splitlines():
        assert line.startswith("#") or re.fullmatch(r"[A-Za-z0-9_.-]+==\S+", line), line


@pytest.mark.skipif(os.environ.get("DOSSIER_LOCKING") == "1",
                    reason="`./dossier lock` is trying the newest releases")
def test_the_environment_is_the_lock():
    locked = pins()
    installed = {normal(d.name): d.version for d in distributions()}
    unpinned = sorted(set(installed) - set(locked) - UNPINNED)
    assert not unpinned, f"installed but not in requirements.lock: {unpinned}"
    drift = {name: (version, locked[name]) for name, version in installed.items()
             if name in locked and version != locked[name]}
    assert not drift, f"installed (version, locked version): {drift}"


def test_the_project_needs_nothing_the_lock_lacks():
    """Each dependency pyproject.toml names, with every extra, is pinned."""
    import tomllib

    project = tomllib.loads((REPO_ROOT / "pyproject.toml").read_text())["project"]
    wanted = list(project["dependencies"])
    for extra in project["optional-dependencies"].values():
        wanted += extra
    names = {normal(re.match(r"[A-Za-z0-9_.-]+", spec).group()) for spec in wanted}
    assert names <= set(pins()), sorted(names - set(pins()))
