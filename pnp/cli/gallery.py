"""`pnp gallery`: the command that draws docs/gallery.md and docs/cookbook.md
(pnp/export/gallery.py and cookbook.py draw them)."""

from __future__ import annotations

from pathlib import Path

from pnp.cli.argtypes import ranged
from pnp.cli.games import UsageError
from pnp.export.docpages import write_gallery
from pnp.export.gallery import DEFAULT_DPI, GalleryError


def cmd_gallery(args) -> int:
    try:
        written = write_gallery(Path(args.out), args.dpi)
    except GalleryError as exc:
        raise UsageError(str(exc)) from None
    for page in (p for p in written if p.suffix == ".md"):
        count = sum(1 for p in written if p.parent == page.with_suffix(""))
        print(f"{page.stem}: {page} and {count} pictures in {page.with_suffix('')}/")
    return 0


def add_command(command) -> None:
    """Register `pnp gallery` (pnp.cli.main's parser calls this next to `new` and `docs`)."""
    g = command("gallery", "draw every element, badge, track, icon shape and bundled layout "
                "with the YAML that makes it (DIR/gallery.md, DIR/gallery/*.png), and the "
                "cookbook of recipes a designer copies (DIR/cookbook.md, DIR/cookbook/*.png)",
                cmd_gallery)
    g.add_argument("--out", default="docs", metavar="DIR",
                   help="where gallery.md and cookbook.md go")
    g.add_argument("--dpi", type=ranged(int, 30, 150, "a whole number"), default=DEFAULT_DPI,
                   help="resolution of the pictures")
