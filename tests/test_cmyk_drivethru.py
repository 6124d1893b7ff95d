"""`pnp export --shop drivethru --cmyk` (issue 34 section 2): DriveThruCards' deck PDF as
the print-ready PDF/X-1a:2003 its card guide names, read back with pikepdf and
pdfplumber: the card pages and their boxes as the RGB deck has them (to 0.1 mm), the
card with its bleed on each page (not its trim stretched over it), only DeviceCMYK
colour in pages and forms, no transparency, fonts embedded, the output intent, text
still text, no page drawn as one picture, a shared back stored once, and the pages
looking like the RGB deck's converted. Geheime Mission's agents (no transparency) and
Above Top Secret's clearance cards (a transparent id on every front)."""

from __future__ import annotations

import io
import json

import pdfplumber
import pikepdf
import pytest

from pnp import BUNDLED_GAMES
from pnp.cli.main import main
from pnp.export import cmyk
from pnp.export.products import DRIVETHRU_PDF
from pnp.export.writer import ExportOptions, export_games
from pnp.load.game import load_game

MM = 25.4 / 72
COLOUR_OPS = {"rg", "RG", "g", "G", "k", "K", "sc", "SC", "scn", "SCN", "cs", "CS"}
DECKS = [("geheime-mission", "agents"), ("above-top-secret", "clearance")]


@pytest.fixture(scope="module")
def decks(tmp_path_factory):
    """(CMYK deck path, RGB deck path, the one-piece-a-page RGB shop PDF, CMYK manifest)
    by component: its largest deck."""
    out = tmp_path_factory.mktemp("dtc")
    found = {}
    for game_id, comp in DECKS:
        game = load_game(BUNDLED_GAMES / game_id)
        for colour in ("rgb", "cmyk"):
            export_games([game], out / colour, ExportOptions(
                format="shop", shop="drivethru", only=(comp,), cmyk=colour == "cmyk"))
        export_games([game], out / "plain", ExportOptions(format="shop", only=(comp,)))
        target = out / "cmyk" / game_id / "shop-drivethru"
        manifest = json.loads((target / "manifest.json").read_text())
        deck = max((f for f in manifest["files"] if f.get("file", "").endswith(".pdf")),
                   key=lambda f: f["pages"])["file"]  # (the clearance cards: a deck a back)
        found[comp] = (target / deck, out / "rgb" / game_id / "shop-drivethru" / deck,
                       out / "plain" / game_id / "shop" / f"{comp}.pdf", manifest)
    return found


def mm(box) -> list:
    return [round(float(v) * MM, 1) for v in box]


def streams(pdf: pikepdf.Pdf):
    """Every page and every form XObject the pages draw (each once)."""
    seen = set()
    for page in pdf.pages:
        yield page
        for form in (page.Resources.get("/XObject") or {}).values():
            if form.get("/Subtype") == "/Form" and form.objgen not in seen:
                seen.add(form.objgen)
                yield form


@pytest.mark.parametrize("comp", [c for _, c in DECKS])
def test_a_pdf_x1a_2003_deck_with_the_rgb_decks_pages_and_boxes(decks, comp):
    path, rgb_path, _, manifest = decks[comp]
    assert path.read_bytes().startswith(b"%PDF-1.4")
    pdf, rgb = pikepdf.open(path), pikepdf.open(rgb_path)
    (intent,) = pdf.Root.OutputIntents
    assert intent.S == "/GTS_PDFX" and str(intent.OutputConditionIdentifier) == "FOGRA39"
    assert intent.DestOutputProfile.read_bytes() == cmyk.profile_bytes()
    info = pdf.docinfo
    assert str(info.GTS_PDFXVersion) == DRIVETHRU_PDF.standard == "PDF/X-1a:2003"
    assert info.Trapped == "/False" and str(info.Title) and "/CreationDate" in info
    assert "/Encrypt" not in pdf.trailer and len(pdf.trailer.ID) == 2
    assert len(pdf.pages) == len(rgb.pages) >= 2
    trim = [round(v * MM, 1) for v in (9, 9, 189, 261)]  # poker: 2.75 x 3.75 in, 1/8 in
    for page, before in zip(pdf.pages, rgb.pages, strict=True):
        assert mm(page.MediaBox) == mm(before.MediaBox) == [0, 0, 69.8, 95.2]
        assert mm(page.TrimBox) == mm(before.TrimBox) == trim
        assert mm(page.BleedBox) == mm(page.MediaBox)
        assert "/Group" not in page.obj
    (entry,) = [f for f in manifest["files"] if f.get("file") == path.name]
    assert entry["standard"] == "PDF/X-1a:2003" and entry["rasterised"] == []
    assert manifest["colour"]["space"] == "CMYK"


@pytest.mark.parametrize("comp", [c for _, c in DECKS])
def test_only_cmyk_no_transparency_fonts_embedded(decks, comp):
    pdf = pikepdf.open(decks[comp][0])
    ops = [(str(op), [float(v) for v in operands if not isinstance(v, pikepdf.Name)])
           for stream in streams(pdf)
           for operands, op in pikepdf.parse_content_stream(stream)
           if str(op) in COLOUR_OPS]
    assert {op for op, _ in ops} == {"k", "K"} or {op for op, _ in ops} == {"k"}
    assert all(len(values) == 4 and sum(values) <= cmyk.INK_LIMIT + 1e-6
               for _, values in ops)
    for obj in pdf.objects:
        if isinstance(obj, pikepdf.Dictionary | pikepdf.Stream):
            assert obj.get("/ColorSpace") not in ("/DeviceRGB", "/ICCBased")
            assert "/SMask" not in obj or obj.SMask == "/None"
            assert float(obj.get("/ca", 1)) == 1 and float(obj.get("/CA", 1)) == 1
            assert "/Group" not in obj
            if obj.get("/Type") == "/FontDescriptor":
                assert any(k in obj for k in ("/FontFile", "/FontFile2", "/FontFile3"))


@pytest.mark.parametrize("comp", [c for _, c in DECKS])
def test_text_stays_text_no_page_is_a_picture_a_shared_back_is_one_form(decks, comp):
    path, rgb_path, _, _ = decks[comp]
    with pdfplumber.open(path) as after, pdfplumber.open(rgb_path) as before:
        texts = [p.extract_text() for p in after.pages]
        assert texts == [p.extract_text() for p in before.pages]
        assert any(t.strip() for t in texts)
        for page in after.pages:
            covered = sum((i["x1"] - i["x0"]) * (i["bottom"] - i["top"]) for i in page.images)
            assert covered < 0.9 * page.width * page.height
    pdf = pikepdf.open(path)
    backs = {page.Resources.XObject[name].objgen for page in pdf.pages[1::2]
             for name in page.Resources.XObject}
    fronts = {page.Resources.XObject[name].objgen for page in pdf.pages[0::2]
              for name in page.Resources.XObject}
    assert len(backs) == 1 and len(pdf.pages) // 2 >= len(fronts)
    assert len(fronts) > 1 or comp == "clearance"  # (its red deck is one card)


def test_each_card_page_holds_the_card_with_its_bleed(decks):
    """Each character of the first front is where the one-piece-a-page PDF has it, about
    the page's centre, at the placement's scale (63 x 88 mm cards on a 2.5 x 3.5 in
    card: +1.0 %): the page shows the card with its bleed around it (a form bounded by
    the trim would stretch the trim over the bleed, some 10 % larger)."""
    import re

    path, _, plain, manifest = decks["agents"]
    (entry,) = [f for f in manifest["files"] if f.get("file") == path.name]
    scale = 1 + float(re.search(r"drawn ([-+][0-9.]+) %", entry["scaling"])[1]) / 100
    with pdfplumber.open(path) as deck, pdfplumber.open(plain) as source:
        placed, drawn = deck.pages[0], source.pages[0]
        assert len(placed.chars) == len(drawn.chars) > 10
        for a, b in zip(placed.chars, drawn.chars, strict=True):
            assert a["text"] == b["text"]
            assert a["size"] / b["size"] == pytest.approx(scale, abs=0.001)
            for x in ("x0", "top"):
                half = ("width" if x == "x0" else "height")
                assert (a[x] - getattr(placed, half) / 2) * MM == pytest.approx(
                    (b[x] - getattr(drawn, half) / 2) * scale * MM, abs=0.1)


def test_the_cmyk_deck_looks_like_the_rgb_deck_converted(decks):
    """The first front and back of the clearance cards (a transparent id on the front)
    rendered from the CMYK deck against the RGB deck's page converted pixel by pixel."""
    import pypdfium2 as pdfium
    from PIL import ImageChops

    from tests.test_cmyk_export import _shown

    path, rgb_path, _, _ = decks["clearance"]
    rgb, converted = pdfium.PdfDocument(rgb_path), pdfium.PdfDocument(path)
    for number in range(2):
        want = _shown(pdfium, cmyk.image_cmyk(rgb[number].render(scale=150 / 72).to_pil()))
        got = converted[number].render(scale=150 / 72).to_pil().convert("RGB")
        counts = ImageChops.difference(want, got).convert("L").histogram()
        mean = sum(level * count for level, count in enumerate(counts)) / sum(counts)
        assert mean < 2 and sum(counts[40:]) < 0.005 * sum(counts), (number + 1, mean)


def test_cmyk_is_refused_for_the_shops_that_take_images(tmp_path, capsys):
    for shop in ("tgc", "mpc"):
        assert main(["export", "geheime-mission", "--shop", shop, "--cmyk",
                     "--out", str(tmp_path)]) == 2
        said = capsys.readouterr().err
        assert f"--cmyk does not apply to --shop {shop}" in said and "Traceback" not in said
    assert main(["export", "geheime-mission", "--shop", "drivethru", "--cmyk", "--tiff",
                 "--out", str(tmp_path)]) == 2
    assert "--tiff does not apply to --shop drivethru" in capsys.readouterr().err
    assert not any(tmp_path.iterdir())


def test_the_cli_writes_the_cmyk_deck(tmp_path):
    assert main(["export", "geheime-mission", "--shop", "drivethru", "--cmyk", "-q",
                 "--only", "agents", "--out", str(tmp_path)]) == 0
    data = (tmp_path / "geheime-mission" / "shop-drivethru" / "agents.pdf").read_bytes()
    assert pikepdf.open(io.BytesIO(data)).docinfo.GTS_PDFXVersion == "PDF/X-1a:2003"
