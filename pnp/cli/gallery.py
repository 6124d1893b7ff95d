"""`pnp gallery`: the command that draws docs/gallery.md (gallery.py draws it)."""

from __future__ import annotations

from pathlib import Path

from pnp.cli.argtypes import ranged
from pnp.cli.games import UsageError
from pnp.export.gallery import DEFAULT_DPI, GalleryError, write_gallery


def cmd_gallery(args) -> int:
    try:
        written = write_gallery(Path(args.out), args.dpi)
    except GalleryError as exc:
        raise UsageError(str(exc)) from None
    print(f"gallery: {written[0]} and {len(written) - 1} pictures in {written[0].parent}/gallery/")
    return 0


def add_command(command) -> None:
    """Register `pnp gallery` (pnp.cli.main's parser calls this next to `new` and `docs`)."""
    g = command("gallery", "draw every element, badge, track, icon shape and bundled layout "
                "with the YAML that makes it: DIR/gallery.md and DIR/gallery/*.png", cmd_gallery)
    g.add_argument("--out", default="docs", metavar="DIR", help="where gallery.md goes")
    g.add_argument("--dpi", type=ranged(int, 30, 150, "a whole number"), default=DEFAULT_DPI,
                   help="resolution of the pictures")
