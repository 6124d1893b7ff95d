"""Each class of bad input found by fuzzing `pnp check/build`: exit 2 with a located
message, nothing written, never a traceback (each case crashed, hung or passed
silently before)."""

from __future__ import annotations

import io
import os
import re
import struct
import zlib

import pdfplumber
import pytest
from conftest import EXAMPLE, edit
from PIL import Image, ImageFile

from pnp.cli.main import main

LOCATED = re.compile(r"^\S+:\d+:\d+: ", re.M)
RULES = "rules: {count: 6, unique: [id, name], per: [{field: suit, count: 2}]}"


def refused(game_dir, tmp_path, capsys, command="build") -> str:
    """Run pnp; assert exit 2, a located message, no traceback, nothing written."""
    out = tmp_path / "out"
    args = [command, str(game_dir)] + (["--out", str(out), "-q"] if command == "build" else [])
    code = main(args)
    err = capsys.readouterr().err
    assert code == 2, err
    assert "Traceback" not in err and "internal error" not in err, err
    assert LOCATED.search(err), err
    assert not out.exists(), "a failed build leaves no folder behind"
    return err


GAME_YAML_CASES = [
    ("name: text\n      suit:", "name: 5\n      suit:", "a field type"),
    ("fields:\n      name: text", "fields: -1\n    xfields:\n      name: text",
     "expected a mapping"),
    (RULES, "rules: {per: [x]}", "per rule"),
    (RULES, "rules: {unique: 5}", "expected a list"),
    ("power: {type: int, min: 0, max: 9}", "power: {type: int, min: -.inf, max: 9}",
     "finite number"),
    ("power: {type: int, min: 0, max: 9}", "power: {type: int, min: 0, max: .nan}",
     "finite number"),
    ("size: a5", "size: [.nan, 88]", "finite length"),
    ("size: a5", "size: [.inf, 88]", "finite length"),
    ("size: a5", "size: [10000, 88]", "limit of 2000 mm"),
    ("size: 18, copies: 4", "size: 18, copies: 1000000", "above the maximum 1000"),
    ("size: poker", "size: [250, 250]", "does not fit on A4 paper"),
    ("size: 18, faces", "size: 90, faces", "does not fit on A4 paper"),
    ("name: Star Patrol", "name: off", "put the text in quotes"),
]


@pytest.mark.parametrize("old,new,message", GAME_YAML_CASES,
                         ids=[c[2] for c in GAME_YAML_CASES])
def test_a_bad_value_in_game_yaml_stops_before_any_later_stage(game, tmp_path, capsys, old,
                                                                new, message):
    edit(game / "game.yaml", old, new)
    assert message in refused(game, tmp_path, capsys)


LAYOUT_CASES = [
    ("styles:\n", "styles:\n  broken: 1\n", "expected a style"),
    ('w: "w - 12", h: "h - 12"', 'w: "w / 0", h: "h - 12"', "division by zero"),
    ('w: "w - 12", h: "h - 12"', 'w: "' + "1+" * 3000 + '1", h: "h - 12"', "too long"),
    ('w: "w - 12", h: "h - 12"', 'w: "__import__(\'os\')", h: "h - 12"', "cannot read"),
    ("stroke_width: 0.8,", "stroke_width: 0.8, dash: [.inf],", "finite number"),
    ("- {type: background, fill: \"#fbf8f0\"}",
     "- {type: circle, cx: .nan, cy: 1, r: 1, fill: \"#000000\"}", "finite length"),
    ("- {type: background, fill: \"#fbf8f0\"}",
     "- {type: track, start: 0, stop: 100000000, x: 0, y: 0, w: 10, h: 10}", "above the maximum"),
    ("- {type: background, fill: \"#fbf8f0\"}",
     "- {type: track, start: 0, stop: 100000, x: 0, y: 0, w: 10, h: 10}", "limit is 1000"),
    ("- {type: background, fill: \"#fbf8f0\"}",
     "- {type: grid, rows: 10000, cols: 10000, x: 0, y: 0, w: 10, h: 10}", "maximum 1000"),
    ("- {type: background, fill: \"#fbf8f0\"}",
     "- {type: rect, when: \"level in [1,\", fill: \"#000000\"}", "cannot read condition"),
    ("- {type: background, fill: \"#fbf8f0\"}",
     "- {type: rect, when: !!python/object:os.system x, fill: \"#000000\"}", "YAML"),
    ("- {type: background, fill: \"#fbf8f0\"}",
     "- {type: rect, when: \"title >= {limit}\", fill: \"#000000\"}", "without braces"),
    ("- {type: background, fill: \"#fbf8f0\"}",
     "- {type: rect, when: \"titel == 'x' and text\", fill: \"#000000\"}",
     "'titel' in when names no field or variable of component 'rules'; did you mean 'title'?"),
    ("- {type: background, fill: \"#fbf8f0\"}",
     "- {type: rect, when: \"title == Howto\", fill: \"#000000\"}",
     "'Howto' in when names no field or variable of component 'rules'; quote it: 'Howto'"),
    ("    extends: basic-card-front\n", "    extends: basic-card-front\n    hide: [bdy]\n",
     "hide: 'bdy' names no element of 'basic-card-front'; did you mean 'body'?"),
]


@pytest.mark.parametrize("old,new,message", LAYOUT_CASES, ids=[c[2] for c in LAYOUT_CASES])
def test_a_bad_layout_is_reported_at_its_line(game, tmp_path, capsys, old, new, message):
    edit(game / "layouts.yaml", old, new)
    err = refused(game, tmp_path, capsys)
    assert message in err
    assert "layouts.yaml:" in err


def test_an_icon_that_is_not_a_list_of_shapes(game, tmp_path, capsys):
    (game / "icons.yaml").write_text("icons:\n  x: 5\n")
    assert "icons.yaml:2:6" in refused(game, tmp_path, capsys)


def test_too_many_pieces_in_a_game(game, tmp_path, capsys):
    edit(game / "game.yaml", "size: 18, copies: 4", "size: 18, copies: 1000")
    text = (game / "game.yaml").read_text()
    at = text.index("      - {id: score-5")
    copies = "".join(f"      - {{id: s{i}, label: x, color: '#000000', shape: round, size: 18,"
                     f" copies: 1000}}\n" for i in range(20))
    (game / "game.yaml").write_text(text[:at] + copies + text[at:])
    assert "the limit is 20000" in refused(game, tmp_path, capsys)


def test_unique_over_a_list_field_is_checked_not_a_crash(game, tmp_path, capsys):
    edit(game / "game.yaml", "text: text\n    rules: {count: 6, unique: [id, name]",
         "text: text\n      tags: {type: list, required: false}\n"
         "    rules: {count: 6, unique: [id, tags]")
    edit(game / "crew.yaml", "power: 2,", "power: 2, tags: [a, b],")
    edit(game / "crew.yaml", "power: 3,", "power: 3, tags: [a, b],")
    assert "'tags' must be unique in 'crew'" in refused(game, tmp_path, capsys)


@pytest.mark.parametrize("depth", [41, 600, 1500, 50_000])
def test_deep_nesting_is_refused_at_its_place(game, tmp_path, capsys, depth):
    """What a user sees, whichever YAML parser (or version of it) refuses first: the
    file and line, and that the values nest too deep; one message, no follow-ons."""
    (game / "crew.yaml").write_text("cards: " + "[" * depth + "]" * depth + "\n")
    err = refused(game, tmp_path, capsys)
    assert re.search(r"crew\.yaml:1:\d+: values nested more than 40 deep$", err, re.M), err
    assert err.count("crew.yaml") == 1, err


def test_nesting_within_the_limit_is_read(game, tmp_path, capsys):
    (game / "crew.yaml").write_text("cards: " + "[" * 39 + "]" * 39 + "\n")
    assert "nested" not in refused(game, tmp_path, capsys)


def test_a_control_character_is_reported_on_its_own_line(game, tmp_path, capsys):
    edit(game / "crew.yaml", "Medic", "Med\x01ic")
    err = refused(game, tmp_path, capsys)
    assert re.search(r"crew\.yaml:5:\d+: character U\+0001", err), err


def test_a_huge_text_value_is_refused(game, tmp_path, capsys):
    edit(game / "crew.yaml", "Look at the top card", "x" * 20_001)
    assert "the limit is 20000" in refused(game, tmp_path, capsys)


def test_a_symlink_loop_and_a_nul_byte_in_a_path(game, tmp_path, capsys):
    os.symlink("loop-b", game / "loop-a")
    os.symlink("loop-a", game / "loop-b")
    edit(game / "game.yaml", "layouts: [layouts.yaml]", "layouts: [layouts.yaml, loop-a]")
    assert "layout file 'loop-a' cannot be opened" in refused(game, tmp_path, capsys)
    edit(game / "game.yaml", "layouts.yaml, loop-a]", 'layouts.yaml, "a\\0b"]')
    assert "cannot be opened" in refused(game, tmp_path, capsys)


@pytest.mark.parametrize("what", ["loop", "nowhere", "folder"])
def test_a_game_yaml_that_is_a_loop_of_links_or_a_folder(game, tmp_path, capsys, what):
    """Found by the fuzzing campaign: Python 3.11's Path.resolve raised RuntimeError for
    a loop of links when the message about it was being written (exit 70)."""
    (game / "game.yaml").unlink()
    if what == "loop":
        os.symlink("game.yaml", game / "game.yaml")
    elif what == "nowhere":
        os.symlink("gone.yaml", game / "game.yaml")
    else:
        (game / "game.yaml").mkdir()
    err = refused(game, tmp_path, capsys)
    assert "game.yaml:1:1: game.yaml cannot be read: it is a folder, or a link that leads " \
           "to no file" in err, err


def test_the_room_on_a_landscape_page_is_said_as_the_page_lies(game, tmp_path, capsys):
    """--orientation landscape: 'at most 189 x 276 mm' named the portrait room."""
    edit(game / "game.yaml", "size: poker", "size: [150, 200]")
    out = tmp_path / "out"
    assert main(["build", str(game), "--out", str(out), "-q", "--orientation", "landscape"]) == 2
    err = capsys.readouterr().err
    found = re.search(r"game\.yaml:\d+:\d+: .* at most ([\d.]+) x ([\d.]+) mm on a landscape "
                      r"page", err)
    assert found and float(found.group(1)) > float(found.group(2)), err
    assert not out.exists()


def test_a_name_written_as_a_number_is_found_by_its_text(game, tmp_path, capsys):
    """Found by the fuzzing campaign: a layout named `12:` was cleaned to the name '12',
    then looked up by that name in the mapping as written (KeyError, exit 70)."""
    edit(game / "layouts.yaml", "crew-front:", "12:")
    err = refused(game, tmp_path, capsys)
    assert re.search(r"game\.yaml:\d+:\d+: unknown layout 'crew-front'", err), err
    edit(game / "game.yaml", "front: crew-front", "front: 12")
    assert main(["check", str(game)]) == 0, capsys.readouterr().err


@pytest.mark.parametrize("keys", ["12: a\n  '12': b", "'12': a\n  12: b"])
def test_a_key_written_twice_once_as_a_number_is_refused(game, tmp_path, capsys, keys):
    edit(game / "game.yaml", "vars:\n", f"vars:\n  {keys}\n")
    err = refused(game, tmp_path, capsys)
    assert re.search(r"game\.yaml:\d+:\d+: duplicate key '12' \(written once as text", err)


@pytest.mark.parametrize("old,new", [("size: a5", "size: [148, abc]"),
                                     ("size: poker", "size: [63, 'w - 2']"),
                                     ("size: a5", "size: [148, '{height}']")])
def test_a_size_read_once_takes_no_expression(game, tmp_path, capsys, old, new):
    """Found by the fuzzing campaign: `standee: {back: [16, a4]}` (and a component's size)
    took an expression meant for layouts, then met a number (TypeError, exit 70)."""
    edit(game / "game.yaml", old, new)
    err = refused(game, tmp_path, capsys)
    assert re.search(r"game\.yaml:\d+:\d+: expected a length .* got text", err), err


def test_a_truncated_font_is_refused(game, tmp_path, capsys):
    source = next((EXAMPLE.parent / "fonts").glob("DejaVuSansMono.ttf"))
    (game / "f.ttf").write_bytes(source.read_bytes()[:3000])
    edit(game / "game.yaml", "language: en", "language: en\nfonts:\n  fancy: {regular: f.ttf}")
    assert "font 'f.ttf' cannot be embedded" in refused(game, tmp_path, capsys)


def test_a_png_with_fewer_rows_than_its_header_promises(game, tmp_path, capsys):
    (game / "art").mkdir()
    Image.effect_noise((300, 300), 50).convert("RGB").save(game / "art" / "full.png")
    data = (game / "art" / "full.png").read_bytes()
    (game / "art" / "cut.png").write_bytes(data[: len(data) // 2])
    edit(game / "layouts.yaml", '      - {type: background, fill: "#fbf8f0"}',
         "      - {type: image, src: art/cut.png, x: 0, y: 0, w: 10, h: 10}")
    assert "image 'art/cut.png' cannot be read" in refused(game, tmp_path, capsys)


def png(rows: list[bytes], width: int, height: int, interlace: int = 0) -> bytes:
    """An 8-bit grey PNG of these filtered rows (a filter byte, then the pixels): rows
    that stop early make a complete zlib stream with fewer rows than the header says."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(
            ">I", zlib.crc32(kind + data))
    return (b"\x89PNG\r\n\x1a\n" +
            chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, interlace))
            + chunk(b"IDAT", zlib.compress(b"".join(rows))) + chunk(b"IEND", b""))


def adam7(pixels: list[list[int]]) -> list[bytes]:
    """The rows of an interlaced image's seven passes."""
    height, width = len(pixels), len(pixels[0])
    out = []
    for x0, y0, dx, dy in ((0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4),
                           (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)):
        for y in range(y0, height, dy):
            row = bytes(pixels[y][x] for x in range(x0, width, dx))
            if row:
                out.append(b"\0" + row)
    return out


def with_image(game, name: str, data: bytes) -> None:
    (game / "art").mkdir(exist_ok=True)
    (game / "art" / name).write_bytes(data)
    edit(game / "layouts.yaml", '      - {type: background, fill: "#fbf8f0"}',
         f"      - {{type: image, src: art/{name}, x: 0, y: 0, w: 10, h: 10}}")


def test_a_png_whose_data_stops_after_10_of_its_2000_rows(game, tmp_path, capsys,
                                                          monkeypatch):
    """Pillow fills the missing rows without a word (whatever LOAD_TRUNCATED_IMAGES says):
    the rows are counted against the header, at the image's place in the layout."""
    monkeypatch.setattr(ImageFile, "LOAD_TRUNCATED_IMAGES", True)  # another library's say
    with_image(game, "short.png", png([b"\0" + b"\x80" * 100] * 10, 100, 2000))
    err = refused(game, tmp_path, capsys)
    assert re.search(r"layouts\.yaml:\d+:\d+: image 'art/short\.png' cannot be read: its image "
                     r"data stops after 10 of its 2000 rows \(the file is truncated\)", err), err
    assert ImageFile.LOAD_TRUNCATED_IMAGES is True  # put back as it was


def test_an_interlaced_png_is_counted_pass_by_pass(game, tmp_path, capsys):
    pixels = [[(x * 7 + y * 13) % 256 for x in range(23)] for y in range(19)]
    rows = adam7(pixels)
    whole = png(rows, 23, 19, interlace=1)
    with Image.open(io.BytesIO(whole)) as image:  # the passes are laid out right
        assert image.tobytes() == bytes(v for row in pixels for v in row)
    with_image(game, "laced.png", png(rows[:-3], 23, 19, interlace=1))
    err = refused(game, tmp_path, capsys)
    assert "image 'art/laced.png' cannot be read: its image data stops after" in err, err
    (game / "art" / "laced.png").write_bytes(whole)
    assert main(["check", str(game)]) == 0, capsys.readouterr().err


@pytest.mark.parametrize("progressive", [False, True])
def test_a_jpeg_cut_short_is_refused(game, tmp_path, capsys, progressive):
    data = io.BytesIO()
    Image.effect_noise((300, 400), 50).convert("RGB").save(data, "JPEG",
                                                           progressive=progressive)
    with_image(game, "cut.jpg", data.getvalue()[: len(data.getvalue()) // 2])
    err = refused(game, tmp_path, capsys)
    assert re.search(r"layouts\.yaml:\d+:\d+: image 'art/cut\.jpg' cannot be read: image "
                     r"file is truncated", err), err


def test_an_unknown_inline_icon_names_the_card_line(game, tmp_path, capsys):
    edit(game / "crew.yaml", "Worth :star: +2", "Worth :stra: +2")
    err = refused(game, tmp_path, capsys)
    assert "crew.yaml:6:5: unknown icon ':stra:' in the text; did you mean ':star:'?" in err


def test_one_layout_mistake_on_many_cards_is_reported_once(game, tmp_path, capsys):
    edit(game / "layouts.yaml", "      - {type: icon, name: \"{suit}\"",
         "      - {type: rect, x: \"w / (power - power)\", fill: \"#000000\"}\n"
         "      - {type: icon, name: \"{suit}\"")
    err = refused(game, tmp_path, capsys)
    assert len(LOCATED.findall(err)) == 1, err
    assert "in 6 pieces: crew 'C-01', crew 'C-02', crew 'C-03', ..." in err


def test_a_missing_glyph_is_a_located_warning(game, tmp_path, capsys):
    edit(game / "crew.yaml", "Worth :star: +2", "Worth :star: +2 漢")
    assert main(["check", str(game)]) == 0
    err = capsys.readouterr().err
    assert re.search(r"\.yaml:\d+:\d+: crew 'C-05' front: font 'sans' has no glyphs "
                     r"for '漢' \(U\+6F22\)", err), err


def test_conditions_with_and_or_not_hold_per_card(game, tmp_path):
    """`alarm >= 3 and loot > 2` was silently false on every card; now each holds
    exactly where it should."""
    edit(game / "layouts.yaml", '      - {type: icon, name: "{suit}"',
         "      - {type: text, when: \"power >= 3 and suit == 'sun'\", x: 20, y: 70, w: 20,"
         " h: 5, text: SUNMARK}\n"
         "      - {type: text, when: \"not (power > 1 or suit in ['moon'])\", x: 20, y: 76,"
         " w: 20, h: 5, text: LOWMARK}\n"
         '      - {type: icon, name: "{suit}"')
    out = tmp_path / "out"
    assert main(["build", str(game), "--out", str(out), "-q"]) == 0
    with pdfplumber.open(out / "star-patrol" / "crew.pdf") as pdf:
        text = pdf.pages[0].extract_text()
    assert text.count("SUNMARK") == 1  # C-02: sun, power 3
    assert text.count("LOWMARK") == 1  # C-06: star, power 0


def test_an_unreadable_data_file_is_one_problem_not_a_wrong_card_count(game, tmp_path, capsys):
    (game / "crew.yaml").write_text("cards: [\n  - {id: 1\n")
    err = refused(game, tmp_path, capsys)
    assert "crew.yaml:2:5: YAML syntax error: the '{' here is not closed" in err
    assert "must have 6 cards" not in err


def test_a_font_family_typo_is_an_error_with_a_suggestion(game, tmp_path, capsys):
    edit(game / "layouts.yaml", "sheet-title: {font: sans", "sheet-title: {font: snas")
    err = refused(game, tmp_path, capsys)
    assert re.search(r"layouts\.yaml:2:\d+: unknown font 'snas'; did you mean 'sans'\?", err)
    edit(game / "layouts.yaml", "{font: snas", "{font: Garamond")
    edit(game / "game.yaml", "layouts: [layouts.yaml]",
         "layouts: [layouts.yaml]\nfonts: {garamond: {regular: nope.ttf}}")
    err = refused(game, tmp_path, capsys)
    assert "unknown font 'Garamond'; did you mean 'garamond'?" in err, err
