"""Draw a layout's elements for one item onto a reportlab canvas.

Layout coordinates are millimetres from the top-left corner of the trim box,
y pointing down; negative values and values past the size reach into the
bleed. Templated values are resolved per item and validated again, so a bad
value names the layout line and the card.
"""

from __future__ import annotations

import math
import warnings
from functools import lru_cache

from PIL import Image
from reportlab.lib.colors import Color
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import FILL_EVEN_ODD

from pnp import ASSETS
from pnp import text as rich
from pnp.errors import Mark, Problems
from pnp.fonts import font_name
from pnp.schema import is_template
from pnp.specs import ELEMENT_SPECS
from pnp.template import Expr, TemplateError, holds, substitute

MIN_TEXT_PT = 6.0
DEFAULT_STYLE = {"font": "sans", "size": 8.0, "color": "#000000", "align": "left",
                 "valign": "top", "leading": 1.18, "bold": False, "italic": False,
                 "upper": False, "tracking": 0.0, "min_size": MIN_TEXT_PT,
                 "max_lines": None}
Image.MAX_IMAGE_PIXELS = 64_000_000  # Pillow's decompression-bomb guard, made an error below


@lru_cache(maxsize=512)
def color(value: str | None):
    if not value:
        return None
    r, g, b = (int(value[i:i + 2], 16) / 255 for i in (1, 3, 5))
    alpha = int(value[7:9], 16) / 255 if len(value) == 9 else 1.0
    return Color(r, g, b, alpha)


class Renderer:
    """Draws items of one game; collects problems and text-fit warnings."""

    def __init__(self, game, problems: Problems, warn):
        self.game = game
        self.problems = problems
        self.warn = warn
        self.images: dict = {}
        self._words: dict = {}
        self.c = None
        self.where = ""
        self.min_drawn = None  # smallest text size drawn, in pt

    # -- entry point ---------------------------------------------------------
    def draw(self, canvas, layout_name: str, context: dict, origin_pt: tuple, size_mm: tuple,
             bleed_mm: float, where: str, sides: tuple | None = None) -> None:
        """Draw layout `layout_name` with its trim box's bottom-left at origin_pt.

        Drawing is clipped to the bleed box; `sides` (left, bottom, right, top)
        narrows the bleed where a piece abuts its neighbour on a shared cut line."""
        self.c, self.where = canvas, where
        w, h = size_mm
        left, bottom, right, top = sides or (bleed_mm,) * 4
        layout = self.game.layouts[layout_name]
        c = canvas
        c.saveState()
        c.translate(origin_pt[0], origin_pt[1] + h * mm)
        path = c.beginPath()
        path.rect(-left * mm, -(h + bottom) * mm, (w + left + right) * mm,
                  (h + top + bottom) * mm)
        c.clipPath(path, stroke=0, fill=0)
        ctx = {**context, "w": w, "h": h, "bleed": bleed_mm}
        for element in layout.elements:
            if element["_when"] is not None and not holds(element["_when"], ctx):
                continue
            resolved = self.resolve(element, ctx)
            if resolved is not None:
                getattr(self, "draw_" + resolved["type"])(resolved, w, h, bleed_mm)
        c.restoreState()

    def resolve(self, element: dict, ctx: dict):
        keys = element.get("_templated")
        if keys is None:
            keys = element["_templated"] = tuple(
                k for k, v in element.items()
                if not k.startswith("_") and k not in ("type", "when", "id", "text", "value",
                                                       "label") and _has_template(v))
        if not keys and not any(k in element for k in ("text", "value", "label")):
            return element
        out = dict(element)
        spec = ELEMENT_SPECS[element["type"]].fields
        try:
            for key in ("text", "value", "label"):
                if key in out:
                    out[key] = substitute(out[key], ctx)
            out["_source"] = element.get("text") or element.get("value")
            for key in keys:
                value = _subst_deep(out[key], ctx)
                found = Problems()
                out[key] = spec[key].spec.clean(value, element["_mark"], found)
                for problem in found.items:
                    self.problems.add(element["_mark"],
                                      f"{key}: {problem.message} (in {self.where})")
                if out[key] is None and value is not None and value != "none":
                    return None
        except TemplateError as exc:
            self.problems.add(element["_mark"], f"{exc} (in {self.where})")
            return None
        for key in ("style", "label_style"):
            if key in out and out[key] not in self.game.styles:
                self.problems.add(element["_mark"], f"unknown style '{out[key]}' (in {self.where})")
                return None
        if out["type"] == "icon" and out["name"] not in self.game.icons:
            self.problems.add(element["_mark"], f"unknown icon '{out['name']}' (in {self.where})")
            return None
        return out

    # -- helpers -----------------------------------------------------------------
    def paint(self, e: dict, default_fill=None):
        fill = color(e.get("fill", default_fill))
        stroke = color(e.get("stroke"))
        c = self.c
        if fill:
            c.setFillColor(fill)
        if stroke:
            c.setStrokeColor(stroke)
            c.setLineWidth(e.get("stroke_width", 0.3) * mm)
            c.setDash(e.get("dash") or [])
        return bool(fill), bool(stroke)

    def style(self, e: dict, name_key: str = "style") -> dict:
        style = {**DEFAULT_STYLE, **self.game.styles.get(e.get(name_key) or "", {})}
        if name_key == "style" and e["type"] in ("text", "richtext"):
            for key in ("size", "color", "align", "valign", "min_size"):
                if key in e:
                    style[key] = e[key]
        return style

    # -- elements -----------------------------------------------------------------
    def draw_background(self, e, w, h, b):
        c = self.c
        if e.get("fill"):
            c.setFillColor(color(e["fill"]))
            c.rect(-b * mm, -(h + b) * mm, (w + 2 * b) * mm, (h + 2 * b) * mm, stroke=0, fill=1)
        if e.get("image"):
            self.place_image(e["image"], e["_mark"], -b, -b, w + 2 * b, h + 2 * b, "cover")

    def draw_rect(self, e, w, h, b):
        fill, stroke = self.paint(e)
        if not (fill or stroke):
            return
        x, y = e["x"], e["y"]
        rw, rh = e.get("w", w - x), e.get("h", h - y)
        radius = e.get("radius", 0)
        args = (x * mm, -(y + rh) * mm, rw * mm, rh * mm)
        if radius:
            self.c.roundRect(*args, radius * mm, stroke=int(stroke), fill=int(fill))
        else:
            self.c.rect(*args, stroke=int(stroke), fill=int(fill))

    def draw_line(self, e, w, h, b):
        if "stroke" in e and e["stroke"] is None:
            return
        e = {**e, "stroke": e.get("stroke", "#000000")}
        self.paint(e)
        path = self.c.beginPath()
        (x0, y0), *rest = e["points"]
        path.moveTo(x0 * mm, -y0 * mm)
        for x, y in rest:
            path.lineTo(x * mm, -y * mm)
        self.c.drawPath(path, stroke=1, fill=0)

    def draw_circle(self, e, w, h, b):
        fill, stroke = self.paint(e)
        if fill or stroke:
            self.c.circle(e["cx"] * mm, -e["cy"] * mm, e["r"] * mm, stroke=int(stroke),
                          fill=int(fill))

    def draw_polygon(self, e, w, h, b):
        fill, stroke = self.paint(e)
        if not (fill or stroke):
            return
        path = self.c.beginPath()
        (x0, y0), *rest = e["points"]
        path.moveTo(x0 * mm, -y0 * mm)
        for x, y in rest:
            path.lineTo(x * mm, -y * mm)
        path.close()
        self.c.drawPath(path, stroke=int(stroke), fill=int(fill))

    def draw_text(self, e, w, h, b, markup=False):
        x, y = e["x"], e["y"]
        box_w, box_h = e.get("w", w - x), e.get("h", h - y)
        self.text_box(as_text(e["text"], markup), self.style(e),
                      x, y, box_w, box_h, markup, e.get("rotate", 0), e.get("_source"))

    def draw_richtext(self, e, w, h, b):
        self.draw_text(e, w, h, b, markup=True)

    def text_box(self, text, style, x, y, box_w, box_h, markup, rotate=0, source=None):
        """Wrap and shrink `text` into the box (mm, top-left origin)."""
        if not text.strip():
            return
        c = self.c
        family, bold, italic = style["font"], style["bold"], style["italic"]
        if markup:  # regular, bold, italic, bold-italic as the markup toggles them
            fonts = tuple(font_name(self.game.fonts, family, bold or b, italic or i)
                          for b, i in ((False, False), (True, False), (False, True),
                                       (True, True)))
        else:
            fonts = (font_name(self.game.fonts, family, bold, italic),) * 4
        key = (text, fonts, markup, style["tracking"], style["upper"])
        words = self._words.get(key)
        if words is None:
            words = self._words[key] = rich.parse(text, fonts, markup, self.game.icons,
                                                  style["tracking"], style["upper"])
        space1 = rich.stringWidth(" ", fonts[0], 1) + style["tracking"] / 10
        cx, cy = x + box_w / 2, y + box_h / 2
        if rotate % 180:
            box_w, box_h = box_h, box_w
        ascent = rich.ascent_ratio(fonts[0])
        min_size = min(style["min_size"], style["size"])
        fitted = rich.fit(words, space1, box_w * mm, box_h * mm, style["size"], min_size,
                          style["leading"], ascent, style["max_lines"])
        size = fitted.size
        if not fitted.fits:
            field = f" ({source})" if isinstance(source, str) and "{" in source else ""
            self.warn(f"{self.where}: text{field} does not fit at the minimum size "
                      f"{min_size:g} pt: '{text[:40]}'")
        self.min_drawn = size if self.min_drawn is None else min(self.min_drawn, size)
        c.saveState()
        c.translate(cx * mm, -cy * mm)
        if rotate:
            c.rotate(-rotate)
        left, top = -box_w / 2 * mm, box_h / 2 * mm
        step = size * style["leading"]
        block = (len(fitted.lines) - 1) * step + size * ascent
        free = box_h * mm - block
        offset = {"top": 0.0, "middle": free / 2, "bottom": free}[style["valign"]]
        baseline = top - offset - size * ascent
        fill = color(style["color"])
        c.setFillColor(fill)
        for frags, width1 in fitted.lines:
            width = width1 * size
            pen = left + {"left": 0.0, "center": (box_w * mm - width) / 2,
                          "right": box_w * mm - width}[style["align"]]
            run = None  # [x, font, text]: words in one font, spaces kept for copy-paste
            for frag in frags:
                if frag is None:
                    if run:
                        run[2] += " "
                    pen += space1 * size
                elif frag.icon:
                    self.text_run(run, baseline, size, style)
                    run = None
                    c.saveState()
                    c.translate(pen + size * 0.025, baseline + size * 0.85)
                    self.icon_shapes(frag.icon, size * 1.05 / mm, fill)
                    c.restoreState()
                    pen += frag.width1 * size
                else:
                    if run and run[1] == frag.font:
                        run[2] += frag.text
                    else:
                        self.text_run(run, baseline, size, style)
                        run = [pen, frag.font, frag.text]
                    pen += frag.width1 * size
            self.text_run(run, baseline, size, style)
            baseline -= step
        c.restoreState()

    def text_run(self, run, baseline, size, style) -> None:
        if not run or not run[2].strip():
            return
        text_obj = self.c.beginText(run[0], baseline)
        text_obj.setFont(run[1], size)
        if style["tracking"]:
            text_obj.setCharSpace(style["tracking"] * size / 10)
        text_obj.textOut(run[2].rstrip(" "))
        self.c.drawText(text_obj)

    def draw_icon(self, e, w, h, b):
        c = self.c
        c.saveState()
        c.translate(e["x"] * mm, -e["y"] * mm)
        self.icon_shapes(e["name"], e["size"], color(e.get("color") or "#000000"))
        c.restoreState()

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
            elif "line" in shape:
                c.setLineWidth(shape.get("width", 6) * k)
                path = c.beginPath()
                (x0, y0), *rest = shape["line"]
                path.moveTo(x0 * k, -y0 * k)
                for px, py in rest:
                    path.lineTo(px * k, -py * k)
                c.drawPath(path, stroke=1, fill=0)

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
        path = (root / src).resolve()
        found = None
        if not (path.is_relative_to(root) or path.is_relative_to(ASSETS.resolve())):
            self.problems.add(mark, f"image '{src}' points outside the game folder")
        elif not path.is_file():
            self.problems.add(mark, f"image '{src}' not found (in {self.where})")
        else:
            try:
                with warnings.catch_warnings():
                    warnings.simplefilter("error", Image.DecompressionBombWarning)
                    with Image.open(path) as img:
                        img.verify()
                        found = (path, img.size)
            except (Image.DecompressionBombError, Image.DecompressionBombWarning) as exc:
                self.problems.add(mark, f"image '{src}' refused: {exc}")
            except OSError as exc:
                self.problems.add(mark, f"image '{src}' cannot be read: {exc}")
        self.images[src] = found
        return found

    def draw_badge(self, e, w, h, b):
        size = e["size"]
        cx, cy = e["x"] + size / 2, e["y"] + size / 2
        fill, stroke = self.paint(e, default_fill="#000000")
        c, r = self.c, size / 2
        shape = e["shape"]
        if shape == "circle":
            c.circle(cx * mm, -cy * mm, r * mm, stroke=int(stroke), fill=int(fill))
        elif shape == "square":
            c.roundRect((cx - r) * mm, -(cy + r) * mm, size * mm, size * mm, size * 0.12 * mm,
                        stroke=int(stroke), fill=int(fill))
        else:
            points = badge_points(shape, cx, cy, r)
            path = c.beginPath()
            path.moveTo(points[0][0] * mm, -points[0][1] * mm)
            for px, py in points[1:]:
                path.lineTo(px * mm, -py * mm)
            path.close()
            c.drawPath(path, stroke=int(stroke), fill=int(fill))
        label = e.get("label")
        value_h = size * (0.5 if label else 0.62)
        top = cy - value_h / 2 - (size * 0.08 if label else 0)
        self.text_box(str(e["value"]), {**self.style(e), "align": "center", "valign": "middle"},
                      cx - r * 0.8, top, r * 1.6, value_h, False)
        if label:
            self.text_box(str(label), {**self.style(e, "label_style"), "align": "center",
                                       "valign": "top"},
                          cx - r * 0.8, top + value_h, r * 1.6, size * 0.2, False)

    def draw_track(self, e, w, h, b):
        x, y = e["x"], e["y"]
        tw, th = e.get("w", w - x), e.get("h", h - y)
        step = e["step"] or 1
        if (e["stop"] - e["start"]) * step < 0:
            step = -step
        values = list(range(e["start"], e["stop"] + (1 if step > 0 else -1), step))
        cols = e.get("columns") or (1 if th > tw else len(values))
        rows = math.ceil(len(values) / cols)
        cw, ch = tw / cols, th / rows
        style = {**self.style(e), "align": "center", "valign": "middle"}
        highlight = e.get("highlight")
        for i, value in enumerate(values):
            bx, by = x + (i % cols) * cw, y + (i // cols) * ch
            fill = e.get("highlight_fill") if value == highlight else e.get("fill")
            box = {**e, "fill": fill}
            filled, stroked = self.paint(box)
            if filled or stroked:
                self.c.rect(bx * mm, -(by + ch) * mm, cw * mm, ch * mm, stroke=int(stroked),
                            fill=int(filled))
            self.text_box(str(value), style, bx + cw * 0.08, by + ch * 0.1, cw * 0.84,
                          ch * 0.8, False)

    def draw_grid(self, e, w, h, b):
        x, y = e["x"], e["y"]
        gw, gh = e.get("w", w - x), e.get("h", h - y)
        if "stroke" in e and e["stroke"] is None:
            return
        self.paint({**e, "stroke": e.get("stroke", "#000000")})
        c = self.c
        for i in range(e["cols"] + 1):
            gx = (x + gw * i / e["cols"]) * mm
            c.line(gx, -y * mm, gx, -(y + gh) * mm)
        for j in range(e["rows"] + 1):
            gy = -(y + gh * j / e["rows"]) * mm
            c.line(x * mm, gy, (x + gw) * mm, gy)


def as_text(value, markup: bool) -> str:
    """Text for a text element; a list becomes paragraphs, and a list of
    {heading, text} mappings becomes headed paragraphs."""
    if value is None:
        return ""
    if isinstance(value, list):
        parts = []
        for entry in value:
            if isinstance(entry, dict):
                heading = entry.get("heading", "")
                body = str(entry.get("text", "")).strip()
                parts.append(f"**{heading}**\n{body}" if markup and heading else
                             f"{heading}\n{body}".strip())
            else:
                parts.append(str(entry))
        return "\n\n".join(parts)
    return str(value)


def badge_points(shape: str, cx: float, cy: float, r: float) -> list:
    if shape == "hex":
        return [(cx + r * math.cos(math.radians(a)), cy + r * math.sin(math.radians(a)))
                for a in range(30, 390, 60)]
    if shape == "diamond":
        return [(cx, cy - r), (cx + r, cy), (cx, cy + r), (cx - r, cy)]
    # shield
    return [(cx - r * 0.85, cy - r * 0.9), (cx + r * 0.85, cy - r * 0.9),
            (cx + r * 0.85, cy + r * 0.1), (cx, cy + r), (cx - r * 0.85, cy + r * 0.1)]


def _has_template(value) -> bool:
    if isinstance(value, list):
        return any(_has_template(v) for v in value)
    return isinstance(value, Expr) or is_template(value)


def _subst_deep(value, ctx):
    if isinstance(value, list):
        return [_subst_deep(v, ctx) for v in value]
    if isinstance(value, Expr):
        return value.evaluate(ctx)
    return substitute(value, ctx)
