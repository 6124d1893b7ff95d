"""Cut guides and the gutter (issue 34, section 3): --cut-guides draws a thin line along
every cut from printer margin to printer margin (margins: only on bare paper; across: over
the fronts too, never over a back); --gutter sets the space between cards, each keeping
its full bleed from 2 x bleed up and half the gutter below that. Read back from the PDFs."""

from __future__ import annotations

from collections import defaultdict

import pdfplumber
import pytest
from conftest import EXAMPLE
from pdfread import manifest

from pnp.cli.main import main
from pnp.sheets.sheetpdf import bleed_sides

PT = 25.4 / 72
TOL = 0.05
MARGIN, BLEED, GAP = 5.0, 3.0, 1.0
GUIDE_PT = 0.25


def guides(pdf_path) -> list:
    """Per page: (size, [(x0, y0, x1, y1)] of the 0.25 pt lines) in mm."""
    out = []
    with pdfplumber.open(pdf_path) as pdf:
        for page in pdf.pages:
            h = float(page.height)
            found = [(float(ln["x0"]) * PT, (h - float(ln["bottom"])) * PT,
                      float(ln["x1"]) * PT, (h - float(ln["top"])) * PT)
                     for ln in page.lines if round(float(ln["linewidth"]), 2) == GUIDE_PT]
            out.append(((float(page.width) * PT, h * PT), found))
    return out


def crew(folder) -> dict:
    """The crew deck's pieces by (page, side): their trim boxes."""
    found = defaultdict(list)
    for entry in manifest(folder)["items"]:
        if entry["component"] == "crew":
            found[entry["page"], entry["side"]].append(entry["trim"])
    return found


def cuts(rects, axis: int) -> set:
    """The cut lines of trim boxes: their x (axis 0) or y (axis 1) edges."""
    return {round(r[axis] + d, 3) for r in rects for d in (0, r[axis + 2])}


def crosses(line, rect, grow) -> bool:
    x0, y0, x1, y1 = line
    x, y, w, h = rect
    return not (x1 <= x - grow + TOL or x0 >= x + w + grow - TOL or y1 <= y - grow + TOL
                or y0 >= y + h + grow - TOL)


@pytest.mark.parametrize("gutter", [0.0, 2.0, 8.0])
def test_the_gutter_is_the_space_between_cards(build, gutter):
    folder, _ = build(EXAMPLE, gutter=gutter)
    rects = crew(folder)[1, "front"]
    xs = sorted({x for x, _, _, _ in rects})
    assert len(xs) >= 2
    assert [b - a for a, b in zip(xs, xs[1:], strict=False)] == \
        pytest.approx([63 + gutter] * (len(xs) - 1), abs=0.01)


def test_a_gutter_under_two_bleeds_shares_it_between_the_cards():
    left, right = (0, 0, 63, 88), (65, 0, 63, 88)  # 2 mm apart
    assert bleed_sides(left, [left, right], 3.0) == (3.0, 3.0, 1.0, 3.0)
    assert bleed_sides(right, [left, right], 3.0) == (1.0, 3.0, 3.0, 3.0)
    abutting = (63, 0, 63, 88)
    assert bleed_sides(left, [left, abutting], 3.0) == (3.0, 3.0, 0.0, 3.0)
    apart = (69, 0, 63, 88)  # 2 x bleed: each its full bleed
    assert bleed_sides(left, [left, apart], 3.0) == (3.0, 3.0, 3.0, 3.0)


def test_without_the_option_there_are_no_guides(build):
    folder, _ = build(EXAMPLE)
    assert not any(lines for _, lines in guides(folder / "crew.pdf"))


@pytest.mark.parametrize("gutter", [0.0, 8.0])
def test_margin_guides_run_to_the_printer_margin_and_never_over_a_piece(build, gutter):
    folder, _ = build(EXAMPLE, cut_guides="margins", gutter=gutter)
    placed = crew(folder)
    for number, ((pw, ph), lines) in enumerate(guides(folder / "crew.pdf"), start=1):
        rects = placed.get((number, "front")) or placed[number, "back"]
        assert lines
        for line in lines:
            assert not any(crosses(line, rect, BLEED + GAP) for rect in rects), line
            assert min(line[0], line[1], pw - line[2], ph - line[3]) >= MARGIN - TOL
        # every cut has its guide, out to the printer margin at both ends
        for cut in cuts(rects, 0):
            on = [ln for ln in lines if abs(ln[0] - cut) < TOL and abs(ln[2] - cut) < TOL]
            assert min(ln[1] for ln in on) == pytest.approx(MARGIN, abs=TOL)
            assert max(ln[3] for ln in on) == pytest.approx(ph - MARGIN, abs=TOL)
        for cut in cuts(rects, 1):
            on = [ln for ln in lines if abs(ln[1] - cut) < TOL and abs(ln[3] - cut) < TOL]
            assert min(ln[0] for ln in on) == pytest.approx(MARGIN, abs=TOL)
            assert max(ln[2] for ln in on) == pytest.approx(pw - MARGIN, abs=TOL)


def test_guides_across_cross_the_fronts_but_not_the_backs(build):
    folder, _ = build(EXAMPLE, cut_guides="across")
    placed = crew(folder)
    sides = {side for _, side in placed}
    assert sides == {"front", "back"}
    for number, ((_, ph), lines) in enumerate(guides(folder / "crew.pdf"), start=1):
        if (number, "front") in placed:
            rects = placed[number, "front"]
            for cut in cuts(rects, 0):
                assert any(abs(ln[0] - cut) < TOL and ln[3] - ln[1] == pytest.approx(
                    ph - 2 * MARGIN, abs=TOL) for ln in lines), cut
        else:
            rects = placed[number, "back"]
            assert lines and not any(crosses(ln, r, BLEED + GAP) for ln in lines
                                     for r in rects)


def test_separated_and_a_gutter_are_not_both_given(tmp_path, capsys):
    assert main(["build", str(EXAMPLE), "--separated", "--gutter", "4", "--out",
                 str(tmp_path)]) == 2
    assert "--gutter" in capsys.readouterr().err
    assert not any(tmp_path.iterdir())


def test_the_help_states_the_gutter_rule(capsys):
    with pytest.raises(SystemExit):
        main(["build", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    assert "2 x bleed" in text and "--cut-guides" in text
