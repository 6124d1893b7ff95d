"""Raster images on a piece: checked whole before they are embedded (a decompression
bomb or a truncated file is a located problem, never a crash or a silent hole)."""

from __future__ import annotations

from reportlab.lib.units import mm

from pnp import ASSETS
from pnp.draw import imagecheck
from pnp.load.errors import Mark
from pnp.load.layouts import close_files


class ImageDrawing:
    """The image part of the Renderer (needs self.c, self.game, self.images, self.report,
    self.report_at)."""

    def draw_image(self, e, w, h, b):
        x, y = e["x"], e["y"]
        self.place_image(e["src"], e["_mark"], x, y, e.get("w", w - x), e.get("h", h - y),
                         e["fit"], e.get("anchor", "center"), e.get("offset"), e.get("crop"),
                         e.get("rotate", 0))

    def place_image(self, src, mark, x, y, bw, bh, fit, anchor="center", offset=None,
                    crop=None, rotate=0):
        """Draw the image (or its `crop` box, in pixels) into the box (mm, top-left
        origin) by `fit`; `anchor` says which part stays in view when it overflows,
        `offset` shifts it (mm), `rotate` turns the box about its centre (degrees)."""
        found = self.image(src, mark)
        if not found:
            return
        path, (iw, ih), drawing = found
        rx, ry, rw, rh = crop if crop else (0, 0, iw, ih)
        if rw <= 0 or rh <= 0 or rx + rw > iw or ry + rh > ih:
            self.report_at(mark, f"crop [{rx:g}, {ry:g}, {rw:g}, {rh:g}] is not inside the "
                                f"{iw} x {ih} px image '{src}'")
            return
        if fit == "stretch":
            sx, sy = bw / rw, bh / rh
        else:
            sx = sy = (max if fit == "cover" else min)(bw / rw, bh / rh)
        dw, dh = rw * sx, rh * sy
        ax = 0.0 if "left" in anchor else 1.0 if "right" in anchor else 0.5
        ay = 0.0 if "top" in anchor else 1.0 if "bottom" in anchor else 0.5
        dx, dy = offset or (0.0, 0.0)
        left, top = (bw - dw) * ax + dx, (bh - dh) * ay + dy  # the region in the box
        c = self.c
        c.saveState()
        c.translate((x + bw / 2) * mm, -(y + bh / 2) * mm)  # the box's centre
        if rotate:
            c.rotate(-rotate)
        ox, oy = -bw / 2, -bh / 2  # the box's top-left, from its centre
        clip = c.beginPath()
        cl, ct = max(0.0, left), max(0.0, top)
        cr, cb = min(bw, left + dw), min(bh, top + dh)
        clip.rect((ox + cl) * mm, -(oy + cb) * mm, max(0.0, cr - cl) * mm,
                  max(0.0, cb - ct) * mm)
        c.clipPath(clip, stroke=0, fill=0)
        ix, iy = ox + left - rx * sx, oy + top - ry * sy  # the whole image's top-left
        if drawing is not None:  # SVG: vectors, scaled from its own units
            from reportlab.graphics import renderPDF

            c.translate(ix * mm, -(iy + ih * sy) * mm)
            c.scale(sx * mm, sy * mm)
            renderPDF.draw(drawing, c, 0, 0)
        else:
            c.drawImage(str(path), ix * mm, -(iy + ih * sy) * mm, iw * sx * mm,
                        ih * sy * mm, mask="auto")
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
            self.report(mark, f"image '{src}' not found{close_files(root, src)}")
        elif path.suffix.lower() == ".svg":
            found = self.svg(path, src, mark)
        else:
            try:
                found = (path, imagecheck.size(path), None)
            except imagecheck.BadImage as exc:
                self.report(mark, f"image '{src}' {exc}")
        self.images[src] = found
        return found

    def svg(self, path, src: str, mark: Mark):
        """An SVG as a reportlab Drawing (svglib, imported only for SVG art): drawn as
        vectors; its size is in its own units (what `crop` counts in)."""
        import logging

        from svglib.svglib import svg2rlg

        logging.getLogger("svglib").setLevel(logging.ERROR)  # unsupported bits: drawn as able
        try:
            drawing = svg2rlg(str(path))
        except Exception as exc:  # noqa: BLE001 - a damaged file fails in many ways
            self.report(mark, f"image '{src}' is not an SVG that can be read: "
                              f"{type(exc).__name__}: {str(exc)[:120]}")
            return None
        if drawing is None or not drawing.width or not drawing.height:
            self.report(mark, f"image '{src}' is not an SVG that can be read (no size)")
            return None
        return (path, (drawing.width, drawing.height), drawing)
