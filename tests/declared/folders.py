"""The game folders whose declared tables the tests play: the `pnp new` starters and
Above Top Secret's table.yaml. Registering them puts them in the registry beside the
bundled games, as the app does when a folder is opened."""

from __future__ import annotations

from pnp import ASSETS, BUNDLED_GAMES

FOLDERS = (ASSETS / "example", ASSETS / "starters" / "csv", ASSETS / "starters" / "art",
           BUNDLED_GAMES / "above-top-secret")


def specs() -> dict:
    """Each folder's GameSpec by its registry id, not registered (a test registers them
    for itself: `registered`)."""
    from companion.declared.spec import folder_spec
    from companion.games import bundled

    made = [folder_spec(folder, set(bundled())) for folder in FOLDERS]
    return {spec.id: spec for spec in made}


def registered(found: dict) -> None:
    """The folder specs in the registry (for this test: tests/conftest.py restores it)."""
    from companion.games import GAMES

    GAMES.update(found)
