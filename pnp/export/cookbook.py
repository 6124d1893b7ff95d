"""`pnp gallery`'s cookbook: small complete games a designer copies from, each the
files that make it and the picture of its pieces as they print (DIR/cookbook.md,
DIR/cookbook/*.png).

Each recipe is written out as a game folder exactly as the page shows it, loaded,
checked and drawn through the export path (gallery.draw_game), with the standard's
3 mm safe zone; a warning stops it. So a recipe on the page always loads and draws
clean, and regenerating the page (tests/test_cookbook.py) tells when it is stale.
"""

from __future__ import annotations

import re
import shutil
import tempfile
from pathlib import Path

from pnp.export.gallery import ART, GalleryError, draw_game, framed
from pnp.export.recipes import RECIPES, Recipe

GAP = 16  # px between the pieces of a picture
SAFE = 3.0  # mm: the standard's safe zone, which every recipe keeps


def game_files(recipe: Recipe) -> dict[str, str]:
    """The recipe's files, as a designer copies them: game.yaml first."""
    head = f"id: {recipe.key}\nname: {recipe.name}\n"
    if recipe.layouts:
        head += "layouts: [layouts.yaml]\n"
    if recipe.icons:
        head += "icons: [icons.yaml]\n"
    files = {"game.yaml": head + "components:\n" + indent(recipe.component, 2) + "\n"}
    if recipe.layouts:
        files["layouts.yaml"] = recipe.layouts + "\n"
    if recipe.icons:
        files["icons.yaml"] = recipe.icons + "\n"
    files.update({name: text + "\n" for name, text in recipe.data})
    return files


def indent(text: str, spaces: int) -> str:
    return "\n".join(" " * spaces + line if line else line for line in text.splitlines())


def picture(files: dict, sides: tuple, dpi: int, what: str):
    """The pieces the files draw (each item's first copy, the sides asked for),
    side by side in print order, each framed, on white."""
    from PIL import Image

    with tempfile.TemporaryDirectory(prefix="pnp-cookbook-") as temp:
        folder = Path(temp)
        shutil.copytree(ART, folder / "art")
        for name, text in files.items():
            (folder / name).write_text(text, encoding="utf-8")
        drawn = draw_game(folder, dpi, safe_margin=SAFE, what=what)
    pieces = [framed(image) for _, page, image in drawn
              if page.copy == 1 and page.side in sides]
    if not pieces:
        raise GalleryError(f"{what} draws no piece")
    width = sum(p.width for p in pieces) + GAP * (len(pieces) - 1)
    out = Image.new("RGB", (width, max(p.height for p in pieces)), (255, 255, 255))
    x = 0
    for piece in pieces:
        out.paste(piece, (x, 0))
        x += piece.width + GAP
    return out


def pictures(dpi: int) -> dict:
    """Every recipe's picture by key."""
    return {r.key: picture(game_files(r), r.sides, dpi, f"the cookbook's recipe {r.key!r}")
            for r in RECIPES}


def anchor(title: str) -> str:
    """The anchor GitHub gives a heading."""
    return re.sub(r"[^a-z0-9 -]", "", title.lower()).replace(" ", "-")


FENCE = {"yaml": "yaml", "csv": "csv"}


def markdown(dpi: int) -> str:
    """cookbook.md: the index by what you want to draw, then each recipe: what it
    does, its picture and its files."""
    out = ["# Cookbook: the card you have in mind, as a game you can copy", "",
           "Each recipe is a small complete game: its files, and the picture Dossier draws "
           "of them (two or three pieces side by side as they print, each framed in grey, "
           f"{dpi} dpi). Copy the files into an empty folder with the art starter's "
           "pictures (`pnp new my-game --from art` makes one, `art/` inside) and run "
           "`pnp build`, or take the component and layout into your own game. Every "
           "key is explained in the format (`pnp docs format`, sections 3 to 6); "
           "[the gallery](gallery.md) shows every element on its own. The pictures are "
           "from game-icons.net, CC BY 3.0: fox head, owl, frog, snake and paw by Lorc, "
           "bear head and rabbit by Delapouite (the art starter's CREDITS.md).", "",
           "Made by `pnp gallery --out docs` with the gallery; tests/test_cookbook.py "
           "draws every recipe again from the files shown here and fails when this page "
           "is stale.", "",
           "| I want to... | recipe |", "| --- | --- |"]
    out += [f"| {want} | [{r.title}](#{anchor(r.title)}) |"
            for r in RECIPES for want in r.wants]
    out.append("")
    for r in RECIPES:
        out += [f"## {r.title}", "", r.note, "", f"![{r.key}](cookbook/{r.key}.png)", ""]
        for name, text in game_files(r).items():
            fence = FENCE[name.rsplit(".", 1)[1]]
            out += [f"`{name}`:", "", f"```{fence}", text.rstrip("\n"), "```", ""]
    return "\n".join(out)


def shown(page: str) -> dict[str, dict]:
    """Each recipe's files as the page shows them, by key: what the tests draw again."""
    found = {}
    for section in re.split(r"^## ", page, flags=re.MULTILINE)[1:]:
        key = re.search(r"!\[([a-z0-9-]+)\]\(cookbook/", section)
        if key:
            found[key.group(1)] = {name: text + "\n" for name, text in re.findall(
                r"^`([a-z0-9.-]+)`:\n\n```[a-z]+\n(.*?)\n```$", section,
                re.MULTILINE | re.DOTALL)}
    return found
