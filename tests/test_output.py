"""What the PDFs carry: embedded fonts, selectable ids, legible text, determinism."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys

import pytest
from conftest import ATS, EXAMPLE
from pdfread import manifest, pages, print_files
from pypdf import PdfReader

from pnp.draw.renderer import MIN_TEXT_PT
from pnp.load.game import load_game
from pnp.plan.impose import PAPERS
from pnp.sheets.build import Options, build_game
from pnp.sheets.tiles import TILE_MARGIN

GAMES = [EXAMPLE, ATS]


@pytest.mark.parametrize("game", GAMES, ids=lambda p: p.name)
def test_every_font_is_embedded(build, game):
    folder, _ = build(game)
    fonts = 0
    for pdf in print_files(folder):
        for page in PdfReader(pdf).pages:
            resources = page.get("/Resources") or {}
            for font in (resources.get("/Font") or {}).values():
                font = font.get_object()
                descendants = font.get("/DescendantFonts")
                target = descendants[0].get_object() if descendants else font
                descriptor = target.get("/FontDescriptor")
                assert descriptor is not None, f"{pdf.name}: {font.get('/BaseFont')}"
                descriptor = descriptor.get_object()
                assert any(k in descriptor for k in ("/FontFile2", "/FontFile", "/FontFile3")), \
                    f"{pdf.name}: {font.get('/BaseFont')} is not embedded"
                fonts += 1
    assert fonts


@pytest.mark.parametrize("game", GAMES, ids=lambda p: p.name)
def test_printed_ids_are_selectable_text(build, game):
    folder, _ = build(game)
    data = manifest(folder)
    checked = 0
    for entry in data["items"]:
        if entry["side"] != "front" or entry["component"] not in ("defense", "encounter",
                                                                  "crew", "base-areas"):
            continue
        text = pages(str(folder / entry["file"]))[entry["page"] - 1]["text"]
        printed = entry.get("printed_id", entry["item"])  # a player's copy: D1-01 of D1-01-red
        assert printed in text, f"{printed} not extractable from {entry['file']}"
        checked += 1
    assert checked


@pytest.mark.parametrize("game", GAMES, ids=lambda p: p.name)
def test_no_text_on_a_piece_below_the_minimum_size(build, game):
    folder, result = build(game)
    assert not result.warnings, result.warnings
    by_page: dict = {}
    for entry in manifest(folder)["items"]:
        by_page.setdefault((entry["file"], entry["page"]), []).append(entry["trim"])
    small = []
    for (file, number), rects in by_page.items():
        page = pages(str(folder / file))[number - 1]
        pw, ph = page["size"]
        # a board tile overhangs its page: only what lies in the printed window counts
        rects = [_clip(r, (TILE_MARGIN, TILE_MARGIN, pw - 2 * TILE_MARGIN,
                           ph - 2 * TILE_MARGIN)) for r in rects]
        for text, size, x, y, _ in page["chars"]:
            inside = any(rx <= x <= rx + rw and ry <= y <= ry + rh for rx, ry, rw, rh in rects)
            if inside and text.strip() and size < MIN_TEXT_PT - 0.01:
                small.append((file, number, text, size))
    assert not small, small[:10]


def _clip(rect, window):
    x0, y0 = max(rect[0], window[0]), max(rect[1], window[1])
    x1 = min(rect[0] + rect[2], window[0] + window[2])
    y1 = min(rect[1] + rect[3], window[1] + window[3])
    return (x0, y0, max(0.0, x1 - x0), max(0.0, y1 - y0))


def test_text_that_cannot_fit_warns_naming_card_and_field(tmp_path):
    game_dir = tmp_path / "g"
    subprocess.run([sys.executable, "-m", "pnp", "new", str(game_dir)], check=True)
    data = game_dir / "crew.yaml"
    data.write_text(data.read_text().replace(
        "Repair: return one played card to your hand.", "Repair " * 400))
    result = build_game(load_game(game_dir), tmp_path / "out", Options())
    assert any("crew 'C-02' front" in w and "({text})" in w and "minimum size" in w
               for w in result.warnings), result.warnings


@pytest.mark.parametrize("game", GAMES, ids=lambda p: p.name)
def test_rebuilds_are_byte_identical(tmp_path, game):
    one = build_game(load_game(game), tmp_path / "a", Options())
    two = build_game(load_game(game), tmp_path / "b", Options())
    assert [p.name for p in one.files] == [p.name for p in two.files]
    for a, b in zip(one.files, two.files, strict=True):
        assert a.read_bytes() == b.read_bytes(), a.name


def test_first_page_of_each_file_has_the_calibration_bar_and_every_page_a_label(build):
    folder, _ = build(EXAMPLE)
    for pdf in print_files(folder):
        read = pages(str(pdf))
        assert "50 mm" in read[0]["text"]
        bar = [ln for ln in read[0]["lines"] if ln[4] == 0.6 and abs(ln[1] - ln[3]) < 0.01]
        assert any(abs(abs(ln[2] - ln[0]) - 50.0) <= 0.1 for ln in bar), pdf.name
        for number, page in enumerate(read, start=1):
            assert f"page {number}/{len(read)}" in page["text"].replace("\n", " "), pdf.name
            assert "Star Patrol" in page["text"]


def test_new_game_builds_from_the_cli(tmp_path):
    game_dir = tmp_path / "my-game"
    done = subprocess.run([sys.executable, "-m", "pnp", "new", str(game_dir)],
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    done = subprocess.run([sys.executable, "-m", "pnp", "build", str(game_dir), "--out",
                           str(tmp_path / "out"), "--paper", "letter"],
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    names = sorted(p.name for p in (tmp_path / "out" / "my-game").iterdir())
    assert names == ["crew.pdf", "manifest.json", "print-guide.pdf", "rules.pdf",
                     "tokens-and-dice.pdf"]
    done = subprocess.run([sys.executable, "-m", "pnp", "new", str(game_dir)],
                          capture_output=True, text=True)
    assert done.returncode == 2 and "not empty" in done.stderr


def test_text_fit_warnings_come_once_per_item_at_the_cards_line(tmp_path):
    game_dir = tmp_path / "g"
    subprocess.run([sys.executable, "-m", "pnp", "new", str(game_dir)], check=True)
    data = game_dir / "crew.yaml"
    data.write_text(data.read_text().replace(
        "id: C-02,", "id: C-02, copies: 3,").replace(
        "Repair: return one played card to your hand.", "Repair " * 400))
    game = game_dir / "game.yaml"
    game.write_text(game.read_text().replace("count: 6,", "count: 8,").replace(
        "per: [{field: suit, count: 2}]", "per: []"))
    result = build_game(load_game(game_dir), tmp_path / "out", Options())
    fit = [w for w in result.warnings if "minimum size" in w]
    assert len(fit) == 1, fit
    assert re.match(r".*crew\.yaml:3:\d+: crew 'C-02' front: text \(\{text\}\) does not fit",
                    fit[0]), fit


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_a_page_sized_sheet_fills_one_page_of_either_paper(tmp_path, paper):
    game_dir = tmp_path / "g"
    shutil.copytree(EXAMPLE, game_dir)
    game = game_dir / "game.yaml"
    game.write_text(game.read_text().replace("size: a5", "size: page"))
    result = build_game(load_game(game_dir), tmp_path / "out", Options(paper=paper))
    assert not result.warnings, result.warnings
    sheet = [i for i in result.manifest if i["component"] == "rules"]
    assert len(sheet) == 1 and sheet[0]["page"] == 1
    width, height = PAPERS[paper]
    x, y, w, h = sheet[0]["trim"]
    room = 5 + 3 + 2.5  # printer margin, bleed, crop marks (1 mm off the bleed, >= 1.5 mm)
    assert abs(w - (width - 2 * room)) <= 0.1 and abs(h - (height - 2 * room)) <= 0.1
    assert abs(x - room) <= 0.1 and abs(y - room) <= 0.1


def test_a_sheet_tiled_only_because_of_the_margins_is_warned_of(tmp_path, capsys):
    game_dir = tmp_path / "g"
    shutil.copytree(EXAMPLE, game_dir)
    game = game_dir / "game.yaml"
    game.write_text(game.read_text().replace("size: a5", "size: a4"))
    result = build_game(load_game(game_dir), tmp_path / "out", Options())
    warning = [w for w in result.warnings if "tiled" in w]
    assert len(warning) == 1 and "game.yaml:28:11:" in warning[0], result.warnings
    assert "the largest size that fits one A4 page is 189 x 276 mm (size: page)" in warning[0]


def test_the_manifest_is_written_one_piece_a_line(build, tmp_path):
    folder, result = build(EXAMPLE)
    text = (folder / "manifest.json").read_text()
    assert manifest(folder)["items"] == result.manifest
    pages = manifest(folder)["pages"]
    assert pages and pages == result.page_list
    # the head, a line a page, the pages' end with the items' start, a line a piece, the end
    assert text.count("\n") == len(pages) + len(result.manifest) + 3
    assert text.endswith("\n]}\n")
    empty = tmp_path / "empty"
    shutil.copytree(EXAMPLE, empty)
    (empty / "crew.yaml").write_text("cards: []\n")
    (empty / "game.yaml").write_text(re.sub(r"\n  - id: rules.*", "\n", (empty / "game.yaml")
                                            .read_text(), flags=re.S).replace(
        "rules: {count: 6, unique: [id, name], per: [{field: suit, count: 2}]}", ""))
    build_game(load_game(empty), tmp_path / "out", Options())
    assert (tmp_path / "out" / "star-patrol" / "manifest.json").read_text().endswith(
        '"items": []}\n')
