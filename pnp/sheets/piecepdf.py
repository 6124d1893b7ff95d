"""Pieces one to a page: each page is one side of one piece at trim + bleed, with
its TrimBox and BleedBox set, fronts and backs in the order print shops expect
(front 1, back 1, front 2, ...). It is the shop's upload, and the drawing every
image export rasterises, so a screen shows exactly what prints.

Drawn by the same Renderer and the same ComponentPdf.context as the imposed
build; only the page around each piece differs (no marks, no neighbours)."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

from reportlab.lib.units import mm

from pnp.plan import fit, pieces
from pnp.sheets.printfile import ComponentPdf
from pnp.sheets.sheetpdf import face_fields, safe_margin


@dataclass(frozen=True)
class Page:
    """One exported page: which piece side, and its geometry in mm."""

    item: object
    copy: int
    side: str  # "front", "back", or "face N" for a die face
    size: tuple  # trim (w, h)
    bleed: float
    layout: str
    extra: dict  # context beyond the item's fields (a die face's)


def file_stem(page) -> str:
    side = page.side.replace(" ", "-")
    copy = f"-{page.copy}" if page.item.copies > 1 else ""
    return f"{page.item.id}{copy}-{side}"


def plan(comp, options) -> list[Page]:
    """Every page of a component, in shop order."""
    pages = []
    bleed = fit.piece_bleed(comp.kind, options.bleed)
    for item, size in zip(comp.items, fit.piece_sizes(comp, options), strict=True):
        for copy in range(1, item.copies + 1):
            if comp.kind == "dice":
                for slot, face in enumerate(item.faces):
                    fields = face_fields(face)
                    pages.append(Page(item, copy, f"face {slot + 1}", (item.size, item.size),
                                      0.0, item.front, {**fields, "face": slot + 1}))
                continue
            sides = ("front", "back") if comp.kind != "sheet" else ("front",)
            for side in sides:
                layout = (item.front or comp.front) if side == "front" else (
                    item.back or comp.back)
                if layout:
                    pages.append(Page(item, copy, side, size, bleed, layout, {}))
    return pages


class PiecePdf(ComponentPdf):
    """A component's pieces, one side to a page (see the module docstring)."""

    digests: list | None = None  # when a list: each page's drawing as a digest

    def add(self, pages: list[Page]) -> None:
        for page in pages:
            self.pages.append(lambda n, t, p=page: self.piece_page(p, n))

    def piece_page(self, page: Page, number: int) -> None:
        c = self.canvas
        (w, h), b = page.size, page.bleed
        c.setPageSize(((w + 2 * b) * mm, (h + 2 * b) * mm))
        c.setBleedBox((0, 0, (w + 2 * b) * mm, (h + 2 * b) * mm))
        c.setTrimBox((b * mm, b * mm, (w + b) * mm, (h + b) * mm))
        item = page.item
        where = f"{self.comp.id} '{item.printed_id}' {page.side}"
        ctx = self.context(item, page.copy, {"side": page.side.split()[0],
                                             "shape": item.shape or "", **page.extra})
        if self.comp.kind == "tokens":  # the token's own shape, grown by its bleed
            c.saveState()
            c.clipPath(pieces.shape_path(c, item.shape, b, b, w, h, grow=b), stroke=0, fill=0)
        self.renderer.draw(c, page.layout, ctx, (b * mm, b * mm), (w, h), b, where,
                           piece=self.piece(item), item_mark=item.mark)
        if self.comp.kind == "tokens":
            c.restoreState()
        if self.digests is not None:  # the page's operators so far (reportlab's own list):
            # two sides drawn alike have the same digest, without rasterising either
            self.digests.append(hashlib.sha1("\n".join(c._code).encode()).hexdigest())
        self.record(item, page.copy, page.side, number, (b, b), (w, h))


def render_pieces(game, comp, options, renderer, path, file_name, result,
                  digests: list | None = None) -> list[Page]:
    """Write `comp` one piece side a page to `path`; return the pages in order.
    `digests`, a list, receives one digest of each page's drawing: equal digests,
    equal images (how a Tabletop Simulator deck tells whether its backs differ)."""
    pages = plan(comp, options)
    renderer.safe = safe_margin(comp, options) if comp.kind != "dice" else 0.0
    pdf = PiecePdf(game, comp, options, renderer, path, file_name, result)
    pdf.digests = digests
    pdf.add(pages)
    pdf.finish()
    return pages


def owners(game, comp, pages) -> list:
    """[(player set or "", page indices)]: a per_player deck's pages by owner, in order."""
    sets = game.player_sets
    groups: dict = {}
    for index, page in enumerate(pages):
        owner = page.item.fields.get(sets.var, "") if comp.per_player and sets else ""
        groups.setdefault(owner, []).append(index)
    return list(groups.items())
