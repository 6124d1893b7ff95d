"""The pictures of `pnp preview`: every side of every piece as it prints, bleed
included, drawn by the export path (pnp.sheets.piecepdf, pdfium) at a screen's
resolution, with the boxes of text that does not fit.

A save redraws the affected components as PDF (cheap) and rasterises only the sides
whose drawing changed: each PNG is kept under the digest of its page's operators,
so a side drawn as before is not rasterised again."""

from __future__ import annotations

import hashlib
import io
from dataclasses import replace

from pnp.draw.renderer import Renderer
from pnp.load.errors import InvalidInput, Problems
from pnp.sheets.printfile import Result
from pnp.sheets.sheetpdf import safe_margin

DPI = 100  # a card of 63 mm is about 250 px: a screen's size, quick to draw


class Marking(Renderer):
    """The renderer, noting where each text box that does not fit lies (mm from the
    trim's top-left) with the warning it gave: the page marks it in red."""

    def __init__(self, *args):
        super().__init__(*args)
        self.box = (0.0, 0.0, 0.0, 0.0)
        self.overflows: list = []  # (where, box, warning)

    def text_box(self, text, style, x, y, box_w, box_h, *rest, **kw):
        self.box = (x, y, box_w, box_h)
        return super().text_box(text, style, x, y, box_w, box_h, *rest, **kw)

    def warn_unfit(self, *args):
        super().warn_unfit(*args)
        self.overflows.append((self.where, self.box, self.unfit(*args)))


class Images:
    """PNG bytes by digest: the pictures the page shows, and no others once it moves on."""

    def __init__(self):
        self.png: dict = {}

    def get(self, digest: str) -> bytes | None:
        return self.png.get(digest)

    def keep(self, digest: str, data: bytes) -> None:
        self.png[digest] = data

    def only(self, used: set) -> None:
        """Forget the pictures no side shows any more (a save replaced them)."""
        self.png = {k: v for k, v in self.png.items() if k in used}


def one_copy(comp):
    """The component with each piece once: the preview shows a piece, not its copies."""
    return replace(comp, items=[replace(item, copies=1) for item in comp.items])


def draw_component(game, comp, options, images: Images, shop_safe=None) -> tuple:
    """([side], [warning]) of one component: each side a dict the page shows (its
    image's digest, trim and bleed in mm, safe zones, text that overflows, where its
    piece and layout are written). Raises InvalidInput for a piece it cannot draw."""
    from pnp.export.raster import rasterise
    from pnp.sheets.piecepdf import render_pieces

    comp = one_copy(comp)
    problems, warnings, digests = Problems(), [], []
    renderer = Marking(game, problems, warnings.append)
    renderer.placeholders = True  # a picture not drawn yet: its place and name, warned of
    buffer = io.BytesIO()
    pages = render_pieces(game, comp, options, renderer, buffer, f"{comp.id}.pdf", Result(),
                          digests)
    renderer.finish()
    problems.raise_if_any()
    keys = [hashlib.sha1(f"{d} {p.size} {p.bleed}".encode()).hexdigest()
            for d, p in zip(digests, pages, strict=True)]
    missing = [n for n, key in enumerate(keys) if images.get(key) is None]
    if missing:
        sizes = [tuple(round((v + 2 * p.bleed) / 25.4 * DPI) for v in p.size) for p in pages]
        for number, image in zip(missing, rasterise(buffer.getvalue(), DPI, sizes, missing),
                                 strict=True):
            out = io.BytesIO()
            image.save(out, "PNG", compress_level=1)
            images.keep(keys[number], out.getvalue())
    standard = safe_margin(comp, options) if comp.kind != "dice" else 0.0
    shops = shop_safe(comp) if shop_safe else {}
    overflows: dict = {}
    for where, (x, y, w, h), text in renderer.overflows:  # by how much: pnp.draw.notice
        overflows.setdefault(where, []).append({
            "x": x, "y": y, "w": w, "h": h, "text": str(text),
            "over_mm": getattr(text, "over_mm", None),
            "over_chars": getattr(text, "over_chars", None)})
    sides = []
    for page, key in zip(pages, keys, strict=True):
        item = page.item
        where = f"{comp.id} '{item.printed_id}' {page.side}"
        sides.append({
            "key": f"{comp.id}/{item.printed_id}/{page.side}", "component": comp.id,
            "id": item.printed_id, "name": str(item.fields.get("name", "")
                                               or item.fields.get("title", "")),
            "side": page.side, "image": key, "w": page.size[0], "h": page.size[1],
            "bleed": page.bleed, "safe": {"standard": standard, **shops},
            "overflows": overflows.get(where, []), "layout": page.layout,
            "mark": {"file": item.mark.file, "line": item.mark.line, "cell": item.mark.cell}})
    return sides, list(dict.fromkeys(warnings))


def draw_pieces(game, comp, options, images: Images, shop_safe=None) -> tuple:
    """([side], [warning], [problem]) of one component. When a piece cannot be drawn,
    the others still are, one at a time, and each piece stopped is a side of its own
    holding its problems ("stopped"), shown in its place."""
    try:
        sides, warnings = draw_component(game, comp, options, images, shop_safe)
        return sides, warnings, []
    except InvalidInput as exc:
        if len(comp.items) == 1:
            return [stopped(comp, comp.items[0], exc.problems)], [], exc.problems
    sides, warnings, problems = [], [], []
    for item in comp.items:
        try:
            found, said = draw_component(game, replace(comp, items=[item]), options, images,
                                         shop_safe)
        except InvalidInput as exc:
            sides.append(stopped(comp, item, exc.problems))
            problems += [p for p in exc.problems if p not in problems]
        else:
            sides += found
            warnings += [w for w in said if w not in warnings]
    return sides, warnings, problems


def stopped(comp, item, problems) -> dict:
    return {"key": f"{comp.id}/{item.printed_id}", "component": comp.id,
            "id": item.printed_id, "name": str(item.fields.get("name", "")
                                               or item.fields.get("title", "")),
            "stopped": [{"text": str(p), "file": p.file, "line": p.line} for p in problems],
            "mark": {"file": item.mark.file, "line": item.mark.line, "cell": item.mark.cell}}


def shop_safe_zones(options):
    """comp -> {shop id: its safe zone in mm, None where it sells no such piece}."""
    from pnp.export.shopgroups import placements, shop_options
    from pnp.export.shops import SHOPS

    def zones(comp) -> dict:
        found = {}
        for shop in SHOPS:
            try:
                sold = comp.kind != "dice" and placements(comp, shop, options)[0]
            except (InvalidInput, ValueError, KeyError):
                sold = False
            found[shop] = safe_margin(comp, shop_options(comp, shop, options)) if sold \
                else None
        return found

    return zones
