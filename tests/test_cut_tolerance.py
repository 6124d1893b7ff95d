"""Cut tolerance: in every bundled deck the outer 2.5 mm of all fronts, and of all
backs, look alike, so a card cut 0.5 mm off shows no sliver of its neighbour's
colour, and a duplex shift moves no thin frame close to an edge."""

from __future__ import annotations

import json

import pytest
from PIL import Image, ImageStat

from pnp import BUNDLED_GAMES
from pnp.export.writer import ExportOptions, export_games
from pnp.load.game import load_game
from pnp.sheets.build import Options

DPI = 50
BAND = 2.5  # mm inside the trim


def band_colour(image: Image.Image, bleed_px: int) -> tuple:
    """The mean colour of the ring 0.3-2.5 mm inside the trim."""
    px = lambda mm: round(mm / 25.4 * DPI)  # noqa: E731
    w, h = image.size
    inner = bleed_px + px(0.3), bleed_px + px(BAND)
    mask = Image.new("L", image.size, 0)
    mask.paste(255, (inner[0], inner[0], w - inner[0], h - inner[0]))
    mask.paste(0, (inner[1], inner[1], w - inner[1], h - inner[1]))
    return tuple(ImageStat.Stat(image.convert("RGB"), mask).mean)


@pytest.mark.parametrize("game_id", sorted(p.name for p in BUNDLED_GAMES.iterdir()))
def test_the_edges_of_every_deck_look_alike(game_id, tmp_path):
    game = load_game(BUNDLED_GAMES / game_id)
    decks = tuple(c.id for c in game.components if c.kind == "deck")
    export_games([game], tmp_path, ExportOptions(format="png", dpi=DPI, only=decks,
                                                 print=Options()))
    folder = tmp_path / game.folder / "png"
    files = json.loads((folder / "manifest.json").read_text())["files"]
    bleed = round(3 / 25.4 * DPI)
    for deck in decks:
        for side in ("front", "back"):
            colours = {}
            for entry in files:
                if entry["component"] == deck and entry["side"] == side:
                    with Image.open(folder / entry["file"]) as image:
                        colours[entry["item"]] = band_colour(image, bleed)
            first = next(iter(colours.values()))
            odd = {item: [round(c) for c in colour] for item, colour in colours.items()
                   if max(abs(a - b) for a, b in zip(colour, first, strict=True)) > 14}
            assert odd == {}, f"{deck} {side}s: edges differ from the first card's"
