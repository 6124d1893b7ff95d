"""`pnp export --format shop --cmyk` (issue 24 section 2, issue 34 section 2), read back
with pikepdf and pdfplumber: PDF/X-1a:2001 as far as its rules can be checked from the
file (PDF 1.3, the output intent with the profile, the PDF/X keys, trim and bleed boxes,
fonts embedded, only CMYK colour, no transparency, the ink limit), text still text and
no page drawn as one picture (transparency written as the opaque colour it makes, or a
picture of only its own box at 600 dpi), small near-black text on the black plate
alone, and CMYK TIFFs beside the PDF."""

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
    Above Top Secret's clearance cards (a transparent id on their fronts), its playmat
    (tinted zones over grid lines) and its reference sheet (near-black type), Attack the
    Tower's corsair bases (transparent strokes on every front, warm near-black type).
    Geheime Mission's are exported with --tiff, the others without."""
    out = tmp_path_factory.mktemp("cmyk")
    found = {}
    for game_id, comps in (("geheime-mission", ("agents",)),
                           ("above-top-secret", ("clearance", "reference", "playmat")),
                           ("attack-the-tower", ("corsairs-bases",))):
        game = load_game(BUNDLED_GAMES / game_id)
        for colour in ("rgb", "cmyk"):
            export_games([game], out / colour, ExportOptions(  # TIFFs: asked for once
                format="shop", only=comps, cmyk=colour == "cmyk",
                tiff=colour == "cmyk" and game_id == "geheime-mission"))
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


ALL = ["agents", "clearance", "reference", "playmat", "corsairs-bases"]


@pytest.mark.parametrize("comp", ALL)
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


@pytest.mark.parametrize("comp", ALL)
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
    """(CMYK colour, RGB colour, size) of every character, the text of every page alike.
    (A label under a transparent zone is drawn again inside the zone, in the colour the
    zone makes over it: the same glyphs at the same place, which `dedupe_chars` folds.)"""
    cmyk_path, rgb_path = (exported[comp, c][0] for c in ("cmyk", "rgb"))
    with pdfplumber.open(cmyk_path) as after, pdfplumber.open(rgb_path) as before:
        pairs = [(a.dedupe_chars(extra_attrs=()), b)
                 for a, b in zip(after.pages, before.pages, strict=True)]
        assert [a.extract_text() for a, _ in pairs] == [b.extract_text() for _, b in pairs]
        return [(a["non_stroking_color"], b["non_stroking_color"], b["size"])
                for pa, pb in pairs for a, b in zip(pa.chars, pb.chars, strict=True)]


@pytest.mark.parametrize("comp", ALL)
def test_text_stays_text_in_the_converted_colours(exported, comp):
    """Every character in its colour by cmyk.py's rules, but for a transparent one (the
    clearance cards' id): in the colour it makes over its ground, not its own."""
    pairs = char_colours(comp, exported)
    odd = [(a, b, size) for a, b, size in pairs
           if tuple(a) != pytest.approx(cmyk.text_cmyk(*b, size), abs=1e-3)]
    assert pairs and len(odd) <= (4 if comp == "clearance" else 0), odd[:5]
    assert all(tuple(b) == (1, 1, 1) and tuple(a) != (0, 0, 0, 0) for a, b, _ in odd)


@pytest.mark.parametrize("comp", ["reference", "corsairs-bases"])
def test_small_black_text_is_on_the_black_plate_alone(exported, comp):
    """Above Top Secret's near-black type (#1d1d1b, neutral) and Attack the Tower's warm
    one (#1d1a16, which the profile alone prints on four plates): 100 % K under 12 pt."""
    dark = [a for a, b, size in char_colours(comp, exported)
            if size < cmyk.SMALL_TEXT_PT and cmyk.near_black(
                tuple(round(v * 255) for v in b))]
    assert len(dark) > 100 and all(tuple(a) == (0, 0, 0, 1) for a in dark)


@pytest.mark.parametrize("comp", ALL)
def test_no_page_is_drawn_as_one_picture(exported, comp):
    """Pages with transparency (every corsair base front, the clearance fronts, the
    playmat's tinted zones) stay vector: pictures cover under 90 % of any page, and here
    there is none at all, nothing rasterised."""
    path, _, manifest = exported[comp, "cmyk"]
    rgb = pikepdf.open(exported[comp, "rgb"][0])
    transparent = [n for n, page in enumerate(rgb.pages, start=1)
                   if any(float(gs.get("/ca", 1)) < 1 or float(gs.get("/CA", 1)) < 1
                          for gs in (page.Resources.get("/ExtGState") or {}).values())]
    assert transparent or comp in ("agents", "reference")
    (entry,) = [f for f in manifest["files"] if f["file"] == f"{comp}.pdf"]
    assert entry["rasterised"] == []
    with pdfplumber.open(path) as pdf:
        for page in pdf.pages:
            covered = sum((i["x1"] - i["x0"]) * (i["bottom"] - i["top"]) for i in page.images)
            assert covered < 0.9 * page.width * page.height
            assert not page.images


def _shown(pdfium, image):
    """A CMYK picture as pdfium shows it: placed on a page of its own, so that it goes
    through the same CMYK -> RGB as the vector page it is compared with."""
    import zlib

    pdf = pikepdf.new()
    picture = pikepdf.Stream(pdf, zlib.compress(image.tobytes(), 1))
    picture.Type, picture.Subtype = pikepdf.Name.XObject, pikepdf.Name.Image
    picture.Width, picture.Height = image.size
    picture.ColorSpace, picture.BitsPerComponent = pikepdf.Name.DeviceCMYK, 8
    picture.Filter = pikepdf.Name.FlateDecode
    w, h = image.size
    pdf.pages.append(pikepdf.Page(pikepdf.Dictionary(
        Type=pikepdf.Name.Page, MediaBox=[0, 0, w, h],
        Resources=pikepdf.Dictionary(XObject=pikepdf.Dictionary(Im=picture)),
        Contents=pdf.make_stream(f"q {w} 0 0 {h} 0 0 cm /Im Do Q".encode()))))
    data = io.BytesIO()
    pdf.save(data)
    return pdfium.PdfDocument(data.getvalue())[0].render(scale=1).to_pil().convert("RGB")


@pytest.mark.parametrize("comp", ["clearance", "playmat", "corsairs-bases"])
def test_the_cmyk_pages_look_like_the_rgb_pages_converted(exported, comp):
    """Each page with transparency (the first 6 of the corsair bases) rendered from the
    CMYK PDF against the RGB page rasterised and converted pixel by pixel: the colours
    a transparent paint makes, and the overlays drawn again in its shape, are where the
    RGB page has them (at 100 dpi, a mean difference under 2 of 255 and under 0.5 % of
    pixels off by more than 40, small black text and antialiasing aside)."""
    import pypdfium2 as pdfium
    from PIL import ImageChops

    rgb = pdfium.PdfDocument(exported[comp, "rgb"][0])
    converted = pdfium.PdfDocument(exported[comp, "cmyk"][0])
    for number in range(min(6, len(rgb))):
        page = rgb[number].render(scale=100 / 72).to_pil().convert("RGB")
        want = _shown(pdfium, cmyk.image_cmyk(page))
        got = converted[number].render(scale=100 / 72).to_pil().convert("RGB")
        counts = ImageChops.difference(want, got).convert("L").histogram()
        mean = sum(level * count for level, count in enumerate(counts)) / sum(counts)
        assert mean < 2 and sum(counts[40:]) < 0.005 * sum(counts), (number + 1, mean)


def test_cmyk_tiffs_only_when_asked_for(exported):
    """--cmyk alone writes the PDF/X-1a files and nothing else (no picture of a piece
    side: a shop that asks for CMYK takes the PDF); the RGB shop export writes PNGs."""
    for comps in (("clearance", "reference", "playmat"), ("corsairs-bases",)):
        _, target, manifest = exported[comps[0], "cmyk"]  # (a game's exported together)
        assert [f["file"] for f in manifest["files"]] == [f"{c}.pdf" for c in comps]
        assert sorted(p.name for p in target.iterdir()) == sorted(
            [f"{c}.pdf" for c in comps] + ["manifest.json"])
        rgb_manifest = exported[comps[0], "rgb"][2]
        assert any(f["file"].endswith(".png") for f in rgb_manifest["files"])


def test_cmyk_tiffs_with_the_profile_at_the_pngs_pixels(exported):
    """With --tiff, each piece side as a CMYK TIFF beside the PDF."""
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


def test_images_in_a_drawing_are_converted_and_a_masked_one_rasterised_alone():
    """Raster art: an opaque RGB image becomes a CMYK image; an image with an alpha
    channel (a soft mask) becomes a 600 dpi CMYK picture of its own box only, and the
    page's text stays text."""
    art = Image.new("RGB", (8, 8), (234, 106, 95))
    cutout = Image.new("RGBA", (8, 8), (47, 122, 58, 128))
    data = io.BytesIO()
    canvas = Canvas(data, pagesize=(100, 100))
    canvas.drawImage(_reader(art), 10, 10, 40, 40)
    canvas.setFillColor(Color(0.1, 0.1, 0.1))
    canvas.drawString(10, 80, "vector")
    canvas.showPage()
    canvas.setFillColor(Color(0.2, 0.4, 0.8))
    canvas.rect(0, 0, 100, 100, stroke=0, fill=1)
    canvas.drawImage(_reader(cutout), 10, 10, 40, 40, mask="auto")
    canvas.setFillColor(Color(0.1, 0.1, 0.1))
    canvas.drawString(10, 80, "still text")
    canvas.showPage()
    canvas.save()
    converted = convert(data.getvalue(), "art")
    ((number, box),) = converted.rasters
    assert number == 2 and box == pytest.approx((10, 10, 50, 50), abs=72 / 600)
    pdf = pikepdf.open(io.BytesIO(converted.pdf))
    (image,) = pdf.pages[0].Resources.XObject.values()
    assert image.ColorSpace == "/DeviceCMYK"
    assert pikepdf.PdfImage(image).as_pil_image().getpixel((3, 3)) == cmyk.cmyk8(
        (234, 106, 95))
    (picture,) = pdf.pages[1].Resources.XObject.values()
    assert picture.ColorSpace == "/DeviceCMYK" and "/SMask" not in picture
    assert picture.Width == pytest.approx(40 / 72 * 600, abs=2)
    with pdfplumber.open(io.BytesIO(converted.pdf)) as plumbed:
        assert "still text" in plumbed.pages[1].extract_text()


def test_a_transparent_fill_over_several_flat_colours_stays_vector_a_stroke_is_a_local_raster():
    """A half-transparent green square over a red and a blue field: its shape in the
    colour it makes over the paper, the fields drawn again inside it in the colours it
    makes over them: vector. A half-transparent line across both fields: a picture of
    the line's box only, at 600 dpi. Both pages look like the RGB pages."""
    import pypdfium2 as pdfium
    from PIL import ImageChops

    data = io.BytesIO()
    canvas = Canvas(data, pagesize=(100, 100))
    for page in ("fill", "stroke"):
        canvas.setFillColor(Color(0.9, 0.2, 0.1))
        canvas.rect(0, 0, 50, 100, stroke=0, fill=1)
        canvas.setFillColor(Color(0.1, 0.3, 0.8))
        canvas.rect(50, 0, 50, 100, stroke=0, fill=1)
        if page == "fill":
            canvas.setFillColor(Color(0.1, 0.7, 0.2, alpha=0.5))
            canvas.rect(25, 25, 50, 50, stroke=0, fill=1)
        else:
            canvas.setStrokeColor(Color(0.1, 0.7, 0.2, alpha=0.5))
            canvas.setLineWidth(10)
            canvas.line(10, 50, 90, 50)
        canvas.showPage()
    canvas.save()
    converted = convert(data.getvalue(), "overlays")
    ((number, box),) = converted.rasters
    assert number == 2 and box == pytest.approx((5, 45, 95, 55), abs=72 / 600)
    pdf = pikepdf.open(io.BytesIO(converted.pdf))
    assert not pdf.pages[0].Resources.get("/XObject")
    (picture,) = pdf.pages[1].Resources.XObject.values()
    assert picture.Width == round((box[2] - box[0]) * 600 / 72) >= 750  # 90 pt, 600 dpi
    assert picture.Height == round((box[3] - box[1]) * 600 / 72) >= 83  # (whole pixels)
    rgb, cmyk_pdf = pdfium.PdfDocument(data.getvalue()), pdfium.PdfDocument(converted.pdf)
    for index in range(2):
        want = _shown(pdfium, cmyk.image_cmyk(rgb[index].render(scale=2).to_pil()))
        got = cmyk_pdf[index].render(scale=2).to_pil().convert("RGB")
        counts = ImageChops.difference(want, got).convert("L").histogram()
        assert sum(counts[40:]) < 0.005 * sum(counts), index + 1


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


def test_tiff_is_for_the_cmyk_shop_format_only(tmp_path, capsys):
    for extra, said_as in ((["--format", "shop"], "add --cmyk"),
                           (["--format", "png"], "--tiff does not apply to --format png"),
                           (["--shop", "tgc", "--cmyk"], "--tiff does not apply to --shop")):
        assert main(["export", "geheime-mission", "--tiff", "--out", str(tmp_path),
                     *extra]) == 2
        said = capsys.readouterr().err
        assert said_as in said and "Traceback" not in said, said
    assert not any(tmp_path.iterdir())
