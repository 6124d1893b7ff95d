"""The game folders the app has opened (`dossier-companion --game FOLDER`), remembered in
`folders.json` beside the saves, so their games are listed and resumed after a restart
like the bundled ones. A folder that has gone, or no longer loads, is said on the home
screen and its saves are kept, untouched, for when it is back."""

from __future__ import annotations

import json
import os
from pathlib import Path

FILE = "folders.json"


def remembered(saves: Path) -> dict[str, str]:
    try:
        data = json.loads((saves / FILE).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    if not isinstance(data, dict):
        return {}
    return {k: v for k, v in data.items() if isinstance(k, str) and isinstance(v, str)}


def remember(saves: Path, game_id: str, folder: str) -> None:
    """Add a folder, the file written whole (a new file moved over the old)."""
    known = remembered(saves)
    if known.get(game_id) == folder:
        return
    known[game_id] = folder
    saves.mkdir(parents=True, exist_ok=True)
    part = saves / f".{FILE}.part"
    part.write_text(json.dumps(known, indent=1, sort_keys=True), encoding="utf-8")
    os.replace(part, saves / FILE)


def register_bundled() -> None:
    """The declared games that came with the app (a designer's folder put in cards/),
    except those a coded engine plays already (a bundled game's own table.yaml)."""
    from companion.core.printed import FolderProblem, bundled_tables
    from companion.declared.spec import folder_spec
    from companion.games import bundled, register

    coded = set(bundled())
    for folder in bundled_tables():
        try:
            spec = folder_spec(folder, coded)
        except (FolderProblem, OSError, ValueError):
            continue  # pnp check names its problems; the app lists what plays
        if not spec.id.endswith("@folder"):
            register(spec)


def register_remembered(saves: Path) -> list[str]:
    """Register every remembered folder; what the home screen should say of those
    that cannot be opened now."""
    from companion.core.printed import FolderProblem
    from companion.declared.spec import open_folder

    notes = []
    for folder in sorted(set(remembered(saves).values())):
        if not Path(folder, "game.yaml").is_file():
            notes.append(f"The game folder {folder} is missing: its saved game is kept "
                         "until it is back.")
            continue
        try:
            open_folder(folder)
        except (FolderProblem, OSError, ValueError) as exc:
            first = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
            notes.append(f"The game in {folder} cannot be opened now ({first}); its saved "
                         "game is kept.")
    return notes
