"""Nothing a home printer would lose: every page of every bundled game's build,
on A4 and US Letter, is rasterised and its ink measured against the paper edge
(clipped boards included, which a list of PDF objects would overstate); the
vector objects of the arranged pages are measured too."""

from __future__ import annotations

from pathlib import Path

import pdfplumber
import pypdfium2
import pytest
from PIL import ImageChops

from pnp import BUNDLED_GAMES
from pnp.cli.main import main
from pnp.sheets.tiles import ALONG_SIDE, targets

DPI = 100
PX = 25.4 / DPI  # mm per pixel
PT = 25.4 / 72
GAMES = sorted(p.name for p in BUNDLED_GAMES.iterdir() if (p / "game.yaml").is_file())


def ink_distance(pdf_path: Path) -> list:
    """Per page: the closest non-white pixel's distance to the paper edge, in mm."""
    found = []
    document = pypdfium2.PdfDocument(str(pdf_path))
    try:
        for page in document:
            red, green, blue = page.render(scale=DPI / 72).to_pil().convert("RGB").split()
            darkest = ImageChops.darker(ImageChops.darker(red, green), blue)
            box = darkest.point(lambda v: 255 if v < 250 else 0).getbbox()
            if box is None:
                found.append(None)
                continue
            w, h = darkest.size
            found.append(min(box[0], box[1], w - box[2], h - box[3]) * PX)
    finally:
        document.close()
    return found


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """Every bundled game on both papers (and Letter for a borderless printer)."""
    out = {}
    for paper, margin in (("a4", 5), ("letter", 5), ("letter", 0)):
        folder = tmp_path_factory.mktemp(f"{paper}{margin}")
        assert main(["build", "--all", "--paper", paper, "--printer-margin", str(margin),
                     "--out", str(folder), "--quiet"]) == 0
        out[paper, margin] = folder
    return out


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_no_ink_within_5_mm_of_the_paper_edge(built, paper):
    closest = {}
    for pdf in sorted(built[paper, 5].rglob("*.pdf")):
        for number, distance in enumerate(ink_distance(pdf), start=1):
            if distance is not None:
                closest[f"{pdf.parent.name}/{pdf.name} p{number}"] = distance
    assert closest
    near = {page: round(d, 2) for page, d in closest.items() if d < 5 - PX}
    assert not near, near


@pytest.mark.parametrize("game", GAMES)
def test_every_drawn_object_of_an_arranged_page_is_5_mm_inside(built, game):
    """pdfplumber's objects (lines, rects, curves, characters, images) of the pages
    that are not board tiles, whose art is clipped to a window."""
    checked = 0
    for pdf_path in sorted((built["letter", 5] / game).glob("*.pdf")):
        with pdfplumber.open(pdf_path) as pdf:
            for page in pdf.pages:
                if "tile " in (page.extract_text() or ""):
                    continue
                w, h = float(page.width), float(page.height)
                for obj in page.objects.get("line", []) + page.objects.get("rect", []) + \
                        page.objects.get("curve", []) + page.chars + page.images:
                    x0, x1 = float(obj["x0"]), float(obj["x1"])
                    top, bottom = float(obj["top"]), float(obj["bottom"])
                    half = float(obj.get("linewidth") or 0) / 2 if obj.get("stroke", True) \
                        else 0.0  # a butt-capped straight line grows only across itself
                    across = obj["object_type"] == "line" and (x0 == x1 or top == bottom)
                    gx = half if not across or x0 == x1 else 0.0
                    gy = half if not across or top == bottom else 0.0
                    edge = min(x0 - gx, top - gy, w - x1 - gx, h - bottom - gy) * PT
                    assert edge >= 5 - 0.05, (pdf_path.name, page.page_number,
                                              obj["object_type"], round(edge, 2))
                    checked += 1
    assert checked > 100


def test_a_borderless_printer_gets_marks_nearer_the_edge(built):
    """--printer-margin 0: the same build keeps its crop marks but may use the margin."""
    closest = min(d for pdf in (built["letter", 0] / "above-top-secret").glob("cards.pdf")
                  for d in ink_distance(pdf) if d is not None)
    assert closest < 5


def test_tile_targets_are_at_least_10_mm_apart():
    window = (11.0, 199.0, 275.0, 188.0)
    for grid in ((2, 2), (3, 3)):
        for cell in ((c, r) for c in range(grid[0]) for r in range(grid[1])):
            points = targets(window, grid, cell, (265.0, 178.0))
            pairs = [((ax - bx) ** 2 + (ay - by) ** 2) ** 0.5
                     for i, (ax, ay) in enumerate(points) for bx, by in points[i + 1:]]
            assert not pairs or min(pairs) >= 10, (grid, cell, min(pairs))
    assert ALONG_SIDE >= 10
