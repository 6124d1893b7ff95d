"""The game folders whose declared tables the tests play: the `pnp new` starters and
Above Top Secret's table.yaml. Registering them puts them in the registry beside the
bundled games, as the app does when a folder is opened."""

from __future__ import annotations

from pnp import ASSETS, BUNDLED_GAMES

FOLDERS = (ASSETS / "example", ASSETS / "starters" / "csv", ASSETS / "starters" / "art",
           BUNDLED_GAMES / "above-top-secret")


def register_all() -> list[str]:
    """Every folder registered; their registry ids."""
    from companion.declared.spec import open_folder

    return [open_folder(folder).id for folder in FOLDERS]
