"""Paper sizes (issue 34, section 3): A3, US Tabloid and US Legal beside A4 and Letter,
each page at the paper's exact size, and a mat on one sheet where the paper holds it
with its bleed and crop marks inside the printer margin (tiled only where it does not)."""

from __future__ import annotations

from collections import Counter

import pytest
from conftest import ATS, EXAMPLE, edit
from pdfread import manifest, pages
from pypdf import PdfReader

from pnp.cli.main import main
from pnp.load.game import load_game
from pnp.plan.impose import PAPERS
from pnp.sheets.build import Options, build_game

PT = 25.4 / 72
# The published sizes, written out here rather than read from the code under test.
EXACT = {"a4": (210.0, 297.0), "letter": (215.9, 279.4), "a3": (297.0, 420.0),
         "tabloid": (279.4, 431.8), "legal": (215.9, 355.6)}


def test_every_paper_size_is_offered():
    assert PAPERS == EXACT


@pytest.mark.parametrize("paper", sorted(EXACT))
def test_every_page_has_the_papers_exact_mediabox(build, paper):
    folder, _ = build(EXAMPLE, paper=paper)
    width, height = EXACT[paper]
    for pdf in folder.glob("*.pdf"):
        for page in PdfReader(pdf).pages:
            box = page.mediabox
            size = sorted((float(box.width) * PT, float(box.height) * PT))
            assert size == pytest.approx(sorted((width, height)), abs=0.01), (pdf.name, size)
            assert (float(box.left), float(box.bottom)) == (0.0, 0.0)


def test_the_paper_is_named_on_the_command_line(tmp_path, capsys):
    assert main(["build", str(EXAMPLE), "--paper", "tabloid", "--out", str(tmp_path),
                 "--quiet"]) == 0
    with pytest.raises(SystemExit):
        main(["build", str(EXAMPLE), "--paper", "b4", "--out", str(tmp_path)])
    assert "a3" in capsys.readouterr().err


def tile_pages(folder, component: str) -> Counter:
    """Pages of each printed copy of a component (a tiled mat: one a tile)."""
    return Counter((e["item"], e.get("player"), e["copy"]) for e in manifest(folder)["items"]
                   if e["component"] == component)


def test_the_player_mat_is_one_sheet_on_a3_and_tabloid(build):
    """Above Top Secret's 399 x 250 mm playmat: 3 A4 tiles each, one sheet of A3 or
    Tabloid (their printable width with bleed and crop marks is 399 and 410.8 mm;
    tests/test_whole_mats.py measures where it lies)."""
    for paper, tiles in (("a4", 3), ("a3", 1), ("tabloid", 1)):
        folder, _ = build(ATS, paper=paper)
        counts = tile_pages(folder, "playmat")
        assert counts and set(counts.values()) == {tiles}, (paper, counts)
        read = pages(str(folder / "playmat.pdf"))
        assert len(read) == tiles * len(counts)
        for page in read:
            assert sorted(page["size"]) == pytest.approx(sorted(EXACT[paper]), abs=0.1)


@pytest.fixture
def mat_game(game):
    """The example game with its rules sheet made a 390 x 255 mm mat: wider than A4,
    inside the printable area of A3 (399 x 276 mm with 3 mm bleed and crop marks) and
    of Tabloid (410.8 x 258.4 mm)."""
    edit(game / "game.yaml", "size: a5", "size: [390, 255]")
    return game


def crop_cuts(page) -> tuple:
    """The x of the vertical crop marks and the y of the horizontal ones (mm)."""
    xs, ys = set(), set()
    for x0, y0, x1, y1, width in page["lines"]:
        if width == 0.5 and abs(x1 - x0) < 0.01:
            xs.add(round(x0, 2))
        elif width == 0.5 and abs(y1 - y0) < 0.01:
            ys.add(round(y0, 2))
    return sorted(xs), sorted(ys)


@pytest.mark.parametrize("paper", ["a3", "tabloid"])
def test_a_mat_that_fits_the_paper_is_one_sheet_cut_at_its_size(mat_game, tmp_path, paper):
    build_game(load_game(mat_game), tmp_path, Options(paper=paper))
    folder = tmp_path / "star-patrol"
    read = pages(str(folder / "rules.pdf"))
    assert len(read) == 1
    assert sorted(read[0]["size"]) == pytest.approx(sorted(EXACT[paper]), abs=0.1)
    assert read[0]["size"][0] > read[0]["size"][1]  # turned to hold the mat
    (entry,) = [e for e in manifest(folder)["items"] if e["component"] == "rules"]
    x, y, w, h = entry["trim"]
    assert (w, h) == pytest.approx((390, 255), abs=0.1)
    xs, ys = crop_cuts(read[0])
    assert xs == pytest.approx([x, x + 390], abs=0.1)
    assert ys == pytest.approx([y, y + 255], abs=0.1)


def test_the_same_mat_is_tiled_on_a4(mat_game, tmp_path):
    build_game(load_game(mat_game), tmp_path, Options(paper="a4"))
    assert len(pages(str(tmp_path / "star-patrol" / "rules.pdf"))) == 3  # 1 x 3 tiles
