"""Raster images on a piece: checked whole before they are embedded (a decompression
bomb or a truncated file is a located problem, never a crash or a silent hole)."""

from __future__ import annotations

import warnings

from PIL import Image
from reportlab.lib.units import mm

from pnp import ASSETS
from pnp.errors import Mark

Image.MAX_IMAGE_PIXELS = 64_000_000  # Pillow's decompression-bomb guard, made an error below


class ImageDrawing:
    """The image part of the Renderer (needs self.c, self.game, self.images, self.report)."""

    def draw_image(self, e, w, h, b):
        x, y = e["x"], e["y"]
        self.place_image(e["src"], e["_mark"], x, y, e.get("w", w - x), e.get("h", h - y),
                         e["fit"])

    def place_image(self, src, mark, x, y, bw, bh, fit):
        found = self.image(src, mark)
        if not found:
            return
        path, (iw, ih) = found
        c = self.c
        if fit == "stretch":
            dw, dh = bw, bh
        else:
            scale = (max if fit == "cover" else min)(bw / iw, bh / ih)
            dw, dh = iw * scale, ih * scale
        c.saveState()
        clip = c.beginPath()
        clip.rect(x * mm, -(y + bh) * mm, bw * mm, bh * mm)
        c.clipPath(clip, stroke=0, fill=0)
        c.drawImage(str(path), (x + (bw - dw) / 2) * mm, -(y + (bh + dh) / 2) * mm,
                    dw * mm, dh * mm, mask="auto")
        c.restoreState()

    def image(self, src: str, mark: Mark):
        if src in self.images:
            return self.images[src]
        root = self.game.root
        found = None
        try:
            path = (root / src).resolve()
        except (OSError, RuntimeError, ValueError) as exc:
            self.report(mark, f"image '{src}' cannot be opened: {exc}")
            self.images[src] = None
            return None
        if not (path.is_relative_to(root) or path.is_relative_to(ASSETS.resolve())):
            self.report(mark, f"image '{src}' points outside the game folder")
        elif not path.is_file():
            self.report(mark, f"image '{src}' not found")
        else:
            try:
                with warnings.catch_warnings():
                    warnings.simplefilter("error", Image.DecompressionBombWarning)
                    with Image.open(path) as img:
                        img.verify()  # chunk checksums
                    with Image.open(path) as img:
                        img.load()  # every row the header promises is there
                        found = (path, img.size)
            except (Image.DecompressionBombError, Image.DecompressionBombWarning) as exc:
                self.report(mark, f"image '{src}' refused: {exc}")
            except (OSError, SyntaxError, ValueError) as exc:
                self.report(mark, f"image '{src}' cannot be read: {exc}")
        self.images[src] = found
        return found
