"""Pages encoded as they end (pnp.sheets.pagestream) make the file reportlab makes."""

from __future__ import annotations

import io

from reportlab.pdfgen.canvas import Canvas

from pnp.sheets.pagestream import seal_last_page


def test_pages_encoded_as_they_end_make_the_same_file():
    def pdf(seal: bool) -> bytes:
        out = io.BytesIO()
        canvas = Canvas(out, invariant=1, pageCompression=1)
        for page in range(3):
            canvas.drawString(72, 72, f"page {page} ( with \\ escapes )")
            canvas.rect(10, 10, 100 + page, 50)
            canvas.showPage()
            if seal:
                seal_last_page(canvas)
                assert canvas._doc.Pages.pages[-1].stream is None  # kept encoded only
        canvas.save()
        return out.getvalue()

    assert pdf(True) == pdf(False)


def test_a_page_reportlab_keeps_uncompressed_stays_as_it_is():
    canvas = Canvas(io.BytesIO(), pageCompression=0)
    canvas.drawString(72, 72, "plain")
    canvas.showPage()
    seal_last_page(canvas)
    page = canvas._doc.Pages.pages[-1]
    assert page.stream and page.Contents is None
