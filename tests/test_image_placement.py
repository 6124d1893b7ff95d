"""Image placement read back from exported pixels: an explicit crop box, the anchor
that stays in view under `cover`, an offset, rotation by any angle; text rotated by
any angle, and icons turned about their square's centre."""

from __future__ import annotations

import pytest
from PIL import Image

from pnp.export.writer import ExportOptions, export_games
from pnp.load.game import load_game
from pnp.sheets.build import Options

RED, GREEN, BLUE, YELLOW, WHITE = ((220, 30, 30), (30, 180, 60), (30, 60, 220),
                                   (240, 210, 20), (255, 255, 255))
DPI = 100


@pytest.fixture
def pictures(game, tmp_path):
    """A game with one 60 x 30 mm sheet per image element to try, drawn at 100 dpi
    without bleed: pixel(x_mm, y_mm) of each is what the sheet shows there."""
    image = Image.new("RGB", (200, 200))
    for (x, y), colour in zip([(0, 0), (100, 0), (0, 100), (100, 100)],
                              [RED, GREEN, BLUE, YELLOW], strict=True):
        image.paste(colour, (x, y, x + 100, y + 100))
    image.save(game / "quads.png")
    cases = {
        "crop": "{type: image, src: quads.png, x: 10, y: 5, w: 20, h: 20, fit: stretch, "
                "crop: [100, 0, 100, 100]}",
        "top": "{type: image, src: quads.png, x: 10, y: 5, w: 40, h: 10, fit: cover, "
               "anchor: top}",
        "bottom": "{type: image, src: quads.png, x: 10, y: 5, w: 40, h: 10, fit: cover, "
                  "anchor: bottom}",
        "turned": "{type: image, src: quads.png, x: 10, y: 5, w: 20, h: 20, fit: stretch, "
                  "rotate: 180}",
        "shifted": "{type: image, src: quads.png, x: 10, y: 5, w: 20, h: 20, fit: stretch, "
                   "offset: [5, 0]}",
        "icon": "{type: icon, name: left-half, x: 10, y: 5, size: 20, color: \"#dc1e1e\"}",
        "icon-turned": "{type: icon, name: left-half, x: 10, y: 5, size: 20, "
                       "color: \"#dc1e1e\", rotate: 180}",
        "icon-quarter": "{type: icon, name: left-half, x: 10, y: 5, size: 20, "
                        "color: \"#dc1e1e\", rotate: 90}",
    }
    icons = (game / "icons.yaml").read_text()  # an icon that shows which way it faces
    (game / "icons.yaml").write_text(icons.replace("icons:\n", "icons:\n  left-half:\n"
                                                   "    - rect: [0, 0, 50, 100]\n", 1))
    layouts = "".join(f"  pic-{name}:\n    elements:\n      - {{type: background, fill: "
                      f"\"#ffffff\"}}\n      - {element}\n" for name, element in cases.items())
    text = (game / "layouts.yaml").read_text().replace("layouts:\n", "layouts:\n" + layouts, 1)
    (game / "layouts.yaml").write_text(text)
    items = "".join(f"      - {{id: {name}, front: pic-{name}}}\n" for name in cases)
    component = ("  - id: pics\n    kind: sheet\n    size: [60, 30]\n    front: pic-crop\n"
                 f"    items:\n{items}")
    text = (game / "game.yaml").read_text().replace("components:\n",
                                                     "components:\n" + component, 1)
    (game / "game.yaml").write_text(text)
    out = tmp_path / "out"
    export_games([load_game(game)], out, ExportOptions(format="png", dpi=DPI, only=("pics",),
                                                       print=Options(bleed=0)))

    def pixel(name: str, x_mm: float, y_mm: float):
        with Image.open(out / "star-patrol" / "png" / "pics" / f"{name}-front.png") as shot:
            return shot.convert("RGB").getpixel((round(x_mm / 25.4 * DPI),
                                                 round(y_mm / 25.4 * DPI)))
    return pixel


def near(found, wanted) -> bool:
    return all(abs(a - b) <= 12 for a, b in zip(found, wanted, strict=True))


def test_a_crop_box_fills_the_box_with_that_part_alone(pictures):
    for x, y in ((12, 7), (28, 23), (20, 15)):
        assert near(pictures("crop", x, y), GREEN), (x, y)
    assert near(pictures("crop", 5, 15), WHITE)  # nothing outside the box


def test_the_anchor_keeps_its_part_in_view_under_cover(pictures):
    assert near(pictures("top", 15, 8), RED) and near(pictures("top", 45, 8), GREEN)
    assert near(pictures("bottom", 15, 12), BLUE) and near(pictures("bottom", 45, 12), YELLOW)
    assert near(pictures("top", 30, 20), WHITE)  # clipped to its box


def test_rotation_by_any_angle_turns_the_image_about_its_centre(pictures):
    assert near(pictures("turned", 12, 7), YELLOW) and near(pictures("turned", 28, 23), RED)


def test_an_icon_turns_about_the_centre_of_its_square(pictures):
    assert near(pictures("icon", 14, 15), RED) and near(pictures("icon", 26, 15), WHITE)
    assert near(pictures("icon-turned", 14, 15), WHITE)
    assert near(pictures("icon-turned", 26, 15), RED)
    # a quarter turn clockwise: the left half comes to the top
    assert near(pictures("icon-quarter", 20, 9), RED)
    assert near(pictures("icon-quarter", 20, 21), WHITE)


def test_an_offset_shifts_the_image_within_its_box(pictures):
    assert near(pictures("shifted", 12, 10), WHITE)  # the first 5 mm are uncovered
    assert near(pictures("shifted", 17, 10), RED) and near(pictures("shifted", 28, 10), GREEN)
    assert near(pictures("shifted", 32, 10), WHITE)  # the shifted part is clipped away


def test_text_turns_by_any_angle(game):
    from tests.conftest import edit

    edit(game / "layouts.yaml", "style: sheet-title}", "style: sheet-title, rotate: 30}")
    load_game(game)  # accepted: any angle from -360 to 360
    edit(game / "layouts.yaml", "rotate: 30}", "rotate: 400}")
    with pytest.raises(Exception) as error:
        load_game(game)
    assert "400" in str(error.value)


SVG = """<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100" viewBox="0 0 100 100">
<rect x="0" y="0" width="50" height="100" fill="#dc1e1e"/>
<rect x="50" y="0" width="50" height="100" fill="#1e3cdc"/></svg>"""


def test_svg_art_is_drawn_as_vectors(game, tmp_path):
    from pypdf import PdfReader

    from tests.conftest import edit

    (game / "art.svg").write_text(SVG)
    edit(game / "layouts.yaml", "      - {type: icon, name: \"{suit}\"",
         "      - {type: image, src: art.svg, x: 10, y: 20, w: 40, h: 40, fit: stretch}\n"
         "      - {type: icon, name: \"{suit}\"")
    out = tmp_path / "out"
    export_games([load_game(game)], out, ExportOptions(format="shop", dpi=100,
                                                       only=("crew",)))
    reader = PdfReader(out / "star-patrol" / "shop" / "crew.pdf")
    page = reader.pages[0]
    assert not any("/Image" in str(x.get_object().get("/Subtype")) for x in
                   (page["/Resources"].get("/XObject") or {}).values())  # no raster
    with Image.open(out / "star-patrol" / "shop" / "crew" / "C-01-front.png") as image:
        px = lambda x, y: image.convert("RGB").getpixel(  # noqa: E731
            (round((x + 3) / 25.4 * 100), round((y + 3) / 25.4 * 100)))
        assert near(px(15, 40), RED) and near(px(45, 40), BLUE)


def test_a_broken_svg_is_a_located_problem(game):
    from tests.conftest import edit

    (game / "art.svg").write_text("<svg><rect")
    edit(game / "layouts.yaml", "      - {type: icon, name: \"{suit}\"",
         "      - {type: image, src: art.svg, x: 10, y: 20, w: 40, h: 40}\n"
         "      - {type: icon, name: \"{suit}\"")
    import subprocess
    import sys

    done = subprocess.run([sys.executable, "-m", "pnp", "check", str(game)],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 2 and "layouts.yaml:" in done.stderr
    assert "art.svg' is not an SVG that can be read" in done.stderr


def test_an_icon_may_be_an_svg_drawn_in_its_own_colours(game, tmp_path):
    from tests.conftest import edit

    (game / "quad.svg").write_text(SVG)
    icons = (game / "icons.yaml").read_text()
    (game / "icons.yaml").write_text(icons.replace("icons:\n", "icons:\n  quad:\n    - {svg: "
                                                   "quad.svg}\n", 1))
    edit(game / "layouts.yaml", "      - {type: icon, name: \"{suit}\"",
         "      - {type: icon, name: quad, x: 10, y: 20, size: 40}\n"
         "      - {type: icon, name: \"{suit}\"")
    out = tmp_path / "out"
    export_games([load_game(game)], out, ExportOptions(format="png", dpi=100, only=("crew",),
                                                       print=Options(bleed=0)))
    with Image.open(out / "star-patrol" / "png" / "crew" / "C-01-front.png") as image:
        px = lambda x, y: image.convert("RGB").getpixel(  # noqa: E731
            (round(x / 25.4 * 100), round(y / 25.4 * 100)))
        assert near(px(15, 40), RED) and near(px(45, 40), BLUE)
    (game / "quad.svg").write_text("not svg")
    with pytest.raises(Exception) as error:
        load_game(game)
    assert "icon SVG 'quad.svg' is not an SVG that can be read" in str(error.value)
    assert "icons.yaml:" in str(error.value)
