"""The floor: the bench's text cards drawn with plain reportlab, no pnp.

Same cards as the pnp text deck (deckdata.py), the same shapes (a circle and a
hexagon badge on the fronts, a framed title on the backs), same page plan: poker
cards (63 x 88 mm) 3 x 3 per A4 page with 3 mm bleed around the block, crop marks
in the margin, each fronts page followed by its backs page mirrored for long-edge
duplex, a page label, DejaVu Sans Condensed embedded (regular and bold, as pnp's
layouts use both). Text is wrapped with simpleSplit.

    python bench/plain_reportlab.py OUT.pdf [COUNT]   # COUNT cards, 40 by default
"""

from __future__ import annotations

import math
import sys
from pathlib import Path

from deckdata import text_cards
from reportlab.lib.colors import HexColor
from reportlab.lib.units import mm
from reportlab.lib.utils import simpleSplit
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

FONTS = Path(__file__).resolve().parent.parent / "pnp" / "assets" / "fonts"
PAGE = (210.0, 297.0)
CARD = (63.0, 88.0)
BLEED = 3.0
COLS, ROWS = 3, 3
ORIGIN = ((PAGE[0] - COLS * CARD[0]) / 2, (PAGE[1] - ROWS * CARD[1]) / 2)


def slots() -> list[tuple]:
    """Bottom-left corners (mm) of the 9 cards, reading order."""
    return [(ORIGIN[0] + col * CARD[0], ORIGIN[1] + (ROWS - 1 - row) * CARD[1])
            for row in range(ROWS) for col in range(COLS)]


def front(c: Canvas, card: dict, x: float, y: float) -> None:
    w, h = CARD
    c.setFillColor(HexColor("#fbf8f0"))
    c.roundRect((x + 3) * mm, (y + 3) * mm, (w - 6) * mm, (h - 6) * mm, 2 * mm, stroke=0,
                fill=1)
    c.setFillColor(HexColor("#1b1b1b"))
    c.setFont("Sans-Bold", 11)
    c.drawCentredString((x + w / 2) * mm, (y + h - 11) * mm, card["name"])
    c.setFont("Sans", 8)
    top = y + h - 17
    for i, line in enumerate(simpleSplit(card["text"], "Sans", 8, (w - 12) * mm)):
        c.drawString((x + 6) * mm, top * mm - (i + 1) * 8 * 1.2, line)
    for value, cx, fill in ((card["attack"], 9.5, "#b0413e"), (card["defense"], 53.5,
                                                               "#4f6d9a")):
        c.setFillColor(HexColor(fill))
        if cx < w / 2:  # attack in a circle, defense in a hexagon, as the pnp layout
            c.circle((x + cx) * mm, (y + 10.5) * mm, 5.5 * mm, stroke=0, fill=1)
        else:
            corners = [((x + cx + 5.5 * math.cos(a)) * mm, (y + 10.5 - 5.5 * math.sin(a)) * mm)
                       for a in (math.radians(d) for d in range(30, 390, 60))]
            hexagon = c.beginPath()
            hexagon.moveTo(*corners[0])
            for corner in corners[1:]:
                hexagon.lineTo(*corner)
            hexagon.close()
            c.drawPath(hexagon, stroke=0, fill=1)
        c.setFillColor(HexColor("#ffffff"))
        c.setFont("Sans-Bold", 13)
        c.drawCentredString((x + cx) * mm, (y + 10.5) * mm - 4.5, str(value))
    c.setFillColor(HexColor("#555555"))
    c.setFont("Sans", 6)
    c.drawCentredString((x + w / 2) * mm, (y + 4.5) * mm, card["id"])


def back(c: Canvas, x: float, y: float) -> None:
    w, h = CARD
    c.setStrokeColor(HexColor("#ffffff"))
    c.setLineWidth(0.8 * mm)
    c.roundRect((x + 4) * mm, (y + 4) * mm, (w - 8) * mm, (h - 8) * mm, 3 * mm, stroke=1,
                fill=0)
    c.setFillColor(HexColor("#ffffff"))
    c.setFont("Sans-Bold", 16)
    c.drawCentredString((x + w / 2) * mm, (y + h / 2) * mm - 6, "AGENTS", charSpace=1)


def page(c: Canvas, cards: list, side: str, number: int, total: int) -> None:
    spots = slots()[:len(cards)]
    if side == "back":  # long-edge duplex turns the sheet left-right
        spots = [(PAGE[0] - x - CARD[0], y) for x, y in spots]
    left = min(x for x, _ in spots) - BLEED
    bottom = min(y for _, y in spots) - BLEED
    right = max(x for x, _ in spots) + CARD[0] + BLEED
    top = max(y for _, y in spots) + CARD[1] + BLEED
    c.setFillColor(HexColor("#3a6ea5" if side == "front" else "#24305e"))
    for x, y in spots:  # card backgrounds reach into the bleed
        c.rect((x - BLEED) * mm, (y - BLEED) * mm, (CARD[0] + 2 * BLEED) * mm,
               (CARD[1] + 2 * BLEED) * mm, stroke=0, fill=1)
    for card, (x, y) in zip(cards, spots, strict=True):
        if side == "front":
            front(c, card, x, y)
        else:
            back(c, x, y)
    c.setStrokeColor(HexColor("#000000"))
    c.setLineWidth(0.5)
    for x in sorted({v for sx, _ in spots for v in (sx, sx + CARD[0])}):
        c.line(x * mm, (top + 1) * mm, x * mm, (top + 6) * mm)
        c.line(x * mm, (bottom - 1) * mm, x * mm, (bottom - 6) * mm)
    for y in sorted({v for _, sy in spots for v in (sy, sy + CARD[1])}):
        c.line((right + 1) * mm, y * mm, (right + 6) * mm, y * mm)
        c.line((left - 1) * mm, y * mm, (left - 6) * mm, y * mm)
    c.setFillColor(HexColor("#737373"))
    c.setFont("Sans", 5.5)
    c.drawCentredString(PAGE[0] / 2 * mm, 4 * mm,
                        f"Bench · Agents · {side}s · page {number}/{total} · A4")
    c.showPage()


def main(out: str, count: int = 40) -> None:
    pdfmetrics.registerFont(TTFont("Sans", str(FONTS / "DejaVuSansCondensed.ttf")))
    pdfmetrics.registerFont(TTFont("Sans-Bold", str(FONTS / "DejaVuSansCondensed-Bold.ttf")))
    cards = text_cards(count)
    c = Canvas(out, pagesize=(PAGE[0] * mm, PAGE[1] * mm), invariant=1, pageCompression=1)
    sheets = [cards[i:i + COLS * ROWS] for i in range(0, len(cards), COLS * ROWS)]
    for n, sheet in enumerate(sheets):
        page(c, sheet, "front", 2 * n + 1, 2 * len(sheets))
        page(c, sheet, "back", 2 * n + 2, 2 * len(sheets))
    c.save()


if __name__ == "__main__":
    main(sys.argv[1], *(int(n) for n in sys.argv[2:3]))
