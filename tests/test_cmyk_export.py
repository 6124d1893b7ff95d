"""`pnp export --format shop --cmyk` (issue 24, section 2), read back with pikepdf and
pdfplumber: PDF/X-1a:2001 as far as its rules can be checked from the file (PDF 1.3,
the output intent with the profile, the PDF/X keys, trim and bleed boxes, fonts
embedded, only CMYK colour, no transparency, the ink limit), text still text, pages
with transparency flattened at 600 dpi, and CMYK TIFFs beside the PDF."""

from __future__ import annotations

import io
import json
import re

import pdfplumber
import pikepdf
import pytest
from PIL import Image
from reportlab.lib.colors import Color
from reportlab.pdfgen.canvas import Canvas

from pnp import BUNDLED_GAMES
from pnp.cli.main import main
from pnp.export import cmyk
from pnp.export.cmykpdf import convert
from pnp.export.writer import ExportOptions, export_games
from pnp.load.game import load_game

COLOUR_OPS = {"rg", "RG", "g", "G", "k", "K", "sc", "SC", "scn", "SCN"}


@pytest.fixture(scope="module")
def exported(tmp_path_factory):
    """By component, in RGB and in CMYK: Geheime Mission's agents (no transparency),
    Above Top Secret's clearance cards (transparency on their fronts) and its reference
    sheet (near-black type)."""
    out = tmp_path_factory.mktemp("cmyk")
    found = {}
    for game_id, comps in (("geheime-mission", ("agents",)),
                           ("above-top-secret", ("clearance", "reference"))):
        game = load_game(BUNDLED_GAMES / game_id)
        for colour in ("rgb", "cmyk"):
            export_games([game], out / colour, ExportOptions(
                format="shop", only=comps, cmyk=colour == "cmyk"))
            target = out / colour / game_id / "shop"
            manifest = json.loads((target / "manifest.json").read_text())
            for comp in comps:
                found[comp, colour] = (target / f"{comp}.pdf", target, manifest)
    return found


def colours(pdf: pikepdf.Pdf):
    """(operator, operands) of every colour operator on every page and form."""
    for page in pdf.pages:
        for operands, operator in pikepdf.parse_content_stream(page):
            if str(operator) in COLOUR_OPS:
                yield str(operator), [float(v) for v in operands]


@pytest.mark.parametrize("comp", ["agents", "clearance", "reference"])
def test_pdf_x1a_as_far_as_the_file_shows(exported, comp):
    path, _, manifest = exported[comp, "cmyk"]
    rgb_path = exported[comp, "rgb"][0]
    assert path.read_bytes().startswith(b"%PDF-1.3")
    pdf, rgb = pikepdf.open(path), pikepdf.open(rgb_path)
    (intent,) = pdf.Root.OutputIntents
    assert intent.S == "/GTS_PDFX" and str(intent.OutputConditionIdentifier) == "FOGRA39"
    assert str(intent.RegistryName) == "http://www.color.org"
    assert intent.DestOutputProfile.read_bytes() == cmyk.profile_bytes()
    assert intent.DestOutputProfile.N == 4
    info = pdf.docinfo
    assert str(info.GTS_PDFXVersion) == "PDF/X-1:2001"
    assert str(info.GTS_PDFXConformance) == "PDF/X-1a:2001"
    assert info.Trapped == "/False" and str(info.Title) and "/CreationDate" in info
    assert "/Encrypt" not in pdf.trailer and len(pdf.trailer.ID) == 2
    assert len(pdf.pages) == len(rgb.pages)
    for page, before in zip(pdf.pages, rgb.pages, strict=True):
        for box in ("/MediaBox", "/TrimBox", "/BleedBox"):
            assert [float(v) for v in page.obj[box]] == pytest.approx(
                [float(v) for v in before.obj[box]])
    for obj in pdf.objects:  # no RGB, no transparency, every font embedded
        if isinstance(obj, pikepdf.Dictionary | pikepdf.Stream):
            assert obj.get("/ColorSpace") not in ("/DeviceRGB", "/ICCBased")
            assert "/SMask" not in obj or obj.SMask == "/None"
            assert float(obj.get("/ca", 1)) == 1 and float(obj.get("/CA", 1)) == 1
            if obj.get("/Type") == "/FontDescriptor":
                assert any(k in obj for k in ("/FontFile", "/FontFile2", "/FontFile3"))
            if obj.get("/Type") == "/Font" and obj.get("/Subtype") != "/Type0":
                assert "/FontDescriptor" in obj, obj.get("/BaseFont")
    assert manifest["colour"]["pdf"] == "PDF/X-1a:2001"
    assert manifest["colour"]["profile"] == "dossier-fogra39.icc"


@pytest.mark.parametrize("comp", ["agents", "clearance", "reference"])
def test_only_cmyk_colour_within_the_ink_limit(exported, comp):
    pdf = pikepdf.open(exported[comp, "cmyk"][0])
    seen = list(colours(pdf))
    assert {op for op, _ in seen} <= {"k", "K"}
    assert all(len(values) == 4 and sum(values) <= cmyk.INK_LIMIT + 1e-6
               for _, values in seen)
    for image in (o for o in pdf.objects if isinstance(o, pikepdf.Stream)
                  and o.get("/Subtype") == "/Image"):
        assert image.ColorSpace == "/DeviceCMYK"
        data = pikepdf.PdfImage(image).as_pil_image().tobytes()
        assert max(sum(data[i:i + 4]) for i in range(0, len(data), 4)) <= round(
            cmyk.INK_LIMIT * 255)


def char_colours(comp: str, exported):
    """(CMYK colour, RGB colour) of every character on the pages left vector."""
    cmyk_path, rgb_path = (exported[comp, c][0] for c in ("cmyk", "rgb"))
    flat = next(f["flattened_pages"] for f in exported[comp, "cmyk"][2]["files"])
    with pdfplumber.open(cmyk_path) as after, pdfplumber.open(rgb_path) as before:
        kept = [(a, b) for n, (a, b) in enumerate(zip(after.pages, before.pages, strict=True),
                                                  start=1) if n not in flat]
        assert [a.extract_text() for a, _ in kept] == [b.extract_text() for _, b in kept]
        return [(a["non_stroking_color"], b["non_stroking_color"]) for pa, pb in kept
                for a, b in zip(pa.chars, pb.chars, strict=True)]


@pytest.mark.parametrize("comp", ["agents", "clearance", "reference"])
def test_text_stays_text_in_the_converted_colours(exported, comp):
    pairs = char_colours(comp, exported)
    assert pairs and all(tuple(a) == pytest.approx(cmyk.cmyk(*b), abs=1e-3) for a, b in pairs)


def test_black_text_is_on_the_black_plate_alone(exported):
    """Above Top Secret's near-black type (#1d1d1b): 100 % K, not a four-plate black."""
    dark = [a for a, b in char_colours("reference", exported)
            if max(b) - min(b) <= 3 / 255 and max(b) < 0.3]
    assert len(dark) > 100 and all(tuple(a) == (0, 0, 0, 1) for a in dark)


def test_pages_with_transparency_are_flattened_at_600_dpi(exported):
    path, _, manifest = exported["clearance", "cmyk"]
    rgb = pikepdf.open(exported["clearance", "rgb"][0])
    transparent = [n for n, page in enumerate(rgb.pages, start=1)
                   if any(float(gs.get("/ca", 1)) < 1 or float(gs.get("/CA", 1)) < 1
                          for gs in (page.Resources.get("/ExtGState") or {}).values())]
    (listed,) = [f["flattened_pages"] for f in manifest["files"]
                 if f["file"] == "clearance.pdf"]
    assert transparent and listed == transparent
    pdf = pikepdf.open(path)
    for number in listed:
        page = pdf.pages[number - 1]
        (image,) = page.Resources.XObject.values()
        width_in = float(page.MediaBox[2] - page.MediaBox[0]) / 72
        assert image.Width / width_in == pytest.approx(600, abs=1)
        assert image.ColorSpace == "/DeviceCMYK"
    vector = [n for n in range(1, len(pdf.pages) + 1) if n not in listed]
    assert vector and all(not pdf.pages[n - 1].Resources.get("/XObject") for n in vector)


def test_cmyk_tiffs_with_the_profile_at_the_pngs_pixels(exported):
    _, target, manifest = exported["agents", "cmyk"]
    _, rgb_target, rgb_manifest = exported["agents", "rgb"]
    tiffs = [f for f in manifest["files"] if f["file"].endswith(".tif")]
    pngs = [f for f in rgb_manifest["files"] if f["file"].endswith(".png")]
    assert len(tiffs) == len(pngs) == 80
    for tiff, png in zip(tiffs, pngs, strict=True):
        assert tiff["pixels"] == png["pixels"] and tiff["item"] == png["item"]
    with Image.open(target / tiffs[0]["file"]) as image:
        assert image.mode == "CMYK" and image.info["icc_profile"] == cmyk.profile_bytes()
        assert image.info["dpi"] == pytest.approx((300, 300))
        assert image.info["compression"] == "tiff_lzw"
        assert list(image.size) == pngs[0]["pixels"]


def test_images_in_a_drawing_are_converted_and_masked_ones_flattened():
    """Raster art: an opaque RGB image becomes a CMYK image, vector page kept; an image
    with an alpha channel (a soft mask) makes its page flattened."""
    art = Image.new("RGB", (8, 8), (234, 106, 95))
    cutout = Image.new("RGBA", (8, 8), (47, 122, 58, 128))
    data = io.BytesIO()
    canvas = Canvas(data, pagesize=(100, 100))
    canvas.drawImage(_reader(art), 10, 10, 40, 40)
    canvas.setFillColor(Color(0.1, 0.1, 0.1))
    canvas.drawString(10, 80, "vector")
    canvas.showPage()
    canvas.drawImage(_reader(cutout), 10, 10, 40, 40, mask="auto")
    canvas.showPage()
    canvas.save()
    converted = convert(data.getvalue(), "art")
    assert converted.flattened == [2]
    pdf = pikepdf.open(io.BytesIO(converted.pdf))
    (image,) = pdf.pages[0].Resources.XObject.values()
    assert image.ColorSpace == "/DeviceCMYK"
    assert pikepdf.PdfImage(image).as_pil_image().getpixel((3, 3)) == cmyk.cmyk8(
        (234, 106, 95))


def _reader(image):
    from reportlab.lib.utils import ImageReader

    return ImageReader(image)


def test_cmyk_is_for_the_shop_format_only(tmp_path, capsys):
    for extra in (["--format", "png"], ["--shop", "tgc"], ["--format", "tts"]):
        assert main(["export", "geheime-mission", "--cmyk", "--out", str(tmp_path),
                     *extra]) == 2
        said = capsys.readouterr().err
        assert re.search(r"--cmyk does not apply to --(format|shop)", said), said
        assert said.count("--cmyk") >= 1 and "Traceback" not in said
    assert not any(tmp_path.iterdir())
