"""Draw a layout's elements for one item onto a reportlab canvas.

Layout coordinates are millimetres from the top-left corner of the trim box,
y pointing down; negative values and values past the size reach into the
bleed. Templated values are resolved per item and validated again, so a bad
value is reported where it was written (a card's field, a variable) with the
layout lines that use it, or else at the layout line, once, with how many
pieces share it.
"""

from __future__ import annotations

import math
from collections import OrderedDict

from reportlab.lib.units import mm

from pnp.draw.alike import AlikeSides
from pnp.draw.colors import color
from pnp.draw.hexgrid import HexgridDrawing
from pnp.draw.iconshapes import IconShapes
from pnp.draw.images import ImageDrawing
from pnp.draw.reports import Reports
from pnp.draw.reuse import Reuse
from pnp.draw.spacing import PieceSpacing
from pnp.draw.typeset import TextDrawing
from pnp.load.errors import Mark, Problems, unknown_ref
from pnp.load.expr import Arith, ExprError
from pnp.load.origins import Origins
from pnp.load.schema import is_template
from pnp.load.specs import ELEMENT_SPECS
from pnp.load.template import TemplateError, join_lines, substitute

MIN_TEXT_PT = 6.0
DEFAULT_STYLE = {"font": "sans", "size": 8.0, "color": "#000000", "align": "left",
                 "valign": "top", "leading": 1.18, "bold": False, "italic": False,
                 "upper": False, "tracking": 0.0, "min_size": MIN_TEXT_PT,
                 "max_lines": None}


class Renderer(AlikeSides, TextDrawing, IconShapes, ImageDrawing, HexgridDrawing, Reports,
               Reuse):
    """Draws items of one game; collects problems and text-fit warnings."""

    def __init__(self, game, problems: Problems, warn):
        self.game = game
        self.problems = problems
        self.warn = warn
        self.images: dict = {}
        self.held: dict = {}  # (mark, file, use) -> pieces: pictures drawn as placeholders
        self._words: OrderedDict = OrderedDict()  # the most recently used last
        self._fits: OrderedDict = OrderedDict()
        self._encoder = None  # pnp.draw.textout's words in the document being drawn
        self.c = None
        self.where = ""
        self.piece = ""  # "component 'item'" of the piece being drawn
        self.item_mark: Mark | None = None
        self.element: dict = {}  # the element being drawn
        self.layout_name = ""  # the layout being drawn
        self.ctx: dict = {}  # the names the piece being drawn reads
        self.origins = Origins(game)
        self.uses: dict = {}  # (mark, message) -> [(key, layout, mark)]: where it is read
        self.at_origin: dict = {}  # mark of a value -> the one message said there
        self.min_drawn = None  # smallest text size drawn, in pt
        self.found: dict = {}  # (mark, message) -> pieces it hits, in order
        self.warned: set = set()
        self.safe = 0.0  # mm: text closer than this to the trim is warned about
        self.unsafe: dict = {}  # (mark, field, margin) -> [closest mm, pieces]
        self.spacing: PieceSpacing | None = None  # the piece's rules, bands, text lines
        self.crowds: dict = {}  # (mark, field, kind, its mark) -> [closest mm, pieces]
        self.trim = (0.0, 0.0)

    # -- entry point ---------------------------------------------------------
    def draw(self, canvas, layout_name: str, context: dict, origin_pt: tuple, size_mm: tuple,
             bleed_mm: float, where: str, sides: tuple | None = None, piece: str = "",
             item_mark: Mark | None = None, reuse: bool = False) -> None:
        """Draw layout `layout_name` with its trim box's bottom-left at origin_pt.

        Drawing is clipped to the bleed box; `sides` (left, bottom, right, top)
        narrows the bleed where a piece abuts its neighbour on a shared cut line.
        `reuse`: elements drawn alike on many pieces are written again (pnp.draw.reuse)."""
        self.c, self.where, self.layout_name = canvas, where, layout_name
        self.piece, self.item_mark = piece or where, item_mark
        w, h = size_mm
        self.trim = size_mm
        left, bottom, right, top = sides or (bleed_mm,) * 4
        layout = self.game.layouts[layout_name]
        c = canvas
        c.saveState()
        c.translate(origin_pt[0], origin_pt[1] + h * mm)
        path = c.beginPath()
        path.rect(-left * mm, -(h + bottom) * mm, (w + left + right) * mm,
                  (h + top + bottom) * mm)
        c.clipPath(path, stroke=0, fill=0)
        self.reuse = reuse
        self.ctx = {**context, "w": w, "h": h, "bleed": bleed_mm}
        self.draw_elements(layout, self.ctx, w, h, bleed_mm)
        c.restoreState()

    def take(self, element: dict, ctx: dict):
        """The element as this piece draws it, or None (its `when` fails, or a value)."""
        return self.resolve(element, ctx) if self.shows(element, ctx) else None

    def shows(self, element: dict, ctx: dict) -> bool:
        """Whether the piece shows the element (its `when`); it becomes self.element."""
        when = element["_when"]
        try:
            if when is not None and not when.holds(ctx):
                return False
        except ExprError as exc:
            self.report_at(element["_marks"].get("when", element["_mark"]), str(exc))
            return False
        self.element = element
        return True

    def resolve(self, element: dict, ctx: dict):
        keys = element.get("_templated")
        if keys is None:
            keys = element["_templated"] = tuple(
                k for k, v in element.items()
                if not k.startswith("_") and k not in ("type", "when", "id", "text", "value",
                                                       "label", "lines") and _has_template(v))
        if not keys and not any(k in element for k in ("text", "value", "label", "_lines")):
            return element
        out = dict(element)
        spec = ELEMENT_SPECS[element["type"]].fields
        key = "type"
        try:
            for key in ("text", "value", "label"):
                if key in out:
                    out[key] = substitute(out[key], ctx)
            if "_lines" in element:
                out["text"] = join_lines(element["_lines"], ctx)
            out["_source"] = element.get("text") or element.get("value") or (
                element["_lines"][0].text if "_lines" in element else None)
            for key in keys:  # noqa: B007 - the key being read names the place of a problem
                value = _subst_deep(out[key], ctx)
                found = Problems()
                out[key] = _evaluate_deep(spec[key].spec.clean(value, element["_mark"], found),
                                          ctx)
                for problem in found.items:
                    self.report_value(key, problem.message)
                if out[key] is None and value is not None and value != "none":
                    return None
        except (TemplateError, ExprError) as exc:
            self.report_failed(key, exc)
            return None
        for key, kind, known in (("style", "style", self.game.styles),
                                 ("label_style", "style", self.game.styles),
                                 ("name", "icon", self.game.icons)):
            if key in out and (key != "name" or out["type"] == "icon") \
                    and out[key] not in known:
                self.report_value(key, unknown_ref(kind, out[key], known))
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
            self.place_image(e["image"], e["_mark"], -b, -b, w + 2 * b, h + 2 * b, "cover",
                             key="image")

    def draw_rect(self, e, w, h, b):
        fill, stroke = self.paint(e)
        if not (fill or stroke):
            return
        x, y = e["x"], e["y"]
        rw, rh = e.get("w", w - x), e.get("h", h - y)
        radius = e.get("radius", 0)
        if self.spacing is not None:
            if fill:
                self.spacing.band((x, y, x + rw, y + rh), self.trim, e["_mark"],
                                  str(e.get("fill")).lower())
            elif not e.get("dash"):
                self.spacing.rule([(x, y), (x + rw, y), (x + rw, y + rh), (x, y + rh), (x, y)],
                                  e.get("stroke_width", 0.3), e["_mark"])
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
        if self.spacing is not None:
            self.spacing.rule(e["points"], e.get("stroke_width", 0.3), e["_mark"])
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

    def draw_icon(self, e, w, h, b):
        c = self.c
        c.saveState()
        c.translate(e["x"] * mm, -e["y"] * mm)
        if e.get("rotate"):  # about the centre of its square, clockwise
            half = e["size"] * mm / 2
            c.translate(half, -half)
            c.rotate(-e["rotate"])
            c.translate(-half, half)
        self.icon_shapes(e["name"], e["size"], color(e.get("color") or "#000000"))
        c.restoreState()

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
        named = self.game.styles.get(e.get("style") or "", {})  # its valign, if it sets one
        style = {**self.style(e), "align": "center", "valign": named.get("valign", "middle")}
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
    if isinstance(value, dict):  # entries of a list of records (a hexgrid's spaces)
        value = list(value.values())
    if isinstance(value, list):
        return any(_has_template(v) for v in value)
    return isinstance(value, Arith) or is_template(value)


def _subst_deep(value, ctx):
    if isinstance(value, dict):  # keys left out (null) stay out: they are checked again
        return {k: _subst_deep(v, ctx) for k, v in value.items() if v is not None}
    if isinstance(value, list):
        return [_subst_deep(v, ctx) for v in value]
    if isinstance(value, Arith):
        return value.evaluate(ctx)
    return substitute(value, ctx)


def _evaluate_deep(value, ctx):
    """A card's field may itself hold arithmetic ('w / 2'): evaluate what cleaning made."""
    if isinstance(value, dict):
        return {k: _evaluate_deep(v, ctx) for k, v in value.items()}
    if isinstance(value, list):
        return [_evaluate_deep(v, ctx) for v in value]
    return value.evaluate(ctx) if isinstance(value, Arith) else value
