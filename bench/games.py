"""Write the benchmark's game folders: a text deck and a deck with raster art."""

from __future__ import annotations

import random
from pathlib import Path

import yaml
from deckdata import SEED, text_cards
from PIL import Image, ImageDraw, ImageFilter

LAYOUTS = {
    "layouts": {
        "bench-front": {
            "extends": "basic-card-front",
            "elements": [
                {"type": "badge", "x": 4, "y": 72, "size": 11, "value": "{attack}",
                 "fill": "#b0413e", "style": "basic-stat"},
                {"type": "badge", "x": 48, "y": 72, "size": 11, "value": "{defense}",
                 "shape": "hex", "fill": "#4f6d9a", "style": "basic-stat"},
            ],
        },
        "art-front": {
            "elements": [
                {"type": "background", "fill": "#fbf8f0"},
                {"type": "image", "src": "art/{art}", "x": 0, "y": 0, "w": 63, "h": 50,
                 "fit": "cover"},
                {"type": "text", "x": 5, "y": 54, "w": "w - 10", "h": 9, "text": "{name}",
                 "style": "basic-title"},
                {"type": "text", "x": 5, "y": "h - 7", "w": "w - 10", "h": 3, "text": "{id}",
                 "style": "basic-small"},
            ],
        },
    },
}


def _write_game(root: Path, game_id: str, component: dict, cards: list) -> Path:
    root.mkdir(parents=True, exist_ok=True)
    game = {"id": game_id, "name": f"Bench {game_id}", "layouts": ["layouts.yaml"],
            "vars": {"color": "#3a6ea5", "back_color": "#24305e"},
            "components": [{"kind": "deck", "size": "poker", "data": "cards.yaml",
                            "back": "basic-card-back", **component}]}
    (root / "game.yaml").write_text(yaml.safe_dump(game, sort_keys=False))
    (root / "layouts.yaml").write_text(yaml.safe_dump(LAYOUTS, sort_keys=False))
    (root / "cards.yaml").write_text(yaml.safe_dump({"cards": cards}, sort_keys=False,
                                                    width=100))
    return root


def write_text_game(root: Path, count: int = 40) -> Path:
    """A deck of `count` text cards (see deckdata.py) with fronts and backs."""
    fields = {"name": "text", "attack": "int", "defense": "int", "text": "text"}
    return _write_game(root, "bench-text", {"id": "agents", "name": "Agents",
                                            "front": "bench-front", "fields": fields},
                       text_cards(count))


def write_art(folder: Path, count: int = 20, size=(600, 840), seed: int = SEED) -> list[str]:
    """`count` distinct seeded PNGs: a two-colour gradient with soft blobs."""
    folder.mkdir(parents=True, exist_ok=True)
    rng = random.Random(seed)
    names = []
    for i in range(count):
        top, bottom = ([rng.randrange(256) for _ in range(3)] for _ in range(2))
        column = Image.new("RGB", (1, size[1]))
        for y in range(size[1]):
            t = y / (size[1] - 1)
            column.putpixel((0, y), tuple(round(a + (b - a) * t) for a, b in zip(top, bottom,
                                                                             strict=True)))
        img = column.resize(size)
        draw = ImageDraw.Draw(img)
        for _ in range(12):
            x, y, r = rng.randrange(size[0]), rng.randrange(size[1]), rng.randint(30, 160)
            draw.ellipse((x - r, y - r, x + r, y + r),
                         fill=tuple(rng.randrange(256) for _ in range(3)))
        img = img.filter(ImageFilter.GaussianBlur(6))
        name = f"art{i:02d}.png"
        img.save(folder / name, optimize=False)
        names.append(name)
    return names


def write_art_game(root: Path, count: int, art: list[str]) -> Path:
    """A deck of `count` cards, card i showing art[i % len(art)]."""
    cards = [{"id": f"A{i:04d}", "name": f"Asset {i}", "art": art[i % len(art)]}
             for i in range(count)]
    fields = {"name": "text", "art": "text"}
    return _write_game(root, "bench-art", {"id": "assets", "name": "Assets",
                                           "front": "art-front", "fields": fields}, cards)
