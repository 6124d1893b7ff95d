"""Writing a print-shop preset's files for one component (shops.py says what each shop
takes): a folder per deck (per player's deck), every distinct front once at the shop's
exact pixels (cards drawn alike are one design: the shop prints its count), the backs
once each (one per deck where they are alike), and `cards.csv` listing each front with
its items, its count and its back, in the order the upload asks for them.
Components a shop does not take as cards get a note in the manifest instead."""

from __future__ import annotations

import csv
import io
from math import ceil

from pnp.export.shops import MM_PER_INCH, SHOPS, Shop, ShopRefusal, crop_box, fit
from pnp.load.players import slug
from pnp.sheets.piecepdf import owners


def safe_margin(shop: Shop, trim: tuple) -> float:
    """The shop's safe zone in the game's millimetres, from the game's trim: its 1/8 in
    inside the shop's trim, shrunk by the scale, plus what the scale cuts off."""
    fitted = fit(shop, trim)
    inset = max((w - s / fitted.scale) / 2 for w, s in zip(trim, shop.trim_mm, strict=True))
    return round(shop.safe_mm / fitted.scale + inset, 3)


def shop_problems(comp, shop_id: str, problems) -> None:
    """A deck the shop's card cannot show as it is: refused at the component, with why."""
    sizes = {tuple(item.size or comp.size) for item in comp.items} if comp.kind == "deck" \
        else set()
    for size in sizes:
        try:
            fit(SHOPS[shop_id], size)
        except ShopRefusal as exc:
            problems.add(comp.mark, f"--shop {shop_id}: {comp.id}: {exc}")


def shop_options(comp, shop_id: str, options):
    """The print options a deck is drawn with for a shop (`pnp export --shop`, `pnp check
    --shop`): the bleed its scaling needs and the shop's safe zone in the game's mm."""
    from dataclasses import replace

    if comp.kind != "deck":
        return options
    shop = SHOPS[shop_id]
    size = tuple(comp.items[0].size or comp.size)
    return replace(options, bleed=max(fit(shop, size).render_bleed, 3.0),
                   safe_margin=safe_margin(shop, size))


def write_preset(shop: Shop, game, comp, pages, pdf: bytes, digests: list, output,
                 target) -> list[dict]:
    """`digests`: each page's drawing (piecepdf.render_pieces): a back drawn alike on
    many cards is rasterised once."""
    from pnp.export.raster import rasterise

    if comp.kind != "deck":
        return [{"component": comp.id, "note": shop.others}]
    fitted = fit(shop, pages[0].size)
    w, h = pages[0].size
    b = pages[0].bleed
    size = [ceil((w + 2 * b) / MM_PER_INCH * fitted.dpi),
            ceil((h + 2 * b) / MM_PER_INCH * fitted.dpi)]
    sizes = [size] * len(pages)
    files = []
    for owner, indices in owners(game, comp, pages):
        name = f"{comp.id}-{slug(owner)}" if owner else comp.id
        folder = output.folder(str((target / name).relative_to(output.out_dir)))
        fronts = [i for i in indices if pages[i].side == "front" and pages[i].copy == 1]
        backs = [i for i in indices if pages[i].side == "back" and pages[i].copy == 1]
        distinct: dict = {}  # a back's drawing (digest) -> the first page drawn so
        for index in backs:
            distinct.setdefault(digests[index], index)
        back_files = {}
        drawn = sorted(distinct.values())
        for index, image in zip(drawn, rasterise(pdf, fitted.dpi, sizes, drawn), strict=True):
            card = image.crop(crop_box(fitted, image.size))
            file = "back.png" if not back_files else f"back-{len(back_files) + 1}.png"
            card.save(output.temporary(folder / file), format="PNG", dpi=(shop.dpi, shop.dpi))
            back_files[digests[index]] = file
            files.append({"file": f"{name}/{file}", "component": comp.id, "side": "back",
                          "pixels": list(card.size)})
        back_of = {pages[i].item.id: back_files[digests[i]] for i in backs}
        designs: dict = {}  # a front's drawing and its back -> the pages drawn so
        for index in fronts:
            key = (digests[index], back_of.get(pages[index].item.id, ""))
            designs.setdefault(key, []).append(index)
        alike = {group[0]: group for group in designs.values()}  # copies alike: one design
        rows = []
        drawn = sorted(alike)
        for index, image in zip(drawn, rasterise(pdf, fitted.dpi, sizes, drawn), strict=True):
            items = [pages[i].item for i in alike[index]]
            item, count = items[0], sum(i.copies for i in items)
            card = image.crop(crop_box(fitted, image.size))
            file = f"{item.fields.get('id', item.id)}.png"
            card.save(output.temporary(folder / file), format="PNG", dpi=(shop.dpi, shop.dpi))
            ids = " ".join(i.id for i in items)
            rows.append([file, ids, item.fields.get("name", ""), count, back_of.get(item.id, "")])
            files.append({"file": f"{name}/{file}", "component": comp.id, "item": ids,
                          "count": count, "back": back_of.get(item.id, ""),
                          "pixels": list(card.size)})
        listing = io.StringIO()
        writer = csv.writer(listing, lineterminator="\n")
        writer.writerow(["file", "item", "name", "count", "back"])
        writer.writerows(rows)
        output.write_text(folder / "cards.csv", listing.getvalue())
        files.append({"file": f"{name}/cards.csv", "component": comp.id,
                      "cards": sum(r[3] for r in rows), "fronts": len(rows),
                      "backs": len(back_files), "scaling": fitted.words((w, h), shop)})
    return files
