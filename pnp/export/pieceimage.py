"""One side of one piece as an image for a screen: the printed drawing (the same
pages `pnp export` rasterises), trimmed, corners rounded. The companion shows it
when a player holds a card; dice faces are pieces too.

Imported only where reportlab and pdfium are installed (the desktop, and the
machine that builds the Android app): the phone shows images made beforehand
(companion/cardart.py)."""

from __future__ import annotations

import io
from dataclasses import replace

from pnp.draw.renderer import Renderer
from pnp.load.errors import Problems
from pnp.load.players import for_players
from pnp.sheets.printfile import Options, Result

SCREEN_CORNER_MM = 3.0


def printed_game(game):
    """The game with every player set's copies, as `pnp check` draws it."""
    return for_players(game, every=True)


def find_item(comp, printed_id: str, player: str | None = None):
    """The item of `comp` that prints `printed_id` (the first player set's copy, or
    the copy of `player`'s set)."""
    for item in comp.items:
        if item.printed_id == printed_id and (player is None or
                                              str(item.fields.get("player")) == player):
            return item
    raise KeyError(f"{comp.id} has no piece '{printed_id}'")


def piece_images(game, component_id: str, printed_id: str, dpi: int = 160,
                 player: str | None = None) -> dict:
    """{side: RGBA image} of one piece: 'front' and 'back' (a sheet: 'front'; a die:
    'face 1' ... 'face 6'), each its trim with rounded corners (a die's faces
    square), a round or hexagonal token cut to its shape (transparent around it)."""
    from pnp.export.compose import cut
    from pnp.export.raster import rasterise
    from pnp.sheets.piecepdf import render_pieces

    game = printed_game(game)
    comp = game.component(component_id)
    item = find_item(comp, printed_id, player)
    one = replace(comp, items=[replace(item, copies=1)])
    options = Options(bleed=0.0, safe_margin=0.0)
    buffer, problems = io.BytesIO(), Problems()
    renderer = Renderer(game, problems, lambda _warning: None)
    pages = render_pieces(game, one, options, renderer, buffer, f"{comp.id}.pdf", Result())
    renderer.finish()
    problems.raise_if_any()
    sizes = [tuple(round(v / 25.4 * dpi) for v in page.size) for page in pages]
    corner = 0 if comp.kind == "dice" else round(SCREEN_CORNER_MM / 25.4 * dpi)
    shape = (item.shape or comp.shape or "rect") if comp.kind == "tokens" else "rect"
    images = {}
    for page, size, image in zip(pages, sizes, rasterise(buffer.getvalue(), dpi, sizes),
                                 strict=True):
        images[page.side] = cut(image, 0, size, shape, corner)
    return images
