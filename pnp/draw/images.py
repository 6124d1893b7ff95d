"""Raster images on a piece: checked whole before they are embedded (a decompression
bomb or a truncated file is a located problem, never a crash or a silent hole). A
picture not drawn yet is a problem at the card that names it; with `placeholders` (pnp
watch, pnp preview, pnp build --draft) it is drawn as a grey box with a cross and its
file name, and said as a warning, so the layout can be seen before the art exists."""

from __future__ import annotations

from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth

from pnp import ASSETS
from pnp.draw import imagecheck
from pnp.draw.alike import per_piece
from pnp.draw.colors import color
from pnp.load.errors import Mark
from pnp.load.layouts import close_files

MISSING = object()  # an image file that is not there (drawn as a placeholder, or refused)
PLACEHOLDER_FILL, PLACEHOLDER_INK = "#d9d9d9", "#7a7a7a"


class ImageDrawing:
    """The image part of the Renderer (needs self.c, self.game, self.images, self.report,
    self.report_at, self.element, self.item_mark, self.origin)."""

    placeholders = False  # a missing picture is drawn as a placeholder and warned of

    def draw_image(self, e, w, h, b):
        x, y = e["x"], e["y"]
        self.place_image(e["src"], e["_mark"], x, y, e.get("w", w - x), e.get("h", h - y),
                         e["fit"], e.get("anchor", "center"), e.get("offset"), e.get("crop"),
                         e.get("rotate", 0))

    def place_image(self, src, mark, x, y, bw, bh, fit, anchor="center", offset=None,
                    crop=None, rotate=0, key="src"):
        """Draw the image (or its `crop` box, in pixels) into the box (mm, top-left
        origin) by `fit`; `anchor` says which part stays in view when it overflows,
        `offset` shifts it (mm), `rotate` turns the box about its centre (degrees).
        `key`: the element's key that names the file (where a missing one is said)."""
        found = self.image(src, mark)
        if found is MISSING:
            self.missing(key, src, mark)
            if self.placeholders:
                self.placeholder(src, x, y, bw, bh, rotate)
            return
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
            found = MISSING  # said per piece (self.missing), at the card that names it
        elif path.suffix.lower() == ".svg":
            found = self.svg(path, src, mark)
        else:
            try:
                found = (path, imagecheck.size(path), None)
            except imagecheck.BadImage as exc:
                self.report(mark, f"image '{src}' {exc}")
        self.images[src] = found
        return found

    @per_piece
    def missing(self, key: str, src: str, mark: Mark) -> None:
        """A picture that is not there: at the card's line (its field's, when the file
        name is one) when the layout names it from the card, with the layout line that
        reads it; else at the layout line. A warning when drawn as a placeholder."""
        root = self.game.root
        element = self.element or {}
        template = element.get(key)
        origin = None
        if isinstance(template, str) and "{" in template:
            origin = self.origin(template) or self.item_mark
        elif not self.placeholders:
            return  # a file name as written: said there once (Reports.finish)
        else:
            mark = element.get("_marks", {}).get(key, mark)
        if self.placeholders:
            where = origin or mark
            use = (key, self.layout_name, mark) if origin and origin != mark else None
            pieces = self.held.setdefault((where, src, use), [])
            if self.piece not in pieces:
                pieces.append(self.piece)
            return
        said = f"image '{src}' not found{close_files(root, src)}"
        if origin is None or origin == mark:
            self.report(mark, said)
        else:
            self.report(origin, said, (key, self.layout_name, mark))

    def placeholder(self, src: str, x, y, bw, bh, rotate=0) -> None:
        """A grey box with a cross and the file name, where the picture will go."""
        c = self.c
        c.saveState()
        c.translate((x + bw / 2) * mm, -(y + bh / 2) * mm)
        if rotate:
            c.rotate(-rotate)
        left, bottom, width, height = -bw / 2 * mm, -bh / 2 * mm, bw * mm, bh * mm
        c.setFillColor(color(PLACEHOLDER_FILL))
        c.setStrokeColor(color(PLACEHOLDER_INK))
        c.setLineWidth(0.6)
        c.rect(left, bottom, width, height, stroke=1, fill=1)
        c.line(left, bottom, left + width, bottom + height)
        c.line(left, bottom + height, left + width, bottom)
        name = str(src).replace("\\", "/").rsplit("/", 1)[-1]
        size = max(3.0, min(8.0, height / 6))
        while size > 3.0 and stringWidth(name, "Helvetica", size) > width * 0.9:
            size -= 0.5
        c.setFillColor(color("#ffffff"))
        text_w = stringWidth(name, "Helvetica", size)
        c.rect(-text_w / 2 - 1, -size * 0.45, text_w + 2, size * 1.2, stroke=0, fill=1)
        c.setFillColor(color("#333333"))
        c.setFont("Helvetica", size)
        c.drawCentredString(0, -size * 0.3, name)
        c.restoreState()

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
