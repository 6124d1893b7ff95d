"""Exchanging an output folder whole: at every instant it holds wholly the old build
or wholly the new one, whatever stops the run.

A folder's new contents are assembled apart, in the run's staging folder: the files
this run wrote, and hard links (copies where the file system has none) to whatever
the old folder holds that the run neither replaces nor drops (an export's folder
inside a game's, the other languages, files the user put there). Then the two are
swapped in one step where the system can (Linux's renameat2 RENAME_EXCHANGE: the
old folder ends up in the staging folder, removed with it). Elsewhere the old folder
is renamed aside (`.pnp-old-<pid>-<name>`, beside it), the new one renamed into its
place, and the old one removed; a run killed between those two renames (SIGKILL, a
power cut) leaves the old folder aside and its place empty, and the next run into
the same output folder puts it back before anything else (an aside whose place is
filled is of a run killed after its new folder was in place: it is removed).
SIGINT and SIGTERM wait while folders are exchanged; a failure midway puts every old
folder back.
"""

from __future__ import annotations

import contextlib
import ctypes
import errno
import os
import shutil
import signal
from dataclasses import dataclass
from pathlib import Path

HIDDEN = ".pnp-"  # the staging folders and asides: never part of a build
ASIDE = ".pnp-old-"
EXCHANGED: list[Path] = []  # what this process has put in place (the CLI says so on a stop)
AT_FDCWD, RENAME_EXCHANGE = -100, 2  # renameat2(2)
_renameat2 = None  # the C library's, found on first use (False: there is none)


def assemble(new: Path, old: Path, dropped: set) -> None:
    """Fill `new` (holding what the run wrote) with what `old` holds besides: every
    file not written anew and not in `dropped` (absolute paths), linked."""
    if not old.is_dir() or old.is_symlink():
        return
    recover(old)  # a folder inside that a killed run left aside: back in place first
    new.mkdir(parents=True, exist_ok=True)
    for entry in os.scandir(old):
        if entry.name.startswith(HIDDEN):
            continue
        source, target = Path(entry.path), new / entry.name
        if entry.is_dir(follow_symlinks=False):
            if not os.path.lexists(target) or target.is_dir():
                assemble(target, source, dropped)
        elif source not in dropped and not os.path.lexists(target):
            link(source, target)


def link(source: Path, target: Path) -> None:
    """A hard link to a file (a symbolic link as itself); a copy where none can be made."""
    try:
        os.link(source, target, follow_symlinks=False)
    except (OSError, NotImplementedError):  # no hard links here, or not of a symlink
        shutil.copy2(source, target, follow_symlinks=False)


def exchange(places: list[tuple[Path, Path]], owner: int) -> list[Path]:
    """Put each new folder or file at its place, in one step where the system can swap
    two paths (the old one is then where the new one was), else by renaming the old one
    aside first; return where the old ones are, to remove. Signals wait meanwhile; on a
    failure every place is put back as it was, then the failure is raised."""
    done: list[Step] = []
    with signals_held():
        try:
            for place, new in places:
                step = Step(place, new, inode(place))
                done.append(step)  # before any step: undo() looks at what is on disk
                if step.before is not None and swap(new, place):
                    continue
                step.old, step.swapped = None, False
                if step.before is not None:
                    step.old = place.parent / f"{ASIDE}{owner}-{place.name}"
                    os.rename(place, step.old)
                os.rename(new, place)
            for folder in dict.fromkeys(place.parent for place, _ in places):
                sync(folder)
            EXCHANGED.extend(place for place, _ in places)
        except BaseException:
            undo(done)
            raise
    return [step.old for step in done if step.old is not None]


@dataclass
class Step:
    """One place exchanged: where its old contents go (a swap: where the new ones were;
    else beside it, None if it had none) and its inode before (None: it had none)."""

    place: Path
    old: Path | None
    before: int | None
    swapped: bool = True


def inode(path: Path) -> int | None:
    try:
        return os.stat(path, follow_symlinks=False).st_ino
    except FileNotFoundError:
        return None


def undo(done: list[Step]) -> None:
    """Every place as it was before the exchange, judged by what is on disk, wherever
    the failure came (best effort: an aside left behind is put back by the next run)."""
    for step in reversed(done):
        with contextlib.suppress(OSError):
            now = inode(step.place)
            if step.swapped:
                if now is not None and now != step.before:
                    swap(step.old, step.place)
                continue
            if now is not None and now != step.before:
                remove(step.place)  # the new one, in place
            if step.old is not None and os.path.lexists(step.old) and \
                    not os.path.lexists(step.place):
                os.rename(step.old, step.place)


def swap(new: Path, place: Path) -> bool:
    """Exchange two paths in one step (Linux's renameat2 with RENAME_EXCHANGE): False
    where the system or its file system cannot."""
    global _renameat2
    if _renameat2 is None:
        try:
            _renameat2 = ctypes.CDLL(None, use_errno=True).renameat2
        except (AttributeError, OSError, TypeError):  # not Linux, or a C library without it
            _renameat2 = False
    if _renameat2 is False:
        return False
    if _renameat2(AT_FDCWD, os.fsencode(new), AT_FDCWD, os.fsencode(place),
                  RENAME_EXCHANGE) == 0:
        return True
    code = ctypes.get_errno()
    if code in (errno.ENOSYS, errno.EINVAL, errno.ENOTSUP, errno.EOPNOTSUPP):
        return False
    raise OSError(code, os.strerror(code), str(place))


@contextlib.contextmanager
def signals_held():
    """SIGINT and SIGTERM wait (are blocked) meanwhile, then arrive: a stop finds the
    old folders or the new ones, never some of each."""
    held = {signal.SIGINT, signal.SIGTERM}
    try:
        before = signal.pthread_sigmask(signal.SIG_BLOCK, held)
    except (AttributeError, OSError, ValueError):  # no POSIX signals here
        yield
        return
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, before)


def recover(folder: Path) -> None:
    """Asides in `folder` of runs that are gone: each put back if its place is empty,
    else removed (the new folder had been put in place)."""
    try:
        entries = [entry.name for entry in os.scandir(folder) if entry.name.startswith(ASIDE)]
    except OSError:
        return
    for name in entries:
        pid, _, place = name[len(ASIDE):].partition("-")
        if not pid.isdecimal() or not place or alive(int(pid)):
            continue
        with contextlib.suppress(OSError):
            if os.path.lexists(folder / place):
                remove(folder / name)
            else:
                os.rename(folder / name, folder / place)


def recover_near(out_dir: Path) -> None:
    """recover() in the output folder and the two levels of folders below it, where
    every folder a run exchanges lies (DIR/game, DIR/game/format, DIR/game/lang/format)."""
    level = [out_dir]
    for depth in range(3):
        for folder in level:
            recover(folder)
        if depth < 2:
            level = [Path(entry.path) for folder in level for entry in _scan(folder)
                     if entry.is_dir(follow_symlinks=False) and not entry.name.startswith(".")]


def _scan(folder: Path) -> list:
    try:
        return list(os.scandir(folder))
    except OSError:
        return []


def remove(path: Path) -> None:
    if os.path.isdir(path) and not os.path.islink(path):
        shutil.rmtree(path)
    else:
        os.unlink(path)


def sync(path: Path) -> None:
    """fsync a file or folder, so a rename never publishes data still in a cache."""
    descriptor = os.open(path, os.O_RDONLY)
    try:
        os.fsync(descriptor)
    finally:
        os.close(descriptor)


def sync_tree(folder: Path) -> None:
    """fsync every folder in a tree (the names in it; its files are synced already)."""
    for top, _, _ in os.walk(folder):
        sync(Path(top))


def alive(pid: int) -> bool:
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:  # another user's process: alive
        return True
    return True
