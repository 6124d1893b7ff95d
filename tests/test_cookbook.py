"""docs/cookbook.md never goes stale and never shows a recipe that does not work:
`pnp gallery` draws it again here, the committed page and pictures must be what it
draws, and each recipe's files, taken from the page as a designer copies them, must
load and draw its picture without a warning. The recipes the cookbook promises (a
cost in the corner, a type banner, a full-art card, a row of icons, `when:`, a
two-sided token) are checked by what their YAML does, not by their names."""

from __future__ import annotations

import re

import pytest
import yaml
from PIL import Image, ImageChops, ImageStat

from pnp import REPO_ROOT
from pnp.cli.main import main
from pnp.export import cookbook
from pnp.export.gallery import DEFAULT_DPI, GalleryError
from pnp.export.recipes import RECIPES

DOCS = REPO_ROOT / "docs"
PAGE = DOCS / "cookbook.md"


def same(new: Image.Image, old: Image.Image) -> bool:
    if new.size != old.size:
        return False
    difference = ImageStat.Stat(ImageChops.difference(new.convert("RGB"), old.convert("RGB")))
    return max(difference.mean) < 1.0


@pytest.fixture(scope="module")
def drawn(tmp_path_factory):
    out = tmp_path_factory.mktemp("cookbook")
    assert main(["gallery", "--out", str(out)]) == 0
    return out


def test_the_committed_cookbook_is_what_pnp_gallery_draws(drawn):
    assert (drawn / "cookbook.md").read_text() == PAGE.read_text(), \
        "docs/cookbook.md is stale: run `pnp gallery --out docs` and commit it"
    names = re.findall(r"\]\(cookbook/([a-z0-9-]+\.png)\)", PAGE.read_text())
    assert sorted(names) == sorted(f"{r.key}.png" for r in RECIPES)
    assert sorted(names) == sorted(p.name for p in (drawn / "cookbook").iterdir())
    assert sorted(names) == sorted(p.name for p in (DOCS / "cookbook").iterdir())
    for name in names:
        with Image.open(drawn / "cookbook" / name) as new, \
                Image.open(DOCS / "cookbook" / name) as old:
            assert same(new, old), f"{name} is stale: run `pnp gallery --out docs`"


@pytest.mark.parametrize("recipe", RECIPES, ids=lambda r: r.key)
def test_the_files_on_the_page_draw_the_picture_beside_them(recipe):
    files = cookbook.shown(PAGE.read_text())[recipe.key]
    assert files == cookbook.game_files(recipe)
    assert set(files) >= {"game.yaml"} and all(text.strip() for text in files.values())
    image = cookbook.picture(files, recipe.sides, DEFAULT_DPI, recipe.key)
    with Image.open(DOCS / "cookbook" / f"{recipe.key}.png") as committed:
        assert same(image, committed), recipe.key


def elements(recipe) -> list[dict]:
    layouts = yaml.safe_load(recipe.layouts)["layouts"]
    return [e for layout in layouts.values() for e in layout["elements"]]


def component(recipe) -> dict:
    return yaml.safe_load(recipe.component)[0]


def test_the_recipes_the_issue_asks_for_do_what_they_say():
    by_key = {r.key: r for r in RECIPES}
    cost = [e for e in elements(by_key["cost-corner"]) if e["type"] in ("image", "badge")]
    assert [e["type"] for e in cost] == ["image", "badge"]  # the badge drawn over the art
    assert cost[1]["value"] == "{cost}" and cost[1]["x"] < 5 and cost[1]["y"] < 5
    banner = by_key["type-banner"]
    assert any(e.get("fill") == "{type_colors.{type}}" for e in elements(banner))
    assert set(component(banner)["vars"]["type_colors"]) == {
        item["type"] for item in component(banner)["items"]}
    art = elements(by_key["full-art"])
    assert any(e["type"] == "background" and "{art}" in e.get("image", "") for e in art)
    assert any(re.fullmatch(r"#[0-9a-f]{6}[0-9a-e][0-9a-f]", e.get("fill", "")) for e in art)
    row = [e for e in elements(by_key["icon-row"]) if e["type"] == "icon"]
    assert len(row) == 5 and [e.get("when") for e in row[1:]] == [
        f"speed >= {n}" for n in range(2, 6)]
    assert {e.get("when") for e in elements(by_key["when"])} > {None}
    token = by_key["two-sided-token"]
    assert component(token)["kind"] == "tokens" and component(token)["back"]
    assert token.sides == ("front", "back")
    assert component(by_key["spreadsheet"])["data"] == "cards.csv"


def test_every_recipe_shows_two_or_more_pieces_in_a_small_picture():
    for recipe in RECIPES:
        path = DOCS / "cookbook" / f"{recipe.key}.png"
        assert path.stat().st_size < 60_000, path.name
        with Image.open(path) as image:
            row = image.convert("RGB").crop((0, image.height // 2, image.width,
                                             image.height // 2 + 1))
            frames = [x for x in range(row.width) if row.getpixel((x, 0)) == (208, 208, 208)]
            assert len(frames) >= 4, f"{path.name}: fewer than two framed pieces"


def test_the_index_leads_to_every_recipe():
    page = PAGE.read_text()
    index = page[:page.index("\n## ")]
    linked = set(re.findall(r"\]\(#([a-z0-9-]+)\)", index))
    headings = {cookbook.anchor(h) for h in re.findall(r"^## (.+)$", page, re.MULTILINE)}
    assert linked == headings and len(headings) == len(RECIPES)
    assert index.count("\n| ") >= len(RECIPES) + 1


def test_a_recipe_that_draws_with_a_warning_is_refused():
    recipe = RECIPES[0]
    files = dict(cookbook.game_files(recipe))
    files["layouts.yaml"] = files["layouts.yaml"].replace(  # text 1 mm from the edge
        "x: 7, y: 66", "x: 1, y: 66").replace("size: 9, align: center", "size: 9")
    assert files != cookbook.game_files(recipe)
    with pytest.raises(GalleryError, match="warnings.*safe"):
        cookbook.picture(files, recipe.sides, DEFAULT_DPI, recipe.key)


def test_removed_recipes_lose_their_pictures_and_nothing_else(tmp_path):
    (tmp_path / "cookbook").mkdir()
    (tmp_path / "cookbook" / "old-recipe.png").write_bytes(b"png")
    (tmp_path / "cookbook" / "mine.png").write_bytes(b"png")
    (tmp_path / "cookbook.md").write_text("![x](cookbook/old-recipe.png)\n")
    assert main(["gallery", "--out", str(tmp_path)]) == 0
    names = {p.name for p in (tmp_path / "cookbook").iterdir()}
    assert "old-recipe.png" not in names and "mine.png" in names
    assert "cost-corner.png" in names
