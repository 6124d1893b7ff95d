"""Icons drawn as vector shapes: a game's icons (polygons, paths, circles, rings,
rectangles, lines, SVG pictures) in a 100 x 100 box, scaled to the size asked."""

from __future__ import annotations

from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import FILL_EVEN_ODD


class IconShapes:
    """The icon part of the Renderer (needs self.c and self.game)."""

    def icon_shapes(self, name: str, size_mm: float, fill) -> None:
        """Draw icon `name` with its top-left at the current origin."""
        c = self.c
        k = size_mm * mm / 100.0
        c.setFillColor(fill)
        c.setStrokeColor(fill)
        c.setDash([])
        c.setLineCap(1)
        c.setLineJoin(1)
        for shape in self.game.icons[name]:
            if "polygon" in shape or "path" in shape:
                rings = [shape["polygon"]] if "polygon" in shape else shape["path"]
                path = c.beginPath()
                for ring in rings:
                    path.moveTo(ring[0][0] * k, -ring[0][1] * k)
                    for px, py in ring[1:]:
                        path.lineTo(px * k, -py * k)
                    path.close()
                c.drawPath(path, stroke=0, fill=1, fillMode=FILL_EVEN_ODD)
            elif "circle" in shape:
                cx, cy, r = shape["circle"]
                c.circle(cx * k, -cy * k, r * k, stroke=0, fill=1)
            elif "ring" in shape:
                cx, cy, r, width = shape["ring"]
                c.setLineWidth(width * k)
                c.circle(cx * k, -cy * k, r * k, stroke=1, fill=0)
            elif "rect" in shape:
                x, y, rw, rh = shape["rect"]
                args = (x * k, -(y + rh) * k, rw * k, rh * k)
                if shape.get("radius"):
                    c.roundRect(*args, shape["radius"] * k, stroke=0, fill=1)
                else:
                    c.rect(*args, stroke=0, fill=1)
            elif "svg" in shape:
                self.svg_shape(shape["svg"], k)
            elif "line" in shape:
                c.setLineWidth(shape.get("width", 6) * k)
                path = c.beginPath()
                (x0, y0), *rest = shape["line"]
                path.moveTo(x0 * k, -y0 * k)
                for px, py in rest:
                    path.lineTo(px * k, -py * k)
                c.drawPath(path, stroke=1, fill=0)

    def svg_shape(self, drawing, k: float) -> None:
        """An SVG icon in its own colours, fitted into the 100 x 100 icon box."""
        if drawing is None:
            return
        from reportlab.graphics import renderPDF

        c = self.c
        scale = 100 * k / max(drawing.width, drawing.height)
        c.saveState()
        c.translate((100 * k - drawing.width * scale) / 2,
                    -(100 * k + drawing.height * scale) / 2)
        c.scale(scale, scale)
        renderPDF.draw(drawing, c, 0, 0)
        c.restoreState()
