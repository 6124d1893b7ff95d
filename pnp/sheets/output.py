"""Writing a build's files: all or nothing.

Every file is rendered into a hidden staging folder inside the output folder
(`.pnp-staging-<pid>-<worker pid>-<n>/`, mirroring the final paths; a game built
in a worker process stages in a folder of its own, named for the run). Only when
every game of the run has rendered are the files synced to disk and each folder
the run writes (a game's, an export's) exchanged whole for its new contents
(exchange.py): at every instant it is wholly the old build or wholly the new one.
On any failure (a problem found while rendering, a full disk, Ctrl-C, SIGTERM)
the staging folder and every folder this run created are removed, so "nothing was
written" stays true. A run killed outright (SIGKILL, a power cut) leaves only its
staging folder, hidden and never mistaken for output, and perhaps an old folder
set aside; the next run into the same folder clears the one and puts back the
other before anything else.
"""

from __future__ import annotations

import contextlib
import itertools
import json
import os
import shutil
from pathlib import Path

from pnp.sheets.exchange import alive, assemble, exchange, recover_near, remove, sync, sync_tree

STAGING = ".pnp-staging-"
_runs = itertools.count(1)


class OutputError(Exception):
    """The output folder cannot be written: a plain message for the user."""


def describe(error: OSError, path: Path) -> str:
    reason = error.strerror or str(error)
    return f"cannot write {path}: {reason}"


class Output:
    def __init__(self, out_dir: Path, owner: int | None = None):
        """`owner`: the process whose run this is, when a worker process renders part
        of it (its staging folder then lives as long as the owner; build_games)."""
        self.out_dir = Path(out_dir)
        self.owner = owner or os.getpid()
        self.adopted: list[Path] = []  # workers' staging folders, committed with this run
        self.made: list[Path] = []  # folders this run created, parents first
        self.staging: Path | None = None
        self.staged: dict[Path, Path] = {}  # final -> its file in the staging folder
        self.removed: list[Path] = []  # files of an earlier build to drop on commit
        self.units: set[Path] = set()  # folders exchanged whole on commit (and those inside)
        if self.out_dir.is_dir():  # an old build a killed run left aside: back before all else
            recover_near(self.out_dir)

    def folder(self, name: str) -> Path:
        """out_dir/name: where files go (made when the run commits)."""
        target = self.out_dir / name
        chain = (*reversed(target.parents), target)
        blocking = next((p for p in chain if p.exists() and not p.is_dir()), None)
        if blocking is not None:
            raise OutputError(f"--out {self.out_dir}: {blocking} is a file, not a folder")
        self._staging_folder()
        self.units.add(target)
        return target

    def make_out_dir(self) -> None:
        """The output folder and its parents, those made here remembered (to remove
        them again on failure). Worker processes may race to make one: the loser
        neither fails nor takes it as its own."""
        try:
            for path in (*reversed(self.out_dir.parents), self.out_dir):
                if not path.exists():
                    try:
                        path.mkdir()
                    except FileExistsError:
                        continue
                    self.made.append(path)
        except OSError as exc:
            raise OutputError(describe(exc, self.out_dir)) from None

    def _staging_folder(self) -> Path:
        """The run's staging folder, made (with the output folder) on first use, after
        clearing what runs that are no longer alive left behind."""
        if self.staging is not None:
            return self.staging
        try:
            self.make_out_dir()
            clear_stale(self.out_dir)
            staging = self.out_dir / f"{STAGING}{self.owner}-{os.getpid()}-{next(_runs)}"
            staging.mkdir()
        except OSError as exc:
            raise OutputError(describe(exc, self.out_dir)) from None
        self.staging = staging
        return staging

    def temporary(self, final: Path) -> Path:
        """Where to write `final` for now: its place in the staging folder."""
        final = Path(final)
        if final in self.staged:  # two pieces of one run would overwrite each other
            raise OutputError(f"cannot write {final} twice in one run")
        temp = self._staging_folder() / final.relative_to(self.out_dir)
        try:
            temp.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise OutputError(describe(exc, final)) from None
        self.staged[final] = temp
        return temp

    def write_text(self, final: Path, text) -> None:
        """Write `text`, a string or strings to write one after the other."""
        temp = self.temporary(final)
        try:
            with temp.open("w", encoding="utf-8") as out:
                out.writelines([text] if isinstance(text, str) else text)
        except OSError as exc:
            raise OutputError(describe(exc, final)) from None

    def replacing(self, folder: Path, manifest: dict, files: set) -> str | None:
        """Before a game's folder is overwritten: drop files of the old build the new
        one lacks, and return a note when that build was for other paper or options."""
        old_path = folder / "manifest.json"
        try:  # of each piece only its file is kept (a 10,000-card deck has 20,000)
            old = json.loads(old_path.read_text(encoding="utf-8"), object_hook=_file_only)
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
                self.removed.append(path)  # removed when the run commits
        return note

    def adopt(self, other: Output) -> None:
        """Take over what a worker process staged (`other`, not committed), to commit or
        discard it with this run."""
        self.staged.update(other.staged)
        self.removed += other.removed
        self.units |= other.units
        self.made += [path for path in other.made if path not in self.made]
        if other.staging is not None:
            self.adopted.append(other.staging)

    def commit(self) -> list[Path]:
        """Sync every staged file, assemble each folder's new contents, then exchange
        them all for the old (exchange.py); the files written are returned."""
        written = list(self.staged)
        final = self.out_dir
        try:
            for final, temp in self.staged.items():  # noqa: B007 - the error names it
                sync(temp)
            places = []
            for final, new in self._assembled():
                self._make_parents(final.parent)
                places.append((final, new))
            final = self.out_dir
            asides = exchange(places, self.owner)
        except OSError as exc:
            raise OutputError(describe(exc, final)) from None
        for aside in asides:  # the old builds: nothing refers to them now
            with contextlib.suppress(OSError):
                remove(aside)
        self._clear_staging()
        self.staged, self.removed, self.made, self.units = {}, [], [], set()
        return written

    def _assembled(self):
        """(place, its new contents) for each folder exchanged whole (the outermost of
        those given to folder()) and each file staged outside them."""
        units = {u for u in self.units if not any(o in u.parents for o in self.units)}
        home = self._staging_folder()  # where the new contents are gathered
        mine: dict[Path, list] = {unit: [] for unit in units}
        loose = []
        for final, temp in self.staged.items():
            unit = next((p for p in final.parents if p in units), None)
            (mine[unit] if unit is not None else loose).append((final, temp))
        dropped = set(self.removed)
        for unit in sorted(units):
            if not mine[unit] and not any(unit in path.parents for path in dropped):
                continue  # nothing of it changes
            for final, temp in mine[unit]:  # a worker's files join the rest
                moved = home / final.relative_to(self.out_dir)
                if temp != moved:
                    moved.parent.mkdir(parents=True, exist_ok=True)
                    os.replace(temp, moved)
            new = home / unit.relative_to(self.out_dir)
            new.mkdir(parents=True, exist_ok=True)
            assemble(new, unit, dropped)
            sync_tree(new)
            yield unit, new
        yield from loose

    def _make_parents(self, folder: Path) -> None:
        for path in (*reversed(folder.parents), folder):
            if not path.exists():
                path.mkdir()
                self.made.append(path)

    def discard(self) -> None:
        """Remove the staging folder and every folder this run made."""
        self._clear_staging()
        for folder in reversed(self.made):
            with contextlib.suppress(OSError):
                folder.rmdir()
        self.staged, self.removed, self.made, self.units = {}, [], [], set()

    def _clear_staging(self) -> None:
        for folder in [self.staging, *self.adopted]:
            if folder is not None:
                shutil.rmtree(folder, ignore_errors=True)
        self.staging, self.adopted = None, []


def clear_stale(out_dir: Path) -> None:
    """Remove staging folders of runs whose process is gone (killed outright)."""
    for path in out_dir.glob(f"{STAGING}*"):
        pid = path.name[len(STAGING):].split("-")[0]
        if pid.isdecimal() and not alive(int(pid)):  # not "²", which int() refuses
            shutil.rmtree(path, ignore_errors=True)


def _file_only(entry: dict) -> dict:
    """A manifest's mapping as replacing() reads it: the manifest itself whole (it names
    the game or its options), a piece (any other mapping) by its file only."""
    return entry if entry.keys() & {"game", "items", "paper", "duplex", "bleed"} else \
        {"file": entry.get("file")}
