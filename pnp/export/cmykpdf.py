"""A shop PDF made CMYK and PDF/X-1a:2001 (`pnp export --format shop --cmyk`), with
pikepdf: every page's drawing rewritten by cmykpage.py (colours as CMYK, text and shapes
kept vector), its images converted once by pnp/export/cmyk.py, the output intent (the
CMYK profile and its characterisation) in the catalogue, the PDF/X keys in the document
information, and the file written as PDF 1.3.

PDF/X-1a allows no transparency. What cmykpage.py cannot write as an opaque colour (a
transparent paint over several colours, a masked image...) is a raster: a picture of
only its own box, rendered by pdfium from the RGB page drawn up to it, at FLATTEN_DPI,
on that resolution's pixel grid, converted pixel by pixel and placed where it was.
`convert` says where it placed them; no page is drawn as one picture."""

from __future__ import annotations

import io
import zlib
from dataclasses import dataclass, field

import pikepdf
from pikepdf import Array, ContentStreamInstruction, Dictionary, Name, String

from pnp.export import cmyk
from pnp.export.cmykpage import PageWalk, Raster, placement

FLATTEN_DPI = 600
PDFX_VERSION = "PDF/X-1:2001"
PDFX_CONFORMANCE = "PDF/X-1a:2001"
PDFX_2003 = "PDF/X-1a:2003"  # what DriveThruCards' card guide names (cardpdf.py)
TRANSPARENCY_KEYS = ("/ca", "/CA", "/SMask", "/BM", "/AIS", "/TK")


@dataclass
class Converted:
    pdf: bytes
    rasters: list = field(default_factory=list)  # (page number, box in pt) of each raster


def walk_pages(pdf: bytes, digests: list | None = None, only=None) -> tuple:
    """The document opened and each page walked (cmykpage.py): the part of `convert`
    that needs no pdfium (pdfium allows one thread only), so it can run beside one.
    `digests`: each page's drawing (piecepdf.render_pieces); a page drawn alike to an
    earlier one is not walked again but given its converted drawing (its entry: the
    earlier page's number). `only`: the page numbers to convert (None: all; the others'
    entries are None and the pages are left as they are)."""
    document = pikepdf.open(io.BytesIO(pdf))
    fonts: dict = {}
    walks: list = []
    first: dict = {}  # a drawing -> the first page drawn so
    for number, page in enumerate(document.pages):
        if only is not None and number not in only:
            walks.append(None)
            continue
        if digests is not None:
            earlier = first.setdefault(digests[number], number)
            if earlier != number:
                walks.append(earlier)
                continue
        box = tuple(float(v) for v in page.MediaBox)
        walk = PageWalk(pikepdf.parse_content_stream(page), page.obj.get("/Resources"), box,
                        fonts)
        walk.walk()
        walks.append(walk)
    return document, walks


def convert(pdf: bytes, title: str, walked: tuple | None = None,
            digests: list | None = None, standard: str = PDFX_CONFORMANCE) -> Converted:
    """The CMYK PDF/X-1a version (`standard`: PDF/X-1a:2001 or :2003) of a PDF drawn by
    pnp (RGB, reportlab); `walked`: what walk_pages(pdf, digests) gave, if it was called
    already."""
    document, walks = walked or walk_pages(pdf, digests)
    placed = recolour(pdf, document, walks)
    return Converted(save(document, title, standard), placed)


def recolour(pdf: bytes, document, walks: list) -> list:
    """Each walked page of `document` (opened from `pdf`) rewritten in CMYK, its images
    converted once, its rasters rendered and placed; returns (page number, box) of
    each raster placed."""
    pictures = _render(pdf, document, walks)
    converted, placed = set(), []
    for number, (page, walk) in enumerate(zip(document.pages, walks, strict=True), start=1):
        if walk is None:
            continue
        if isinstance(walk, int):  # drawn alike to an earlier page: its drawing shared
            earlier = document.pages[walk]
            page.Contents, page.Resources = earlier.Contents, earlier.Resources
            if "/Group" in page.obj:
                del page.obj["/Group"]
            placed += [(number, box) for n, box in placed if n == walk + 1]
            continue
        for image in walk.images:
            if image.objgen not in converted:
                converted.add(image.objgen)
                _image_cmyk(image)
        out, rasters = [], {}
        for entry in walk.out:
            if isinstance(entry, Raster):
                stream, box = pictures[id(entry)]
                entry.name, entry.box = f"/DxR{len(rasters)}", box
                rasters[entry.name] = stream
                out.extend(placement(entry, box[2] - box[0], box[3] - box[1]))
                placed.append((number, box))
            else:
                out.append(entry)
        out = [ContentStreamInstruction(*entry) if isinstance(entry, tuple) else entry
               for entry in out]
        page.Contents = document.make_stream(pikepdf.unparse_content_stream(out))
        _resources(page, out, rasters)
    return placed


def save(document, title: str, standard: str = PDFX_CONFORMANCE) -> bytes:
    """The document identified as PDF/X-1a (`standard`) and written: PDF 1.3 for
    :2001, 1.4 for :2003, no object streams."""
    identify(document, title, standard)
    data = io.BytesIO()
    document.save(data, force_version="1.3" if standard == PDFX_CONFORMANCE else "1.4",
                  fix_metadata_version=False,
                  object_stream_mode=pikepdf.ObjectStreamMode.disable,
                  deterministic_id=True)
    return data.getvalue()


def _render(pdf: bytes, document, walks) -> dict:
    """Each raster's CMYK image stream and its box snapped to the pixel grid: one
    scratch document holds a page per raster (the RGB page's drawing up to it)."""
    wanted = [(number, raster) for number, walk in enumerate(walks)
              if isinstance(walk, PageWalk) for raster in walk.rasters]
    if not wanted:
        return {}
    import pypdfium2 as pdfium

    scratch = pikepdf.open(io.BytesIO(pdf))
    parsed: dict = {}
    for number, raster in wanted:
        source = scratch.pages[number]
        if number not in parsed:
            parsed[number] = pikepdf.parse_content_stream(source)
        content = pikepdf.unparse_content_stream(parsed[number][:raster.index + 1])
        page = Dictionary(Type=Name.Page, MediaBox=source.MediaBox,
                          Resources=source.obj.get("/Resources") or Dictionary(),
                          Contents=scratch.make_stream(content + b"\nQ" * raster.depth))
        scratch.pages.append(pikepdf.Page(page))
    data = io.BytesIO()
    scratch.save(data)
    rendered = pdfium.PdfDocument(data.getvalue())
    first = len(walks)
    out = {}
    try:
        for offset, (number, raster) in enumerate(wanted):
            media = tuple(float(v) for v in document.pages[number].MediaBox)
            box = _snapped(raster.box, media)
            page = rendered[first + offset]
            step = 72 / FLATTEN_DPI
            crop = (box[0] - media[0], box[1] - media[1], media[2] - box[2], media[3] - box[3])
            bitmap = page.render(scale=FLATTEN_DPI / 72, crop=crop)
            image = bitmap.to_pil().convert("RGB")
            width, height = round((box[2] - box[0]) / step), round((box[3] - box[1]) / step)
            if image.size != (width, height):
                image = image.crop((0, 0, width, height))
            out[id(raster)] = (_image_stream(document, cmyk.image_cmyk(image)), box)
            bitmap.close()
            page.close()
    finally:
        rendered.close()
    return out


def _snapped(box, media) -> tuple:
    """The box grown to whole pixels of FLATTEN_DPI counted from the page's corner,
    inside the page."""
    from math import ceil, floor

    step = 72 / FLATTEN_DPI
    x0 = media[0] + max(0, floor((box[0] - media[0]) / step)) * step
    y0 = media[1] + max(0, floor((box[1] - media[1]) / step)) * step
    x1 = media[0] + ceil((min(box[2], media[2]) - media[0]) / step - 1e-6) * step
    y1 = media[1] + ceil((min(box[3], media[3]) - media[1]) / step - 1e-6) * step
    return x0, y0, min(x1, media[2]), min(y1, media[3])


def _image_stream(document, image):
    stream = pikepdf.Stream(document, zlib.compress(image.tobytes(), 6))
    stream.Type, stream.Subtype = Name.XObject, Name.Image
    stream.Width, stream.Height = image.size
    stream.ColorSpace, stream.BitsPerComponent = Name.DeviceCMYK, 8
    stream.Filter = Name.FlateDecode
    return stream


def _resources(page, out, rasters: dict) -> None:
    """The page's resources as its new drawing uses them: the rasters added, objects no
    longer drawn dropped, no transparency left in its graphics states."""
    old = page.obj.get("/Resources") or Dictionary()
    resources = Dictionary({key: value for key, value in old.items()})
    drawn = {str(entry.operands[0]) for entry in out if str(entry.operator) == "Do"}
    xobjects = {key: value for key, value in (old.get("/XObject") or {}).items()
                if key in drawn}
    xobjects.update(rasters)
    if xobjects:
        resources.XObject = Dictionary(xobjects)
    elif "/XObject" in resources:
        del resources["/XObject"]
    for state in (resources.get("/ExtGState") or Dictionary()).values():
        for key in TRANSPARENCY_KEYS:
            if key in state:
                del state[key]
    page.Resources = resources
    if "/Group" in page.obj:
        del page.obj["/Group"]


def _image_cmyk(image) -> None:
    """An RGB or grey image XObject rewritten as CMYK (Flate)."""
    if image.get("/ColorSpace") == Name.DeviceCMYK:
        return
    pil = pikepdf.PdfImage(image).as_pil_image()
    converted = cmyk.image_cmyk(pil)
    image.write(zlib.compress(converted.tobytes()), filter=Name.FlateDecode)
    image.ColorSpace = Name.DeviceCMYK
    image.BitsPerComponent = 8
    for key in ("/DecodeParms", "/Decode"):
        if key in image:
            del image[key]


def identify(document, title: str, standard: str = PDFX_CONFORMANCE) -> None:
    """The output intent and the PDF/X keys: PDF/X-1a:2001 names its version and its
    conformance, PDF/X-1a:2003 its version alone (ISO 15930-4)."""
    profile = pikepdf.Stream(document, cmyk.profile_bytes())
    profile.N = 4
    intent = Dictionary(Type=Name.OutputIntent, S=Name.GTS_PDFX,
                        OutputConditionIdentifier=String(cmyk.CONDITION),
                        OutputCondition=String(cmyk.CONDITION_INFO),
                        RegistryName=String(cmyk.REGISTRY),
                        Info=String(cmyk.CONDITION_INFO),
                        DestOutputProfile=document.make_indirect(profile))
    document.Root.OutputIntents = Array([document.make_indirect(intent)])
    info = document.docinfo
    info.Title = String(title)
    if standard == PDFX_CONFORMANCE:
        info.GTS_PDFXVersion = String(PDFX_VERSION)
        info.GTS_PDFXConformance = String(PDFX_CONFORMANCE)
    else:
        info.GTS_PDFXVersion = String(standard)
    info.Trapped = Name("/False")
    for key in ("/CreationDate", "/ModDate"):
        if key not in info:
            info[key] = String("D:20000101000000+00'00'")
