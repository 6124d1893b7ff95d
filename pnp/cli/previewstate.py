"""What `pnp preview`'s page shows, kept up to date as the game's files are saved.

The folder is polled as `pnp watch` polls it (watch.stamps); after a save the game is
loaded again, and the components watch.affected names are drawn again (their images
re-rasterised only where a side's drawing changed). A save that breaks the game
shows its problems at their file:line and keeps the last good pieces; a piece that
cannot be drawn shows its problems in its place (previewimages.draw_pieces).

The page reads `snapshot()`, a dict replaced whole after each refresh (the server's
threads never see one half made)."""

from __future__ import annotations

import threading
import time
from pathlib import Path

from pnp.cli.watch import POLL, affected, stamps
from pnp.load.errors import InvalidInput


def problem_json(problem) -> dict:
    return {"text": str(problem), "file": problem.file, "line": problem.line}


class Preview:
    def __init__(self, folder: Path, lang=None, options=None):
        from pnp.export.previewimages import Images
        from pnp.sheets.printfile import Options

        self.folder, self.lang = folder, lang
        self.options = options or Options(given=frozenset())  # the game's print: defaults
        self.images = Images()
        self.components: dict = {}  # id -> {"id", "name", "kind", "sides", "errors"}
        self.order: list = []  # component ids, in the game's order
        self.errors: list = []  # problems loading the game: the pieces shown are older
        self.warnings: list = []
        self.layouts: dict = {}  # name -> where it is written, and its lines
        self.game = {"id": "", "name": folder.name}
        self.version = 0
        self.lock = threading.Lock()
        self.changed = threading.Condition(self.lock)
        self._snapshot = self.make_snapshot()

    def snapshot(self) -> dict:
        return self._snapshot

    def image(self, digest: str) -> bytes | None:
        return self.images.get(digest)

    def refresh(self, changed: set | None) -> None:
        """Load the game again and draw what `changed` (None: everything) touches."""
        from pnp.export.previewimages import draw_pieces, shop_safe_zones
        from pnp.export.previewsource import Sources
        from pnp.load.game import load_game
        from pnp.load.players import for_players
        from pnp.sheets.printfile import for_game

        try:
            game = for_players(load_game(self.folder, lang=self.lang))
        except InvalidInput as exc:
            self.errors = [problem_json(p) for p in exc.problems]
            self.publish()
            return
        except Exception as exc:  # noqa: BLE001 - a preview outlives one bad save
            self.errors = [{"text": f"error: {type(exc).__name__}: {exc}", "file": "",
                            "line": 0}]
            self.publish()
            return
        self.errors = []
        self.game = {"id": game.id, "name": game.name}
        options = for_game(self.options, game)
        stopped = {k for k, v in self.components.items() if v["errors"]}  # drawn again
        ids = {c.id for c in game.components} if changed is None else \
            {c.id for c in affected(game, changed)} | stopped
        redo = [c for c in game.components if c.id in ids]
        self.order = [c.id for c in game.components]
        self.components = {k: v for k, v in self.components.items() if k in self.order}
        zones, sources = shop_safe_zones(options), Sources()
        warnings = []
        for comp in redo:
            entry = {"id": comp.id, "name": comp.name, "kind": comp.kind, "errors": [],
                     "sides": self.components.get(comp.id, {}).get("sides", [])}
            try:
                sides, said, problems = draw_pieces(game, comp, options, self.images, zones)
            except Exception as exc:  # noqa: BLE001 - one piece's bug: said, the rest shown
                entry["errors"] = [{"text": f"{comp.id}: error: {type(exc).__name__}: "
                                            f"{exc}", "file": "", "line": 0}]
            else:
                items = {i.printed_id: i for i in comp.items}
                for side in sides:
                    side["source"] = sources.item(items[side["id"]].mark)
                entry.update(sides=sides, warnings=said,
                             errors=[problem_json(p) for p in problems])
            self.components[comp.id] = entry
        for comp_id in self.order:
            warnings += self.components.get(comp_id, {}).get("warnings", [])
        self.warnings = list(dict.fromkeys(warnings))
        self.layouts = sources.layouts(game, game.layouts)
        self.publish()
        self.images.only({side.get("image") for entry in self.components.values()
                          for side in entry["sides"]})

    def make_snapshot(self) -> dict:
        from pnp.export.shops import SHOPS

        return {"version": self.version, "game": self.game, "errors": self.errors,
                "warnings": self.warnings, "layouts": self.layouts,
                "shops": [{"id": s.id, "name": s.name} for s in SHOPS.values()],
                "components": [self.components[c] for c in self.order
                               if c in self.components]}

    def publish(self) -> None:
        with self.lock:
            self.version += 1
            self._snapshot = self.make_snapshot()
            self.changed.notify_all()

    def wait(self, version: int, timeout: float) -> dict:
        """The snapshot once it is newer than `version` (or after `timeout` s)."""
        with self.lock:
            self.changed.wait_for(lambda: self.version != version, timeout)
            return self._snapshot

    def run(self, stop=lambda: False) -> None:
        """Draw the game, then poll its folder and draw again after each save."""
        seen = stamps(self.folder)
        self.refresh(None)
        while not stop():
            time.sleep(POLL)
            now = stamps(self.folder)
            if now == seen:
                continue
            changed = {p for p in now.keys() | seen.keys() if now.get(p) != seen.get(p)}
            seen = now
            self.refresh(changed if self.errors == [] and self.components else None)
