"""`pnp gallery`: every element type, badge shape, track, icon shape and bundled
layout, drawn with the YAML that makes it (DIR/gallery.md, DIR/gallery/*.png).

The pictures are made the way exports make them: a game folder written from the
entries below, loaded and checked like any game, drawn one piece a page
(piecepdf) and rasterised by pdfium. So the gallery shows what prints, and
regenerating it (tests/test_gallery.py does) tells when it has gone stale.
"""

from __future__ import annotations

import io
import re
import shutil
import tempfile
from dataclasses import dataclass
from pathlib import Path

from pnp import ASSETS, BUNDLED_LAYOUTS

ART = ASSETS / "starters" / "art" / "art"  # the art starter's pictures, CC BY 3.0 credited
DEFAULT_DPI = 80
FRAME = (208, 208, 208)  # a 1 px frame around each picture, outside the drawing
INK, RED, BLUE, AMBER, CREAM, GOLD = "#24305e", "#b0413e", "#4f6d9a", "#9c6310", "#fbf8f0", \
    "#f2c14e"


class GalleryError(Exception):
    """The gallery cannot be drawn as it stands: a bundled layout without a sample,
    a warning while drawing. A message for whoever changed it."""


@dataclass(frozen=True)
class Entry:
    key: str  # the picture's name, and the layout that draws it
    section: str
    note: str
    size: tuple  # mm
    elements: str  # YAML: the layout's elements
    icons: str = ""  # YAML: the icon file's entries the elements draw


def e(key, section, note, size, elements, icons=""):
    return Entry(key, section, note, size, elements.strip("\n"), icons.strip("\n"))


ELEMENTS, TEXT, IMAGES, BADGES, TRACKS, HEXES, ICONS, BUNDLED = (
    "Elements", "Text", "Images", "Badges", "Tracks", "Hex grids", "Icon shapes",
    "Bundled layouts")
ENTRIES = [
    e("background", ELEMENTS, "Fills the whole piece and its bleed.", (40, 24), f"""
- {{type: background, fill: "{INK}"}}
"""),
    e("background-image", ELEMENTS, "An image covering the piece and its bleed.", (40, 24), """
- {type: background, image: art/back.png}
"""),
    e("rect", ELEMENTS, "Filled; outlined with round corners; dashed.", (88, 30), f"""
- {{type: rect, x: 4, y: 4, w: 24, h: 22, fill: "{AMBER}"}}
- {{type: rect, x: 32, y: 4, w: 24, h: 22, radius: 4, stroke: "{INK}", stroke_width: 1}}
- {{type: rect, x: 60, y: 4, w: 24, h: 22, radius: 2, fill: "{CREAM}", stroke: "{RED}",
   stroke_width: 0.6, dash: [3, 2]}}
"""),
    e("line", ELEMENTS, "An open polyline; a dashed line.", (60, 30), f"""
- {{type: line, points: [[4, 22], [18, 6], [32, 22], [46, 6], [56, 14]], stroke: "{INK}",
   stroke_width: 1}}
- {{type: line, points: [[4, 27], [56, 27]], stroke: "{RED}", stroke_width: 0.5, dash: [4, 2]}}
"""),
    e("circle", ELEMENTS, "Centre and radius; fill, stroke or both.", (60, 30), f"""
- {{type: circle, cx: 15, cy: 15, r: 11, fill: "{BLUE}"}}
- {{type: circle, cx: 45, cy: 15, r: 11, fill: "{CREAM}", stroke: "{RED}", stroke_width: 1.2}}
"""),
    e("polygon", ELEMENTS, "A closed shape through its points.", (60, 30), f"""
- {{type: polygon, points: [[4, 26], [15, 4], [26, 26]], fill: "{AMBER}"}}
- {{type: polygon, points: [[34, 4], [56, 4], [50, 26], [40, 26]], fill: "{CREAM}",
   stroke: "{INK}", stroke_width: 0.8}}
"""),
    e("icon", ELEMENTS, "An icon (section 6 of the format) in a square, in one colour, "
      "turned by `rotate`.", (60, 28), f"""
- {{type: icon, name: star, x: 4, y: 4, size: 20, color: "{RED}"}}
- {{type: icon, name: star, x: 34, y: 4, size: 20, color: "{INK}", rotate: 36}}
"""),
    e("grid", ELEMENTS, "Lines of a rows x cols grid; dashed.", (64, 34), f"""
- {{type: grid, x: 2, y: 2, w: 28, h: 28, rows: 4, cols: 4, stroke: "{INK}", stroke_width: 0.5}}
- {{type: grid, x: 34, y: 2, w: 28, h: 28, rows: 3, cols: 2, stroke: "{RED}", dash: [2, 1]}}
"""),
    e("text", TEXT, "Plain text, wrapped to its box (outlined here) and shrunk until it fits.",
      (70, 26), f"""
- {{type: rect, x: 4, y: 4, w: 62, h: 18, stroke: "#999999", dash: [2, 2]}}
- {{type: text, x: 4, y: 4, w: 62, h: 18, text: "Plain text, wrapped to its box",
   style: basic-title, size: 12, color: "{INK}"}}
"""),
    e("richtext", TEXT, "Markup: **bold**, *italic* and `:icon:` inline (the star icon of "
      "the polygon icon below).", (70, 26), """
- {type: richtext, x: 4, y: 4, w: 62, h: 18, size: 11, color: "#1b1b1b",
   text: "**Bold**, *italic* and a :star: star,\\nthen a new line."}
"""),
    e("text-rotate", TEXT, "`rotate` turns text about its box's centre (degrees clockwise); "
      "at 90 it runs along a tall box.", (50, 40), f"""
- {{type: text, x: 4, y: 4, w: 8, h: 32, text: "Turned 90", rotate: 90, size: 11,
   color: "{INK}", align: center, valign: middle}}
- {{type: text, x: 14, y: 16, w: 34, h: 8, text: "Turned -20", rotate: -20, size: 11,
   color: "{RED}", align: center, valign: middle}}
"""),
    e("image", IMAGES, "An image file (PNG, JPEG or SVG) in its box, centred; `fit: contain` "
      "is the default. The dashed rect shows the box.", (50, 28), """
- {type: rect, x: 3, y: 3, w: 44, h: 22, stroke: "#999999", dash: [2, 2]}
- {type: image, src: art/fox-head.svg, x: 3, y: 3, w: 44, h: 22, fit: contain}
"""),
    e("image-cover", IMAGES, "`fit: cover` fills the box, cropping what overflows (`anchor: "
      "top`, `bottom`... keeps another part in view than the centre).", (50, 28), """
- {type: rect, x: 3, y: 3, w: 44, h: 22, stroke: "#999999", dash: [2, 2]}
- {type: image, src: art/fox-head.svg, x: 3, y: 3, w: 44, h: 22, fit: cover}
"""),
    e("image-stretch", IMAGES, "`fit: stretch` fills the box, changing the image's "
      "proportions.", (50, 28), """
- {type: rect, x: 3, y: 3, w: 44, h: 22, stroke: "#999999", dash: [2, 2]}
- {type: image, src: art/fox-head.svg, x: 3, y: 3, w: 44, h: 22, fit: stretch}
"""),
    e("badge", BADGES, "Every badge shape, a value centred in it.", (100, 24), f"""
- {{type: badge, x: 4, y: 4, size: 16, shape: circle, value: 1, fill: "{INK}", style: basic-stat}}
- {{type: badge, x: 24, y: 4, size: 16, shape: hex, value: 2, fill: "{BLUE}", style: basic-stat}}
- {{type: badge, x: 44, y: 4, size: 16, shape: shield, value: 3, fill: "{RED}",
   style: basic-stat}}
- {{type: badge, x: 64, y: 4, size: 16, shape: square, value: 4, fill: "{AMBER}",
   style: basic-stat}}
- {{type: badge, x: 84, y: 4, size: 16, shape: diamond, value: 5, fill: "#2e6b3a",
   style: basic-stat}}
"""),
    e("badge-label", BADGES, "A `label` under the value; a stroke instead of a fill.", (50, 26),
      f"""
- {{type: badge, x: 4, y: 3, size: 20, value: 7, label: ATTACK, fill: "{RED}", style: basic-stat,
   label_style: basic-token}}
- {{type: badge, x: 28, y: 3, size: 20, shape: hex, value: 2, fill: "{CREAM}", stroke: "{INK}",
   stroke_width: 0.8, style: basic-title}}
"""),
    e("track", TRACKS, "One numbered box per value from `start` to `stop`, in a row (the box "
      "is wider than tall); `highlight` marks one.", (100, 14), f"""
- {{type: track, x: 2, y: 2, w: 96, h: 9, start: 0, stop: 10, stroke: "{INK}", fill: "{CREAM}",
   highlight: 3, highlight_fill: "{GOLD}", style: basic-title}}
"""),
    e("track-column", TRACKS, "Taller than wide: one column. `step: -1` counts down.", (20, 64),
      f"""
- {{type: track, x: 5, y: 2, w: 10, h: 60, start: 6, stop: 1, step: -1, stroke: "{INK}",
   fill: "{CREAM}", style: basic-title}}
"""),
    e("track-columns", TRACKS, "`columns` wraps a long track into rows; `step: 5` counts in "
      "fives.", (64, 30), f"""
- {{type: track, x: 2, y: 2, w: 60, h: 26, start: 0, stop: 95, step: 5, columns: 5,
   stroke: "{BLUE}", highlight: 50, highlight_fill: "{GOLD}", style: basic-small}}
"""),
    e("hexgrid", HEXES, "Hexagonal spaces in rows, every other row set half a space right "
      "(`shift: even`) and one space shorter (`short: true`), each named by row letter and "
      "number; `spaces` picks rows (`D`) and spaces (`B2`) by name for their own fill, icon "
      "and label.", (92, 70), f"""
- {{type: hexgrid, x: 2.7, y: 2.5, rows: 4, cols: 5, size: 20, shift: even, short: true,
   gap: 0.8, fill: "{CREAM}", stroke: "{INK}", stroke_width: 0.4, names: true,
   style: basic-small, label_style: basic-small,
   spaces: [{{at: D, fill: "{BLUE}", style: basic-token}},
            {{at: B2, fill: "{GOLD}", icon: star, icon_size: 7, color: "{RED}",
              label: start}}]}}
"""),
    e("hexgrid-flat", HEXES, "`orient: flat`: columns of spaces with a side on top, every "
      "other column set half a space down (`shift: odd`: the first, third...); `at: 3` picks "
      "a column, `name_at: center` puts the names in the middle.", (76, 60), f"""
- {{type: hexgrid, x: 2, y: 2.3, rows: 3, cols: 5, size: 18, orient: flat, shift: odd,
   fill: "{CREAM}", stroke: "{INK}", stroke_width: 0.4, names: true, name_at: center,
   style: basic-small, spaces: [{{at: 3, fill: "{GOLD}"}}]}}
"""),
]
ICON_ELEMENT = f'- {{type: icon, name: {{name}}, x: 3, y: 3, size: 22, color: "{INK}"}}'
ICON_ENTRIES = [  # (shape, note, the icon file's entry)
    ("polygon", "A filled polygon through its points.", """
star:
  - polygon: [[50, 4], [61, 38], [96, 38], [68, 59], [79, 94], [50, 73], [21, 94], [32, 59],
              [4, 38], [39, 38]]
"""),
    ("circle", "A filled disc: centre and radius.", """
dots:
  - circle: [30, 30, 18]
  - circle: [70, 70, 24]
"""),
    ("ring", "A circle's outline: centre, radius and width.", """
target:
  - ring: [50, 50, 40, 8]
  - circle: [50, 50, 14]
"""),
    ("rect", "A filled rectangle, rounded by `radius`.", """
card:
  - rect: [15, 5, 70, 90]
    radius: 10
"""),
    ("line", "A polyline of `width` (round caps and joins).", """
check:
  - line: [[12, 55], [40, 82], [88, 18]]
    width: 14
"""),
    ("path", "Closed sub-paths filled even-odd: the inner one cuts a hole.", """
frame:
  - path: [[[6, 6], [94, 6], [94, 94], [6, 94]], [[26, 26], [74, 26], [74, 74], [26, 74]]]
"""),
    ("svg", "An SVG file, drawn in its own colours (the `color` does not apply).", """
owl:
  - svg: art/owl.svg
"""),
]
ENTRIES += [e(f"icon-{shape}", ICONS, note, (28, 28),
              ICON_ELEMENT.replace("{name}", icons.strip().split(":")[0]), icons)
            for shape, note, icons in ICON_ENTRIES]
SAMPLES = {  # each bundled layout: the kind it is drawn as, and the item it draws
    "basic-card-front": ("sheet", '{id: C-01, size: poker, name: Navigator, color: "#4f6d9a", '
                         'text: "Look at the top card of the deck. **+1** if it is a Sun."}'),
    "basic-card-back": ("sheet", "{id: C-01, size: poker}"),
    "basic-token": ("tokens", '{id: score-5, shape: hex, size: 24, label: "5", '
                    'color: "#b0413e"}'),
    "basic-die-face": ("sheet", '{id: face-6, size: [20, 20], label: "6"}'),
}
BUNDLED_VARS = f'{{back_color: "{INK}"}}'
FIELDS = "{name: {type: text, required: false}, text: {type: text, required: false}, " \
    "color: {type: text, required: false}, label: {type: text, required: false}}"


def bundled_layouts() -> dict[str, str]:
    """Every bundled layout's name -> its YAML as written in layouts/*.yaml."""
    found = {}
    for path in sorted(BUNDLED_LAYOUTS.glob("*.yaml")):
        lines = path.read_text(encoding="utf-8").splitlines()
        start = lines.index("layouts:") + 1
        name, block = None, []
        for line in [*lines[start:], "end:"]:
            head = re.match(r"^  ([a-z0-9-]+):\s*$", line)
            if head or (line and not line.startswith(" ")):
                if name:
                    found[name] = "\n".join(block).rstrip()
                name, block = (head.group(1), [line[2:]]) if head else (None, [])
            elif name is not None:
                block.append(line[2:])
    return found


def game_folder(folder: Path) -> None:
    """Write the gallery as a game: a sheet item per picture, a layout each, the
    icons they draw, and one component per bundled layout."""
    shutil.copytree(ART, folder / "art")
    (folder / "icons.yaml").write_text(
        "icons:\n" + "".join(indent(x.icons, 2) + "\n" for x in ENTRIES if x.icons))
    (folder / "gallery.yaml").write_text("layouts:\n" + "".join(
        f"  {x.key}:\n    elements:\n{indent(x.elements, 6)}\n" for x in ENTRIES))
    items = "".join(f"      - {{id: {x.key}, size: [{x.size[0]}, {x.size[1]}], "
                    f"front: {x.key}}}\n" for x in ENTRIES)
    comps = "".join(f"  - {{id: {name}, kind: {kind}, name: Crew, front: {name}, fields: "
                    f"{FIELDS}, items: [{item}]}}\n"
                    for name, (kind, item) in SAMPLES.items())
    (folder / "game.yaml").write_text(
        f"id: gallery\nname: Gallery\nlayouts: [gallery.yaml]\nicons: [icons.yaml]\n"
        f"vars: {BUNDLED_VARS}\ncomponents:\n  - id: pictures\n    kind: sheet\n"
        f"    front: {ENTRIES[0].key}\n"
        f"    items:\n{items}{comps}")


def indent(text: str, spaces: int) -> str:
    return "\n".join(" " * spaces + line if line else line for line in text.splitlines())


def pictures(dpi: int) -> dict:
    """Every picture by key (bundled layouts by name), drawn through the export path."""
    missing = sorted(set(bundled_layouts()) - set(SAMPLES))
    if missing:
        raise GalleryError(f"pnp/export/gallery.py has no sample item for the bundled layout(s) "
                         f"{', '.join(missing)}: add one to SAMPLES")
    with tempfile.TemporaryDirectory(prefix="pnp-gallery-") as temp:
        game_folder(Path(temp))
        drawn = draw_game(Path(temp), dpi, safe_margin=0.0, what="the gallery")
    return {page.item.id if comp == "pictures" else comp: framed(image)
            for comp, page, image in drawn}


def framed(image):
    """`image` in a 1 px grey frame, so a white piece shows its edges on a white page."""
    from PIL import Image

    out = Image.new("RGB", (image.width + 2, image.height + 2), FRAME)
    out.paste(image, (1, 1))
    return out


def draw_game(folder: Path, dpi: int, safe_margin: float, what: str) -> list:
    """[(component id, piece page, image)]: every side of every piece of the game in
    `folder`, trimmed without bleed, drawn one piece a page (piecepdf) and rasterised
    as exports do. A warning (text that does not fit, text in the safe zone...) is a
    GalleryError naming `what`: a picture in the docs must draw clean."""
    from pnp.draw.renderer import Renderer
    from pnp.export.pixels import pixels
    from pnp.export.raster import rasterise
    from pnp.load.errors import Problems
    from pnp.load.game import load_game
    from pnp.sheets.piecepdf import render_pieces
    from pnp.sheets.printfile import Options, Result

    options = Options(bleed=0.0, safe_margin=safe_margin, printer_margin=0.0)
    found, warnings = [], []
    game = load_game(folder)
    problems = Problems()
    renderer = Renderer(game, problems, warnings.append)
    for comp in game.components:
        buffer = io.BytesIO()
        pages = render_pieces(game, comp, options, renderer, buffer, f"{comp.id}.pdf", Result())
        problems.raise_if_any()
        sizes = [tuple(pixels(v, dpi) for v in page.size) for page in pages]
        for page, image in zip(pages, rasterise(buffer.getvalue(), dpi, sizes), strict=True):
            found.append((comp.id, page, image))
    renderer.finish()
    problems.raise_if_any()
    if warnings:
        raise GalleryError(f"{what} drew with warnings: " + "; ".join(warnings))
    return found


def markdown(dpi: int) -> str:
    """gallery.md: each entry's YAML and its picture, section by section."""
    out = ["# Gallery: every element, badge, track, icon shape and bundled layout", "",
           "Each picture is drawn by Dossier from the YAML beside it (a layout's `elements`; "
           "lengths in mm from the picture's top-left corner; `pnp docs format`, section 4, "
           f"says what every key does). The pictures are {dpi} dpi, framed in grey. "
           "Made by `pnp gallery --out docs`; tests/test_gallery.py regenerates them and "
           "fails when this page is stale. The fox and owl art is from game-icons.net by "
           "Lorc, CC BY 3.0 (the art starter's CREDITS.md).", "",
           "Recipes that put these together into whole cards (a cost in the corner, a "
           "type banner, a full-art card, a row of icons, `when:`, a two-sided token), "
           "each a small game to copy: [cookbook.md](cookbook.md).", "",
           "What the companion app draws for a game's `table:` (counters, piles, hands, "
           "dice, turns), each beside its YAML: [table-gallery.md](table-gallery.md).", "",
           "Contents: " + ", ".join(f"[{name}](#{name.lower().replace(' ', '-')})" for name
                                    in dict.fromkeys([*(x.section for x in ENTRIES), BUNDLED])),
           ""]
    section = None
    for x in ENTRIES:
        if x.section != section:
            section = x.section
            out += [f"## {section}", ""]
        out += [f"### `{x.key}`", "", x.note, ""]
        if x.icons:
            out += ["In an icon file (`icons:`):", "", "```yaml", x.icons, "```", "",
                    "In a layout:", ""]
        out += ["```yaml", x.elements, "```", "", f"![{x.key}](gallery/{x.key}.png)", ""]
    out += [f"## {BUNDLED}", "",
            "Defined in the bundled `layouts/basic.yaml`, which every game can use or "
            "`extends` (its styles too: `basic-title`, `basic-body`, `basic-stat`...). Each "
            "is drawn for the item shown, in a component named `Crew` of a game with "
            f"`vars: {BUNDLED_VARS}`.", ""]
    for name, text in bundled_layouts().items():
        kind, item = SAMPLES[name]
        out += [f"### `{name}`", "", f"The item (a {kind} component's):", "", "```yaml", item,
                "```", "", "The layout:", "", "```yaml", text, "```", "",
                f"![{name}](gallery/{name}.png)", ""]
    return "\n".join(out)
