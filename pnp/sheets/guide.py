"""The print guide a build writes beside its PDFs (`print-guide.pdf`, issue 34): one
page that tells a player at a home printer which file to print, on which side and
paper, how many sheets it takes, and in what order to cut. It is read from the
build's own manifest, so it says what this build holds (its paper, its duplex, its
player sets), never what a game usually holds. A piece tiled on this paper is named
with the papers that hold it whole, measured from PAPERS."""

from __future__ import annotations

import re
from collections import Counter
from html import escape
from pathlib import Path

from pnp.load.components import count_label
from pnp.load.fonts import BUNDLED_FONTS, font_name
from pnp.plan.fit import fits, printable, reserved
from pnp.plan.impose import MIN_MARK, PAPER_NAMES, PAPERS, PRINTER_MARGIN, page_size

FILE = "print-guide.pdf"
STOCK = {  # what each kind of piece is best printed on
    "deck": "card stock, 200-300 g/m² (or paper, sleeved with an old card behind)",
    "tokens": "heavy card stock, 300 g/m² or more (or paper glued onto card)",
    "dice": "card stock, 200-250 g/m², so the nets fold cleanly",
    "board": "paper or light card, 120-200 g/m²; the tiles glued onto card",
    "sheet": "paper, 80-120 g/m²",
    "standee": "card stock, 200-300 g/m²",
}
HOW = {"long": "both sides, flip on the long edge",
       "short": "both sides, flip on the short edge",
       "fold": "one side; fold each sheet on its middle line, backs behind fronts",
       "none": "one side; the backs are pages of their own, print them if you want backs"}
CUTS = {  # the cutting order, first things first
    "deck": "Cards: cut along the crop marks, the long cuts across the whole sheet "
            "first, then the short ones; cut duplex sheets front side up.",
    "board": "Boards and mats: trim each tile at its marks on the edges that join, "
             "lay the tiles edge to edge and tape them from behind, or glue them onto card.",
    "tokens": "Tokens: glue the sheet onto card first if it is paper, then cut each token "
              "round its outline (a craft knife for hexagons, a punch for circles).",
    "dice": "Dice: cut each net round its outline, score the folds, glue the tabs inside.",
    "standee": "Standees: cut the outline, fold on the middle line, slot it into its base.",
    "sheet": "Reference sheets: trim at the marks, or keep the sheet whole.",
}


def roles(game, manifest: dict) -> dict:
    """{file: Counter of roles}: what each print file holds, by how it is printed (a
    sheet spread over several pages is a board)."""
    comps = {comp.id: comp for comp in game.components}
    pages_of: dict = {}
    for item in manifest["items"]:
        pages_of.setdefault((item["file"], item["component"], item["item"],
                             item["copy"]), set()).add(item["page"])
    found: dict = {}
    for (file, comp_id, _item, _copy), pages in pages_of.items():
        comp = comps.get(comp_id)
        if comp is None:
            continue
        role = comp.kind
        if comp.kind == "sheet":
            role = "standee" if comp.standee else "board" if len(pages) > 1 else "sheet"
        found.setdefault(file, Counter())[role] += 1
    return found


def rows(game, manifest: dict) -> list[list[str]]:
    """A line a print file: file, sheets, how to print it, paper, what it holds."""
    duplex = manifest.get("duplex", "long")
    files = list(dict.fromkeys(page["file"] for page in manifest["pages"]))
    held = roles(game, manifest)
    comps_in = {}
    for item in manifest["items"]:
        comps_in.setdefault(item["file"], dict())[item["component"]] = None
    names = {comp.id: comp for comp in game.components}
    lines = []
    for file in files:
        pages = [p for p in manifest["pages"] if p["file"] == file]
        sheets = sum(1 for p in pages if "back_of" not in p)
        two_sided = len(pages) > sheets
        how = HOW[duplex] if two_sided or duplex == "fold" else "one side"
        kinds = held.get(file, Counter())
        main = max(kinds, key=lambda k: (kinds[k], k)) if kinds else "sheet"
        what = ", ".join(f"{names[c].name} ({count_label(names[c])})"
                         for c in comps_in.get(file, {}) if c in names)
        lines.append([file, str(sheets), how, STOCK[main], what])
    return lines


def whole_on(size: tuple, paper: str, bleed: float, margin: float = PRINTER_MARGIN,
             mark: float = MIN_MARK) -> list:
    """The other papers one sheet of which holds a piece of this trim size whole, with
    its bleed and crop marks (`mark` long) inside the printer margin, either way up."""
    return [other for other in PAPERS if other != paper
            and fits(tuple(size), printable(other, bleed, margin, mark=mark))]


def tiled(game, manifest: dict, margin: float = PRINTER_MARGIN,
          mark: float = MIN_MARK) -> list[tuple]:
    """(name, what to say) for each size of sheet tiled over several pages on this
    build's paper: the pages it takes, and the papers that would print it whole (with
    the option that picks each), or that none does."""
    paper, bleed = manifest.get("paper", "a4"), manifest.get("bleed", 3.0)
    names = {comp.id: comp.name for comp in game.components}
    pages_of: dict = {}
    for item in manifest["items"]:
        key = (item["component"], tuple(item["trim"][2:]), item["item"], item["copy"],
               item.get("player"), item["side"])  # a card's back is not a tile
        pages_of.setdefault(key, set()).add((item["file"], item["page"]))
    found: dict = {}
    for (comp, size, *_), pages in pages_of.items():
        if len(pages) > 1:
            found.setdefault((comp, size), []).append(len(pages))
    lines = []
    for (comp, (w, h)), counts in found.items():
        each = max(counts)
        says = (f"{w:g} x {h:g} mm: {each} pages of {PAPER_NAMES.get(paper, paper)} each "
                f"({sum(counts)} in all), joined. ")
        whole = whole_on((w, h), paper, bleed, margin, mark)
        if whole:
            says += "Whole on one sheet of " + " or ".join(
                f"{PAPER_NAMES[p]} (--paper {p})" for p in whole) + "."
        else:
            says += "No paper pnp offers holds it whole."
        lines.append((names.get(comp, comp), says))
    return lines


def cutting_order(game, manifest: dict) -> list[str]:
    present = set()
    for kinds in roles(game, manifest).values():
        present |= set(kinds)
    return [text for role, text in CUTS.items() if role in present]


def write_guide(path: Path, game, manifest: dict, options) -> None:
    """The guide, on the build's own paper, nothing within its printer margin (the
    build's margin and crop marks also decide the papers that would hold a tiled piece
    whole)."""
    paper, printer_margin = options.paper, options.printer_margin
    from reportlab.lib.colors import HexColor
    from reportlab.lib.styles import ParagraphStyle
    from reportlab.lib.units import mm
    from reportlab.platypus import Paragraph, SimpleDocTemplate, Spacer, Table, TableStyle

    sans, bold = font_name(BUNDLED_FONTS, "sans"), font_name(BUNDLED_FONTS, "sans", True)
    mono = font_name(BUNDLED_FONTS, "mono")
    body = ParagraphStyle("body", fontName=sans, bulletFontName=sans, fontSize=9.5,
                          leading=12.5)
    small = ParagraphStyle("small", parent=body, fontSize=9, leading=11)
    head = ParagraphStyle("head", parent=body, fontName=bold, fontSize=12, leading=15,
                          spaceBefore=8, spaceAfter=4)
    title = ParagraphStyle("title", parent=body, fontName=bold, fontSize=18, leading=22)
    margin = (PRINTER_MARGIN + 10) * mm
    doc = SimpleDocTemplate(str(path), pagesize=tuple(v * mm for v in page_size(paper, False)),
                            leftMargin=margin, rightMargin=margin, topMargin=margin,
                            bottomMargin=margin, title=f"{game.name}: print guide",
                            author="pnp build", initialFontName=sans,  # all embedded
                            invariant=True)  # the same build, the same bytes
    lines = rows(game, manifest)
    total = sum(int(line[1]) for line in lines)
    strong = ParagraphStyle("strong", parent=small, fontName=bold)
    table = Table([[Paragraph(h, strong) for h in
                    ("File", "Sheets", "Print", "Paper", "Holds")]] +
                  [[Paragraph(cell, small) for cell in line] for line in lines],
                  colWidths=[x * mm for x in (34, 14, 38, 42, 0)][:4] + [None],
                  repeatRows=1)
    table.setStyle(TableStyle([
        ("VALIGN", (0, 0), (-1, -1), "TOP"), ("FONTNAME", (0, 0), (-1, -1), sans),
        ("LINEBELOW", (0, 0), (-1, 0), 0.8, HexColor("#333333")),
        ("LINEBELOW", (0, 1), (-1, -1), 0.3, HexColor("#aaaaaa")),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 4), ("TOPPADDING", (0, 0), (-1, -1), 4)]))
    paper_name = PAPER_NAMES.get(paper, paper)
    story = [Paragraph(f"{game.name}: how to print it", title), Spacer(1, 3 * mm),
             Paragraph(f"{len(lines)} files, {total} sheets of {paper_name} in all. Print "
                       "at 100 % (actual size): never 'fit to page', or the pieces come out "
                       "smaller than the rules and the backs miss their fronts.", body),
             Paragraph("What to print", head), table]
    joined = tiled(game, {**manifest, "paper": paper}, printer_margin, reserved(options))
    if joined:
        story += [Paragraph("Pieces tiled over several pages", head)]
        options = re.compile(r"--paper \w+")
        story += [Paragraph(f"<font name='{bold}'>{escape(name)}</font>, " + options.sub(
            lambda m: f"<font name='{mono}'>{m.group(0)}</font>", escape(says)), body)
            for name, says in joined]
    if any(line[2].startswith("both sides") for line in lines):
        story += [Paragraph("Before the double-sided files", head), Paragraph(
            "Print the first sheet of one alone and hold it against a window: each back "
            f"should sit behind its front. If they are off, <font name='{mono}'>pnp "
            f"calibrate</font> measures by how much, and <font name='{mono}'>pnp build "
            "--back-offset X,Y</font> moves the backs to match.", body)]
    story += [Paragraph("Cutting order", head)]
    story += [Paragraph(f"{n}. {text}", body) for n, text in
              enumerate(cutting_order(game, manifest), 1)]
    doc.build(story)
