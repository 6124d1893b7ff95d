"""`pnp new DIR`: copy the bundled example game as a starting point."""

from __future__ import annotations

import shutil
from pathlib import Path

from pnp import ASSETS

EXAMPLE = ASSETS / "example"


def create(target: Path) -> Path:
    if target.exists() and any(target.iterdir()):
        raise FileExistsError(f"{target} exists and is not empty")
    target.mkdir(parents=True, exist_ok=True)
    for source in sorted(EXAMPLE.iterdir()):
        if source.is_file():
            shutil.copyfile(source, target / source.name)
    return target
