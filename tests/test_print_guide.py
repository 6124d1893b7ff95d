"""The print guide every build writes (pnp/sheets/guide.py, issue 34), read back: on the
build's paper, nothing within the printer margin, fonts embedded, and each print file
with the sheets the manifest counts, how to print it and what it holds; the cutting
order for what the game has."""

import json

import pdfplumber
import pytest
from pypdf import PdfReader

from pnp import BUNDLED_GAMES
from pnp.load.game import load_game
from pnp.sheets.build import build_game
from pnp.sheets.printfile import Options

MM = 72 / 25.4


@pytest.fixture(scope="module", params=[("above-top-secret", "a4"), ("top-secret", "letter")])
def built(request, tmp_path_factory):
    game_id, paper = request.param
    out = tmp_path_factory.mktemp(game_id)
    result = build_game(load_game(BUNDLED_GAMES / game_id), out, Options(paper=paper))
    folder = result.folder
    return paper, folder, json.loads((folder / "manifest.json").read_text())


def test_on_the_builds_paper_clear_of_the_printer_margin_fonts_embedded(built):
    paper, folder, _ = built
    size = {"a4": (210, 297), "letter": (215.9, 279.4)}[paper]
    with pdfplumber.open(folder / "print-guide.pdf") as pdf:
        assert len(pdf.pages) == 1
        page = pdf.pages[0]
        assert (page.width / MM, page.height / MM) == pytest.approx(size, abs=0.1)
        things = page.chars + page.lines + page.rects
        assert things
        assert min(min(t["x0"], t["top"], page.width - t["x1"], page.height - t["bottom"])
                   for t in things) >= 5 * MM
    for font in PdfReader(folder / "print-guide.pdf").pages[0]["/Resources"]["/Font"].values():
        assert "/FontFile2" in font.get_object()["/FontDescriptor"].get_object()


def test_every_print_file_with_its_sheets_and_how_to_print_it(built):
    _, folder, manifest = built
    with pdfplumber.open(folder / "print-guide.pdf") as pdf:
        text = pdf.pages[0].extract_text()
    by_file = {line.split()[0]: line.split(maxsplit=2)[1:] for line in text.splitlines()
               if line.split() and line.split()[0].endswith(".pdf")}  # file, sheets, print...
    files = {p["file"] for p in manifest["pages"]}
    assert set(by_file) == files
    for file in files:
        pages = [p for p in manifest["pages"] if p["file"] == file]
        sheets = sum(1 for p in pages if "back_of" not in p)
        count, rest = by_file[file]
        assert count == str(sheets)
        assert rest.startswith("both sides") == (len(pages) > sheets), file
    total = sum(1 for p in manifest["pages"] if "back_of" not in p)
    assert f"{total} sheets of" in text and "100 %" in text
    assert manifest["sheets"] == total


def test_the_cutting_order_names_what_the_game_has(built):
    _, folder, _ = built
    with pdfplumber.open(folder / "print-guide.pdf") as pdf:
        text = pdf.pages[0].extract_text()
    order = text[text.index("Cutting order"):]
    if "cards.pdf" in text:
        assert order.index("Cards:") < order.index("Tokens:")
    else:  # Top-Secret has no cards
        assert "Cards:" not in order
    assert "Tokens:" in order and "Dice:" in order and "Boards and mats:" in order
