"""`pnp watch`: rebuild a game whenever one of its files is saved.

The game folder is polled (a few hundred small files at most: cheaper and more
portable than file-system events). After a change the whole game is loaded
and checked again, so an error anywhere shows at once with its file:line;
then only the components whose own data files changed are rebuilt (anything
else, such as a layout or game.yaml, rebuilds every component). Problems are
printed and the watch goes on.

The watch never looks at what it writes: an output folder inside the game
folder (`pnp watch .` writes to ./out) is skipped, and so is every file and
folder a build wrote, or each build would start the next.
"""

from __future__ import annotations

import json
import os
import time
from dataclasses import replace
from pathlib import Path

from pnp.load.errors import InvalidInput
from pnp.load.formats import WHOLE_GAME
from pnp.load.groups import sharing
from pnp.sheets import exchange

POLL = 0.1  # seconds between looks at the folder


def stamps(folder: Path, skip=lambda path: False) -> dict:
    """Every file of the game folder (bar hidden ones and those `skip(path)` names),
    by absolute path, with its size and mtime; skipped folders are not walked."""
    found = {}
    for top, dirs, files in os.walk(folder.resolve()):
        base = Path(top)
        dirs[:] = [d for d in dirs if not d.startswith(".") and not skip(base / d)]
        for name in files:
            path = base / name
            if name.startswith(".") or skip(path):
                continue
            try:
                info = path.stat()
            except OSError:
                continue  # removed while we looked
            found[path] = (info.st_mtime_ns, info.st_size)
    return found


def affected(game, changed: set) -> list:
    """The components to rebuild: those whose data files alone changed, else all."""
    by_file = {}
    for comp in game.components:
        for item in comp.items:
            by_file.setdefault(Path(item.mark.file).resolve(), set()).add(comp.id)
    touched = set()
    for path in changed:
        owners = by_file.get(path.resolve())
        if owners is None or path.name == "game.yaml":
            return list(game.components)
        touched |= owners
    return [c for c in game.components if c.id in touched]


class Watcher:
    def __init__(self, folder: Path, lang, out: Path, fmt: str, options, say):
        self.folder, self.lang, self.out, self.fmt = folder, lang, out, fmt
        self.options, self.say = options, say
        root, where = folder.resolve(), out.resolve()
        inside = where != root and where.is_relative_to(root)
        self.skipped = {where} if inside else set()  # folders never looked at
        self.written: set = set()  # every file a build wrote
        self.last: Path | None = None  # where the last good build is
        self.state = "none"  # of the latest build: none, building, good, broken
        self.builds = 0  # builds written
        self.exchanged = 0  # folders put in place by this process when the latest began

    def ignored(self, path: Path) -> bool:
        return path in self.written or any(path == d or path.is_relative_to(d)
                                           for d in self.skipped)

    def run(self, stop=lambda: False) -> None:
        seen = stamps(self.folder, self.ignored)
        self.rebuild(None)
        self.say(f"watching {self.folder} (Ctrl-C to stop)")
        while not stop():
            seen = {p: s for p, s in seen.items() if not self.ignored(p)}  # now written
            time.sleep(POLL)
            now = stamps(self.folder, self.ignored)
            if now == seen:
                continue
            changed = {p for p in now.keys() | seen.keys() if now.get(p) != seen.get(p)}
            seen = now
            self.rebuild(changed)

    def stopped(self) -> str:
        """What Ctrl-C or SIGTERM leaves behind, as it is: how many builds were written
        and where the last is. A stop during a build finds it written or not at all
        (its folder is exchanged whole, signals held)."""
        if self.state == "building" and len(exchange.EXCHANGED) > self.exchanged:
            self.state, self.builds = "good", self.builds + 1  # written, then stopped
            self.last = exchange.EXCHANGED[-1]
        if self.last is None:
            return "stopped watching; no build succeeded, so nothing was written"
        count = f"{self.builds} build{'' if self.builds == 1 else 's'} written"
        said = f"stopped watching; the last build is in {self.last} ({count}"
        if self.state == "building":
            return f"{said}; the rebuild under way when stopped was not written)"
        if self.state == "broken":
            return f"{said}; the last made before the latest save, which has problems)"
        return f"{said})"

    def rebuild(self, changed: set | None) -> None:
        from pnp.load.game import load_game

        start = time.perf_counter()
        self.state, self.exchanged = "building", len(exchange.EXCHANGED)
        try:
            game = load_game(self.folder, lang=self.lang)
            comps = list(game.components) if changed is None or self.fmt in WHOLE_GAME \
                else affected(game, changed)  # one tts save, one showcase: every component
            if self.fmt == "pdf":
                comps = sharing(game, comps)  # a file shared by components is rebuilt whole
            self.write(game, comps)
        except InvalidInput as exc:
            for problem in exc.problems:
                self.say(str(problem))
            self.say(f"{len(exc.problems)} problem(s); still watching")
            self.state = "broken"
            return
        except Exception as exc:  # noqa: BLE001 - a watch must outlive one bad save
            self.say(f"error: {type(exc).__name__}: {exc}; still watching")
            self.state = "broken"
            return
        self.state, self.builds = "good", self.builds + 1
        names = ", ".join(c.id for c in comps)
        self.say(f"rebuilt {names} in {time.perf_counter() - start:.2f} s")

    def write(self, game, comps: list) -> None:
        part = replace(game, components=comps)
        ids = {c.id for c in comps}
        if self.fmt == "pdf":
            from pnp.sheets.build import build_games

            items = [e for e in self.old_items(game, "manifest.json", "items")
                     if e.get("component") not in ids]
            kept = {e.get("file") for e in items}
            pages = [p for p in self.old_items(game, "manifest.json", "pages")
                     if p.get("file") in kept]
            printing = replace(self.options.print, placeholders=True)  # art still to come
            result = build_games([part], self.out, printing,
                                 keep={"items": items, "pages": pages})[0]
        else:
            from pnp.export.writer import export_games

            kept = [e for e in self.old_items(game, f"{self.fmt}/manifest.json", "files")
                    if e.get("component") not in ids] if len(ids) < len(game.components) \
                else []  # the files of the other components, which stay as they are
            drafting = replace(self.options, print=replace(self.options.print,
                                                            placeholders=True))
            result = export_games([part], self.out, drafting, keep=kept)[0]
        self.last = result.folder
        self.written |= {p.resolve() for p in result.files}
        where = result.folder.resolve()
        if not self.folder.resolve().is_relative_to(where):  # --out is the game folder
            self.skipped.add(where)
        for warning in result.warnings:
            self.say(f"warning: {warning}")

    def old_items(self, game, name: str, key: str) -> list:
        try:
            old = json.loads((self.out / game.folder / name).read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return []
        items = old.get(key) if isinstance(old, dict) else None
        return [e for e in items if isinstance(e, dict)] if isinstance(items, list) else []

