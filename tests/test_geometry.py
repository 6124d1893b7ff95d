"""Geometry read back from the built PDFs, to 0.1 mm."""

from __future__ import annotations

import pytest
from conftest import ATS, EXAMPLE
from pdfread import manifest, pages

from pnp.plan.impose import PAPERS
from pnp.plan.impose import PRINTER_MARGIN as MARGIN

TOL = 0.1
CROP_MARK_PT = 0.5
GAMES = [EXAMPLE, ATS]
SIZES = {("above-top-secret", "defense"): (63, 88), ("star-patrol", "crew"): (63, 88),
         ("above-top-secret", "reference"): (180, 250)}


def close(a, b, tol=TOL):
    return abs(a - b) <= tol


def items_by_file(folder):
    out: dict = {}
    for entry in manifest(folder)["items"]:
        out.setdefault(entry["file"], []).append(entry)
    return out


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("game", GAMES, ids=lambda p: p.name)
def test_page_sizes_and_trim_boxes_inside_margins(build, game, paper):
    folder, _ = build(game, paper=paper)
    data = manifest(folder)
    assert data["items"], "the manifest lists the printed items"
    for file, entries in items_by_file(folder).items():
        read = pages(str(folder / file))
        for entry in entries:
            pw, ph = read[entry["page"] - 1]["size"]
            assert {round(pw, 1), round(ph, 1)} == {round(v, 1) for v in PAPERS[paper]}
            x, y, w, h = entry["trim"]
            if entry["component"] == "playmat":
                continue  # tiles overhang their window by design
            assert x >= MARGIN - TOL and y >= MARGIN - TOL, entry
            assert x + w <= pw - MARGIN + TOL and y + h <= ph - MARGIN + TOL, entry
            key = (data["game"], entry["component"])
            if key in SIZES:
                assert (close(w, SIZES[key][0]) and close(h, SIZES[key][1])), entry


def _cut_lines(page, rects, bleed):
    """Crop marks: line segments wholly outside every bleed box."""

    def outside(seg):
        x0, y0, x1, y1, _ = seg
        for x, y, w, h in rects:
            if not (max(x0, x1) < x - bleed + 0.05 or min(x0, x1) > x + w + bleed - 0.05
                    or max(y0, y1) < y - bleed + 0.05 or min(y0, y1) > y + h + bleed - 0.05):
                return False
        return True

    return [seg[:4] for seg in page["lines"] if seg[4] == CROP_MARK_PT and outside(seg)]


@pytest.mark.parametrize("game", GAMES, ids=lambda p: p.name)
@pytest.mark.parametrize("separated", [False, True])
def test_crop_marks_on_every_cut_line_outside_the_cards(build, game, separated):
    folder, _ = build(game, separated=separated)
    bleed = manifest(folder)["bleed"]
    checked = 0
    for file, entries in items_by_file(folder).items():
        if entries[0]["component"] in ("tokens", "dice", "playmat"):
            continue
        read = pages(str(folder / file))
        by_page: dict = {}
        for entry in entries:
            by_page.setdefault(entry["page"], []).append(entry["trim"])
        for number, rects in by_page.items():
            marks = _cut_lines(read[number - 1], rects, bleed)
            vertical = [m for m in marks if close(m[0], m[2], 0.01)]
            horizontal = [m for m in marks if close(m[1], m[3], 0.01)]
            cut_x = {round(v, 1) for x, _, w, _ in rects for v in (x, x + w)}
            cut_y = {round(v, 1) for _, y, _, h in rects for v in (y, y + h)}
            for cx in cut_x:
                ends = [m for m in vertical if close(m[0], cx)]
                assert len(ends) >= 2, f"{file} p{number}: no crop marks for x={cx}"
            for cy in cut_y:
                ends = [m for m in horizontal if close(m[1], cy)]
                assert len(ends) >= 2, f"{file} p{number}: no crop marks for y={cy}"
            # every mark continues a cut line
            for m in vertical:
                assert any(close(m[0], cx) for cx in cut_x)
            for m in horizontal:
                assert any(close(m[1], cy) for cy in cut_y)
            checked += 1
    assert checked


def _flip(entry, page_size, mode):
    x, y, w, h = entry["trim"]
    pw, ph = page_size
    portrait = pw < ph
    if mode == "none":
        return (x, y)
    if mode == "fold":
        return None
    mirror_x = (mode == "long") == portrait
    return (pw - x - w, y) if mirror_x else (x, ph - y - h)


@pytest.mark.parametrize("mode", ["long", "short", "none", "fold"])
@pytest.mark.parametrize("game", GAMES, ids=lambda p: p.name)
def test_each_back_lies_exactly_behind_its_front(build, game, mode):
    folder, _ = build(game, duplex=mode)
    entries = manifest(folder)["items"]
    fronts = {(e["component"], e["item"], e["copy"]): e for e in entries if e["side"] == "front"}
    backs = [e for e in entries if e["side"] == "back"]
    assert backs
    for back in backs:
        front = fronts[(back["component"], back.get("behind", back["item"]), back["copy"])]
        read = pages(str(folder / back["file"]))
        size = read[back["page"] - 1]["size"]
        bx, by, bw, bh = back["trim"]
        assert (bw, bh) == tuple(front["trim"][2:])
        if mode in ("long", "short"):
            assert back["page"] == front["page"] + 1
        elif mode == "fold":
            assert back["page"] == front["page"]
            fx, fy, fw, fh = front["trim"]
            pw, ph = size
            if pw > ph:  # fold line vertical at the centre
                assert close(bx, pw - fx - fw) and close(by, fy)
            else:
                assert close(by, ph - fy - fh) and close(bx, fx)
            continue
        else:
            assert back["page"] > front["page"]
        want = _flip(front, size, mode)
        assert close(bx, want[0]) and close(by, want[1]), (front, back)


@pytest.mark.parametrize("game", GAMES, ids=lambda p: p.name)
def test_poker_cards_a_page_on_both_papers(build, game):
    """Nine on A4; on Letter the 5 mm printer margin leaves no room for the crop marks
    of a third row, so it takes the card: eight (landscape), nine when borderless."""
    for paper, margin, most in (("a4", 5.0, 9), ("letter", 5.0, 8), ("letter", 0.0, 9)):
        folder, _ = build(game, paper=paper, printer_margin=margin)
        entries = [e for e in manifest(folder)["items"]
                   if e["side"] == "front" and e["trim"][2:] == [63, 88]]
        counts: dict = {}
        for e in entries:
            counts[(e["file"], e["page"])] = counts.get((e["file"], e["page"]), 0) + 1
        assert max(counts.values()) <= most
        if game == ATS:
            assert max(counts.values()) == most


def test_cards_abut_on_shared_cut_lines(build):
    folder, _ = build(EXAMPLE)
    rects = [e["trim"] for e in manifest(folder)["items"]
             if e["component"] == "crew" and e["side"] == "front"]
    xs = sorted({r[0] for r in rects})
    assert all(close(b - a, 63) for a, b in zip(xs, xs[1:], strict=False))


def test_separated_cards_keep_full_bleed_apart(build):
    folder, _ = build(EXAMPLE, separated=True)
    bleed = manifest(folder)["bleed"]
    rects = [e["trim"] for e in manifest(folder)["items"]
             if e["component"] == "crew" and e["side"] == "front" and e["page"] == 1]
    for i, a in enumerate(rects):
        for b in rects[i + 1:]:
            apart_x = max(a[0], b[0]) - min(a[0] + a[2], b[0] + b[2])
            apart_y = max(a[1], b[1]) - min(a[1] + a[3], b[1] + b[3])
            assert max(apart_x, apart_y) >= 2 * bleed - TOL
