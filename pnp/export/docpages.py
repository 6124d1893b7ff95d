"""The pages `pnp gallery` writes: docs/gallery.md (gallery.py) and docs/cookbook.md
(cookbook.py, which draws with the gallery's code), staged together and moved into
place all or nothing."""

from __future__ import annotations

import re
from pathlib import Path

from pnp.export import cookbook, gallery
from pnp.export.gallery import DEFAULT_DPI


def write_gallery(out_dir: Path, dpi: int = DEFAULT_DPI) -> list[Path]:
    """DIR/gallery.md with DIR/gallery/<key>.png, and DIR/cookbook.md with
    DIR/cookbook/<key>.png (cookbook.py), all or nothing; the pictures an older page
    named that this one does not are dropped with it (nothing else is)."""
    from pnp.sheets.output import Output

    pages = [("gallery", gallery.pictures(dpi), gallery.markdown(dpi)),
             ("cookbook", cookbook.pictures(dpi), cookbook.markdown(dpi))]
    output = Output(out_dir)
    written = []
    try:
        for name, images, text in pages:
            written += stage(output, name, images, text, dpi)
        output.commit()
    except BaseException:
        output.discard()
        raise
    return written


def stage(output, name: str, images: dict, text: str, dpi: int) -> list[Path]:
    """Stage DIR/NAME.md and its pictures in DIR/NAME/ (see write_gallery)."""
    from pnp.sheets.output import OutputError, describe

    page = output.out_dir / f"{name}.md"
    try:
        old = set(re.findall(rf"\({name}/([a-z0-9-]+\.png)\)", page.read_text("utf-8")))
    except OSError:
        old = set()
    folder = output.folder(name)
    for key, image in images.items():
        temp = output.temporary(folder / f"{key}.png")
        try:
            image.save(temp, format="PNG", optimize=True, dpi=(dpi, dpi))
        except OSError as exc:
            raise OutputError(describe(exc, folder / f"{key}.png")) from None
    output.write_text(page, text)
    output.removed += [folder / png for png in old - {f"{key}.png" for key in images}]
    return [page, *(folder / f"{key}.png" for key in images)]
