"""Print-and-cut's DXF cut files (pnp/export/cutdxf.py, issue 34), read back with ezdxf:
millimetres, one closed outline a piece, the SVG's outlines at the SVG's places (their
boxes within 0.1 mm, read by svglib's own parser), on the trim of the pieces the sheet's
PDF prints, measured from Silhouette's registration marks; the same bytes each build."""

import json
import math
import subprocess
import sys

import ezdxf
import pdfplumber
import pikepdf
import pytest
from reportlab.graphics.shapes import Group, Path
from svglib.svglib import svg2rlg

from pnp import BUNDLED_GAMES
from pnp.export.cutdxf import SAGITTA, cut_dxf, cut_points
from pnp.export.printcut import CORNER, MARK_INSET, MARK_SQUARE
from pnp.export.writer import ExportOptions, export_games
from pnp.load.game import load_game
from pnp.sheets.printfile import Options

MM = 72 / 25.4
BLEED = 1.0


@pytest.fixture(scope="module")
def cut(tmp_path_factory):
    """Geheime Mission's cards (rounded), round chips and standee, Top Secret's hex agents:
    every shape a cut file draws. {component: (folder, its sheets' manifest entries)}"""
    out = tmp_path_factory.mktemp("dxf")
    found = {}
    for game, only in (("geheime-mission", ("agents", "chips", "officer")),
                       ("top-secret", ("agents",))):
        export_games([load_game(BUNDLED_GAMES / game)], out,
                     ExportOptions(format="cut", print=Options(bleed=BLEED), only=only))
        folder = out / game / "cut"
        manifest = json.loads((folder / "manifest.json").read_text())
        for comp in only:
            found[f"{game}/{comp}"] = (folder, [f for f in manifest["files"]
                                                if f.get("file", "").startswith(f"{comp}-cut-")])
    return found


SHAPES = {"geheime-mission/agents": "card", "geheime-mission/chips": "round",
          "geheime-mission/officer": "square", "top-secret/agents": "hex"}


def dxf_boxes(path, sheet_h: float) -> list[tuple]:
    """Each closed polyline's box (x0, top, x1, bottom), mm from the page's top left."""
    doc = ezdxf.readfile(path)
    assert doc.header["$INSUNITS"] == 4 and doc.header["$MEASUREMENT"] == 1  # mm
    boxes = []
    for entity in doc.modelspace():
        assert entity.dxftype() == "POLYLINE" and entity.is_closed
        xs = [v.dxf.location.x for v in entity.vertices]
        ys = [v.dxf.location.y for v in entity.vertices]
        boxes.append((min(xs), sheet_h - max(ys), max(xs), sheet_h - min(ys)))
    return boxes


def svg_boxes(path) -> list[tuple]:
    """Each SVG path's box in the SVG's own units (mm, y down), as svglib parses it."""
    found = []

    def walk(node):
        for child in getattr(node, "contents", []):
            if isinstance(child, Path):
                found.append(child.getBounds())
            elif isinstance(child, Group):
                walk(child)
    walk(svg2rlg(str(path)))
    return found


def assert_pairs(ours: list, theirs: list, name: str) -> None:
    """Each of our boxes is one of theirs, each of theirs matched once, to 0.1 mm."""
    matched = set()
    for a in ours:
        gaps = [max(abs(p - q) for p, q in zip(a, b, strict=True)) for b in theirs]
        best = min(range(len(theirs)), key=gaps.__getitem__)
        assert gaps[best] < 0.1 and best not in matched, (name, a, theirs[best], gaps[best])
        matched.add(best)


def test_every_sheet_has_a_dxf_with_the_svgs_outlines(cut):
    for name, (folder, entries) in cut.items():
        svgs = [e for e in entries if e["file"].endswith(".svg")]
        dxfs = [e for e in entries if e["file"].endswith(".dxf")]
        assert svgs and [e["file"] for e in dxfs] == [e["file"][:-4] + ".dxf" for e in svgs]
        for svg, dxf in zip(svgs, dxfs, strict=True):
            assert dxf["units"] == "mm" and dxf["pieces"] == svg["pieces"]
            assert dxf["sheet_mm"] == svg["sheet_mm"]
            ours = dxf_boxes(folder / dxf["file"], dxf["sheet_mm"][1])
            theirs = svg_boxes(folder / svg["file"])
            assert len(ours) == len(theirs) == svg["pieces"], name
            assert_pairs(ours, theirs, name)
            assert dxf["cuts_at_mm"] == [round(min(b[0] for b in ours), 2),
                                         round(min(b[1] for b in ours), 2)]


def placed_trims(pdf_path, page_index: int) -> tuple[list[tuple], tuple]:
    """The pieces a sheet's page prints, each box shrunk by its bleed to its trim, and the
    registration square's top left: all mm from the page's top left."""
    with pdfplumber.open(pdf_path) as pdf:
        page = pdf.pages[page_index]
        square = [(r["x0"] / MM, r["top"] / MM) for r in page.rects
                  if r["fill"] and abs(r["width"] / MM - MARK_SQUARE) < 0.01
                  and abs(r["height"] / MM - MARK_SQUARE) < 0.01]
        height = page.height / MM
    assert len(square) == 1
    trims = []
    with pikepdf.open(pdf_path) as pdf:
        page = pdf.pages[page_index]
        ctm = None
        for operands, op in pikepdf.parse_content_stream(page):
            if str(op) == "cm":
                ctm = [float(v) for v in operands]
            elif str(op) == "Do":
                x0, y0, x1, y1 = (float(v) for v in page.Resources.XObject[operands[0]].BBox)
                a, _, _, d, e, f = ctm
                left, right = (a * x0 + e) / MM, (a * x1 + e) / MM
                bottom, top = (d * y0 + f) / MM, (d * y1 + f) / MM
                trims.append((left + BLEED, height - top + BLEED, right - BLEED,
                              height - bottom - BLEED))
    return trims, square[0]


def test_the_outlines_lie_on_the_printed_trims_from_the_marks(cut):
    """Measured from the marks a cutter reads: each outline is the trim of a piece the PDF
    prints at its own size (the piece with its bleed, unscaled), to 0.1 mm."""
    for name, (folder, entries) in cut.items():
        pdf_path = folder / f"{name.split('/')[1]}.pdf"
        for entry in (e for e in entries if e["file"].endswith(".dxf")):
            page_index = 2 * (entry["sheet"] - 1)  # a page of backs after each
            trims, (sx, sy) = placed_trims(pdf_path, page_index)
            assert (round(sx, 2), round(sy, 2)) == (MARK_INSET, MARK_INSET)
            ours = [(x0 - sx, t - sy, x1 - sx, b - sy)
                    for x0, t, x1, b in dxf_boxes(folder / entry["file"], entry["sheet_mm"][1])]
            printed = [(x0 - sx, t - sy, x1 - sx, b - sy) for x0, t, x1, b in trims]
            assert len(ours) == len(printed) == entry["pieces"]
            assert_pairs(ours, printed, name)


@pytest.mark.parametrize("shape", ["card", "round", "hex", "square"])
def test_each_shape_is_its_true_outline_within_the_sagitta(shape):
    w, h = {"card": (63.0, 88.0), "round": (26.0, 26.0), "hex": (26.0, 26.0 * 3 ** 0.5 / 2),
            "square": (44.0, 124.0)}[shape]
    points = cut_points(shape, 10.0, 20.0, w, h)
    cx, cy = 10.0 + w / 2, 20.0 + h / 2
    if shape == "round":
        assert all(abs(math.dist(p, (cx, cy)) - w / 2) < 1e-9 for p in points)
        # the chord between two vertices strays from the circle by at most the sagitta
        chord = math.dist(points[0], points[1])
        assert w / 2 - math.sqrt((w / 2) ** 2 - (chord / 2) ** 2) <= SAGITTA
    elif shape == "hex":
        assert len(points) == 6
        assert all(abs(math.dist(p, (cx, cy)) - w / 2) < 1e-9 for p in points)
    elif shape == "card":  # the corners' vertices on their arcs, the sides straight
        r = CORNER
        for px, py in points:
            ccx = min(max(px, 10.0 + r), 10.0 + w - r)
            ccy = min(max(py, 20.0 + r), 20.0 + h - r)
            if (ccx, ccy) != (px, py):
                assert abs(math.dist((px, py), (ccx, ccy)) - r) < 1e-9
        assert len(points) > 8
    else:
        assert points == [(10.0, 20.0), (54.0, 20.0), (54.0, 144.0), (10.0, 144.0)]
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    assert (min(xs), min(ys), max(xs), max(ys)) == pytest.approx((10, 20, 10 + w, 20 + h),
                                                                 abs=1e-9)


def test_the_same_sheet_gives_the_same_bytes():
    outlines = [cut_points("card", 20, 20, 63, 88), cut_points("round", 90, 20, 26, 26)]
    first = cut_dxf(outlines, (210.0, 297.0))
    assert cut_dxf(outlines, (210.0, 297.0)) == first
    assert not ezdxf.options.write_fixed_meta_data_for_testing  # left as it was


def test_ezdxf_is_imported_only_to_write_a_dxf():
    """pnp's other exports (and `pnp --help`) do not pay for ezdxf and numpy."""
    code = ("import sys, pnp.cli.main, pnp.export.writer, pnp.export.cutexport, "
            "pnp.export.cutdxf; print(sorted(m for m in sys.modules "
            "if m.split('.')[0] in ('ezdxf', 'numpy')))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0 and done.stdout.strip() == "[]", done.stdout + done.stderr
