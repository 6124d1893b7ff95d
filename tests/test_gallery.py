"""docs/gallery.md never goes stale: `pnp gallery` draws it again here and the
committed page and pictures must be what it draws; and it shows every element
type, badge shape, image fit, icon shape and bundled layout there is, the lists
taken from the schema (pnp/load/specs.py) and layouts/, so a new one fails this test
until the gallery has it."""

from __future__ import annotations

import re

import pytest
import yaml
from PIL import Image, ImageChops, ImageStat

from pnp import BUNDLED_LAYOUTS, REPO_ROOT
from pnp.cli.main import main
from pnp.load.specs import ELEMENTS, ICON_SHAPE

DOCS = REPO_ROOT / "docs"
PAGE = DOCS / "gallery.md"
ICON_MODIFIERS = {"radius", "width"}  # keys that change a shape, not shapes of their own
BLOCK = re.compile(r"```yaml\n(.*?)```", re.DOTALL)


def wanted() -> set[str]:
    """Everything the gallery must show, from the schema and the bundled layouts."""
    badge = ELEMENTS["badge"]["shape"].spec.choices
    fits = ELEMENTS["image"]["fit"].spec.choices
    layouts = set()
    for path in BUNDLED_LAYOUTS.glob("*.yaml"):
        layouts |= set(yaml.safe_load(path.read_text())["layouts"])
    return ({f"element {t}" for t in ELEMENTS} | {f"badge {s}" for s in badge}
            | {f"fit {f}" for f in fits} | {f"layout {name}" for name in layouts}
            | {f"icon {s}" for s in set(ICON_SHAPE.fields) - ICON_MODIFIERS})


def shown(page: str) -> set[str]:
    """What the page's YAML blocks draw (a bundled layout: its heading and picture)."""
    found = set()

    def walk(value):
        if isinstance(value, dict):
            kind = value.get("type")
            if kind:
                found.add(f"element {kind}")
                if kind == "badge":
                    found.add(f"badge {value.get('shape', 'circle')}")
                if kind == "image":
                    found.add(f"fit {value.get('fit', 'contain')}")
            else:
                found.update(f"icon {k}" for k in value if k in ICON_SHAPE.fields)
            for item in value.values():
                walk(item)
        elif isinstance(value, list):
            for item in value:
                walk(item)

    for block in BLOCK.findall(page):
        walk(yaml.safe_load(block))
    for name in re.findall(r"^### `([a-z0-9-]+)`$", page, re.MULTILINE):
        if f"![{name}](gallery/{name}.png)" in page:
            found.add(f"layout {name}")
    return found - {f"icon {m}" for m in ICON_MODIFIERS}


@pytest.fixture(scope="module")
def drawn(tmp_path_factory):
    out = tmp_path_factory.mktemp("gallery")
    assert main(["gallery", "--out", str(out)]) == 0
    return out


def test_the_committed_gallery_is_what_pnp_gallery_draws(drawn):
    assert (drawn / "gallery.md").read_text() == PAGE.read_text(), \
        "docs/gallery.md is stale: run `pnp gallery --out docs` and commit it"
    names = re.findall(r"\]\(gallery/([a-z0-9-]+\.png)\)", PAGE.read_text())
    assert sorted(names) == sorted(p.name for p in (drawn / "gallery").iterdir())
    assert sorted(names) == sorted(p.name for p in (DOCS / "gallery").iterdir())
    for name in names:
        with Image.open(drawn / "gallery" / name) as new, \
                Image.open(DOCS / "gallery" / name) as old:
            assert new.size == old.size, name
            difference = ImageStat.Stat(ImageChops.difference(new.convert("RGB"),
                                                              old.convert("RGB")))
            assert max(difference.mean) < 1.0, f"{name} is stale: run `pnp gallery --out docs`"


def test_every_element_type_badge_fit_icon_shape_and_bundled_layout_is_shown():
    assert wanted() - shown(PAGE.read_text()) == set()


def test_a_missing_entry_is_noticed():
    page = PAGE.read_text()
    without_grid = re.sub(r"### `grid`.*?(?=### )", "", page, flags=re.DOTALL)
    without_hex = page.replace("shape: hex, value:", "shape: circle, value:")
    assert wanted() - shown(without_grid) == {"element grid"}
    assert wanted() - shown(without_hex) == {"badge hex"}
    without_layout = page.replace("![basic-token](gallery/basic-token.png)", "")
    assert wanted() - shown(without_layout) == {"layout basic-token"}


def test_the_pictures_are_small_and_show_something():
    for path in sorted((DOCS / "gallery").glob("*.png")):
        assert path.stat().st_size < 40_000, path.name
        with Image.open(path) as image:
            rgb = image.convert("RGB")
            inside = rgb.crop((1, 1, rgb.width - 1, rgb.height - 1))
            colours = {colour for _, colour in inside.getcolors(1 << 20)}
            assert colours - {(255, 255, 255)}, f"{path.name} is blank"
            assert rgb.getpixel((0, 0)) == (208, 208, 208), f"{path.name} has no frame"
            assert image.info.get("dpi", (0, 0))[0] == pytest.approx(80, abs=0.5)


def test_removed_entries_lose_their_pictures_and_nothing_else(tmp_path):
    (tmp_path / "gallery").mkdir()
    (tmp_path / "gallery" / "old-entry.png").write_bytes(b"png")
    (tmp_path / "gallery" / "mine.png").write_bytes(b"png")
    (tmp_path / "gallery.md").write_text("![x](gallery/old-entry.png)\n")
    assert main(["gallery", "--out", str(tmp_path)]) == 0
    names = {p.name for p in (tmp_path / "gallery").iterdir()}
    assert "old-entry.png" not in names and "mine.png" in names and "grid.png" in names


def test_pnp_docs_prints_the_gallery(capsys):
    assert main(["docs", "gallery"]) == 0
    assert capsys.readouterr().out.strip() == PAGE.read_text().strip()
