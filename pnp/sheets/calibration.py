"""`pnp calibrate`: one sheet that measures how far a duplex printer shifts the backs.

Page 1 (the front) has two long lines crossing at a known point; page 2 (the back)
has millimetre scales, -5 to +5 in 0.5 mm steps, whose zeros lie exactly behind
those lines once the sheet is turned over the chosen edge (impose.mirror, as a
build places its backs). Held against a window, each line shows through at the
number to give `pnp build --back-offset X,Y`: a printer that lands the back d mm to
the right puts the scale's zero d mm right of the line, so the line reads -d, and
backs moved by -d land where they belong (backoffset.py). The crossing sits off the
page's centre, so a sheet turned over the other edge shows the lines far from the
scales rather than giving a wrong reading.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from reportlab.lib.colors import Color
from reportlab.lib.units import mm
from reportlab.lib.utils import simpleSplit
from reportlab.pdfgen.canvas import Canvas

from pnp.load.fonts import BUNDLED_FONTS, font_name
from pnp.plan import backoffset
from pnp.plan.impose import PAPER_NAMES, PRINTER_MARGIN, flip_axis, mirror, page_size
from pnp.sheets.pagemarks import CALIBRATION_MM, calibration_bar

RANGE, STEP = 5.0, 0.5  # each scale: -RANGE to +RANGE mm
ARM = 15.0  # the crossing's distance right of and above the page's centre (front)
SPREAD = 42.0  # each scale's distance from the crossing, along its line
LINE = 54.0  # half the length of each line on the front
LINE_PT = 0.8  # the front's lines: dark and wide enough to show through paper
CLEAR = PRINTER_MARGIN + backoffset.LIMIT + 1.0  # the back's content, even when moved
INK, GREY = Color(0, 0, 0), Color(0.4, 0.4, 0.4)
DIGIT_PT, BODY_PT, TITLE_PT = 6.5, 9.5, 15.0
HEADING = 13.0  # mm the title and its line take
LEADING = BODY_PT * 1.3 * 25.4 / 72  # mm a line of body text takes


@dataclass(frozen=True)
class Geometry:
    """Where everything goes, in mm from the page's bottom-left corner."""

    paper: str
    duplex: str
    page: tuple
    cross: tuple  # the front's crossing
    zero: tuple  # where the crossing lies on the back: the scales' zero

    @property
    def x_scales(self) -> list:
        """Level scales (read X on them): zero on the upright line, above and below."""
        return [(self.zero[0], self.zero[1] + d) for d in (SPREAD, -SPREAD)]

    @property
    def y_scales(self) -> list:
        """Upright scales (read Y on them): zero on the level line, left and right."""
        return [(self.zero[0] + d, self.zero[1]) for d in (-SPREAD, SPREAD)]

    @property
    def text_on_top(self) -> bool:
        """The back's words go where the front's words do not show through."""
        return self.zero[1] < self.page[1] / 2


def geometry(paper: str, duplex: str) -> Geometry:
    page = page_size(paper, landscape=False)
    cross = (page[0] / 2 + ARM, page[1] / 2 + ARM)
    zero = mirror(cross, (0.0, 0.0), page, flip_axis(duplex, portrait=True))
    return Geometry(paper, duplex, page, cross, zero)


def ticks() -> list:
    """The scale values, -RANGE to +RANGE by STEP."""
    count = round(2 * RANGE / STEP)
    return [round(-RANGE + i * STEP, 4) for i in range(count + 1)]


def write(target, paper: str, duplex: str, offset: tuple = (0.0, 0.0)) -> None:
    """The two pages into `target` (a path or a binary file); `offset`: the back
    drawn moved as `pnp build --back-offset` moves backs, to check a correction."""
    g = geometry(paper, duplex)
    c = Canvas(str(target) if isinstance(target, Path) else target, invariant=1,
               pagesize=(g.page[0] * mm, g.page[1] * mm), pageCompression=1)
    c.setTitle(f"Duplex calibration, {paper_name(paper)}, flip on the {duplex} edge")
    c.setAuthor("Dossier")
    c.setCreator("Dossier pnp calibrate")
    front(c, g)
    c.showPage()
    dx, dy = backoffset.page_shift(offset, g.page)
    c.translate(dx * mm, dy * mm)
    back(c, g, offset)
    c.showPage()
    c.save()


def paper_name(paper: str) -> str:
    return PAPER_NAMES[paper]


def front(c, g: Geometry) -> None:
    (w, h), (x, y) = g.page, g.cross
    c.setStrokeColor(INK)
    c.setLineWidth(LINE_PT)
    c.line(x * mm, (y - LINE) * mm, x * mm, (y + LINE) * mm)
    c.line((x - LINE) * mm, y * mm, (x + LINE) * mm, y * mm)
    c.setLineWidth(0.5)
    c.circle(x * mm, y * mm, 4 * mm, stroke=1, fill=0)
    left, top = 15.0, h - 15.0
    top = heading(c, left, top, "Duplex calibration: the front",
                  f"{paper_name(g.paper)} · flip on the {g.duplex} edge · page 1/2 · "
                  "made by pnp calibrate")
    top = paragraph(c, left, top, w - 2 * left, (
        f"Print this file double-sided on one sheet at 100 % (\"actual size\", not \"fit to "
        f"page\"), the printer set to flip on the {g.duplex} edge, as you will print your "
        f"game. The bar below must measure {CALIBRATION_MM:g} mm; if it does not, the printer "
        "scaled the page: print again at 100 %. Then turn the sheet over: the back says "
        "what to do. The two lines below show through to the back."))
    c.saveState()
    c.translate(left * mm, (top - 4) * mm)
    calibration_bar(c)
    c.restoreState()


def back(c, g: Geometry, offset: tuple) -> None:
    w, h = g.page
    for x, y in g.x_scales:
        scale(c, x, y, across=True)
    for x, y in g.y_scales:
        scale(c, x, y, across=False)
    words = instructions(g, offset)
    left = CLEAR
    width = w - 2 * left
    sub = f"{paper_name(g.paper)} · flip on the {g.duplex} edge · page 2/2" + (
        f" · moved by --back-offset {backoffset.text(offset)}" if any(offset) else "")
    top = h - CLEAR if g.text_on_top else CLEAR + text_height(words, width) + HEADING
    top = heading(c, left, top, "Duplex calibration: the back", sub)
    for number, (text, command) in enumerate(words, start=1):
        top = paragraph(c, left, top, width, text, f"{number}.")
        if command:
            c.setFont(font_name(BUNDLED_FONTS, "mono", True), BODY_PT)
            c.setFillColor(INK)
            c.drawString((left + 5) * mm, (top - 3.6) * mm, command)
            top -= 5.5


def instructions(g: Geometry, offset: tuple) -> list:
    """The back's steps: (text, command line to type or "")."""
    flip, other = g.duplex, "short" if g.duplex == "long" else "long"
    given = backoffset.text(offset)
    build = (f"This back is already moved by {given}: add what you read to those numbers "
             "(X to X, Y to Y) and build your game with the sums, X first:") if any(offset) \
        else "Build your game with the two numbers, X first:"
    return [
        ("Hold the sheet against a window or a lamp, this side towards you. The two long "
         "lines printed on the front show through; the short marks are the scales on this "
         "side.", ""),
        ("X: read where the upright line crosses the two level scales, to the half "
         "millimetre (the shortest marks). Right of 0 is plus, left of 0 is minus. If the "
         "two scales differ, take the number halfway between them.", ""),
        ("Y: read where the level line crosses the two upright scales. Above 0 is plus, "
         "below 0 is minus.", ""),
        (build, f"pnp build GAME --duplex {flip} --back-offset X,Y"),
        (f"Both lines on 0: --back-offset {given} is right for your printer. To check new "
         "numbers, print this page again moved by them:" if any(offset) else
         "For example, the upright line 1.5 right of 0 and the level line 0.5 below 0 make "
         "--back-offset 1.5,-0.5: every back then moves 1.5 mm right and 0.5 mm down as you "
         "look at it. Both lines on 0: your printer needs no correction. To check, print "
         "this page again moved by your numbers; both lines should then cross 0:",
         f"pnp calibrate --duplex {flip} --back-offset X,Y"),
        (f"A line far off its scales (about {2 * ARM:g} mm) means the printer turned the "
         f"sheet over its {other} edge: set it to flip on the {flip} edge, or make this page "
         f"for the other edge with pnp calibrate --duplex {other}.", ""),
    ]


def scale(c, x: float, y: float, across: bool) -> None:
    """A scale with its zero at (x, y): level (across, read X) or upright (read Y).
    Ticks every STEP mm, longer at whole millimetres; unsigned numbers, odd ones on
    one side and even ones on the other so they stay apart; the signs at its ends."""
    c.saveState()
    c.translate(x * mm, y * mm)
    if not across:
        c.rotate(90)  # along the scale is up; the ticks' side is the left of the page
    c.setStrokeColor(INK)
    c.setFillColor(INK)
    c.setLineWidth(0.3)
    c.line(-RANGE * mm, 0, RANGE * mm, 0)
    for value in ticks():
        whole = value == int(value)
        c.setLineWidth(0.6 if value == 0 else 0.3)
        low, high = (-1.0, 3.0) if value == 0 else (0.0, 2.2 if whole else 1.2)
        c.line(value * mm, low * mm, value * mm, high * mm)
        if whole:
            odd = int(value) % 2 == 1
            digit(c, value, 3.6 if odd else -2.5, f"{abs(int(value))}", across)
    for sign, at in (("\u2212", -RANGE - 2.6), ("+", RANGE + 2.6)):
        digit(c, at, -0.6, sign, across, size=11, bold=True)
    name = "X" if across else "Y"
    digit(c, -RANGE - 7.0 if across else RANGE + 7.0, -0.6, name, across, size=11, bold=True)
    c.restoreState()


def digit(c, along: float, off: float, text: str, across: bool, size: float = DIGIT_PT,
          bold: bool = False) -> None:
    """Upright text centred at `along` mm on the scale, `off` mm to its side."""
    c.saveState()
    c.translate(along * mm, off * mm)
    if not across:
        c.rotate(-90)  # back to upright on the page
    c.setFont(font_name(BUNDLED_FONTS, "sans", bold), size)
    c.drawCentredString(0, -size * 0.36, text)
    c.restoreState()


def heading(c, left: float, top: float, title: str, sub: str) -> float:
    c.setFillColor(INK)
    c.setFont(font_name(BUNDLED_FONTS, "sans", True), TITLE_PT)
    c.drawString(left * mm, (top - 5.2) * mm, title)
    c.setFillColor(GREY)
    c.setFont(font_name(BUNDLED_FONTS, "sans"), 8.5)
    c.drawString(left * mm, (top - 9.6) * mm, sub)
    return top - HEADING


def lines(text: str, width: float) -> list:
    return simpleSplit(text, font_name(BUNDLED_FONTS, "sans"), BODY_PT, width * mm)


def paragraph(c, left: float, top: float, width: float, text: str, number: str = "") -> float:
    """Wrapped body text under `top` (mm), indented after a step number; returns the
    top of what follows."""
    indent = 5.0 if number else 0.0
    c.setFillColor(INK)
    if number:
        c.setFont(font_name(BUNDLED_FONTS, "sans", True), BODY_PT)
        c.drawString(left * mm, (top - 3.6) * mm, number)
    c.setFont(font_name(BUNDLED_FONTS, "sans"), BODY_PT)
    for line in lines(text, width - indent):
        c.drawString((left + indent) * mm, (top - 3.6) * mm, line)
        top -= LEADING
    return top - 1.5


def text_height(words: list, width: float) -> float:
    """The back's steps' height in mm (heading not included)."""
    return sum(len(lines(text, width - 5.0)) * LEADING + 1.5 + (5.5 if command else 0.0)
               for text, command in words)
