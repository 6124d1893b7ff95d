"""DriveThruCards' print-ready deck PDF (`pnp export --shop drivethru`): the shop prints
a deck from one PDF, one card face a page, each page the card with its 1/8 in bleed,
every front followed by its back, every copy repeated (products.DRIVETHRU_PDF holds the
recipe and where it comes from).

The pages are the export's own vector drawing, placed on the shop's page at the scale
productfit.py found, so text and shapes stay vector; a side drawn alike (a shared back)
is one form the pages refer to, not a copy a page. TrimBox and BleedBox are set on
every page."""

from __future__ import annotations

import io

from pnp.export.products import DRIVETHRU_PDF, MM_PER_INCH

PT_PER_MM = 72 / MM_PER_INCH


def deck_pdf(source: bytes, pages, indices: list, placement, digests: list,
             title: str) -> bytes:
    """The pages of `indices` (in order) on the shop's card pages."""
    import pikepdf

    product = placement.product
    width, height = (v * 72 for v in DRIVETHRU_PDF.page_in(product))
    trim_box = DRIVETHRU_PDF.trim_box_pt(product)
    forms: dict = {}
    with pikepdf.open(io.BytesIO(source)) as src, pikepdf.new() as out:
        for index in indices:
            page = pages[index]
            if digests[index] not in forms:
                forms[digests[index]] = out.copy_foreign(src.pages[index].as_form_xobject())
            w, h = ((v + 2 * page.bleed) * PT_PER_MM * placement.scale for v in page.size)
            sheet = out.add_blank_page(page_size=(width, height))
            left, bottom = (width - w) / 2, (height - h) / 2
            sheet.add_overlay(forms[digests[index]],
                              pikepdf.Rectangle(left, bottom, left + w, bottom + h))
            sheet.obj.TrimBox = pikepdf.Array(trim_box)
            sheet.obj.BleedBox = pikepdf.Array([0, 0, width, height])
        out.docinfo["/Title"] = title
        data = io.BytesIO()
        out.save(data, deterministic_id=True)
    return data.getvalue()


def write_deck_pdf(game, comp, pages, pdf: bytes, group, output, target,
                   digests: list) -> dict:
    """The deck's PDF beside the other uploads, and its manifest entry."""
    indices = list(group.pages)  # piecepdf's order: front then back, every copy
    final = target / f"{group.name}.pdf"
    output.temporary(final).write_bytes(
        deck_pdf(pdf, pages, indices, group.placement, digests, f"{game.name}: {comp.name}"))
    product = group.placement.product
    cards = sum(1 for i in indices if pages[i].side == "front")
    return {"file": final.name, "component": comp.id, "product": product.id,
            "product_name": product.name, "pages": len(indices), "cards": cards,
            "page_in": [round(v, 4) for v in DRIVETHRU_PDF.page_in(product)],
            "order": DRIVETHRU_PDF.order, "scaling": group.placement.words(),
            **({"note": group.note} if group.note else {})}
