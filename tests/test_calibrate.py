"""Duplex calibration (issue 25, section 3): `pnp calibrate` prints scales behind a
front's lines, read back from the PDF to 0.1 mm; a simulated printer shift reads as
the offset that `pnp build --back-offset` then applies to every back, and only to
backs, never into the printer's margin; bad values are refused."""

from __future__ import annotations

import json
from pathlib import Path

import pdfplumber
import pytest

from pnp.cli.main import main
from tests.conftest import EXAMPLE
from tests.pdfread import print_files
from tests.test_printer_margin import ink_distance

PT = 25.4 / 72
TOL = 0.1  # mm
PAPERS = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
SIGNS = {"\u2212": -1, "+": 1}


def read_page(path: Path, index: int) -> dict:
    """A page's lines, rects, curves and characters in mm from the bottom-left."""
    with pdfplumber.open(path) as pdf:
        page = pdf.pages[index]
        h = float(page.height)

        def box(o):
            return (float(o["x0"]) * PT, (h - float(o["bottom"])) * PT, float(o["x1"]) * PT,
                    (h - float(o["top"])) * PT)

        return {"size": (float(page.width) * PT, h * PT),
                "lines": [box(o) for o in page.lines], "rects": [box(o) for o in page.rects],
                "curves": [box(o) for o in page.curves],
                "chars": [(c["text"], float(c["size"]), *box(c)) for c in page.chars]}


def front_lines(page: dict) -> tuple:
    """The front's upright line's x and level line's y (both over 100 mm long)."""
    upright = [x0 for x0, y0, x1, y1 in page["lines"] if abs(x1 - x0) < 0.01 and y1 - y0 > 100]
    level = [y0 for x0, y0, x1, y1 in page["lines"] if abs(y1 - y0) < 0.01 and x1 - x0 > 100]
    assert len(upright) == 1 and len(level) == 1, page["lines"]
    return upright[0], level[0]


def scales(page: dict, across: bool) -> list:
    """Each scale on the page: {position along it: value}, the value of every tick
    taken from the digits printed at the whole millimetres and the sign at the end
    the plus sits on. across: level scales (X), else upright ones (Y)."""
    a, b = (0, 1) if across else (1, 0)  # along, across the scale
    found = []
    for line in page["lines"]:
        lo, hi = (line[a], line[a + 2])
        if abs(line[b] - line[b + 2]) > 0.01 or abs(hi - lo - 10) > 0.05:
            continue  # not a scale's 10 mm baseline
        base = line[b]
        ticks = sorted((t for t in page["lines"] if abs(t[a] - t[a + 2]) < 0.01
                        and lo - 0.01 <= t[a] <= hi + 0.01 and t[b] <= base + 0.01
                        and t[b + 2] >= base - 0.01 and t[b + 2] - t[b] < 5),
                       key=lambda t: t[a])
        along = [t[a] for t in ticks]
        zero = [t[a] for t in ticks if t[b] < base - 0.5 < base + 0.5 < t[b + 2]]  # crosses it
        assert len(along) == 21 and len(zero) == 1, (line, ticks)
        near = [ch for ch in page["chars"] if lo - 10 < (ch[2 + a] + ch[4 + a]) / 2 < hi + 10
                and abs((ch[2 + b] + ch[4 + b]) / 2 - base) < 6]
        plus = [(ch[2 + a] + ch[4 + a]) / 2 for ch in near if ch[0] == "+"]
        minus = [(ch[2 + a] + ch[4 + a]) / 2 for ch in near if ch[0] == "\u2212"]
        assert len(plus) == 1 and len(minus) == 1
        sign = 1 if plus[0] > zero[0] > minus[0] else -1
        values = {}
        for n, pos in enumerate(along):
            steps = n - along.index(zero[0])
            values[pos] = sign * steps * 0.5
            if steps % 2 == 0:  # a whole millimetre: its digit
                digits = [ch for ch in near if ch[0].isdigit()
                          and abs((ch[2 + a] + ch[4 + a]) / 2 - pos) < 0.45]
                assert [d[0] for d in digits] == [str(abs(steps // 2))], (pos, digits)
        found.append({"base": base, "zero": zero[0], "values": values})
    return found


@pytest.fixture(scope="module")
def calibration(tmp_path_factory):
    out = tmp_path_factory.mktemp("calibration")
    made = {}
    for paper in PAPERS:
        for duplex in ("long", "short"):
            assert main(["calibrate", "--paper", paper, "--duplex", duplex,
                         "--out", str(out)]) == 0
            made[paper, duplex] = out / f"calibration-{paper}-{duplex}.pdf"
    return made


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("duplex", ["long", "short"])
def test_the_scales_zeros_lie_behind_the_front_lines(calibration, paper, duplex):
    path = calibration[paper, duplex]
    front, back = read_page(path, 0), read_page(path, 1)
    w, h = PAPERS[paper]
    assert all(abs(a - b) < 0.01 for a, b in zip(front["size"], (w, h), strict=True))
    x, y = front_lines(front)
    # turned over the long edge a portrait sheet's left and right swap; the short, top and bottom
    behind = (w - x, y) if duplex == "long" else (x, h - y)
    xs, ys = scales(back, across=True), scales(back, across=False)
    assert len(xs) == 2 and len(ys) == 2
    for scale, where in [(s, behind[0]) for s in xs] + [(s, behind[1]) for s in ys]:
        assert abs(scale["zero"] - where) < TOL, (scale["zero"], where)
        ticks = sorted(scale["values"])
        assert all(abs(b - a - 0.5) < TOL for a, b in zip(ticks, ticks[1:], strict=False))
        assert sorted(scale["values"].values()) == [v / 2 for v in range(-10, 11)]
        for pos, value in scale["values"].items():  # plus is right (X), up (Y)
            assert abs(pos - scale["zero"] - value) < TOL
    # the X scales cross the upright line, the Y scales the level one
    assert all(abs(s["base"] - behind[1]) > 30 for s in xs)
    assert all(abs(s["base"] - behind[0]) > 30 for s in ys)


@pytest.mark.parametrize("duplex", ["long", "short"])
def test_neither_side_s_words_show_through_onto_the_other_s_lines(calibration, duplex):
    """Held against the light, the front's text falls clear of the back's scales, and
    the back's text clear of the front's lines."""
    for paper, (w, h) in PAPERS.items():
        path = calibration[paper, duplex]
        front, back = read_page(path, 0), read_page(path, 1)
        x, y = front_lines(front)
        def turn(a, b, w=w, h=h):  # where a point of the front lies behind the back
            return (w - a, b) if duplex == "long" else (a, h - b)

        bx, by = turn(x, y)
        centres = [(s["zero"], s["base"]) for s in scales(back, True)] + \
            [(s["base"], s["zero"]) for s in scales(back, False)]
        for ch in front["chars"]:
            cx, cy = turn((ch[2] + ch[4]) / 2, (ch[3] + ch[5]) / 2)
            assert all(max(abs(cx - sx), abs(cy - sy)) > 15 for sx, sy in centres), ch
        words = [ch for ch in back["chars"] if ch[1] > 8 and ch[0] not in "+\u2212XY"]
        assert len(words) > 500
        for ch in words:
            assert ch[3] > by + 56 or ch[5] < by - 56, ch  # the lines: 54 mm each way


def test_the_wrong_flip_puts_the_lines_far_off_the_scales(calibration):
    """A sheet turned over its short edge instead: no scale can give a reading."""
    path = calibration["a4", "long"]
    x, y = front_lines(read_page(path, 0))
    back = read_page(path, 1)
    for scale in scales(back, across=True):
        assert abs(scale["zero"] - x) > 20  # where the line shows after a short flip
    for scale in scales(back, across=False):
        assert abs(scale["zero"] - (297 - y)) > 20


def reading(back: dict, behind: tuple, shift: tuple) -> tuple:
    """What a user reads when the printer lands the back `shift` mm off (right, up):
    the value of the tick each line from the front falls on, on every scale."""
    read = []
    for across, line, move in ((True, behind[0], shift[0]), (False, behind[1], shift[1])):
        for scale in scales(back, across):
            pos = min(scale["values"], key=lambda p: abs(p + move - line))
            assert abs(pos + move - line) < TOL  # the line falls on a tick
            read.append((across, scale["values"][pos]))
    xs = {v for across, v in read if across}
    ys = {v for across, v in read if not across}
    assert len(xs) == 1 and len(ys) == 1  # both scales of each agree
    return xs.pop(), ys.pop()


def trims(folder: Path, side: str) -> dict:
    items = json.loads((folder / "manifest.json").read_text())["items"]
    return {(i["file"], i["item"], i["copy"], i["page"]): i["trim"] for i in items
            if i["side"] == side}


@pytest.fixture(scope="module")
def builds(tmp_path_factory):
    """The example, on A4 (portrait pages) and Letter (landscape pages), with and
    without the offset that undoes a printer landing backs 1.5 mm left, 1 mm up."""
    out = {}
    for paper, offset in (("a4", None), ("a4", "1.5,-1"), ("letter", None),
                          ("letter", "1.5,-1")):
        folder = tmp_path_factory.mktemp("build")
        assert main(["build", str(EXAMPLE), "--paper", paper, "--out", str(folder), "-q",
                     "--orientation", "portrait" if paper == "a4" else "landscape",
                     *(["--back-offset", offset] if offset else [])]) == 0
        out[paper, offset] = folder / "star-patrol"
    return out


def test_a_simulated_shift_reads_as_the_offset_that_undoes_it(calibration, builds):
    path = calibration["a4", "long"]
    x, y = front_lines(read_page(path, 0))
    back = read_page(path, 1)
    assert reading(back, (210 - x, y), (0, 0)) == (0, 0)
    assert reading(back, (210 - x, y), (1.5, -0.5)) == (-1.5, 0.5)
    shift = (-1.5, 1.0)  # the printer lands the backs 1.5 mm left and 1 mm up
    offset = reading(back, (210 - x, y), shift)
    assert offset == (1.5, -1.0)  # what the builds above were given
    before, after = trims(builds["a4", None], "back"), trims(builds["a4", "1.5,-1"], "back")
    assert before.keys() == after.keys()
    cards = {key: trim for key, trim in before.items() if key[0] == "crew.pdf"}
    assert len(cards) == 6
    for key, (bx, by, bw, bh) in cards.items():
        ax, ay, aw, ah = after[key]
        # printed with the shift, each moved back lands where an unmoved one belongs
        assert abs(ax + shift[0] - bx) < 0.01 and abs(ay + shift[1] - by) < 0.01, key
        assert (aw, ah) == (bw, bh)


def matched(before: list, after: list, d: tuple) -> None:
    """Every box of `before` is in `after` moved by d, one to one, to TOL."""
    left = list(after)
    for box in before:
        moved = (box[0] + d[0], box[1] + d[1], box[2] + d[0], box[3] + d[1])
        hit = next((b for b in left if all(abs(p - q) < TOL for p, q in zip(b, moved,
                                                                               strict=True))),
                   None)
        assert hit is not None, (box, moved)
        left.remove(hit)
    assert not left, left


def marks(page: dict) -> tuple:
    """The crop marks' places: x of the upright ones, y of the level ones."""
    upright = {round(x0, 2) for x0, y0, x1, y1 in page["lines"] if abs(x1 - x0) < 0.01}
    level = {round(y0, 2) for x0, y0, x1, y1 in page["lines"] if abs(y1 - y0) < 0.01}
    return upright, level


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_every_back_moves_by_the_offset_and_no_front_moves(builds, paper):
    """A portrait page moves by X,Y = 1.5,-1; a landscape one (Letter's deck), turned a
    quarter counter-clockwise onto the sheet, by (Y, -X): on its own axes, the same
    move on the sheet."""
    before, after = builds[paper, None], builds[paper, "1.5,-1"]
    assert json.loads((after / "manifest.json").read_text())["back_offset"] == [1.5, -1]
    assert "back_offset" not in json.loads((before / "manifest.json").read_text())
    assert trims(before, "front") == trims(after, "front")
    checked = set()
    for name in ("crew.pdf", "tokens-and-dice.pdf"):
        with pdfplumber.open(before / name) as pdf:
            count = len(pdf.pages)
        for index in range(count):
            old, new = read_page(before / name, index), read_page(after / name, index)
            if index % 2 == 0:  # a front: nothing moved
                assert old == new
                continue
            wide = old["size"][0] > old["size"][1]
            shift = (-1.0, -1.5) if wide else (1.5, -1.0)
            checked.add((name, wide))
            for key, (bx, by, *_) in trims(before, "back").items():
                if key[0] == name and key[3] == index + 1:
                    ax, ay, *_ = trims(after, "back")[key]
                    assert abs(ax - bx - shift[0]) < 0.01 and abs(ay - by - shift[1]) < 0.01
            matched(old["rects"], new["rects"], shift)
            matched(old["curves"], new["curves"], shift)
            text = [c[2:] for c in old["chars"] if c[1] > 6]  # the label (5.5 pt) moves apart
            matched(text, [c[2:] for c in new["chars"] if c[1] > 6], shift)
            if name == "crew.pdf":  # crop marks: moved; any the margin leaves too short, gone
                (ox, oy), (nx, ny) = marks(old), marks(new)
                assert nx == {round(x + shift[0], 2) for x in ox}
                assert ny == {round(y + shift[1], 2) for y in oy}
    assert checked == {(name, paper == "letter") for name in ("crew.pdf", "tokens-and-dice.pdf")}


def test_a_larger_offset_keeps_everything_out_of_the_margin(tmp_path, capsys):
    """The bleed reaching the margin stops there, marks too short there are left out,
    with a note; nothing is drawn within 5 mm of the edge."""
    out = tmp_path / "out"
    assert main(["build", str(EXAMPLE), "--out", str(out), "-q", "--back-offset",
                 "4.5,-2"]) == 0
    err = capsys.readouterr().err
    assert "note: crew.pdf: at the margin its backs stop (right: 1.0 of 3 mm bleed, no crop " \
           "marks); cut by the fronts' crop marks\n" in err, err
    folder = out / "star-patrol"
    for pdf in print_files(folder):
        assert min(d for d in ink_distance(pdf) if d is not None) >= 5 - 0.26, pdf.name
        with pdfplumber.open(pdf) as doc:
            for index in range(len(doc.pages)):
                page = read_page(pdf, index)
                w, h = page["size"]
                for x0, y0, x1, y1 in page["lines"] + [c[2:] for c in page["chars"]]:
                    assert min(x0, y0, w - x1, h - y1) >= 5 - 0.05, (pdf.name, index)
    crew = read_page(folder / "crew.pdf", 1)
    assert any(x0 < 30 and abs(y1 - y0) < 0.01 for x0, y0, x1, y1 in crew["lines"])
    assert not any(x0 > 180 and abs(y1 - y0) < 0.01 for x0, y0, x1, y1 in crew["lines"])


def refused(capsys, args: list, out: Path) -> str:
    code = main(args)
    err = capsys.readouterr().err
    assert code == 2, err
    assert "Traceback" not in err and "internal error" not in err
    assert not out.exists()
    return err


def test_an_offset_beyond_the_margin_moves_the_backs_as_far_as_it_lets_them(tmp_path, capsys):
    """A4 poker cards, 3 across, have 5.5 mm from trim to margin at each side: asked for
    6 mm, the backs move 5.5 mm (the trims reach the margin, the bleed stops there)."""
    base, out = tmp_path / "base", tmp_path / "out"
    assert main(["build", str(EXAMPLE), "--out", str(base), "-q", "--only", "crew"]) == 0
    assert main(["build", str(EXAMPLE), "--out", str(out), "-q", "--only", "crew",
                 "--back-offset", "6,-1"]) == 0
    err = capsys.readouterr().err
    assert "note: crew.pdf: its backs move 5.5,-1 of --back-offset 6,-1, as far as the 5 mm " \
           "printer margin lets them" in err and "right: 0.0 of 3 mm bleed, no crop marks" \
           in err, err
    before, after = trims(base / "star-patrol", "back"), trims(out / "star-patrol", "back")
    assert len(before) == 6
    for key, (bx, by, *_) in before.items():
        ax, ay, *_ = after[key]
        assert abs(ax - bx - 5.5) < 0.01 and abs(ay - by + 1) < 0.01
        assert ax + 63 <= 210 - 5 + 0.01
    assert min(d for d in ink_distance(out / "star-patrol" / "crew.pdf") if d) >= 5 - 0.26
    label = "".join(c[0] for c in read_page(out / "star-patrol" / "crew.pdf", 1)["chars"])
    assert "back offset 5.5,-1" in label


def test_a_negative_x_is_taken_as_the_offset_not_as_an_option(tmp_path):
    out = tmp_path / "out"
    assert main(["build", str(EXAMPLE), "--out", str(out), "-q", "--only", "crew",
                 "--back-offset", "-1.5,0.5"]) == 0
    assert json.loads((out / "star-patrol" / "manifest.json").read_text())["back_offset"] == \
        [-1.5, 0.5]
    assert main(["calibrate", "--out", str(out), "--back-offset", "-.5,-1"]) == 0


@pytest.mark.parametrize("value", ["1", "1,2,3", "a,b", "11,0", "0,-10.5", "nan,0", "inf,1",
                                   "", "1;2"])
@pytest.mark.parametrize("command", ["build", "calibrate"])
def test_a_bad_offset_exits_2_with_a_message(tmp_path, capsys, value, command):
    out = tmp_path / "out"
    with pytest.raises(SystemExit) as stop:
        main([command, *([str(EXAMPLE)] if command == "build" else []), "--out", str(out),
              f"--back-offset={value}"])
    err = capsys.readouterr().err
    assert stop.value.code == 2 and "argument --back-offset: " in err, err
    assert "X,Y in mm" in err or "between -10 and 10 mm" in err, err
    assert not out.exists()


@pytest.mark.parametrize("args, message", [
    (["build", "--duplex", "none"], "with --duplex none the backs are on pages of their own"),
    (["build", "--duplex", "fold"], "with --duplex fold the backs are beside their fronts"),
    (["check", "--duplex", "fold"], "with --duplex fold"),
    (["export", "--format", "shop"], "--back-offset does not apply to --format shop"),
    (["export", "--format", "tts"], "--back-offset does not apply to --format tts"),
    (["export", "--format", "csv"], "--back-offset does not apply to --format csv"),
    (["watch", "--format", "png"], "--back-offset does not apply to --format png"),
    (["watch", "--duplex", "none"], "with --duplex none"),
])
def test_the_offset_is_refused_where_no_back_is_printed_behind_a_front(tmp_path, capsys, args,
                                                                        message):
    out = tmp_path / "out"
    extra = ["--out", str(out)] if args[0] != "check" else []
    err = refused(capsys, [args[0], str(EXAMPLE), *args[1:], *extra, "--back-offset", "1,0"],
                  out)
    assert message in err, err


def test_the_calibration_back_moves_like_a_build_s_backs(calibration, tmp_path):
    out = tmp_path / "out"
    assert main(["calibrate", "--out", str(out), "--back-offset", "1.5,-0.5"]) == 0
    moved = read_page(out / "calibration-a4-long.pdf", 1)
    plain = read_page(calibration["a4", "long"], 1)
    matched(plain["lines"], moved["lines"], (1.5, -0.5))
    x, y = front_lines(read_page(out / "calibration-a4-long.pdf", 0))
    assert reading(moved, (210 - x, y), (-1.5, 0.5)) == (0, 0)  # corrected: reads 0
    assert "moved by --back-offset 1.5,-0.5" in "".join(c[0] for c in moved["chars"])


def test_the_calibration_page_keeps_clear_of_the_edges(calibration, tmp_path):
    """15 mm (to the 0.25 mm pixel), and 5 mm with the back moved the most."""
    for path in calibration.values():
        distances = ink_distance(path)
        assert min(distances) >= 15 - 0.3, (path.name, distances)
    for paper in PAPERS:
        for duplex, offset in (("long", "-10,10"), ("short", "10,-10")):
            out = tmp_path / f"{duplex}{paper}"
            assert main(["calibrate", "--paper", paper, "--duplex", duplex, "--out", str(out),
                         "--back-offset", offset]) == 0
            distances = ink_distance(out / f"calibration-{paper}-{duplex}.pdf")
            assert distances[0] >= 15 - 0.3 and distances[1] >= 5, (paper, distances)
