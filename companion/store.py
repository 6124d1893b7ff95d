"""The companion's saves on disk: written atomically after every action, so
killing the app at any moment loses nothing; a corrupt file is kept aside
and the last good save offered instead."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

from companion.core.session import SaveError, Session, replay
from companion.games import rules_for

CURRENT = "current.json"
PREVIOUS = "previous.json"


class Store:
    def __init__(self, folder: Path | str):
        self.folder = Path(folder)
        self.folder.mkdir(parents=True, exist_ok=True)
        self.notice = ""  # what the last load had to do, for the app to tell the user

    @property
    def current(self) -> Path:
        return self.folder / CURRENT

    def save(self, session: Session) -> None:
        """Write the save atomically; the one before it stays as previous.json."""
        text = session.dumps()
        temp = self.folder / f".{CURRENT}.{os.getpid()}.tmp"
        with open(temp, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        if self.current.exists():
            os.replace(self.current, self.folder / PREVIOUS)
        os.replace(temp, self.current)
        self._sync_folder()

    def _sync_folder(self) -> None:
        try:
            fd = os.open(self.folder, os.O_RDONLY)
        except OSError:
            return
        try:
            os.fsync(fd)
        except OSError:
            pass
        finally:
            os.close(fd)

    def clear(self) -> None:
        """The game is over or abandoned: nothing to resume."""
        for name in (CURRENT, PREVIOUS):
            path = self.folder / name
            if path.exists():
                os.replace(path, self.folder / f"finished-{int(time.time())}-{name}")

    def has_game(self) -> bool:
        return self.current.exists() or (self.folder / PREVIOUS).exists()

    def load(self) -> Session | None:
        """The game to resume: the current save, or if it is corrupt (kept aside
        as corrupt-*.json) the previous good one. None when there is none."""
        self.notice = ""
        for name in (CURRENT, PREVIOUS):
            path = self.folder / name
            if not path.exists():
                continue
            try:
                data = json.loads(path.read_text(encoding="utf-8"))
                session = replay(rules_for(data.get("game", "")), data)
            except (OSError, ValueError, KeyError, SaveError) as exc:
                aside = self.folder / f"corrupt-{int(time.time() * 1000)}-{name}"
                os.replace(path, aside)
                self.notice = (f"The saved game could not be read ({exc}); it was kept as "
                               f"{aside.name}.")
                continue
            if name == PREVIOUS and self.notice:
                self.notice += " The last good state was restored."
                self.save(session)
            return session
        return None
