"""The printed pieces as images, for the player who holds a card on the screen.

The picture is the print's own drawing (pnp.export.pieceimage), from the same YAML and
layouts as the PDFs. The desktop draws a game's pieces in a process of its own as
its table opens (`CardArt.draw_ahead`), and a piece held before that on request, and
keeps them in a cache named by a fingerprint of the game's files and of pnp's drawing
code, so a changed card is drawn again. A phone has no PDF rasteriser: the app
is built with every piece drawn beforehand (`python -m companion.cardart`, run
by the Android build), and the images are used only while the fingerprint of
the YAML they were drawn from matches the YAML shipped beside them; otherwise a
card's words are shown instead of a stale picture.

No Kivy here: the prebuild and the tests use it without a window."""

from __future__ import annotations

import argparse
import hashlib
import importlib.util
import json
import os
import sys
import tempfile
from pathlib import Path

from pnp import BUNDLED_GAMES, BUNDLED_LAYOUTS, PACKAGE

SHIPPED = Path(__file__).resolve().parent / "card_images"  # made for the Android build
DPI = 160  # a poker card 400 px wide: sharp on a phone held at reading distance
INDEX = "index.json"


def _digest(paths, root: Path, digest) -> None:
    for path in sorted(paths):
        if path.is_file() and "__pycache__" not in path.parts:
            digest.update(str(path.relative_to(root)).encode() + b"\0")
            digest.update(path.read_bytes())


DATA = (".yaml", ".yml", ".csv", ".xlsx")  # what an Android build ships of a game's folder


def data_fingerprint(folder: Path) -> str:
    """What a piece's picture is drawn from: the game's data files and the bundled
    layouts (the files a phone has too, so it can check the pictures it ships)."""
    digest = hashlib.sha256()
    _digest((p for p in folder.rglob("*") if p.suffix.lower() in DATA), folder, digest)
    _digest(BUNDLED_LAYOUTS.glob("*.yaml"), BUNDLED_LAYOUTS, digest)
    return digest.hexdigest()[:20]


def code_fingerprint() -> str:
    """pnp's drawing code and assets: a change to how pieces are drawn draws them again."""
    digest = hashlib.sha256()
    _digest(PACKAGE.glob("*.py"), PACKAGE, digest)
    _digest((PACKAGE / "assets").rglob("*"), PACKAGE, digest)
    return digest.hexdigest()[:12]


def file_name(component: str, item: str, side: str) -> str:
    safe = "".join(ch if ch.isalnum() or ch in "-_." else "_" for ch in item)
    return f"{component}/{safe}-{side.replace(' ', '-')}.png"


class CardArt:
    """Pictures of one game's pieces: `path(component, item, side)`, or None where
    no picture can be had (then the screen shows the card's words)."""

    def __init__(self, game_id: str, cache: Path | None = None, shipped: Path = SHIPPED,
                 folder: Path | None = None):
        self.game_id = game_id
        self.folder = folder or BUNDLED_GAMES / game_id
        self.fingerprint = data_fingerprint(self.folder)
        self.shipped = self._shipped(shipped / game_id)
        self.cache = cache or Path(tempfile.gettempdir()) / "dossier-card-images"
        self._game = None

    def _shipped(self, folder: Path) -> Path | None:
        try:
            index = json.loads((folder / INDEX).read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return None
        return folder if isinstance(index, dict) and \
            index.get("fingerprint") == self.fingerprint else None

    def path(self, component: str, item: str, side: str = "front") -> Path | None:
        name = file_name(component, item, side)
        if self.shipped is not None:
            found = self.shipped / name
            return found if found.is_file() else None
        folder = self.folder_now()
        if not folder.is_dir():
            self.forget_others(folder)
        target = folder / name
        if not target.is_file() and not self.draw(component, item, folder):
            return None
        return target if target.is_file() else None

    def forget_others(self, keep: Path) -> None:
        """Pictures of earlier versions of the game or of the drawing: never shown again."""
        import shutil

        for old in keep.parent.glob("*") if keep.parent.is_dir() else ():
            if old != keep and old.is_dir():
                shutil.rmtree(old, ignore_errors=True)

    def game(self):
        """The game as pnp loads it (once), to draw from: the desktop only."""
        if self._game is None:
            from pnp.load.game import load_game

            self._game = load_game(self.folder)
        return self._game

    def folder_now(self) -> Path:
        """Where this version of the game's pictures, drawn by this pnp, are cached."""
        return self.cache / self.game_id / f"{self.fingerprint}-{drawing_key()}"

    def draws_here(self) -> bool:
        """Whether pictures are drawn on this machine: no shipped set, and pnp's
        drawing (reportlab, pdfium) installed."""
        return self.shipped is None and all(
            importlib.util.find_spec(name) for name in ("reportlab", "pypdfium2"))

    def draw_all(self) -> int:
        """Every piece not drawn yet, one after another: what `draw_ahead` runs.
        Returns the number of pieces drawn."""
        from pnp.export.pieceimage import printed_game

        folder, count = self.folder_now(), 0
        for comp, printed in pieces(printed_game(self.game())):
            if any((folder / file_name(comp.id, printed, side)).is_file()
                   for side in ("front", "face 1")):  # a die's first face
                continue
            try:
                count += self.draw(comp.id, printed, folder)
            except Exception:  # noqa: BLE001 - a hold of it says why; go on
                continue
        return count

    def draw_ahead(self):
        """Start drawing every piece in a process of its own, at low priority, so the
        first hold of a card opens at once rather than after its drawing (seconds).
        The process (a Popen, None where nothing is drawn here) ends by itself; a
        hold meanwhile draws its own piece, as before."""
        import subprocess
        import sys

        if not self.draws_here():
            return None
        return subprocess.Popen(
            [sys.executable, "-m", "companion.cardart", "--ahead", self.game_id,
             "--folder", str(self.folder), "--out", str(self.cache)],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

    def draw(self, component: str, item: str, folder: Path) -> bool:
        """Draw every side of one piece into `folder` (False: no drawing here)."""
        try:
            from pnp.export.pieceimage import piece_images
        except ImportError:  # a phone: reportlab and pdfium are not there
            return False
        try:
            images = piece_images(self.game(), component, item, DPI)
        except KeyError:
            return False
        for side, image in images.items():
            save(image, folder / file_name(component, item, side))
        return True


_DRAWING_KEY: list = []


def drawing_key() -> str:
    """code_fingerprint, once a process (pnp's sources do not change under it)."""
    if not _DRAWING_KEY:
        _DRAWING_KEY.append(code_fingerprint())
    return _DRAWING_KEY[0]


def save(image, target: Path) -> None:
    """Write, then rename: a half-written picture is never shown."""
    target.parent.mkdir(parents=True, exist_ok=True)
    temp = target.with_name(f".{target.name}.{os.getpid()}.tmp")
    image.save(temp, format="PNG", optimize=True)
    os.replace(temp, target)


def pieces(game):
    """(component, printed id) of every distinct piece a game prints, in print order."""
    for comp in game.components:
        for printed in dict.fromkeys(item.printed_id for item in comp.items):
            yield comp, printed


def prebuild(game_id: str, out: Path, source: Path | None = None) -> int:
    """Every piece of a game drawn into out/<game-id>/ with its index: the images an
    Android build ships. Returns the number of pictures."""
    from pnp.export.pieceimage import piece_images, printed_game
    from pnp.load.game import load_game

    source = source or BUNDLED_GAMES / game_id
    game = printed_game(load_game(source))
    folder = out / game_id
    count = 0
    for comp, printed in pieces(game):
        for side, image in piece_images(game, comp.id, printed, DPI).items():
            if side == "back" and comp.kind == "deck":
                continue  # one back for a whole deck: nothing a player looks up
            save(image, folder / file_name(comp.id, printed, side))
            count += 1
    index = {"game": game_id, "fingerprint": data_fingerprint(source), "dpi": DPI,
             "pictures": count}
    (folder / INDEX).write_text(json.dumps(index, indent=1) + "\n", encoding="utf-8")
    return count


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m companion.cardart",
                                     description="Draw every piece of the bundled games for "
                                                 "the Android build.")
    parser.add_argument("games", nargs="*", help="game ids (default: every bundled game)")
    parser.add_argument("--out", type=Path, default=SHIPPED, help="default: %(default)s")
    parser.add_argument("--ahead", metavar="GAME_ID",
                        help="draw the pieces of this game not yet in the cache --out, at low "
                             "priority (the app runs this when a game's table opens)")
    parser.add_argument("--folder", type=Path, help="with --ahead: the game's folder")
    args = parser.parse_args(argv)
    if args.ahead:
        from pnp.load.errors import InvalidInput

        os.nice(10)  # the table's taps first
        art = CardArt(args.ahead, args.out, folder=args.folder)
        try:
            print(f"{args.ahead}: {art.draw_all()} pieces drawn ahead")
        except InvalidInput as exc:  # the folder is no game (any more): nothing to draw
            print(exc, file=sys.stderr)
            return 2
        return 0
    from companion.games import GAMES

    for game_id in args.games or list(GAMES):
        print(f"{game_id}: {prebuild(game_id, args.out)} pictures")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
