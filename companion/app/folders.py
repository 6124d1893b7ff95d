"""The game folders the app has opened (`dossier-companion --game FOLDER`), remembered
in the data folder so that a later start without `--game` lists them on the home
screen and resumes their saves like a bundled game's.

Why a file of its own: a folder game joins the registry only at run time
(companion.games.register_folder); the saves name their folder too, but a save whose
folder is gone must not be read (its replay would fail and it would be set aside as
corrupt), so the app registers the remembered folders first and leaves the slots of
the missing ones alone. No Kivy here: `__main__` uses it before the window opens."""

from __future__ import annotations

import json
import os
from pathlib import Path

FILE = "folders.json"
LIMIT = 50  # folders remembered; the oldest opened is forgotten first


def read(data_dir: Path) -> list[dict]:
    """The remembered folders, latest opened first: [{"folder", "id", "name"}]. A file
    that is missing or broken is an empty list (it only saves typing `--game`)."""
    try:
        kept = json.loads((Path(data_dir) / FILE).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return []
    entries = kept.get("folders") if isinstance(kept, dict) else None
    return [e for e in entries or [] if isinstance(e, dict) and
            all(isinstance(e.get(k), str) for k in ("folder", "id", "name"))]


def remember(data_dir: Path, folder: str, game_id: str, name: str) -> None:
    """Put a folder first in the list, the file written whole (temp, fsync, rename)."""
    data_dir = Path(data_dir)
    entries = [e for e in read(data_dir) if e["folder"] != folder]
    entries.insert(0, {"folder": folder, "id": game_id, "name": name})
    data_dir.mkdir(parents=True, exist_ok=True)
    temp = data_dir / f".{FILE}.{os.getpid()}.tmp"
    with open(temp, "w", encoding="utf-8") as handle:
        json.dump({"folders": entries[:LIMIT]}, handle, indent=1)
        handle.flush()
        os.fsync(handle.fileno())
    os.replace(temp, data_dir / FILE)


def register_all(data_dir: Path, games: dict) -> list[str]:
    """Register every remembered folder under the id its saves use; return a plain
    line for each that could not be (gone, or no longer a game that loads). Their
    saves stay where they are, untouched, until the folder is back."""
    from companion.games import register_folder

    notes = []
    for entry in reversed(read(data_dir)):  # the latest opened takes a contested id
        if entry["id"] in games and games[entry["id"]].folder == str(
                Path(entry["folder"]).resolve()):
            continue
        if not Path(entry["folder"]).is_dir():
            notes.append(f"{entry['name']}: its game folder {entry['folder']} is missing; "
                         "its saved game is kept and comes back with the folder.")
            continue
        try:
            register_folder(entry["folder"], entry["id"])
        except (OSError, ValueError) as exc:
            first = str(exc).splitlines()[0][:300]
            notes.append(f"{entry['name']}: its game folder does not load ({first}); "
                         "its saved game is kept.")
    return notes


def register_bundled() -> None:
    """The declared games that came with the app (a designer's folder put in cards/),
    except those a coded engine plays already (a bundled game's own table.yaml)."""
    from companion.core.printed import bundled_tables, folder_game
    from companion.games import bundled, register_folder

    coded = set(bundled())
    for folder in bundled_tables():
        try:
            if str(folder_game(folder).id) not in coded:
                register_folder(folder)
        except (OSError, ValueError):
            continue  # pnp check names its problems; the app lists what plays


def open_folder(folder: str) -> str:
    """Register the game in `folder` for `--game`; ValueError with pnp's file:line:col
    problems when it is not a game with a table."""
    from companion.games import register_folder

    if not Path(folder).is_dir():
        raise ValueError(f"{folder}: no such folder")
    return register_folder(folder)
