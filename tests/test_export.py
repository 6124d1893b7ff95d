"""`pnp export`: the exports read back. Pixel sizes and dpi exact, a card's PNG
the same pixels as its place on the printed page, shop PDFs with TrimBox and
BleedBox to 0.1 mm in shop order, proof sheets, `--only`, and errors that
write nothing."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from PIL import Image, ImageChops, ImageStat

from pnp import BUNDLED_GAMES
from pnp.export.pixels import pixels
from pnp.export.writer import ExportOptions, export_games
from pnp.load.game import load_game
from pnp.sheets.build import Options, build_game
from tests.conftest import EXAMPLE
from tests.pdfread import print_files

PT = 72 / 25.4


def run(*args, cwd=None):
    return subprocess.run([sys.executable, "-m", "pnp", *args], capture_output=True,
                          text=True, cwd=cwd, timeout=300)


@pytest.fixture(scope="module")
def png(tmp_path_factory):
    out = tmp_path_factory.mktemp("png")
    export_games([load_game(EXAMPLE)], out, ExportOptions(format="png", dpi=150))
    return out / "star-patrol" / "png"


def test_one_png_per_piece_side_at_exact_pixels_and_dpi(png):
    game = load_game(EXAMPLE)
    manifest = json.loads((png / "manifest.json").read_text())
    deck = game.component("crew")
    fronts = [f for f in manifest["files"] if f["component"] == "crew"]
    assert len(fronts) == 2 * sum(item.copies for item in deck.items)
    w, h = deck.size
    want = (pixels(w + 6, 150), pixels(h + 6, 150))  # default bleed 3 mm
    assert want == (round((w + 6) / 25.4 * 150), round((h + 6) / 25.4 * 150))
    for entry in fronts:
        with Image.open(png / entry["file"]) as image:
            assert image.size == want == tuple(entry["pixels"])
            assert image.mode == "RGB"
            assert [round(v) for v in image.info["dpi"]] == [150, 150]
    sides = {(f["item"], f["copy"], f["side"]) for f in fronts}
    assert all((item, copy, "back") in sides for item, copy, _ in sides)


def test_a_cards_png_is_its_place_on_the_printed_page(png, tmp_path):
    """Rasterised from the same drawing: the trim area matches the build's page."""
    import pypdfium2 as pdfium

    game = load_game(EXAMPLE)
    out = tmp_path / "build"
    build_game(game, out, Options())
    manifest = json.loads((out / "star-patrol" / "manifest.json").read_text())
    piece = next(i for i in manifest["items"] if i["component"] == "crew" and
                 i["side"] == "front")
    document = pdfium.PdfDocument(str(out / "star-patrol" / "crew.pdf"))
    page = document[piece["page"] - 1]
    rendered = page.render(scale=150 / 72).to_pil().convert("RGB")
    page_h = page.get_size()[1] / PT
    x, y, w, h = piece["trim"]
    box = [round(v / 25.4 * 150) for v in (x, page_h - y - h, x + w, page_h - y)]
    on_page = rendered.crop(box)
    name = piece["item"] + ("-1" if game.component("crew").items[0].copies > 1 else "")
    with Image.open(png / "crew" / f"{name}-front.png") as image:
        b = round(3 / 25.4 * 150)
        alone = image.crop((b, b, b + on_page.width, b + on_page.height))
    difference = ImageStat.Stat(ImageChops.difference(alone, on_page)).mean
    assert max(difference) < 6, difference  # the same drawing, up to antialiasing
    document.close()


def test_shop_pdf_one_piece_side_a_page_with_trim_and_bleed_boxes(tmp_path):
    from pypdf import PdfReader

    out = tmp_path / "out"
    options = ExportOptions(format="shop", dpi=30, print=Options(bleed=3.175))
    export_games([load_game(BUNDLED_GAMES / "geheime-mission")], out, options)
    folder = out / "geheime-mission" / "shop"
    reader = PdfReader(folder / "agents.pdf")
    assert len(reader.pages) == 80
    for page in reader.pages[:4]:
        bleed = [float(v) / PT for v in page.bleedbox]
        trim = [float(v) / PT for v in page.trimbox]
        media = [float(v) / PT for v in page.mediabox]
        assert bleed == pytest.approx(media, abs=0.01)
        assert bleed[2:] == pytest.approx([63 + 2 * 3.175, 88 + 2 * 3.175], abs=0.1)
        assert trim == pytest.approx([3.175, 3.175, 63 + 3.175, 88 + 3.175], abs=0.1)
    manifest = json.loads((folder / "manifest.json").read_text())
    shop = next(f for f in manifest["files"] if f["file"] == "agents.pdf")
    assert shop["order"][:4] == [["A01", 1, "front"], ["A01", 1, "back"],
                                 ["A02", 1, "front"], ["A02", 1, "back"]]
    assert (folder / "agents" / "A01-front.png").exists()  # the same pieces as PNG


@pytest.mark.parametrize("fmt", ["png", "shop", "tts", "csv"])
def test_every_bundled_game_exports_in_every_format(tmp_path, fmt):
    done = run("export", "--all", "--format", fmt, *(["--dpi", "30"] if fmt != "csv" else []),
               "--out", str(tmp_path), "-q")
    assert done.returncode == 0, done.stderr
    for game_dir in BUNDLED_GAMES.iterdir():
        game = load_game(game_dir)
        manifest = json.loads((tmp_path / game.folder / fmt / "manifest.json").read_text())
        listed = {f["file"] for f in manifest["files"]}
        on_disk = {str(p.relative_to(tmp_path / game.folder / fmt)) for p in
                   (tmp_path / game.folder / fmt).rglob("*.*") if p.name != "manifest.json"}
        assert listed == on_disk and listed


def test_every_bundled_game_exports_proof_sheets(tmp_path):
    done = run("export", "--all", "--format", "sheet", "--dpi", "30", "--out",
               str(tmp_path), "-q")
    assert done.returncode == 0, done.stderr
    for game_dir in BUNDLED_GAMES.iterdir():
        game = load_game(game_dir)
        for comp in game.components:
            with Image.open(tmp_path / game.folder / "sheet" / f"{comp.id}.png") as sheet:
                assert sheet.width >= 50 and sheet.height >= 50


def test_only_builds_and_exports_just_those_components(tmp_path):
    done = run("build", str(EXAMPLE), "--only", "crew,tokens", "--out", str(tmp_path), "-q")
    assert done.returncode == 0, done.stderr
    assert [p.name for p in print_files(tmp_path / "star-patrol")] == ["crew.pdf",
                                                                  "tokens.pdf"]
    done = run("export", str(EXAMPLE), "--only", "rules", "--dpi", "40", "--out",
               str(tmp_path), "-q")
    assert done.returncode == 0, done.stderr
    assert [p.name for p in (tmp_path / "star-patrol" / "png").iterdir()] == ["rules",
                                                                              "manifest.json"] \
        or sorted(p.name for p in (tmp_path / "star-patrol" / "png").iterdir()) == [
            "manifest.json", "rules"]


@pytest.mark.parametrize("args, message", [
    (["--only", "nope"], "--only: no component 'nope'"),
    (["--dpi", "0"], "--dpi: must be between 30 and 1200"),
    (["--dpi", "x"], "--dpi: expected a whole number"),
    (["--format", "gif"], "invalid choice: 'gif'"),
])
def test_bad_export_options_write_nothing(tmp_path, args, message):
    out = tmp_path / "out"
    done = run("export", str(EXAMPLE), "--out", str(out), *args)
    assert done.returncode == 2 and message in done.stderr, done.stderr
    assert not out.exists()


def test_a_broken_game_exports_nothing(game, tmp_path):
    from tests.conftest import edit

    edit(Path(game) / "crew.yaml", "power: 3", "power: x")
    out = tmp_path / "out"
    done = run("export", str(game), "--out", str(out))
    assert done.returncode == 2 and "crew.yaml:" in done.stderr
    assert not out.exists()


def test_index_numbers_items_and_poker_us_is_a_shop_size(game, tmp_path):
    from pypdf import PdfReader

    from tests.conftest import edit

    edit(game / "layouts.yaml", "      - {type: icon, name: \"{suit}\"",
         "      - {type: text, x: 20, y: 80, w: 20, h: 5, text: \"No. {index}\", "
         "style: basic-small}\n      - {type: icon, name: \"{suit}\"")
    edit(game / "game.yaml", "size: poker", "size: poker-us")
    out = tmp_path / "out"
    export_games([load_game(game)], out, ExportOptions(format="shop", dpi=30))
    reader = PdfReader(out / "star-patrol" / "shop" / "crew.pdf")
    fronts = [reader.pages[i] for i in range(0, len(reader.pages), 2)]
    assert [f"No. {n}" in page.extract_text() for n, page in enumerate(fronts, 1)] == \
        [True] * len(fronts)
    trim = [float(v) / PT for v in fronts[0].trimbox]
    assert trim[2] - trim[0] == pytest.approx(63.5, abs=0.05)
    assert trim[3] - trim[1] == pytest.approx(88.9, abs=0.05)


def test_corners_give_the_trim_with_transparent_rounded_corners(tmp_path):
    out = tmp_path / "out"
    export_games([load_game(EXAMPLE)], out, ExportOptions(format="png", dpi=100, corners=3,
                                                          only=("crew",)))
    manifest = json.loads((out / "star-patrol" / "png" / "manifest.json").read_text())
    entry = manifest["files"][0]
    with Image.open(out / "star-patrol" / "png" / entry["file"]) as image:
        assert image.mode == "RGBA" and image.size == (pixels(63, 100), pixels(88, 100))
        assert list(entry["pixels"]) == list(image.size)
        alpha = image.getchannel("A")
        assert alpha.getpixel((0, 0)) == 0 and alpha.getpixel((image.width - 1, 0)) == 0
        assert alpha.getpixel((image.width // 2, image.height // 2)) == 255
        assert alpha.getpixel((image.width // 2, 0)) == 255  # only the corners are cut


def test_tts_sheets_stay_within_10_by_7_and_4096_px_and_the_json_lists_every_card(game,
                                                                                 tmp_path):
    from tests.conftest import edit

    edit(game / "game.yaml", "rules: {count: 6,", "rules: {count: 120,")
    edit(game / "game.yaml", "per: [{field: suit, count: 2}]", "per: [{field: suit, count: 40}]")
    crew = (game / "crew.yaml").read_text().replace("}\n", ", copies: 20}\n")
    (game / "crew.yaml").write_text(crew)
    out = tmp_path / "out"
    export_games([load_game(game)], out, ExportOptions(format="tts", dpi=300))
    folder = out / "star-patrol" / "tts"
    save = json.loads((folder / "star-patrol.json").read_text())
    deck = next(o for o in save["ObjectStates"] if o["Name"] == "DeckCustom")
    assert len(deck["DeckIDs"]) == 120 and len(deck["ContainedObjects"]) == 120
    assert sorted(deck["CustomDeck"]) == ["1", "2"]  # 69 faces + the back per sheet
    names = [c["Nickname"] for c in deck["ContainedObjects"]]
    game_items = load_game(game).component("crew").items
    assert names == [i.fields["name"] for i in game_items for _ in range(i.copies)]
    for key, entry in deck["CustomDeck"].items():
        assert entry["NumWidth"] <= 10 and entry["NumHeight"] <= 7 and entry["BackIsHidden"]
        path = Path(entry["FaceURL"].removeprefix("file://"))
        with Image.open(path) as sheet:
            assert sheet.width <= 4096 and sheet.height <= 4096
            cell = (sheet.width // entry["NumWidth"], sheet.height // entry["NumHeight"])
            last = sheet.crop((sheet.width - cell[0], sheet.height - cell[1], sheet.width,
                               sheet.height))
        with Image.open(Path(entry["BackURL"].removeprefix("file://"))) as back:
            assert back.size == cell
            assert max(ImageStat.Stat(ImageChops.difference(back.convert("RGB"),
                                                            last)).mean) < 1
        ids = [c for c in deck["DeckIDs"] if c // 100 == int(key)]
        assert ids == list(range(int(key) * 100, int(key) * 100 + len(ids)))
    assert [len([c for c in deck["DeckIDs"] if c // 100 == k]) for k in (1, 2)] == [69, 51]
    bag = next(o for o in save["ObjectStates"] if o["Name"] == "Bag")
    assert all(t["Name"] == "Custom_Tile" and t["CustomImage"]["ImageURL"].startswith(
        "file://") for t in bag["ContainedObjects"])


def test_tts_base_url_points_at_hosted_images(tmp_path):
    out = tmp_path / "out"
    export_games([load_game(EXAMPLE)], out, ExportOptions(
        format="tts", dpi=60, base_url="https://example.org/game/", only=("crew",)))
    save = json.loads((out / "star-patrol" / "tts" / "star-patrol.json").read_text())
    entry = save["ObjectStates"][0]["CustomDeck"]["1"]
    assert entry["FaceURL"] == "https://example.org/game/crew-faces-1.png"
    assert entry["BackURL"] == "https://example.org/game/crew-back.png"


def test_a_layout_chosen_by_a_field(game, tmp_path):
    from pypdf import PdfReader

    from tests.conftest import edit

    layouts = (game / "layouts.yaml").read_text()
    (game / "layouts.yaml").write_text(layouts.replace("  crew-front:\n", "  crew-moon:\n    "
                                                       "extends: crew-front\n    elements:\n"
                                                       "      - {type: text, x: 5, y: 80, w: 40,"
                                                       " h: 5, text: MOON CARD, style: "
                                                       "basic-small}\n  crew-sun:\n    extends:"
                                                       " crew-front\n  crew-star:\n    extends: "
                                                       "crew-front\n  crew-front:\n", 1))
    edit(game / "game.yaml", "front: crew-front", "front: \"crew-{suit}\"")
    game_data = load_game(game)
    assert {i.front for i in game_data.component("crew").items} == {
        "crew-sun", "crew-moon", "crew-star"}
    out = tmp_path / "out"
    export_games([game_data], out, ExportOptions(format="shop", dpi=30, only=("crew",)))
    reader = PdfReader(out / "star-patrol" / "shop" / "crew.pdf")
    suits = [i.fields["suit"] for i in game_data.component("crew").items]
    marked = ["MOON CARD" in reader.pages[2 * n].extract_text() for n in range(len(suits))]
    assert marked == [suit == "moon" for suit in suits]
    edit(game / "crew.yaml", "suit: sun", "suit: comet")
    edit(game / "game.yaml", "suit: {type: text, choices: [sun, moon, star]}", "suit: text")
    with pytest.raises(Exception) as error:
        load_game(game)
    assert "unknown layout 'crew-comet'" in str(error.value)


def test_blank_die_faces_and_sheets_sized_by_their_items(game, tmp_path):
    from tests.conftest import edit

    edit(game / "game.yaml", "faces: [1, 2, 3, 4, 5, 6]", "faces: [1, 2, null, 4, \"\", {}]")
    text = (game / "game.yaml").read_text()
    text = text.replace("    name: Rules summary\n    size: a5\n", "    name: Rules summary\n")
    text = text.replace("      - {id: R1, title", "      - {id: R1, size: [100, 140], title")
    (game / "game.yaml").write_text(text)
    loaded = load_game(game)
    assert loaded.component("rules").size is None
    out = tmp_path / "out"
    export_games([loaded], out, ExportOptions(format="shop", dpi=30, only=("rules", "dice")))
    manifest = json.loads((out / "star-patrol" / "shop" / "manifest.json").read_text())
    rules = next(f for f in manifest["files"] if f["file"] == "rules.pdf")
    assert rules["page_mm"] == [106.0, 146.0]  # 100 x 140 and 3 mm bleed
    dice = next(f for f in manifest["files"] if f["file"] == "dice.pdf")
    assert dice["pages"] == 6
    text = text.replace("      - {id: R1, size: [100, 140], title", "      - {id: R1, title")
    (game / "game.yaml").write_text(text)
    with pytest.raises(Exception) as error:
        load_game(game)
    assert "sheet 'rules' needs a 'size' (or every item one of its own)" in str(error.value)


@pytest.mark.parametrize("args, message", [
    (["--only", "playmat", "--format", "png", "--dpi", "1200"],
     "playmat 'PM-1' would be 19134 x 12094 px at 1200 dpi"),
    (["--only", "defense", "--format", "sheet", "--dpi", "1200"],
     "the proof sheet of 'defense' would have"),
])
def test_an_image_too_large_to_make_is_refused_at_its_item(tmp_path, args, message):
    out = tmp_path / "out"
    done = run("export", "above-top-secret", "--out", str(out), *args)
    assert done.returncode == 2 and message in done.stderr, done.stderr
    assert "game.yaml:" in done.stderr and "or lower" in done.stderr
    assert not out.exists()


def test_tts_files_state_the_dpi_their_pixels_have(tmp_path):
    """A 6-card deck asked for at 1200 dpi is one 7 x 1 sheet lowered to fit 4096 px:
    the manifest says the dpi the sheet really has (read back from the PNG's pixels),
    as do boards (at most 150 dpi) and tokens."""
    out = tmp_path / "out"
    game = load_game(EXAMPLE)
    export_games([game], out, ExportOptions(format="tts", dpi=1200,
                                            only=("crew", "rules", "tokens")))
    folder = out / "star-patrol" / "tts"
    manifest = json.loads((folder / "manifest.json").read_text())
    assert "dpi" not in manifest  # no one resolution holds for every file
    files = {f["file"]: f for f in manifest["files"] if "pixels" in f}
    save = json.loads((folder / "star-patrol.json").read_text())
    sheet = save["ObjectStates"][0]["CustomDeck"]["1"]
    w, h = game.component("crew").size
    faces = files["crew-faces-1.png"]
    assert faces["dpi"] < 1200
    with Image.open(folder / "crew-faces-1.png") as image:
        assert image.size == tuple(faces["pixels"])
        assert image.size == (sheet["NumWidth"] * pixels(w, faces["dpi"]),
                              sheet["NumHeight"] * pixels(h, faces["dpi"]))
        assert image.width <= 4096 < sheet["NumWidth"] * pixels(w, faces["dpi"] + 1)
        assert [round(v) for v in image.info["dpi"]] == [faces["dpi"]] * 2
    with Image.open(folder / "crew-back.png") as image:
        assert image.size == (pixels(w, faces["dpi"]), pixels(h, faces["dpi"]))
    board = files["rules/R1-front.png"]
    with Image.open(folder / board["file"]) as image:
        # the trim only: Tabletop Simulator shows an image whole, the bleed is for the knife
        assert board["dpi"] == 150 and image.size == (pixels(148, 150), pixels(210, 150))
    token = files["tokens/first-front.png"]
    with Image.open(folder / token["file"]) as image:
        assert token["dpi"] == 1200 and image.size == (pixels(20, 1200),) * 2


def test_tts_card_dpi_is_the_highest_whole_dpi_that_fits_4096_px():
    from pnp.export.tts import MAX_PIXELS, card_dpi

    for trim in [(63, 88), (63.5, 88.9), (41, 63), (70, 120), (88, 63), (1990, 1990)]:
        for cols, rows in [(1, 1), (7, 1), (10, 7), (3, 2)]:
            for asked in (30, 300, 1200):
                best = card_dpi(trim, asked, cols, rows)

                def fits(d, trim=trim, cols=cols, rows=rows):
                    return (cols * pixels(trim[0], d) <= MAX_PIXELS and
                            rows * pixels(trim[1], d) <= MAX_PIXELS)

                assert 1 <= best <= asked and (fits(best) or best == 1)
                assert best == asked or not any(fits(d) for d in range(best + 1, asked + 1))
