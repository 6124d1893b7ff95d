"""What a printed page carries besides the pieces: crop marks, fold line,
the page label and the 50 mm calibration bar, placed in the margins."""

from __future__ import annotations

from reportlab.lib.colors import Color
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth

from pnp.load.fonts import BUNDLED_FONTS, font_name
from pnp.plan.impose import MARK_GAP, MARK_LEN, MIN_MARK, PRINTER_MARGIN

INK = Color(0, 0, 0)
GREY = Color(0.45, 0.45, 0.45)
LABEL_PT = 5.5
GUIDE_PT = 0.25  # --cut-guides: half a crop mark's width, thin enough to cut along
CALIBRATION_MM = 50.0
CALIBRATION_DEPTH = 7.0  # its ticks and caption, clear of the pieces


def label_font(bold: bool = False) -> str:
    return font_name(BUNDLED_FONTS, "sans", bold, False)


def crop_marks(c, page: tuple, rects: list, bleed: float,
               margin: float = PRINTER_MARGIN, stops: dict | None = None) -> list:
    """Marks on the extension of every cut line, in the margin outside the
    block's bleed, stopping `margin` short of the paper edge (a printer leaves
    that blank) or at `stops` {"top": y, "bottom": y}, where another block of the
    page begins; a mark the margin leaves shorter than MIN_MARK (backs moved by
    --back-offset) is left out. Returns the bands [(side, depth, (lo, hi), positions)]."""
    pw, ph = page
    left = min(x for x, _, _, _ in rects) - bleed
    right = max(x + w for x, _, w, _ in rects) + bleed
    bottom = min(y for _, y, _, _ in rects) - bleed
    top = max(y + h for _, y, _, h in rects) + bleed
    xs = sorted({round(v, 4) for x, _, w, _ in rects for v in (x, x + w)})
    ys = sorted({round(v, 4) for _, y, _, h in rects for v in (y, y + h)})
    c.saveState()
    c.setStrokeColor(INK)
    c.setLineWidth(0.5)
    c.setDash([])
    stops = stops or {}
    ends = []
    for start, limit, stop in ((top + MARK_GAP, ph, stops.get("top")),
                               (bottom - MARK_GAP, 0.0, stops.get("bottom"))):
        end = _mark_end(start, limit, margin)
        if stop is not None:  # no further than `stop`, never back into the bleed
            end = start + (min(end - start, stop - start) if end > start else
                           max(end - start, stop - start))
            end = start if (end - start) * (limit - start) < 0 else end
        ends.append((start, end))
    for x in xs:
        for start, end in ends:
            if abs(end - start) >= MIN_MARK - 0.01:
                c.line(x * mm, start * mm, x * mm, end * mm)
    for y in ys:
        for start, limit in ((right + MARK_GAP, pw), (left - MARK_GAP, 0.0)):
            end = _mark_end(start, limit, margin)
            if abs(end - start) >= MIN_MARK - 0.01:
                c.line(start * mm, y * mm, end * mm, y * mm)
    c.restoreState()
    return [("bottom", bottom, (0.0, pw), xs), ("top", ph - top, (0.0, pw), xs),
            ("left", left, (0.0, ph), ys), ("right", pw - right, (0.0, ph), ys)]


def cut_guides(c, page: tuple, rects: list, bleed: float, across: bool,
               margin: float = PRINTER_MARGIN, stops: dict | None = None) -> None:
    """--cut-guides: a thin line along every cut of a block, from the printer margin (or
    `stops`, where another block begins) to the printer margin, for a trimmer to line up
    along its whole length. `across`: over the pieces too; else only on bare paper, clear
    of every piece's bleed by MARK_GAP, like the crop marks (in the margins and gutters)."""
    pw, ph = page
    stops = stops or {}
    xs = sorted({round(v, 4) for x, _, w, _ in rects for v in (x, x + w)})
    ys = sorted({round(v, 4) for _, y, _, h in rects for v in (y, y + h)})
    low, high = stops.get("bottom", margin), stops.get("top", ph - margin)
    c.saveState()
    c.setStrokeColor(INK)
    c.setLineWidth(GUIDE_PT)
    c.setDash([])
    for x in xs:
        covered = [] if across else [(y - bleed - MARK_GAP, y + h + bleed + MARK_GAP)
                                     for rx, y, w, h in rects
                                     if rx - bleed - MARK_GAP < x < rx + w + bleed + MARK_GAP]
        for a, b in _bare(low, high, covered):
            c.line(x * mm, a * mm, x * mm, b * mm)
    for y in ys:
        covered = [] if across else [(x - bleed - MARK_GAP, x + w + bleed + MARK_GAP)
                                     for x, ry, w, h in rects
                                     if ry - bleed - MARK_GAP < y < ry + h + bleed + MARK_GAP]
        for a, b in _bare(margin, pw - margin, covered):
            c.line(a * mm, y * mm, b * mm, y * mm)
    c.restoreState()


def _bare(lo: float, hi: float, covered: list) -> list:
    """The stretches of [lo, hi] outside every (a, b) of `covered`, each over 0.5 mm."""
    out, at = [], lo
    for a, b in sorted(covered):
        if a - at > 0.5:
            out.append((at, min(a, hi)))
        at = max(at, b)
    if hi - at > 0.5:
        out.append((at, hi))
    return [(a, b) for a, b in out if b - a > 0.5]


def _mark_end(start: float, limit: float, margin: float) -> float:
    """A mark runs outward MARK_LEN mm but stops `margin` short of the paper edge
    (the imposition leaves it at least MIN_MARK mm where the pieces are not moved)."""
    direction = 1 if limit > start else -1
    room = abs(limit - start) - margin
    return start + direction * max(min(MARK_LEN, room), 0.0)


def free_bands(page: tuple, rects: list, bleed: float) -> list:
    """Margin bands around a block with no crop marks in them."""
    pw, ph = page
    left = min(x for x, _, _, _ in rects) - bleed
    right = max(x + w for x, _, w, _ in rects) + bleed
    bottom = min(y for _, y, _, _ in rects) - bleed
    top = max(y + h for _, y, _, h in rects) + bleed
    return [("bottom", bottom, (0.0, pw), []), ("top", ph - top, (0.0, pw), []),
            ("left", left, (0.0, ph), []), ("right", pw - right, (0.0, ph), [])]


def _slots(bands: list, length: float, depth: float, taken: list, margin: float) -> list:
    """Free stretches of margin at least `depth` deep inside the printer's margin,
    deepest band first: (band, lo, hi)."""
    found = []
    order = {"bottom": 0, "top": 1, "right": 2, "left": 3}
    for side, band_depth, (lo, hi), marks in sorted(bands, key=lambda b: (-round(b[1], 1),
                                                                          order[b[0]])):
        if band_depth - margin < depth:
            continue
        # stretches between the band's ends and the crop marks (1.5 mm clear)
        end = max(6.0, margin + 1.0)
        stops = [(lo + end, 0.0), *[(mark, 1.5) for mark in marks], (hi - end, 0.0)]
        for (a, clear_a), (b, clear_b) in zip(stops, stops[1:], strict=False):
            a, b = a + clear_a, b - clear_b
            if b - a >= length and (side, a) not in taken:
                found.append((side, band_depth, a, b))
    return found


def _place(c, page, side, band_depth, lo, hi, length, margin):
    """Move the origin to a strip's start, x along the strip, y outward-centred
    in the band between the printer's margin and the pieces."""
    pw, ph = page
    along = lo + (hi - lo - length) / 2
    room = band_depth - margin
    centre = margin + max(room / 2, min(3.2, room - 1.0))
    if side == "bottom":
        c.translate(along * mm, centre * mm)
    elif side == "top":
        c.translate(along * mm, (ph - centre) * mm)
    elif side == "left":
        c.translate(centre * mm, along * mm)
        c.rotate(90)
    else:
        c.translate((pw - centre) * mm, (along + length) * mm)
        c.rotate(-90)


def page_furniture(c, page: tuple, bands: list, label: str, calibration: bool,
                   margin: float = PRINTER_MARGIN) -> None:
    """The page label and, on a file's first page, the calibration bar, both
    inside the printer's margin."""
    taken: list = []
    if calibration:
        slots = _slots(bands, CALIBRATION_MM + 2, CALIBRATION_DEPTH, taken, margin)
        if slots:
            side, depth, lo, hi = slots[0]
            taken.append((side, lo))
            c.saveState()
            _place(c, page, side, depth, lo, hi, CALIBRATION_MM, margin)
            calibration_bar(c)
            c.restoreState()
    size = LABEL_PT
    width = stringWidth(label, label_font(), size) / mm
    slots = _slots(bands, min(width, 40.0) + 1, 2.4, taken, margin)
    if not slots:
        return
    side, depth, lo, hi = max(slots, key=lambda s: (s[3] - s[2] >= width, s[1], s[3] - s[2]))
    room = hi - lo - 1
    while width > room and size > 4.0:
        size -= 0.25
        width = stringWidth(label, label_font(), size) / mm
    text = label
    while width > room and len(text) > 8:
        text = text[:-2]
        width = stringWidth(text + "…", label_font(), size) / mm
    if text != label:
        text += "…"
    c.saveState()
    _place(c, page, side, depth, lo, hi, width, margin)
    c.setFillColor(GREY)
    c.setFont(label_font(), size)
    c.drawString(0, -size * 0.35, text)
    c.restoreState()


def calibration_bar(c) -> None:
    """A 50 mm bar with centimetre ticks, centred on the current origin's line."""
    c.setStrokeColor(INK)
    c.setFillColor(INK)
    c.setLineWidth(0.6)
    c.line(0, 0, CALIBRATION_MM * mm, 0)
    for i in range(6):
        x = i * 10 * mm
        c.line(x, -1.0 * mm, x, 1.0 * mm)
    c.setFont(label_font(), 5)
    c.drawString(0.5 * mm, 1.3 * mm, "50 mm")
    c.drawRightString((CALIBRATION_MM - 0.5) * mm, 1.3 * mm, "print at 100 % scale")


def fold_line(c, page: tuple, fold: tuple, margin: float = PRINTER_MARGIN) -> None:
    pw, ph = page
    c.saveState()
    c.setStrokeColor(GREY)
    c.setLineWidth(0.5)
    c.setDash([3, 2])
    if fold[0] == "v":
        c.line(fold[1] * mm, margin * mm, fold[1] * mm, (ph - margin) * mm)
    else:
        c.line(margin * mm, fold[1] * mm, (pw - margin) * mm, fold[1] * mm)
    c.restoreState()
