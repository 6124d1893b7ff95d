"""DriveThruCards' print-ready deck PDF (`pnp export --shop drivethru`): the shop prints
a deck from one PDF, one card face a page, each page the card with its 1/8 in bleed,
every front followed by its back, every copy repeated (products.DRIVETHRU_PDF holds the
recipe and where it comes from).

The pages are the export's own vector drawing, placed on the shop's page at the scale
productfit.py found, so text and shapes stay vector; a side drawn alike (a shared back)
is one form the pages refer to, not a copy a page. TrimBox and BleedBox are set on
every page. With --cmyk the source pages a deck uses are converted first (cmykpdf.py:
colours as CMYK, no transparency, each distinct side once) and the deck written as the
PDF/X-1a:2003 the card guide names, with the output intent."""

from __future__ import annotations

import io

from pnp.export.products import DRIVETHRU_PDF, MM_PER_INCH

PT_PER_MM = 72 / MM_PER_INCH


def deck_pdf(source: bytes, pages, indices: list, placement, digests: list,
             title: str, cmyk: bool = False) -> tuple[bytes, list]:
    """The pages of `indices` (in order) on the shop's card pages, and (with `cmyk`)
    where the conversion placed rasters: (deck page number, box in the deck's pt)."""
    import pikepdf

    product = placement.product
    width, height = (v * 72 for v in DRIVETHRU_PDF.page_in(product))
    trim_box = DRIVETHRU_PDF.trim_box_pt(product)
    first: dict = {}  # a side's drawing -> the first page drawn so: one form
    for index in indices:
        first.setdefault(digests[index], index)
    forms: dict = {}
    rasters: list = []
    document, placed = _source(source, set(first.values()), cmyk)
    with document as src, pikepdf.new() as out:
        for number, index in enumerate(indices, start=1):
            page = pages[index]
            drawn = first[digests[index]]
            if drawn not in forms:
                forms[drawn] = out.copy_foreign(_form(src.pages[drawn]))
            w, h = ((v + 2 * page.bleed) * PT_PER_MM * placement.scale for v in page.size)
            sheet = out.add_blank_page(page_size=(width, height))
            left, bottom = (width - w) / 2, (height - h) / 2
            media = [float(v) for v in src.pages[drawn].MediaBox]
            at = w / (media[2] - media[0])  # source points to deck points
            rasters += [(number, (left + (box[0] - media[0]) * at,
                                  bottom + (box[1] - media[1]) * at,
                                  left + (box[2] - media[0]) * at,
                                  bottom + (box[3] - media[1]) * at))
                        for n, box in placed if n == drawn + 1]
            sheet.add_overlay(forms[drawn], pikepdf.Rectangle(left, bottom, left + w, bottom + h))
            sheet.obj.TrimBox = pikepdf.Array(trim_box)
            sheet.obj.BleedBox = pikepdf.Array([0, 0, width, height])
        if cmyk:
            from pnp.export.cmykpdf import save

            return save(out, title, DRIVETHRU_PDF.standard), rasters
        out.docinfo["/Title"] = title
        data = io.BytesIO()
        out.save(data, deterministic_id=True)
    return data.getvalue(), rasters


def _source(source: bytes, used: set, cmyk: bool):
    """The source opened, and with `cmyk` the pages of `used` converted in place (the
    rest are never placed); the rasters the conversion placed."""
    import pikepdf

    if not cmyk:
        return pikepdf.open(io.BytesIO(source)), []
    from pnp.export.cmykpdf import recolour, walk_pages

    document, walks = walk_pages(source, only=used)
    return document, recolour(source, document, walks)


def _form(page):
    """The page as a form XObject of its whole MediaBox (pikepdf's bounds a page's form
    by its TrimBox, which would cut the bleed off), without a transparency group."""
    form = page.as_form_xobject()
    form.BBox = page.MediaBox
    if "/Group" in form:
        del form["/Group"]
    return form


def write_deck_pdf(game, comp, pages, pdf: bytes, group, output, target,
                   digests: list, cmyk: bool = False) -> dict:
    """The deck's PDF beside the other uploads, and its manifest entry."""
    indices = list(group.pages)  # piecepdf's order: front then back, every copy
    final = target / f"{group.name}.pdf"
    data, rasters = deck_pdf(pdf, pages, indices, group.placement, digests,
                             f"{game.name}: {comp.name}", cmyk)
    output.temporary(final).write_bytes(data)
    product = group.placement.product
    cards = sum(1 for i in indices if pages[i].side == "front")
    return {"file": final.name, "component": comp.id, "product": product.id,
            "product_name": product.name, "pages": len(indices), "cards": cards,
            "page_in": [round(v, 4) for v in DRIVETHRU_PDF.page_in(product)],
            "order": DRIVETHRU_PDF.order, "scaling": group.placement.words(),
            **({"note": group.note} if group.note else {}),
            **({"standard": DRIVETHRU_PDF.standard,
                "rasterised": [{"page": n, "box_mm": [round(v * 25.4 / 72, 2) for v in box]}
                               for n, box in rasters]} if cmyk else {})}
