"""Print-and-cut (`pnp export --format cut`, issue 34), read back: Silhouette's Type 1
registration marks where Silhouette Studio looks for them, every piece clear of them,
a cut file a sheet whose outlines lie on the printed pieces, backs behind their fronts;
Cricut's Print Then Cut sheets at 6.75 x 9.25 in, transparent outside the cuts."""

import json
import re

import pdfplumber
import pypdfium2 as pdfium
import pytest
from PIL import Image

from pnp import BUNDLED_GAMES
from pnp.cli.main import main
from pnp.export.printcut import CLEAR, MARK_INSET, MARK_LEN, MARK_LINE, MARK_SQUARE
from pnp.export.writer import ExportOptions, export_games
from pnp.load.game import load_game
from pnp.sheets.printfile import Options
from tests.test_cutdxf import dxf_boxes

MM = 72 / 25.4


@pytest.fixture(scope="module")
def silhouette(tmp_path_factory):
    out = tmp_path_factory.mktemp("cut")
    export_games([load_game(BUNDLED_GAMES / "top-secret")], out,
                 ExportOptions(format="cut", print=Options(bleed=1.0)))
    folder = out / "top-secret" / "cut"
    return folder, json.loads((folder / "manifest.json").read_text())


def cut_paths(svg: str) -> list[tuple]:
    """Each outline's box (x0, top, x1, bottom) in mm, from its path's numbers."""
    boxes = []
    for d in re.findall(r' d="([^"]+)"', svg):
        if " A " in d:  # a circle: M x-r cy A r r 0 1 0 x+r cy ...
            parts = d.split()
            x0, cy, r = float(parts[1]), float(parts[2]), float(parts[4])
            boxes.append((x0, cy - r, x0 + 2 * r, cy + r))
        else:
            xs = [float(v) for v in re.findall(r"([\d.]+) [\d.]+", d.replace("M ", ""))]
            ys = [float(v) for v in re.findall(r"[\d.]+ ([\d.]+)", d.replace("M ", ""))]
            boxes.append((min(xs), min(ys), max(xs), max(ys)))
    return boxes


def test_silhouettes_marks_where_its_studio_looks_for_them(silhouette):
    folder, manifest = silhouette
    with pdfplumber.open(folder / "intel.pdf") as pdf:
        page = pdf.pages[0]
        w, h = page.width / MM, page.height / MM
        assert sorted((round(w, 1), round(h, 1))) == [210.0, 297.0]
        rects = sorted((round(r["x0"] / MM, 2), round(r["top"] / MM, 2),
                        round(r["width"] / MM, 2), round(r["height"] / MM, 2))
                       for r in page.rects if r["fill"])
    i, n, t, s = MARK_INSET, MARK_LEN, MARK_LINE, MARK_SQUARE
    assert (i, i, s, s) in rects  # the square, top left
    assert (round(w - i - n, 2), i, n, t) in rects and (round(w - i - t, 2), i, t, n) in rects
    assert (i, round(h - i - t, 2), n, t) in rects and (i, round(h - i - n, 2), t, n) in rects


def test_every_piece_is_clear_of_the_marks_and_on_its_cut_line(silhouette):
    folder, manifest = silhouette
    sheets = [f for f in manifest["files"] if f.get("file", "").startswith("agents-cut-")
              and f["file"].endswith(".svg")]  # and beside each its .dxf (test_cutdxf.py)
    pdf = pdfium.PdfDocument(folder / "agents.pdf")
    assert sheets and len(pdf) == 2 * len(sheets)  # a page of backs each
    for entry in sheets:
        w, h = entry["sheet_mm"]
        boxes = cut_paths((folder / entry["file"]).read_text())
        assert len(boxes) == entry["pieces"]
        edge, square = MARK_INSET + MARK_LINE + CLEAR, MARK_INSET + MARK_SQUARE + CLEAR
        for x0, top, x1, bottom in boxes:  # the trim, and the 1 mm bleed round it
            assert x0 - 1 >= square - 1e-3 and top - 1 >= square - 1e-3
            assert x1 + 1 <= w - edge + 1e-3 and bottom + 1 <= h - edge + 1e-3
        dpi = 50
        image = pdf[2 * (entry["sheet"] - 1)].render(scale=dpi / 72).to_pil().convert("RGB")
        first_row = min(top for _, top, _, _ in boxes)
        for x0, top, x1, _bottom in boxes:  # drawn inside its cut; the top row: paper above
            middle = round((x0 + x1) / 2 / 25.4 * dpi)
            assert image.getpixel((middle, round((top + 2) / 25.4 * dpi))) != (255, 255, 255)
            if top == first_row:
                above = image.getpixel((middle, round((top - 2.5) / 25.4 * dpi)))
                assert above == (255, 255, 255)


def test_cricut_sheets_are_print_then_cuts_size_transparent_outside_the_cuts(tmp_path):
    export_games([load_game(BUNDLED_GAMES / "top-secret")], tmp_path,
                 ExportOptions(format="cut", cutter="cricut", only=("markers",)))
    folder = tmp_path / "top-secret" / "cut"
    image = Image.open(folder / "markers-1.png")
    assert image.size == (2025, 2775) and image.mode == "RGBA"  # 6.75 x 9.25 in, 300 dpi
    boxes = cut_paths((folder / "markers-cut-1.svg").read_text())
    alpha = image.getchannel("A")
    for x0, top, x1, bottom in boxes:  # round: opaque in the middle, clear in the corner
        px = [round(v / 25.4 * 300) for v in (x0, top, x1, bottom)]
        assert alpha.getpixel(((px[0] + px[2]) // 2, (px[1] + px[3]) // 2)) == 255
        assert alpha.getpixel((px[0] + 2, px[1] + 2)) == 0
    assert (folder / "markers-1-backs.png").is_file()
    dxf = dxf_boxes(folder / "markers-cut-1.dxf", 9.25 * 25.4)  # the same cuts
    assert len(dxf) == len(boxes)
    for a in dxf:
        assert min(max(abs(p - q) for p, q in zip(a, b, strict=True)) for b in boxes) < 0.1


@pytest.mark.parametrize("extra,said", [
    (["--format", "png", "--cutter", "cricut"], "--cutter does not apply to --format png"),
    (["--format", "cut", "--duplex", "short"], "--duplex does not apply to --format cut")])
def test_what_a_cutter_sets_is_refused(tmp_path, capsys, extra, said):
    assert main(["export", "top-secret", *extra, "--out", str(tmp_path / "o")]) == 2
    assert said in capsys.readouterr().err
