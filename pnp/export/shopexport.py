"""Writing a print-shop preset's files for one component (`pnp export --shop`): a
folder per product the component becomes (shopgroups.py), every distinct design once
at the product's exact pixels (pieces drawn alike are one design: the shop prints its
count), each back once, and a listing (`cards.csv` for a deck, `pieces.csv` otherwise)
with each design's items, count and back, in the order the upload asks for them.
DriveThruCards takes a deck as one print-ready PDF instead (cardpdf.py).

A piece drawn at another size than its product's upload is placed on the upload
centred (productfit.py says at what scale), and whatever of the upload its drawing does
not reach is filled with the colour of its own outer edge: the bleed carried on."""

from __future__ import annotations

import csv
import io
from collections import Counter
from math import ceil

from pnp.export.products import MM_PER_INCH
from pnp.export.shopgroups import Group, groups, refusals
from pnp.export.shops import Shop


def write_preset(shop: Shop, game, comp, pages, pdf: bytes, digests: list, output,
                 target, options, cmyk: bool = False) -> list[dict]:
    """`digests`: each page's drawing (piecepdf.render_pieces): a side drawn alike on
    many pieces is rasterised once. `cmyk`: DriveThruCards' deck PDF as PDF/X-1a (the
    CLI refuses it for the shops that take images)."""
    files = [{"component": comp.id, "refused": why}
             for why in refusals(comp, shop.id, options)]
    made = groups(game, comp, pages, digests, shop.id, options)
    if not made and not files:
        return [{"component": comp.id, "note": shop.others}]
    for group in made:
        if shop.id == "drivethru" and comp.kind == "deck":
            from pnp.export.cardpdf import write_deck_pdf

            files.append(write_deck_pdf(game, comp, pages, pdf, group, output, target,
                                        digests, cmyk))
        else:
            files += write_group(shop, comp, pages, pdf, digests, group, output, target)
    return files


def write_group(shop: Shop, comp, pages, pdf, digests, group: Group, output,
                target) -> list[dict]:
    folder = output.folder(str((target / group.name).relative_to(output.out_dir)))
    placement = group.placement
    fronts = [i for i in group.pages if pages[i].side != "back" and pages[i].copy == 1]
    backs = [i for i in group.pages if pages[i].side == "back" and pages[i].copy == 1]
    files, back_files = [], {}
    distinct: dict = {}  # a back's drawing -> the first page drawn so
    for index in backs:
        distinct.setdefault(digests[index], index)
    for index, image in uploads(pdf, pages, sorted(distinct.values()), placement):
        file = "back.png" if not back_files else f"back-{len(back_files) + 1}.png"
        image.save(output.temporary(folder / file), format="PNG", dpi=(shop.dpi, shop.dpi))
        back_files[digests[index]] = file
        files.append({"file": f"{group.name}/{file}", "component": comp.id, "side": "back",
                      "pixels": list(image.size)})
    back_of = {pages[i].item.id: back_files[digests[i]] for i in backs}
    designs: dict = {}  # a side's drawing and its back -> the pages drawn so
    for index in fronts:
        designs.setdefault((digests[index], back_of.get(pages[index].item.id, ""),
                            pages[index].side), []).append(index)
    alike = {indices[0]: indices for indices in designs.values()}
    rows, names = [], Counter()
    for index, image in uploads(pdf, pages, sorted(alike), placement):
        items = [pages[i].item for i in alike[index]]
        item, count = items[0], sum(i.copies for i in items)
        file = design_file(pages[index], names)
        image.save(output.temporary(folder / file), format="PNG", dpi=(shop.dpi, shop.dpi))
        ids = " ".join(i.id for i in items)
        back = back_of.get(item.id, "")
        rows.append([file, ids, item.fields.get("name", ""), count, back])
        files.append({"file": f"{group.name}/{file}", "component": comp.id, "item": ids,
                      "count": count, "back": back, "pixels": list(image.size)})
    listing = "cards.csv" if comp.kind == "deck" else "pieces.csv"
    output.write_text(folder / listing, csv_text(rows))
    product = placement.product
    files.append({"file": f"{group.name}/{listing}", "component": comp.id,
                  "product": product.id, "product_name": product.name,
                  "pixels": list(product.pixels), "safe_mm": round(product.safe_mm, 3),
                  ("cards" if comp.kind == "deck" else "pieces"): sum(r[3] for r in rows),
                  "fronts": len(rows), "backs": len(back_files),
                  "scaling": placement.words(), **({"note": group.note} if group.note
                                                   else {})})
    return files


def design_file(page, names: Counter) -> str:
    """A design's file: the piece's printed id (a die's face number after it), made
    unique where two items print the same id."""
    stem = page.item.printed_id
    if page.side.startswith("face"):
        stem += "-" + page.side.replace(" ", "-")
    names[stem] += 1
    return f"{stem}.png" if names[stem] == 1 else f"{stem}-{names[stem]}.png"


def csv_text(rows: list) -> str:
    listing = io.StringIO()
    writer = csv.writer(listing, lineterminator="\n")
    writer.writerow(["file", "item", "name", "count", "back"])
    writer.writerows(rows)
    return listing.getvalue()


def uploads(pdf: bytes, pages, indices: list, placement):
    """(page index, the upload's image) for each page of `indices`: drawn at the
    placement's scale, centred on the product's pixels, turned as its upload stands."""
    from pnp.export.raster import rasterise

    dpi = placement.dpi
    sizes = [[ceil((v + 2 * p.bleed) / MM_PER_INCH * dpi) for v in p.size] for p in pages]
    for index, image in zip(indices, rasterise(pdf, dpi, sizes, indices), strict=True):
        yield index, onto(image, placement.pixels, placement.turned)


def onto(image, pixels: tuple, turned: bool):
    """`image` centred on a canvas of `pixels` (cut where larger), the canvas filled
    with the colour most of the image's outer edge has."""
    from PIL import Image

    canvas = Image.new("RGB", pixels, edge_colour(image))
    canvas.paste(image, ((pixels[0] - image.width) // 2, (pixels[1] - image.height) // 2))
    return canvas.transpose(Image.Transpose.ROTATE_90) if turned else canvas


def edge_colour(image) -> tuple:
    w, h = image.size
    ring = [image.crop(box) for box in ((0, 0, w, 1), (0, h - 1, w, h), (0, 0, 1, h),
                                        (w - 1, 0, w, h))]
    counts = Counter()
    for strip in ring:
        for count, colour in strip.getcolors(strip.width * strip.height):
            counts[colour] += count
    return counts.most_common(1)[0][0]
