"""The `hexgrid` element (pnp/draw/hexgrid.py): its geometry computed, and read back from the
PDF to 0.1 mm (every space a regular hexagon at its place, the fills, outlines and names
picked per space, row and column), both orientations; its mistakes are located errors."""

from __future__ import annotations

import math
import textwrap

import pdfplumber
import pytest

from pnp.draw.hexgrid import Grid, row_letters
from pnp.load.errors import InvalidInput
from pnp.load.game import load_game
from pnp.sheets.build import Options, build_game, check_game
from tests.pdfread import PT, manifest

ROOT3 = math.sqrt(3)


def test_row_letters_go_on_past_z():
    assert [row_letters(i) for i in (0, 1, 25, 26, 27, 51, 52)] == \
        ["A", "B", "Z", "AA", "AB", "AZ", "BA"]


def test_a_pointy_grid_of_long_and_short_rows():
    grid = Grid(0, 0, 9, 7, 54, "pointy", "even", True)
    spaces = grid.spaces()
    assert len(spaces) == 59
    assert [sum(1 for s in spaces if s.row == r) for r in range(9)] == [7, 6] * 4 + [7]
    assert spaces[0].name == "A1" and spaces[7].name == "B1" and spaces[-1].name == "I7"
    first = {s.name: s for s in spaces}
    assert first["A1"].cx == pytest.approx(27 * ROOT3 / 2) and first["A1"].cy == 27
    assert first["B1"].cx == pytest.approx(27 * ROOT3) and first["B1"].cy == 27 + 40.5
    assert grid.across_flats == pytest.approx(46.765, abs=0.001)
    assert grid.extent() == pytest.approx((7 * 46.765, 54 + 8 * 40.5), abs=0.01)
    # every space's down-left and down-right neighbours are one space apart (TS-BOARD)
    for a in spaces:
        below = [b for b in spaces if b.row == a.row + 1 and
                 math.dist((a.cx, a.cy), (b.cx, b.cy)) < grid.across_flats + 0.01]
        assert len(below) == (0 if a.row == 8 else 2 if a.row % 2 or 0 < a.col < 6 else 1)


def test_full_shifted_rows_widen_the_grid_and_odd_shifts_the_first_row():
    grid = Grid(0, 0, 3, 4, 20, "pointy", "odd", False)
    spaces = {s.name: s for s in grid.spaces()}
    assert len(spaces) == 12
    assert spaces["A1"].cx > spaces["B1"].cx  # the first row is the shifted one
    assert grid.extent()[0] == pytest.approx(4.5 * grid.across_flats)


def test_a_flat_grid_shifts_columns_down():
    grid = Grid(0, 0, 3, 5, 18, "flat", "odd", True)
    spaces = {s.name: s for s in grid.spaces()}
    assert len(spaces) == 3 * 5 - 3  # columns 1, 3, 5 are shifted and short
    assert spaces["A1"].cy == pytest.approx(spaces["A2"].cy + grid.across_flats / 2)
    assert spaces["A2"].cx - spaces["A1"].cx == pytest.approx(13.5)
    assert "C1" not in spaces and "C2" in spaces
    corners = grid.corners(spaces["A2"])
    assert corners[0] == pytest.approx((spaces["A2"].cx + 9, spaces["A2"].cy))


def test_select_names_spaces_rows_and_columns():
    grid = Grid(0, 0, 9, 7, 54, "pointy", "even", True)
    spaces = grid.spaces()
    assert [s.name for s in grid.select("A2", spaces)] == ["A2"]
    assert len(grid.select("E", spaces)) == 7 and len(grid.select("F", spaces)) == 6
    assert [s.name for s in grid.select("7", spaces)] == ["A7", "C7", "E7", "G7", "I7"]
    assert grid.select("J1", spaces) is None and grid.select("B7", spaces) is None
    assert grid.select("a1", spaces) is None


GAME = """\
id: hexes
name: Hexes
layouts: [layouts.yaml]
vars:
  board: {rows: 9, long: 7, drops: [A2, A6], field: [E, F, G, H, I]}
  hex: 20
components:
  - id: board
    kind: sheet
    front: board
    items:
      - {id: B, size: [150, 180]}
      - {id: F, size: [120, 80], front: flat}
"""
LAYOUTS = """\
styles:
  name: {size: 6, color: "#333333"}
  light: {size: 6, color: "#ffffff"}
layouts:
  board:
    elements:
      - {type: hexgrid, x: 10, y: 12, rows: "{board.rows}", cols: "{board.long}",
         size: "{hex}", short: true, gap: 1, fill: "#f6f0df", stroke: "#222222",
         stroke_width: 0.5, names: true, style: name,
         spaces: [{at: "{board.field}", fill: "#5b3f86", style: light},
                  {at: "{board.drops}", stroke: "#a3221b", stroke_width: 1.2}]}
  flat:
    elements:
      - {type: hexgrid, x: 5, y: 5, rows: 3, cols: 5, size: 18, orient: flat, shift: odd,
         fill: "#ffffff", stroke: "#000000", spaces: [{at: 3, fill: "#ff0000"}]}
"""


@pytest.fixture
def folder(tmp_path):
    game = tmp_path / "hexes"
    game.mkdir()
    (game / "game.yaml").write_text(GAME)
    (game / "layouts.yaml").write_text(LAYOUTS)
    return game


def on_piece(page, trim):
    """pdfplumber's (x, top) in points -> mm from the top-left of the piece at `trim`
    (a manifest's [x, y, w, h] from the page's bottom-left)."""
    x0, y0, _, h = trim
    top = float(page.height) * PT - y0 - h
    return lambda x, y: (x * PT - x0, y * PT - top)


def centre(obj, mm) -> tuple[float, float]:
    """The middle of a pdfplumber object's box, mm on its piece."""
    return mm((float(obj["x0"]) + float(obj["x1"])) / 2,
              (float(obj["top"]) + float(obj["bottom"])) / 2)


def hexagons(pdf_path, page_no: int, trim) -> list[dict]:
    """Every regular hexagon of the piece at `trim`: centre (mm from the trim's top-left),
    corner radius, the angle of its first corner, fill and outline."""
    w, h = trim[2:]
    found = []
    with pdfplumber.open(pdf_path) as pdf:
        page = pdf.pages[page_no - 1]
        mm = on_piece(page, trim)
        for curve in page.curves:
            pts = [mm(x, y) for x, y in curve["pts"]]
            if len(pts) != 7 or math.dist(pts[0], pts[-1]) > 0.01:
                continue
            cx = sum(p[0] for p in pts[:6]) / 6
            cy = sum(p[1] for p in pts[:6]) / 6
            radii = [math.dist((cx, cy), p) for p in pts[:6]]
            if max(radii) - min(radii) > 0.01:
                continue
            if not (0 <= cx <= w and 0 <= cy <= h):
                continue  # another piece's on the same page
            angle = math.degrees(math.atan2(pts[0][1] - cy, pts[0][0] - cx)) % 360
            found.append({"cx": cx, "cy": cy, "r": radii[0], "angle": angle,
                          "fill": curve.get("non_stroking_color") if curve["fill"] else None,
                          "stroke": curve.get("stroking_color") if curve["stroke"] else None,
                          "width": float(curve.get("linewidth") or 0) * PT})
    return found


def rgb(hex_colour: str) -> tuple:
    return tuple(round(int(hex_colour[i:i + 2], 16) / 255, 3) for i in (1, 3, 5))


def close(colour, hex_colour: str) -> bool:
    return colour is not None and all(abs(a - b) < 0.005 for a, b in
                                      zip(colour, rgb(hex_colour), strict=True))


def test_the_spaces_read_back_from_the_pdf(folder, tmp_path):
    build_game(load_game(folder), tmp_path / "out", Options())
    out = tmp_path / "out" / "hexes"
    entries = {e["item"]: e for e in manifest(out)["items"]}
    found = hexagons(out / "board.pdf", entries["B"]["page"], entries["B"]["trim"])
    assert len(found) == 59
    grid = Grid(10, 12, 9, 7, 20, "pointy", "even", True)
    drawn_r = 10 - 1 / ROOT3  # a gap of 1 mm between neighbours
    by_place = {(round(f["cx"], 1), round(f["cy"], 1)): f for f in found}
    for space in grid.spaces():
        shape = by_place.get((round(space.cx, 1), round(space.cy, 1)))
        assert shape is not None, space.name
        assert shape["r"] == pytest.approx(drawn_r, abs=0.05), space.name
        assert shape["angle"] == pytest.approx(270, abs=0.01)  # a corner at the top
        field = space.name[0] in "EFGHI"
        assert close(shape["fill"], "#5b3f86" if field else "#f6f0df"), space.name
        drop = space.name in ("A2", "A6")
        assert close(shape["stroke"], "#a3221b" if drop else "#222222"), space.name
        assert shape["width"] == pytest.approx(1.2 if drop else 0.5, abs=0.01), space.name
    with pdfplumber.open(out / "board.pdf") as pdf:
        words = pdf.pages[entries["B"]["page"] - 1].extract_words()
    names = {w["text"] for w in words}
    assert {s.name for s in grid.spaces()} <= names
    flat = hexagons(out / "board.pdf", entries["F"]["page"], entries["F"]["trim"])
    assert len(flat) == 15
    assert all(f["angle"] == pytest.approx(0, abs=0.01) or f["angle"] == pytest.approx(
        360, abs=0.01) for f in flat)  # a side at the top: the first corner points right
    red = sorted((round(f["cx"], 1), round(f["cy"], 1)) for f in flat
                 if close(f["fill"], "#ff0000"))
    flats = 9 * ROOT3  # the third column (odd: shifted) is set half a space down
    assert red == [(41.0, round(5 + flats / 2 + k * flats + flats / 2, 1)) for k in range(3)]


def bad(folder, old: str, new: str) -> str:
    layouts = folder / "layouts.yaml"
    text = layouts.read_text()
    assert old in text
    layouts.write_text(text.replace(old, new, 1))
    with pytest.raises(InvalidInput) as caught:
        check_game(load_game(folder), Options())
    return "\n".join(map(str, caught.value.problems))


@pytest.mark.parametrize("old, new, message", [
    ('{at: 3, fill: "#ff0000"}', '{at: J9, fill: "#ff0000"}',
     "layouts.yaml:15:54: spaces: 'J9' names no space, row or column of this grid "
     "(rows A-C, columns 1-5)"),
    ('{at: 3, fill: "#ff0000"}', '{at: 3, fil: "#ff0000"}',
     "unknown key 'fil' in hexgrid space; did you mean 'fill'?"),
    ('{at: 3, fill: "#ff0000"}', '{at: 3, icon: nothing}', "spaces: unknown icon 'nothing'"),
    ('{at: 3, fill: "#ff0000"}', '{at: 3, style: nothing}', "spaces: unknown style 'nothing'"),
    ("orient: flat", "orient: sideways", "'sideways' is not one of: pointy, flat"),
    ("rows: 3, cols: 5", "rows: 300, cols: 5", "300 is above the maximum 200"),
    ("rows: 3, cols: 5", "rows: 200, cols: 200",
     "rows: a grid of 200 x 200 spaces; the limit is 10000 spaces"),
    ("size: 18", "size: 0.5", "0.5 is below the minimum 1"),
])
def test_mistakes_are_errors_at_their_place(folder, old, new, message):
    assert message in bad(folder, old, new)


def test_a_templated_row_count_that_is_no_number_is_reported(folder):
    (folder / "game.yaml").write_text(GAME.replace("rows: 9", "rows: nine"))
    with pytest.raises(InvalidInput) as caught:
        check_game(load_game(folder), Options())
    problems = "\n".join(map(str, caught.value.problems))
    assert "expected a whole number, got text 'nine'" in problems


def test_the_example_of_the_format_reference_draws(tmp_path):
    """docs/format.md's hexgrid example, as written there, checks without a warning."""
    from pnp import REPO_ROOT

    doc = (REPO_ROOT / "docs" / "format.md").read_text()
    block = doc.split("**Hex grids.**")[1].split("```yaml\n")[1].split("```")[0]
    game = tmp_path / "doc"
    game.mkdir()
    (game / "game.yaml").write_text(textwrap.dedent("""\
        id: doc
        name: Doc
        layouts: [layouts.yaml]
        icons: [icons.yaml]
        components:
          - {id: board, kind: sheet, size: [360, 440], front: board, items: [{id: B}]}
        """))
    (game / "icons.yaml").write_text("icons:\n  drop:\n    - polygon: [[40, 5], [60, 5], "
                                     "[60, 50], [85, 50], [50, 95], [15, 50], [40, 50]]\n")
    (game / "layouts.yaml").write_text(
        "styles:\n  space-name: {size: 9}\n  space-name-light: {size: 9, color: '#ffffff'}\n"
        "layouts:\n  board:\n    elements:\n" + textwrap.indent(block, "      "))
    assert check_game(load_game(game), Options()).warnings == []
