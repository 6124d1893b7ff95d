"""A shop PDF made CMYK and PDF/X-1a:2001 (`pnp export --format shop --cmyk`), with
pikepdf: every colour operator and image of the drawing converted by pnp/export/cmyk.py, the
output intent (the CMYK profile and its characterisation) in the catalogue, the PDF/X
keys in the document information, and the file written as PDF 1.3.

PDF/X-1a allows no transparency. A page that has some (a colour with alpha, an image
with a soft mask, a blend mode) or anything this converter does not rewrite (shadings,
patterns, inline images, other colour spaces) is flattened: rasterised by pdfium at
FLATTEN_DPI (less for a page over FLATTEN_PIXELS), converted pixel by pixel, and placed
as one CMYK image inside the page's own boxes. Every other page stays vector, its text
text. `convert` says which pages it flattened."""

from __future__ import annotations

import io
import zlib
from dataclasses import dataclass, field

import pikepdf
from pikepdf import Array, Dictionary, Name, Operator, String

from pnp.export import cmyk

FLATTEN_DPI = 600
FLATTEN_PIXELS = 40_000_000  # a larger page (a playmat) is flattened at a lower dpi
PDFX_VERSION = "PDF/X-1:2001"
PDFX_CONFORMANCE = "PDF/X-1a:2001"
COLOUR_OPS = {"rg": "k", "RG": "K", "g": "k", "G": "K"}
SPACE_OPS = {"cs": "sc", "CS": "SC"}  # setting a space, and its colour operator
NOT_REWRITTEN = {"sh", "BI", "ID", "EI", "d0", "d1"}  # painted only by flattening


class Flatten(Exception):
    """This page needs flattening (why: the message)."""


@dataclass
class Converted:
    pdf: bytes
    flattened: list = field(default_factory=list)  # page numbers (1 = first)


def convert(pdf: bytes, title: str) -> Converted:
    """The CMYK, PDF/X-1a:2001 version of a PDF drawn by pnp (RGB, reportlab)."""
    document = pikepdf.open(io.BytesIO(pdf))
    flattened = []
    for number, page in enumerate(document.pages, start=1):
        try:
            _vector_page(document, page)
        except Flatten:
            flattened.append(number)
    if flattened:
        _flatten(document, pdf, flattened)
    _identify(document, title)
    out = io.BytesIO()
    document.save(out, force_version="1.3", fix_metadata_version=False,
                  object_stream_mode=pikepdf.ObjectStreamMode.disable,
                  deterministic_id=True)
    return Converted(out.getvalue(), flattened)


def _vector_page(document, page) -> None:
    """The page's content and resources in CMYK, or Flatten: checked whole before
    anything of the page is changed."""
    streams = list(_content_owners(page.obj))
    for owner in streams:
        _check_resources(owner.get("/Resources"))
    rewritten = [_rewrite(pikepdf.parse_content_stream(owner)) for owner in streams]
    page.Contents = document.make_stream(rewritten[0])
    for form, content in zip(streams[1:], rewritten[1:], strict=True):
        form.write(content)
    for owner in streams:
        for image in _images(owner.get("/Resources")):
            _image_cmyk(image)


def _content_owners(obj, seen=None):
    """The page and every form XObject drawn from it, once each."""
    seen = set() if seen is None else seen
    yield obj
    resources = obj.get("/Resources") or Dictionary()
    for xobject in (resources.get("/XObject") or Dictionary()).values():
        if xobject.get("/Subtype") == Name.Form and xobject.objgen not in seen:
            seen.add(xobject.objgen)
            yield from _content_owners(xobject, seen)


def _check_resources(resources) -> None:
    if resources is None:
        return
    for state in (resources.get("/ExtGState") or Dictionary()).values():
        if float(state.get("/ca", 1)) < 1 or float(state.get("/CA", 1)) < 1:
            raise Flatten("transparency")
        if state.get("/SMask", Name("/None")) != Name.None_ or \
                state.get("/BM", Name.Normal) not in (Name.Normal, Name.Compatible):
            raise Flatten("soft mask or blend mode")
    if resources.get("/Shading") or resources.get("/Pattern"):
        raise Flatten("shading or pattern")
    for image in _images(resources):
        space = image.get("/ColorSpace")
        if "/SMask" in image or "/Mask" in image or image.get("/ImageMask", False):
            raise Flatten("image mask")
        if space not in (Name.DeviceRGB, Name.DeviceGray, Name.DeviceCMYK):
            raise Flatten("image colour space")
        if image.get("/BitsPerComponent") != 8:
            raise Flatten("image depth")


def _images(resources):
    for xobject in ((resources or Dictionary()).get("/XObject") or Dictionary()).values():
        if xobject.get("/Subtype") == Name.Image:
            yield xobject


def _rewrite(instructions) -> bytes:
    """Colour operators in CMYK; Flatten on anything not rewritten."""
    out = []
    for operands, operator in instructions:
        op = str(operator)
        if op in NOT_REWRITTEN:
            raise Flatten(op)
        if op in COLOUR_OPS:
            values = cmyk.cmyk(*operands) if len(operands) == 3 else cmyk.grey(operands[0])
            out.append(([*values], Operator(COLOUR_OPS[op])))
        elif op in SPACE_OPS:
            if operands[0] not in (Name.DeviceRGB, Name.DeviceGray, Name.DeviceCMYK):
                raise Flatten("colour space")
            out.append(([Name.DeviceCMYK], operator))
        elif op in ("sc", "SC", "scn", "SCN"):
            if len(operands) == 3:
                out.append(([*cmyk.cmyk(*operands)], Operator(op)))
            elif len(operands) == 1 and not isinstance(operands[0], Name):
                out.append(([*cmyk.grey(operands[0])], Operator(op)))
            elif len(operands) == 4:
                out.append((operands, operator))
            else:
                raise Flatten("pattern colour")
        else:
            out.append((operands, operator))
    return pikepdf.unparse_content_stream(out)


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


def _flatten(document, pdf: bytes, numbers: list) -> None:
    """Each page in `numbers` replaced by its CMYK raster, placed over its MediaBox;
    its boxes are kept."""
    from pnp.export.raster import rasterise

    for number in numbers:
        page = document.pages[number - 1]
        x0, y0, x1, y1 = (float(v) for v in page.MediaBox)
        dpi = min(FLATTEN_DPI, int(72 * (FLATTEN_PIXELS / ((x1 - x0) * (y1 - y0))) ** 0.5))
        every = [(0, 0)] * len(document.pages)
        every[number - 1] = (int((x1 - x0) / 72 * dpi), int((y1 - y0) / 72 * dpi))
        (image,) = rasterise(pdf, dpi, every, [number - 1])
        raster = cmyk.image_cmyk(image)
        stream = pikepdf.Stream(document, zlib.compress(raster.tobytes(), 6))
        stream.Type, stream.Subtype = Name.XObject, Name.Image
        stream.Width, stream.Height = raster.size
        stream.ColorSpace, stream.BitsPerComponent = Name.DeviceCMYK, 8
        stream.Filter = Name.FlateDecode
        x0, y0, x1, y1 = (float(v) for v in page.MediaBox)
        page.Resources = Dictionary(XObject=Dictionary(Flat=stream))
        page.Contents = document.make_stream(
            f"q {x1 - x0:.4f} 0 0 {y1 - y0:.4f} {x0:.4f} {y0:.4f} cm /Flat Do Q".encode())
        if "/Group" in page.obj:
            del page.obj["/Group"]


def _identify(document, title: str) -> None:
    """The output intent and the PDF/X keys."""
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
    info.GTS_PDFXVersion = String(PDFX_VERSION)
    info.GTS_PDFXConformance = String(PDFX_CONFORMANCE)
    info.Trapped = Name("/False")
    for key in ("/CreationDate", "/ModDate"):
        if key not in info:
            info[key] = String("D:20000101000000+00'00'")
