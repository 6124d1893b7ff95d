"""`pnp export --format showcase`: one picture of the game to post, a fanned hand or
a spread of chosen pieces (showpick.py) on a backdrop (compose.py).

Each piece is the game's own drawing rasterised, as every export is, so the
picture shows exactly what prints; pieces are cut at their trim (cards with
rounded corners, tokens to their shape). The picture is a width in pixels, not a
resolution: every piece is drawn at the one scale that width needs."""

from __future__ import annotations

import io
from dataclasses import replace

from pnp.export.pixels import full_size, pixels
from pnp.load.errors import file_mark
from pnp.load.formats import SHOWCASE_WIDTH
from pnp.load.showpick import picks_for
from pnp.sheets.printfile import Result

CARD_CORNER = 3.0  # mm: a die-cut card's corner radius, at most
SHEET_CORNER = 1.0  # mm: a board's or a square token's
TOKEN_EDGE = 0.6  # mm of a token's thickness that shows below its face


def write_showcase(game, output, target, options, renderer, problems) -> list[dict]:
    """The picture `<game-id>.png` in `target`; its manifest entry."""
    from pnp.export.compose import SUPER, arrange, compose, frame, tone, web_palette

    picks = picks_for(game, options.pieces, problems)
    if not picks:
        problems.add(file_mark(game.root / "game.yaml"),
                     f"{game.id} has no piece to show in a showcase")
    problems.raise_if_any()
    style = options.style or (game.showcase.style if game.showcase else None) or \
        ("fan" if all(game.component(p.component).kind == "deck" for p in picks) else "spread")
    drawn = draw(game, picks, options.print, renderer)
    problems.raise_if_any()
    sizes = [page.size for _, page, _ in drawn]
    places = arrange(sizes, style)
    extent = frame(sizes, places)
    scale = (options.width or SHOWCASE_WIDTH) / extent[2]  # px per mm
    images = cut_pieces(drawn, scale * SUPER * 25.4)
    background = game.showcase.background if game.showcase else None
    table = rgb(background) if background else tone([image for image, _ in images])
    picture = compose(images, places, extent, scale, table)
    if options.palette:
        picture = web_palette(picture, table)
    final = target / f"{game.id}.png"
    picture.save(output.temporary(final), format="PNG", optimize=True)
    return [{"file": final.name, "style": style, "pixels": list(picture.size),
             "pieces": [[p.component, p.item, p.side] for p in picks],
             **({"colours": 256} if options.palette else {})}]


def draw(game, picks: list, print_options, renderer) -> list:
    """[(component, page, (its PDF's buffer, page index))] for each pick in order: each
    component's chosen items drawn once, one piece side a page (piecepdf.py)."""
    from pnp.sheets.piecepdf import render_pieces

    drawn = {}
    for comp_id in dict.fromkeys(p.component for p in picks):
        comp = game.component(comp_id)
        wanted = {p.item for p in picks if p.component == comp_id}
        part = replace(comp, items=[replace(item, copies=1) for item in comp.items
                                    if item.id in wanted])
        buffer = io.BytesIO()
        pages = render_pieces(game, part, print_options, renderer, buffer,
                              f"{comp.id}.pdf", Result())
        for index, page in enumerate(pages):
            drawn[(comp_id, page.item.id, page.side)] = (comp, page, (buffer, index))
    return [(drawn[key][0], drawn[key][1], drawn[key][2])
            for key in ((p.component, p.item, p.side) for p in picks)]


def cut_pieces(drawn: list, dpi: float) -> list:
    """Each drawn piece rasterised at `dpi` (a page once, however often it is shown)
    and cut to its shape: [(RGBA image, edge mm)]."""
    from pnp.export.compose import cut
    from pnp.export.raster import rasterise

    pdfs: dict = {}  # id(buffer) -> (buffer, {page index: page})
    for _, page, (buffer, index) in drawn:
        pdfs.setdefault(id(buffer), (buffer, {}))[1][index] = page
    images = {}
    for key, (buffer, pages) in pdfs.items():
        order = sorted(pages)
        sizes = [full_size(pages[i], dpi) if i in pages else (1, 1)
                 for i in range(order[-1] + 1)]
        for index, image in zip(order, rasterise(buffer.getvalue(), dpi, sizes, order),
                                strict=True):
            images[(key, index)] = image
    pieces = []
    for comp, page, (buffer, index) in drawn:
        shape, radius, edge = outline(comp, page)
        trim = [pixels(v, dpi) for v in page.size]
        pieces.append((cut(images[(id(buffer), index)], pixels(page.bleed, dpi), trim, shape,
                           pixels(radius, dpi)), edge))
    return pieces


def outline(comp, page) -> tuple:
    """(shape, corner radius mm, thickness mm) a piece is cut to: a card's rounded
    corners, a token's own shape and its card stock's edge, a die face's soft corners."""
    w, h = page.size
    if comp.kind == "deck":
        return "rect", min(CARD_CORNER, 0.06 * min(w, h)), 0.0
    if comp.kind == "tokens":
        shape = page.item.shape or comp.shape or "round"
        return shape, SHEET_CORNER, TOKEN_EDGE
    if comp.kind == "dice":
        return "rect", 0.1 * w, 0.0
    return "rect", SHEET_CORNER, 0.0


def rgb(colour: str) -> tuple:
    """'#rrggbb' (or with alpha, which a backdrop ignores) as an RGB tuple."""
    return tuple(int(colour[i:i + 2], 16) for i in (1, 3, 5))
