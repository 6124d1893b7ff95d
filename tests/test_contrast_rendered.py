"""Text contrast measured on the printed pages, not declared: every run of text on
every piece of every bundled game, its fill colour from the PDF against the ground
the page really shows behind it (the most common colour under the run, away from
the ink, on the page rendered by pdfium), meets WCAG AA (4.5:1, or 3:1 from 18 pt,
or 14 pt bold). tests/test_contrast.py checks the games' declared colour pairs;
this catches what no declaration says: an element's own colour, a translucent
layer, text placed over the wrong ground."""

from __future__ import annotations

from collections import defaultdict
from pathlib import Path

import pdfplumber
import pypdfium2
import pytest

from pnp import BUNDLED_GAMES
from tests.pdfread import manifest
from tests.test_contrast import contrast

DPI = 200
PT_MM = 25.4 / 72
PRINTABLE = 5.0  # mm: nearer the paper edge is a tile's cut-away part, or page furniture


def rgb(char: dict) -> tuple:
    """A char's fill colour as 0-255 RGB (grey, RGB or CMYK in the PDF)."""
    colour = char.get("non_stroking_color") or (0,)
    if isinstance(colour, (int, float)):
        colour = (colour,)
    if len(colour) == 1:
        return (round(colour[0] * 255),) * 3
    if len(colour) == 3:
        return tuple(round(c * 255) for c in colour)
    c, m, y, k = colour
    return tuple(round(255 * (1 - x) * (1 - k)) for x in (c, m, y))


def far(a: tuple, b: tuple, distance: float) -> bool:
    return sum((x - y) ** 2 for x, y in zip(a, b, strict=True)) > distance ** 2


def runs(chars: list):
    """Chars in runs of one line, colour, size and font, broken at spaces."""
    run: list = []
    for c in chars:
        if run and (not c["text"].strip() or abs(c["top"] - run[-1]["top"]) > 0.5
                    or c["x0"] - run[-1]["x1"] > 2
                    or any(c[k] != run[-1][k] for k in ("non_stroking_color", "size",
                                                         "fontname"))):
            yield run
            run = []
        if c["text"].strip():
            run.append(c)
    if run:
        yield run


def low_contrast(folder: Path) -> list[str]:
    """Every run of text on a piece whose contrast is below WCAG AA, as
    'file p.N "text": ink on ground R:1 (needs N:1)'."""
    entries = manifest(folder)["items"]
    trims = defaultdict(list)
    for entry in entries:
        trims[(entry["file"], entry["page"])].append(entry["trim"])
    found = []
    for name in sorted({e["file"] for e in entries}):
        document = pypdfium2.PdfDocument(str(folder / name))
        with pdfplumber.open(folder / name) as pdf:
            for number, page in enumerate(pdf.pages, start=1):
                image = document[number - 1].render(scale=DPI / 72).to_pil().convert("RGB")
                for run in runs(page.chars):
                    problem = judge(run, page, image, trims[(name, number)])
                    if problem:
                        found.append(f"{name} p.{number} {problem}")
        document.close()
    return found


def judge(run: list, page, image, trims: list) -> str | None:
    x0, x1 = min(c["x0"] for c in run), max(c["x1"] for c in run)
    top, bottom = min(c["top"] for c in run), max(c["bottom"] for c in run)
    w, h = float(page.width) * PT_MM, float(page.height) * PT_MM
    left, right = x0 * PT_MM, x1 * PT_MM
    low, high = h - bottom * PT_MM, h - top * PT_MM  # from the bottom, as the manifest
    if not (left >= PRINTABLE and right <= w - PRINTABLE and low >= PRINTABLE
            and high <= h - PRINTABLE):
        return None
    if not any(t[0] <= left and right <= t[0] + t[2] and t[1] <= low and high <= t[1] + t[3]
               for t in trims):
        return None  # not on a piece: page furniture
    ink = rgb(run[0])
    k = DPI / 72
    crop = image.crop((int(x0 * k), int(top * k), max(int(x1 * k), int(x0 * k) + 1),
                       max(int(bottom * k), int(top * k) + 1)))
    colours = sorted(crop.getcolors(crop.width * crop.height) or [], reverse=True)[:24]
    if sum(n for n, c in colours if not far(c, ink, 12)) < 3:
        return None  # the text does not show: clipped away or covered
    grounds = [c for _, c in colours if far(c, ink, 80)]
    if not grounds:
        return None
    size, bold = float(run[0]["size"]), "Bold" in run[0]["fontname"]
    needed = 3.0 if size >= 18 or (size >= 14 and bold) else 4.5
    ink_hex, ground_hex = f"#{bytes(ink).hex()}", f"#{bytes(grounds[0]).hex()}"
    got = contrast(ink_hex, ground_hex)
    if got >= needed:
        return None
    text = "".join(c["text"] for c in run)[:30]
    return f'"{text}" {size:.1f} pt: {ink_hex} on {ground_hex} {got:.2f}:1 (needs {needed}:1)'


@pytest.mark.parametrize("game_id", sorted(p.name for p in BUNDLED_GAMES.iterdir()))
def test_printed_text_meets_wcag_aa_on_the_ground_it_is_printed_on(build, game_id):
    folder, _ = build(BUNDLED_GAMES / game_id)
    assert low_contrast(folder) == []


def test_a_low_contrast_text_is_found_where_it_is_printed(game, tmp_path):
    """The check can fail: pale grey rules text on the cream sheet, named with its file,
    page, text and both colours; the same sheet in its own dark ink passes."""
    from pnp.load.game import load_game
    from pnp.sheets.build import Options, build_game
    from tests.conftest import edit

    loaded = load_game(game)
    build_game(loaded, tmp_path / "dark", Options())
    assert low_contrast(tmp_path / "dark" / loaded.id) == []
    edit(game / "layouts.yaml", 'color: "#1b1b1b"', 'color: "#c8c8c8"')
    build_game(load_game(game), tmp_path / "pale", Options())
    found = low_contrast(tmp_path / "pale" / loaded.id)
    assert found and all(": #c8c8c8 on #fbf8f0 1.5" in f and "(needs 4.5:1)" in f
                         for f in found), found
