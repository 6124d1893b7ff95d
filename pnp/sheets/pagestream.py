"""A finished page's content encoded at once, not when the file is saved.

reportlab keeps every page's drawing as text until `save()` compresses them all;
a 10,000-card deck's 2,224 pages then wait in memory as 28 MB of text. Encoding
each page as it ends, with the filters and in the order reportlab itself would
use, keeps them compressed (about a sixth of that) and writes the same bytes.
"""

from __future__ import annotations

from reportlab import rl_config
from reportlab.pdfbase.pdfdoc import (
    PDFArray,
    PDFBase85Encode,
    PDFName,
    PDFPage,
    PDFStream,
    PDFZCompress,
)


def seal_last_page(canvas) -> None:
    """Encode the page `showPage()` has just added to the canvas's document (a page
    reportlab stores uncompressed stays as it is)."""
    page = canvas._doc.Pages.pages[-1]
    if not isinstance(page, PDFPage) or not page.compression or not page.stream \
            or page.Contents or page.Override_default_compilation:
        return
    filters = [PDFBase85Encode, PDFZCompress] if rl_config.useA85 else [PDFZCompress]
    content = page.stream
    for encoding in reversed(filters):  # as PDFStream.format applies them
        content = encoding.encode(content)
    stream = PDFStream(content=content)
    stream.dictionary["Filter"] = PDFArray([PDFName(f.pdfname) for f in filters])
    stream.__Comment__ = "page stream"
    page.Contents, page.stream = stream, None
