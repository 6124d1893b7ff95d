"""Drawing a print file's sheets as packing.py planned them: every piece with its
component's layouts and variables, crop marks for each block of cards or sheets, cut
lines on tokens and die nets, and the page label; back pages follow their fronts.

A page may hold pieces of several components (a file shared by `pack`), so each
piece is drawn through its own component's ComponentPdf (build.py), which knows its
variables and writes its manifest entries.
"""

from __future__ import annotations

import io

from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from pnp.plan import backoffset, pieces
from pnp.plan.impose import PAPER_NAMES
from pnp.plan.packing import LOOSE_CLEAR, Plan
from pnp.sheets.pagemarks import (
    LABEL_PT,
    crop_marks,
    cut_guides,
    fold_line,
    free_bands,
    label_font,
    page_furniture,
)
from pnp.sheets.pagestream import seal_last_page


class PdfFile:
    """One PDF being written: its canvas, and its pages as callables drawing one page
    each (planned first, so labels can say 'page i/n'). `back_of` maps the index of a
    page printed on the back of another to that page's index."""

    def __init__(self, game, title: str, subject: str, path, file_name: str, result):
        self.result, self.file_name = result, file_name
        canvas = Canvas if path is not None else Scratch
        self.canvas = canvas(path if hasattr(path, "write") else str(path) if path else
                             io.BytesIO(), invariant=1, pageCompression=1,
                             initialFontName=label_font(), initialFontSize=LABEL_PT,
                             **({"lang": game.language} if game.translated else {}))
        self.canvas.setTitle(f"{game.name}: {title}")
        self.canvas.setAuthor("Dossier")
        self.canvas.setCreator("Dossier pnp")
        self.canvas.setSubject(f"{game.id}/{subject}")
        self.pages: list = []
        self.back_of: dict = {}

    def add(self, draw, back_of: int | None = None) -> int:
        self.pages.append(draw)
        if back_of is not None:
            self.back_of[len(self.pages) - 1] = back_of
        return len(self.pages) - 1

    def finish(self) -> None:
        total = len(self.pages)
        seal = not isinstance(self.canvas, Scratch)
        for number, draw in enumerate(self.pages, start=1):
            draw(number, total)
            self.canvas.showPage()
            if seal:
                seal_last_page(self.canvas)  # a long deck's pages wait compressed
        self.canvas.save()
        result = self.result
        result.pages += total
        result.sheets += total - len(self.back_of)
        for index in range(total):
            front = self.back_of.get(index)
            result.page_list.append({"file": self.file_name, "page": index + 1,
                                     **({"back_of": front + 1} if front is not None else {})})


class Scratch(Canvas):
    """A canvas that drops each page once it is drawn: pnp check paints every piece
    for its problems and keeps no page (memory flat in the number of cards)."""

    def showPage(self):  # noqa: N802 - reportlab's name
        self._startPage()  # what Canvas.showPage does once it has kept the page


def safe_margin(comp, options) -> float:
    """The safe zone a component's text is checked against: the build's, or the
    component's own smaller one for small pieces cut at home."""
    if comp.safe_margin is None or options.safe_margin == 0:
        return options.safe_margin
    return min(options.safe_margin, comp.safe_margin)


class SheetPages:
    """The planned sheets of one file, drawn onto `file`; `parts`: component id ->
    its ComponentPdf."""

    def __init__(self, game, file: PdfFile, parts: dict, options):
        self.game, self.file, self.parts, self.options = game, file, parts, options
        self.moved_by = (0.0, 0.0)  # the backs' move (--back-offset, as far as the margin lets)
        self.sheet_bleeds: dict = {}  # (piece boxes, bleed) -> bleed sides of each

    def add(self, plans: list) -> None:
        """Each sheet's front page, then its back page (--duplex long/short); with
        --duplex none every back page after all the fronts."""
        later = []
        shifts = [None] * len(plans)
        opts = self.options
        if opts.duplex in ("long", "short") and any(opts.back_offset):
            moved = backoffset.move(plans, opts.back_offset, opts.printer_margin)
            said = backoffset.note(self.file.file_name, opts.back_offset, moved,
                                   opts.printer_margin)
            if said:
                self.file.result.notes.append(said)
            self.moved_by, shifts = moved.applied, moved.shifts
            fronts = plans
            plans = moved.plans
        else:
            fronts = plans
        for plan, shown, shift in zip(plans, fronts, shifts, strict=True):
            front = self.file.add(lambda n, t, p=shown: self.page(p, "front", n, t))
            if not plan.backs or plan.fold:
                continue
            if self.options.duplex in ("long", "short"):
                self.file.add(lambda n, t, p=plan, d=shift: self.page(p, "back", n, t, d),
                              back_of=front)
            else:
                later.append((plan, front))
        for plan, front in later:
            self.file.add(lambda n, t, p=plan: self.page(p, "back", n, t), back_of=front)

    def page(self, plan: Plan, side: str, number: int, total: int, shift=None) -> None:
        """`shift`: a back page moved by --back-offset, its drawing kept out of the
        printer's margin (crop marks and the label place themselves inside it)."""
        c = self.file.canvas
        c.setPageSize((plan.page[0] * mm, plan.page[1] * mm))
        sides = ("front", "back") if plan.fold else (side,)
        margin = self.options.printer_margin
        if shift is not None:
            c.saveState()
            clip = c.beginPath()
            clip.rect(margin * mm, margin * mm, (plan.page[0] - 2 * margin) * mm,
                      (plan.page[1] - 2 * margin) * mm)
            c.clipPath(clip, stroke=0, fill=0)
        drawn, names, places = [], [], []  # places: (block, [boxes]) whether drawn or not
        for block in plan.blocks:
            rects = []
            for which in sides:
                spots = block.fronts if which == "front" else block.backs
                boxes = tuple((*pos, *p.size) for p, pos in zip(block.pieces, spots, strict=True))
                places.append((block, boxes))
                edges = self.bleeds(boxes, block.run.bleed) if block.run.cut == "marks" \
                    else (None,) * len(boxes)
                for piece, pos, edge in zip(block.pieces, spots, edges, strict=True):
                    shown = piece.front if which == "front" else piece.back
                    if shown is None or shown.layout is None:
                        continue
                    self.draw(piece, shown, which, pos, block.run, edge, number)
                    rects.append((*pos, *piece.size))
                    if piece.comp.name not in names:
                        names.append(piece.comp.name)
            if rects:
                drawn.append((block, rects))
        if shift is not None:
            c.restoreState()
        if plan.fold:
            fold_line(c, plan.page, plan.fold, self.options.printer_margin)
        if not drawn:
            return
        # the label keeps to the margins round every block, even one with nothing on
        # this side (a standee's back is not a place for it)
        across = self.options.cut_guides == "across" and side == "front" and not plan.fold
        bands = merged_bands([self.marks(plan.page, block, rects, places, across)
                              for block, rects in drawn] +
                             [free_bands(plan.page, boxes, block.run.bleed)
                              for block, boxes in places])
        if plan.fold:
            axis = 0 if plan.fold[0] == "v" else 1
            bands = [(s, d, span, sorted([*marks, plan.fold[1]]))
                     if (s in ("top", "bottom")) == (axis == 0) else (s, d, span, marks)
                     for s, d, span, marks in bands]
            side_name = "fronts and backs"
        elif all(block.run.cut == "net" for block, _ in drawn):
            side_name = "cube nets"
        else:
            side_name = f"{side}s"
        moved = [] if shift is None else [f"back offset {backoffset.text(self.moved_by)}"]
        draft = [self.options.draft_note] if self.options.draft_note else []
        label = " · ".join([*draft, self.game.name, ", ".join(names), side_name, *moved,
                            f"page {number}/{total}", PAPER_NAMES[self.options.paper]])
        page_furniture(c, plan.page, bands, label, number == 1, self.options.printer_margin)

    def marks(self, page: tuple, block, rects: list, places: list, across: bool) -> list:
        """Crop marks round a block of cards or sheets, stopping short of another block
        above or below it (drawn on this side or not: no ink on the back of a standee),
        and its cut guides (--cut-guides; `across`: over the pieces, on a front page);
        the margin bands, for the label."""
        bleed = block.run.bleed
        if block.run.cut != "marks":
            return free_bands(page, rects, bleed)
        bottom = min(y for _, y, _, _ in rects) - bleed
        top = max(y + h for _, y, _, h in rects) + bleed
        others = [(min(y for _, y, _, _ in boxes) - b.run.bleed,
                   max(y + h for _, y, _, h in boxes) + b.run.bleed, b.marks)
                  for b, boxes in places if b is not block]
        above = min(((lo, marked) for lo, _, marked in others if lo >= top), default=None)
        below = max(((hi, marked) for _, hi, marked in others if hi <= bottom), default=None)
        stops = {"top": None if above is None else meeting(top, *above),
                 "bottom": None if below is None else meeting(bottom, *below)}
        if self.options.cut_guides:
            cut_guides(self.file.canvas, page, rects, bleed, across, self.options.printer_margin,
                       {k: v for k, v in stops.items() if v is not None})
        return crop_marks(self.file.canvas, page, rects, bleed, self.options.printer_margin,
                          stops)

    def bleeds(self, boxes: tuple, bleed: float) -> list:
        """bleed_sides of every piece of a block, worked out once for every block laid
        out alike (a deck's full sheets)."""
        key = (boxes, bleed)
        if key not in self.sheet_bleeds:
            self.sheet_bleeds[key] = [bleed_sides(box, boxes, bleed) for box in boxes]
        return self.sheet_bleeds[key]

    def draw(self, piece, shown, side: str, pos: tuple, run, edges: tuple, number: int):
        """`edges`: the piece's bleed sides (cut marks) as bleeds() has them."""
        part = self.parts[piece.comp.id]
        c, item, copy = self.file.canvas, shown.item, shown.copy
        renderer = part.renderer
        where = f"{piece.comp.id} '{item.printed_id}'"
        if run.cut == "net":
            renderer.safe = 0.0  # a die's faces are folded, not cut
            edge = item.size
            for slot, face in enumerate(item.faces):
                ox, oy = pieces.face_origin(slot, pos[0], pos[1], edge)
                ctx = part.context(item, copy, {**face_fields(face), "face": slot + 1})
                renderer.draw(c, shown.layout, ctx, (ox * mm, oy * mm), (edge, edge), 0,
                              f"{where} face {slot + 1}", piece=where, item_mark=item.mark)
            pieces.draw_net_lines(c, pos[0], pos[1], edge)
            part.record(item, copy, "front", number, pos, piece.size)
            return
        renderer.safe = safe_margin(piece.comp, self.options)
        ctx = part.context(item, copy, {"side": side, "shape": item.shape or ""})
        origin, bleed = (pos[0] * mm, pos[1] * mm), run.bleed
        if run.cut == "line":
            c.saveState()
            c.clipPath(pieces.shape_path(c, item.shape, *pos, *piece.size, grow=bleed),
                       stroke=0, fill=0)
            renderer.draw(c, shown.layout, ctx, origin, piece.size, bleed, f"{where} {side}",
                          piece=where, item_mark=item.mark, reuse=True)
            c.restoreState()
            pieces.draw_cut_line(c, item.shape, *pos, *piece.size)
        else:
            renderer.draw(c, shown.layout, ctx, origin, piece.size, bleed, f"{where} {side}",
                          edges, piece=where, item_mark=item.mark, reuse=True)
        front = piece.front.item
        part.record(item, copy, side, number, pos, piece.size,
                    behind=front if side == "back" and front is not item else None)


def meeting(edge: float, other: float, marked: bool) -> float:
    """Where crop marks running from a block's bleed `edge` towards another block's bleed
    edge `other` stop: half way when that block has crop marks too (packing.longer()
    shares the room between them alike), else LOOSE_CLEAR short of it."""
    towards = 1 if other > edge else -1
    return (edge + other) / 2 if marked else other - towards * LOOSE_CLEAR


def merged_bands(all_bands: list) -> list:
    """The page's margin bands round several stacked blocks: each side's outermost
    block sets its depth; the side bands avoid every block's horizontal marks."""
    out = []
    for side in ("bottom", "top", "left", "right"):
        found = [band for bands in all_bands for band in bands if band[0] == side]
        depth = min(band[1] for band in found)
        if side in ("left", "right"):
            marks = sorted({mark for band in found for mark in band[3]})
        else:
            marks = next(band[3] for band in found if band[1] == depth)
        out.append((side, depth, found[0][2], marks))
    return out


def bleed_sides(rect, others, bleed) -> tuple:
    """Bleed per side (left, bottom, right, top): where another piece lies closer than
    two bleeds on that side (--gutter below 2 x bleed), half the space between them, so
    no card paints over its neighbour; none where they abut on a shared cut line."""
    x, y, w, h = rect
    eps = 0.01

    def room(apart, overlap) -> float:
        gaps = [apart(o) for o in others if o[:2] != (x, y) and overlap(o)]
        near = [g for g in gaps if -eps < g < 2 * bleed]
        return max(0.0, min(near)) / 2 if near else bleed

    def spans_y(o):
        return o[1] < y + h - eps and o[1] + o[3] > y + eps

    def spans_x(o):
        return o[0] < x + w - eps and o[0] + o[2] > x + eps

    return (room(lambda o: x - (o[0] + o[2]), spans_y), room(lambda o: y - (o[1] + o[3]), spans_x),
            room(lambda o: o[0] - (x + w), spans_y), room(lambda o: o[1] - (y + h), spans_x))


def face_fields(face) -> dict:
    """A die face's template fields: a plain face is `label`; a blank face (null, "",
    {}) has an empty label, so a layout reading {label} draws nothing there."""
    if isinstance(face, dict):
        return {"label": "", **face}
    return {"label": "" if face is None else face}
