"""The companion's saves on disk: one slot per game (`<folder>/<game-id>/`), so
a game of each can be in progress at once. Written atomically after every
action, so killing the app at any moment loses nothing; a corrupt file is
kept aside and the last good save offered instead."""

from __future__ import annotations

import json
import os
import re
import shutil
import time
from pathlib import Path

from companion.core.session import (
    MAX_SAVE_BYTES,
    SaveError,
    Session,
    parse_save,
    read_save_file,
)

CURRENT = "current.json"
PREVIOUS = "previous.json"
HOLDER = "holder.json"  # the seat holding the phone (app.table: the pass-and-play cover)
SLOT_NAME = re.compile(r"[a-z0-9][a-z0-9-]{0,63}")  # a game id, safe as a folder name


class Store:
    """Every game's slot under one folder."""

    def __init__(self, folder: Path | str):
        self.folder = Path(folder)
        self.folder.mkdir(parents=True, exist_ok=True)
        self.notice = ""  # what the last load had to do, for the app to tell the user
        self._adopt_single_slot_saves()

    def _adopt_single_slot_saves(self) -> None:
        """Saves from before one slot per game lay in the folder itself: each moves
        into its game's slot (a file without a readable game id into the slot
        "unknown", where loading it sets it aside with a notice)."""
        for name in (PREVIOUS, CURRENT):
            path = self.folder / name
            if not path.is_file():
                continue
            try:
                game_id = json.loads(path.read_bytes()[:MAX_SAVE_BYTES])["game"]
            except (OSError, ValueError, KeyError, TypeError):
                game_id = None
            if not isinstance(game_id, str) or not SLOT_NAME.fullmatch(game_id):
                game_id = "unknown"
            target = self.slot(game_id).folder
            target.mkdir(parents=True, exist_ok=True)
            if not (target / name).exists():
                os.replace(path, target / name)

    def slot(self, game_id: str) -> Slot:
        return Slot(self.folder / game_id)

    def in_progress(self) -> list[str]:
        """The game ids with a game to resume, the most recently saved first."""
        slots = [(self.slot(path.name).saved_at(), path.name) for path in
                 self.folder.iterdir() if path.is_dir() and self.slot(path.name).has_game()]
        return [game_id for _, game_id in sorted(slots, reverse=True)]

    def has_game(self, game_id: str | None = None) -> bool:
        return bool(self.in_progress()) if game_id is None else self.slot(game_id).has_game()

    def save(self, session: Session) -> None:
        self.notice = ""
        self.slot(session.rules.game_id).save(session)

    def load(self, game_id: str | None = None) -> Session | None:
        """The game of `game_id` to resume (None: the most recently saved game that
        loads). Never raises; what had to be set aside is in `notice`."""
        from companion.games import GAMES

        notes, session = [], None
        # a game not registered now (its folder gone) is left as it is, for when it is back
        for candidate in [game_id] if game_id else [g for g in self.in_progress()
                                                     if g in GAMES]:
            slot = self.slot(candidate)
            session = slot.load()
            if slot.notice:
                notes.append(slot.notice)
            if session is not None:
                break
        self.notice = " ".join(notes)
        return session

    def clear(self, game_id: str) -> None:
        self.slot(game_id).clear()

    def set_aside(self, game_id: str, reason: str) -> str:
        """The game's save replays but the app failed on it: kept aside (Slot.set_aside)."""
        return self.slot(game_id).set_aside(reason)

    def describe(self, game_id: str) -> str:
        """A line for the home screen from the save alone (no replay): who plays, how
        far the game is, when it was saved."""
        try:
            save = parse_save((self.slot(game_id).folder / CURRENT).read_bytes())
        except (OSError, SaveError):
            return "saved game"
        players = save["setup"].get("players")
        names = [p.get("name") for p in players if isinstance(p, dict)] if isinstance(
            players, list) else []
        who = ", ".join(str(n) for n in names if isinstance(n, str))
        moves = len(save["actions"]) + (save["start"]["moves"] if "start" in save else 0)
        return f"{who + ': ' if who else ''}{moves} move{'' if moves == 1 else 's'}"


class Slot:
    """One game's current save and the one before it."""

    def __init__(self, folder: Path):
        self.folder = folder
        self.notice = ""

    @property
    def current(self) -> Path:
        return self.folder / CURRENT

    def save(self, session: Session) -> None:
        """Write the save atomically; the one before it stays as previous.json.
        The notice of the last load is old news once the game has moved on."""
        self.notice = ""
        self.folder.mkdir(parents=True, exist_ok=True)
        text = session.dumps()
        temp = self.folder / f".{CURRENT}.{os.getpid()}.tmp"
        with open(temp, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        if self.current.exists():  # current.json exists at every moment, killed or not
            self._copy_whole(self.current, self.folder / PREVIOUS)
        os.replace(temp, self.current)
        self._sync_folder()

    def _copy_whole(self, source: Path, target: Path) -> None:
        """`target` becomes a copy of `source` in one step (a hard link, else a copy
        made under a temporary name first): killed at any moment, it is whole or absent."""
        keep = self.folder / f".{target.name}.{os.getpid()}.tmp"
        keep.unlink(missing_ok=True)
        try:
            os.link(source, keep)
        except OSError:  # a file system without hard links
            shutil.copyfile(source, keep)
        os.replace(keep, target)

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

    def holder(self, seed: int) -> int | None:
        """The seat that held the phone when the game of `seed` was last shown (None:
        not known, or another game's)."""
        try:
            kept = json.loads((self.folder / HOLDER).read_bytes()[:1000])
        except (OSError, ValueError):
            return None
        seat = kept.get("seat") if isinstance(kept, dict) and kept.get("seed") == seed \
            else None
        return seat if type(seat) is int else None

    def set_holder(self, seed: int, seat: int) -> None:
        """Kept beside the save (not in it: who holds the phone is not the game's), so a
        resumed game needs no hand-over for the player who already has it."""
        self.folder.mkdir(parents=True, exist_ok=True)
        temp = self.folder / f".{HOLDER}.{os.getpid()}.tmp"
        temp.write_text(json.dumps({"seed": seed, "seat": seat}), encoding="utf-8")
        os.replace(temp, self.folder / HOLDER)

    def set_aside(self, reason: str) -> str:
        """The save the game was loaded from (the current one, else the one before it)
        replays, yet the app failed on it: it is kept aside like a save that cannot be
        read, never deleted, and the one before it stays to be resumed. Says so."""
        for name in (CURRENT, PREVIOUS):
            path = self.folder / name
            if path.exists():
                note = self._keep_aside(path, name, reason, "shown")
                if name == CURRENT and (self.folder / PREVIOUS).exists():
                    note += " The game as it was one move earlier can be resumed."
                return note
        return ""

    def saved_at(self) -> float:
        times = [path.stat().st_mtime for path in (self.current, self.folder / PREVIOUS)
                 if path.exists()]
        return max(times, default=0.0)

    def load(self) -> Session | None:
        """The game to resume: the current save, or if it cannot be read (kept aside
        as corrupt-*.json) the previous good one, saved again as current. None when
        there is none. A game that goes on changed (its cards or rules changed since:
        session.notice) is saved again too, a copy of the file as it was kept. Never
        raises: whatever a file holds, the app must start."""
        notes = []
        session = None
        for name in (CURRENT, PREVIOUS):
            path = self.folder / name
            try:
                session = read_save_file(path)
            except FileNotFoundError:
                continue
            except Exception as exc:  # SaveError, OSError, or a bug: never lock the app out
                reason = str(exc) if isinstance(exc, SaveError) else \
                    f"{type(exc).__name__}: {exc}"
                notes.append(self._keep_aside(path, name, reason))
                continue
            restored = name == PREVIOUS and bool(notes)
            if restored:
                notes.append("The last good game was restored.")
            if session.notice:  # it goes on, changed: the file as it was is kept too
                notes.append(session.notice + self._keep_copy(path, name))
            if restored or session.notice:
                try:
                    self.save(session)
                except OSError as exc:
                    notes.append(f"It could not be saved again ({exc}).")
            break
        self.notice = " ".join(notes)
        return session

    def _keep_copy(self, path: Path, name: str) -> str:
        """A copy of a save the game went on from, changed (session.notice), as
        changed-*.json: the game as it was stays at hand. Says where."""
        copy = self._aside_name("changed", name)
        try:
            self._copy_whole(path, copy)
        except OSError as error:
            return f" The save as it was could not be kept ({error})."
        return f" The save as it was is kept as {copy.name}."

    def _aside_name(self, kind: str, name: str) -> Path:
        """A new <kind>-<milliseconds>[-n]-<name> in the slot."""
        stamp = int(time.time() * 1000)
        aside = self.folder / f"{kind}-{stamp}-{name}"
        attempt = 0
        while aside.exists():
            attempt += 1
            aside = self.folder / f"{kind}-{stamp}-{attempt}-{name}"
        return aside

    def _keep_aside(self, path: Path, name: str, reason: str, verb: str = "read") -> str:
        """Rename a save that cannot be read (or shown) to a new corrupt-*.json; say so."""
        which = "The saved game" if name == CURRENT else "The last good game"
        reason = reason if len(reason) <= 300 else reason[:297] + "..."
        aside = self._aside_name("corrupt", name)
        try:
            os.replace(path, aside)
        except OSError as error:
            return f"{which} could not be {verb} ({reason}) nor moved aside ({error})."
        return f"{which} could not be {verb}, so it was set aside as {aside.name} ({reason})."
