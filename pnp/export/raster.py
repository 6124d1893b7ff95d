"""PDF pages to images with pdfium (pypdfium2), and proof sheets of them.

Imported only by exports: building PDFs, checking games and the companion
never load pdfium."""

from __future__ import annotations

from PIL import Image, ImageDraw

from pnp.load.fontfiles import BUNDLED_FONTS

GRID_GAP = 16  # px between pieces on a proof sheet
CAPTION = 22  # px of caption under each piece


def rasterise(pdf: bytes, dpi: int, sizes: list, index: list | None = None):
    """RGB images of the pages (`index`: which, default all), one at a time (memory
    stays flat however many), each exactly the pixel size in `sizes` (pdfium rounds
    a page's pixels up; shops count them rounded)."""
    import pypdfium2 as pdfium

    document = pdfium.PdfDocument(pdf)
    try:
        for number in range(len(document)) if index is None else index:
            page = document[number]
            bitmap = page.render(scale=dpi / 72)
            image = bitmap.to_pil()  # pdfium's BGR made RGB: already a copy of the bitmap
            if image.mode != "RGB":  # (a mode PIL could share with the bitmap: copied)
                image = image.convert("RGB")
            width, height = sizes[number]
            if image.size != (width, height):
                image = image.crop((0, 0, width, height))
            bitmap.close()
            page.close()
            yield image
    finally:
        document.close()


def rounded(image: Image.Image, bleed: int, trim: list, radius: int) -> Image.Image:
    """The trim area of a piece's image, RGBA, with corners of `radius` px transparent."""
    width, height = trim
    piece = image.crop((bleed, bleed, bleed + width, bleed + height)).convert("RGBA")
    mask = Image.new("L", (width * 4, height * 4), 0)  # drawn 4x larger: smooth edges
    ImageDraw.Draw(mask).rounded_rectangle((0, 0, width * 4 - 1, height * 4 - 1),
                                           radius=radius * 4, fill=255)
    piece.putalpha(mask.resize((width, height), Image.Resampling.LANCZOS))
    return piece


def proof_sheet(images: list, labels: list, title: str, subtitle: str) -> Image.Image:
    """Every image in a grid (about as wide as tall), each captioned, on white."""
    if not images:
        return Image.new("RGB", (400, 80), "white")
    cell_w = max(i.width for i in images)
    cell_h = max(i.height for i in images) + CAPTION
    cols = max(1, round((len(images) * cell_h / cell_w) ** 0.5))
    rows = -(-len(images) // cols)
    head = 48
    sheet = Image.new("RGB", (GRID_GAP + cols * (cell_w + GRID_GAP),
                              head + GRID_GAP + rows * (cell_h + GRID_GAP)), "white")
    draw = ImageDraw.Draw(sheet)
    font = label_font(max(10, min(18, cell_w // 9)))
    draw.text((GRID_GAP, 14), f"{title}: {subtitle}", fill=(30, 30, 30), font=label_font(22))
    for number, (image, label) in enumerate(zip(images, labels, strict=True)):
        row, col = divmod(number, cols)
        x = GRID_GAP + col * (cell_w + GRID_GAP)
        y = head + GRID_GAP + row * (cell_h + GRID_GAP)
        sheet.paste(image, (x + (cell_w - image.width) // 2, y))
        while len(label) > 3 and draw.textlength(label, font=font) > cell_w:
            label = label[:-2] + "…"
        draw.text((x, y + image.height + 3), label, fill=(60, 60, 60), font=font)
    return sheet


def label_font(size: int):
    from PIL import ImageFont

    return ImageFont.truetype(str(BUNDLED_FONTS["sans"]["regular"]), size)
