"""Writing `--format cut` for one component (printcut.py says what each cutter takes):
the sheets (a PDF for Silhouette, PNGs for Cricut), a cut file a sheet in SVG and in DXF
(cutdxf.py), and their manifest entries. Dice nets and plain sheets get a note: they
print from `pnp build`."""

from __future__ import annotations

from functools import cache
from math import ceil

from pnp.export.printcut import (
    CUTTERS,
    MM_PER_INCH,
    cut_svg,
    cuttable,
    layout,
    outline,
    piece_shape,
    sheets_pdf,
)
from pnp.plan.impose import page_size

NOT_CUT = ("a cutter cuts cards, tokens and standees here; print dice nets and sheets "
           "from pnp build")


def write_cut(game, comp, pages, pdf: bytes, output, target, options,
              digests=None) -> list[dict]:
    if not cuttable(comp):
        return [{"component": comp.id, "note": NOT_CUT}]
    cutter = CUTTERS[options.cutter]
    digests = digests or [str(i) for i in range(len(pages))]
    fronts = [i for i, p in enumerate(pages) if p.side == "front"]
    back_at = {(p.item.id, p.copy): i for i, p in enumerate(pages) if p.side == "back"}
    backs = {i: back_at[(pages[i].item.id, pages[i].copy)] for i in fronts
             if (pages[i].item.id, pages[i].copy) in back_at}
    bled = cutter.area is None  # Silhouette: the pieces with their bleed; Cricut: trim
    sizes = [tuple(v + (2 * pages[i].bleed if bled else 0) for v in pages[i].size)
             for i in fronts]
    sheet, placed = layout(sizes, page_size(options.print.paper, False), cutter)
    placed = [[(fronts[k], x, y) for k, x, y in spots] for spots in placed]
    files = []
    for number, spots in enumerate(placed, 1):
        pieces = []  # (shape, x, y, w, h): each trim, mm from the sheet's bottom left
        for index, x, y in spots:
            b = pages[index].bleed if bled else 0.0
            pieces.append((piece_shape(comp, pages[index]), x + b, y + b,
                           *pages[index].size))
        final = target / f"{comp.id}-cut-{number}.svg"
        output.write_text(final, cut_svg([outline(*p, sheet[1]) for p in pieces], sheet))
        files.append({"file": final.name, "component": comp.id, "sheet": number,
                      "pieces": len(spots), "cutter": cutter.name,
                      "sheet_mm": [round(v, 2) for v in sheet]})
        files.append(dxf_file(pieces, sheet, target / f"{comp.id}-cut-{number}.dxf",
                              output, files[-1]))
    if bled:
        final = target / f"{comp.id}.pdf"
        output.temporary(final).write_bytes(sheets_pdf(
            pdf, pages, placed, sheet, digests, backs, f"{game.name}: {comp.name}"))
        files.insert(0, {"file": final.name, "component": comp.id, "sheets": len(placed),
                         "pages": len(placed) + sum(1 for s in placed
                                                    if any(i in backs for i, _, _ in s)),
                         "cutter": cutter.name, "marks": "Silhouette Type 1: 10 mm inset, "
                         "20 mm long, 0.5 mm thick, 5 mm square top left"})
    else:
        files[:0] = cricut_sheets(comp, pages, pdf, placed, sheet, backs, output, target,
                                  options.resolution)
    return files


def dxf_file(pieces: list, sheet: tuple, final, output, svg_entry: dict) -> dict:
    """The sheet's cut lines as DXF too (cutdxf.py): Silhouette Studio's free edition
    opens no SVG."""
    from pnp.export.cutdxf import cut_dxf, cut_points, cuts_at

    outlines = [cut_points(*piece) for piece in pieces]
    output.write_text(final, cut_dxf(outlines, sheet))
    return {**svg_entry, "file": final.name, "units": "mm",
            "cuts_at_mm": cuts_at(outlines, sheet)}


def cricut_sheets(comp, pages, pdf, placed, sheet, backs, output, target,
                  dpi: int) -> list[dict]:
    """Each sheet as a transparent PNG with the pieces cut to their shape, and the backs
    mirrored on a PNG of their own (turned over the long edge)."""
    from PIL import Image

    from pnp.export.raster import rasterise

    px = [round(v / MM_PER_INCH * dpi) for v in sheet]
    sizes = [[ceil((v + 2 * p.bleed) / MM_PER_INCH * dpi) for v in p.size] for p in pages]
    wanted = sorted({i for spots in placed for i, _, _ in spots} |
                    {backs[i] for spots in placed for i, _, _ in spots if i in backs})
    drawn = dict(zip(wanted, rasterise(pdf, dpi, sizes, wanted), strict=True))
    files = []
    for number, spots in enumerate(placed, 1):
        for side, pick in (("front", lambda i: i), ("back", backs.get)):
            canvas = Image.new("RGBA", px, (0, 0, 0, 0))
            for index, x, y in spots:
                shown = pick(index)
                if shown is None:
                    continue
                piece = cut_out(drawn[shown], pages[shown], piece_shape(comp, pages[shown]),
                                dpi)
                w, h = pages[index].size
                left = x if side == "front" else sheet[0] - x - w
                top = sheet[1] - y - h
                canvas.paste(piece, (round(left / MM_PER_INCH * dpi),
                                     round(top / MM_PER_INCH * dpi)), piece)
            if side == "back" and not any(i in backs for i, _, _ in spots):
                continue
            name = f"{comp.id}-{number}.png" if side == "front" else \
                f"{comp.id}-{number}-backs.png"
            canvas.save(output.temporary(target / name), format="PNG", dpi=(dpi, dpi))
            files.append({"file": name, "component": comp.id, "sheet": number, "side": side,
                          "pixels": px, "cutter": "Cricut Design Space"})
    return files


def cut_out(image, page, shape: str, dpi: int):
    """The piece's trim from its drawn image, transparent outside its cut."""
    b = round(page.bleed / MM_PER_INCH * dpi)
    w, h = (round(v / MM_PER_INCH * dpi) for v in page.size)
    piece = image.crop((b, b, b + w, b + h)).convert("RGBA")
    piece.putalpha(cut_mask(shape, w, h, dpi))
    return piece


@cache
def cut_mask(shape: str, w: int, h: int, dpi: int):
    """A cut's shape as a mask, drawn 4x larger for smooth edges (made once a size)."""
    from PIL import Image, ImageDraw

    mask = Image.new("L", (w * 4, h * 4), 0)
    draw = ImageDraw.Draw(mask)
    box = (0, 0, w * 4 - 1, h * 4 - 1)
    if shape == "round":
        draw.ellipse(box, fill=255)
    elif shape == "hex":
        draw.regular_polygon((w * 2, h * 2, w * 2), 6, fill=255)
    else:
        radius = round(3.0 / MM_PER_INCH * dpi * 4) if shape == "card" else 0
        draw.rounded_rectangle(box, radius=radius, fill=255)
    return mask.resize((w, h), Image.Resampling.LANCZOS)
