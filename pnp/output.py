"""Writing a build's files: all or nothing.

Every file is rendered to a temporary beside its final place; only when every
game of the run has rendered are they moved into place. On any failure (a
problem found while rendering, a full disk, Ctrl-C) the temporaries and every
folder this run created are removed, so "nothing was written" stays true.
"""

from __future__ import annotations

import contextlib
import json
import os
from pathlib import Path


class OutputError(Exception):
    """The output folder cannot be written: a plain message for the user."""


def describe(error: OSError, path: Path) -> str:
    reason = error.strerror or str(error)
    return f"cannot write {path}: {reason}"


class Output:
    def __init__(self, out_dir: Path):
        self.out_dir = Path(out_dir)
        self.made: list[Path] = []  # folders this run created, parents first
        self.staged: list[tuple[Path, Path]] = []  # (temporary, final)

    def folder(self, name: str) -> Path:
        """out_dir/name, created now (and remembered, so a failure removes it)."""
        target = self.out_dir / name
        chain = (*reversed(target.parents), target)
        blocking = next((p for p in chain if p.exists() and not p.is_dir()), None)
        if blocking is not None:
            raise OutputError(f"--out {self.out_dir}: {blocking} is a file, not a folder")
        try:
            for path in chain:
                if not path.exists():
                    path.mkdir()
                    self.made.append(path)
        except OSError as exc:
            raise OutputError(describe(exc, target)) from None
        return target

    def temporary(self, final: Path) -> Path:
        """Where to write `final` for now; the file is removed again on failure."""
        temp = final.with_name(f".{final.name}.tmp")
        self.staged.append((temp, final))
        return temp

    def write_text(self, final: Path, text: str) -> None:
        temp = self.temporary(final)
        try:
            temp.write_text(text, encoding="utf-8")
        except OSError as exc:
            raise OutputError(describe(exc, final)) from None

    def replacing(self, folder: Path, manifest: dict, files: set) -> str | None:
        """Before a game's folder is overwritten: drop files of the old build the new
        one lacks, and return a note when that build was for other paper or options."""
        old_path = folder / "manifest.json"
        try:
            old = json.loads(old_path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return None
        if not isinstance(old, dict):
            return None
        keys = ("paper", "duplex", "bleed")
        note = None
        if any(old.get(k) != manifest.get(k) for k in keys):
            before = ", ".join(f"{k} {old.get(k)}" for k in keys)
            now = ", ".join(f"{k} {manifest.get(k)}" for k in keys)
            note = (f"{folder}: replaced the earlier build ({before}) with this one ({now}); "
                    "use --out to keep both")
        items = old.get("items")
        stale = {i.get("file") for i in items if isinstance(i, dict)} if isinstance(items,
                                                                                    list) else set()
        for name in sorted(n for n in stale if isinstance(n, str) and n not in files):
            path = folder / name
            if path.parent == folder and path.suffix == ".pdf" and path.is_file():
                self.staged.append((None, path))  # removed when the run commits
        return note

    def commit(self) -> list[Path]:
        written = []
        try:
            for temp, final in self.staged:
                if temp is None:
                    final.unlink(missing_ok=True)
                    continue
                os.replace(temp, final)
                written.append(final)
        except OSError as exc:
            raise OutputError(describe(exc, final)) from None
        self.staged, self.made = [], []
        return written

    def discard(self) -> None:
        for temp, _ in self.staged:
            if temp is not None:
                with contextlib.suppress(OSError):
                    temp.unlink(missing_ok=True)
        for folder in reversed(self.made):
            with contextlib.suppress(OSError):
                folder.rmdir()
        self.staged, self.made = [], []
