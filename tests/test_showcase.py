"""`pnp export --format showcase` (issue 25, section 5): one picture of chosen pieces,
read back with Pillow. A test game of single-colour cards and tokens tells which
pieces are in the picture, where, and in what shape; bad choices are refused at
their place or on the command line, with nothing written."""

from __future__ import annotations

import json

import pytest
from PIL import Image

from pnp.cli.main import main
from tests.conftest import ATS, EXAMPLE

COLOURS = {"red": (224, 16, 16), "green": (16, 192, 32), "blue": (16, 48, 224),
           "yellow": (240, 224, 0), "orange": (255, 128, 0), "cyan": (0, 224, 224),
           "back": (255, 0, 255)}
GAME = """id: swatches
name: Swatches
layouts: [layouts.yaml]
{showcase}components:
  - id: cards
    kind: deck
    size: poker
    front: face
    back: back
    fields: {{colour: text}}
    items:
      - {{id: red, colour: "#e01010"}}
      - {{id: green, colour: "#10c020"}}
      - {{id: blue, colour: "#1030e0"}}
      - {{id: yellow, colour: "#f0e000"}}
  - id: chips
    kind: tokens
    front: face
    back: face
    fields: {{colour: text}}
    items:
      - {{id: orange, colour: "#ff8000", shape: round, size: 30}}
      - {{id: cyan, colour: "#00e0e0", shape: hex, size: 36}}
"""
LAYOUTS = """layouts:
  face: {elements: [{type: background, fill: "{colour}"}]}
  back: {elements: [{type: background, fill: "#ff00ff"}]}
"""


def swatches(folder, showcase: str = ""):
    folder.mkdir(exist_ok=True)
    (folder / "game.yaml").write_text(GAME.format(showcase=showcase))
    (folder / "layouts.yaml").write_text(LAYOUTS)
    return folder


@pytest.fixture
def game(tmp_path):
    return swatches(tmp_path / "swatches")


def export(game, out, *args):
    code = main(["export", str(game), "--format", "showcase", "--out", str(out), "-q", *args])
    assert code == 0
    folder = out / "swatches" / "showcase"
    manifest = json.loads((folder / "manifest.json").read_text())
    return Image.open(folder / "swatches.png"), manifest


def found(image, name: str) -> list:
    """The (x, y) of every pixel within a small distance of a swatch's colour."""
    r0, g0, b0 = COLOURS[name]
    rgb = image.convert("RGB")
    data, width = rgb.tobytes(), rgb.width
    return [(i % width, i // width) for i, (r, g, b) in enumerate(zip(data[0::3], data[1::3],
                                                                      data[2::3], strict=True))
            if abs(r - r0) + abs(g - g0) + abs(b - b0) < 24]


def centre(points: list) -> tuple:
    return (sum(x for x, _ in points) / len(points), sum(y for _, y in points) / len(points))


def fill(points: list) -> float:
    """How much of its bounding box a region fills."""
    xs, ys = [x for x, _ in points], [y for _, y in points]
    return len(points) / ((max(xs) - min(xs) + 1) * (max(ys) - min(ys) + 1))


def test_the_chosen_pieces_and_no_others_are_in_the_picture(game, tmp_path):
    image, manifest = export(game, tmp_path / "out", "--pieces", "red,blue,cards/green:back",
                             "--width", "900")
    assert image.mode == "RGB" and image.width == 900 and 900 / 2 <= image.height <= 900 * 3 / 4
    area = image.width * image.height
    for name in ("red", "blue", "back"):
        assert len(found(image, name)) > 0.02 * area, name
    for name in ("green", "yellow", "orange", "cyan"):
        assert not found(image, name), name
    assert manifest == {"game": "swatches", "format": "showcase", "files": [
        {"file": "swatches.png", "style": "fan", "pixels": [900, image.height],
         "pieces": [["cards", "red", "front"], ["cards", "blue", "front"],
                    ["cards", "green", "back"]]}]}


def test_a_fan_turns_the_hand_about_a_point_below_and_a_spread_lays_a_row(game, tmp_path):
    fan, _ = export(game, tmp_path / "fan", "--pieces", "red,green,blue", "--width", "800")
    red, green, blue = (found(fan, name) for name in ("red", "green", "blue"))
    (rx, ry), (gx, gy), (bx, by) = centre(red), centre(green), centre(blue)
    assert rx < gx < bx and ry > gy + 10 and by > gy + 10  # an arc, the middle highest
    assert fill(red) < 0.8 and fill(blue) < 0.8  # turned: far from filling their boxes
    assert len(blue) > len(green) > len(red) * 0.5  # each lies on the one before
    spread, manifest = export(game, tmp_path / "spread", "--pieces", "red,green,blue",
                              "--style", "spread", "--width", "800")
    assert manifest["files"][0]["style"] == "spread"
    red, green, blue = (found(spread, name) for name in ("red", "green", "blue"))
    ys = [centre(points)[1] for points in (red, green, blue)]
    assert max(ys) - min(ys) < 0.1 * spread.height  # one row, a little askew
    assert abs(len(red) - len(blue)) < 0.1 * len(red)  # side by side, none covered
    assert all(0.85 < fill(points) < 0.99 for points in (red, green, blue))


def test_cards_have_rounded_corners_and_tokens_their_shape(game, tmp_path):
    image, _ = export(game, tmp_path / "one", "--pieces", "red", "--width", "600")
    red = found(image, "red")
    xs, ys = [x for x, _ in red], [y for _, y in red]
    left, top, right, bottom = min(xs), min(ys), max(xs), max(ys)
    assert (right - left + 1) / (bottom - top + 1) == pytest.approx(63 / 88, abs=0.01)
    inside = set(red)
    assert (left, top) not in inside and (right, bottom) not in inside  # cut round
    assert (left + (right - left) // 2, top) in inside
    tokens, _ = export(game, tmp_path / "tokens", "--pieces", "orange,cyan", "--width", "800")
    assert fill(found(tokens, "orange")) == pytest.approx(3.14159 / 4, abs=0.04)
    assert fill(found(tokens, "cyan")) == pytest.approx(0.75, abs=0.05)  # a hexagon


def test_by_default_a_fan_of_distinct_fronts_from_the_decks(game, tmp_path):
    image, manifest = export(game, tmp_path / "out")
    entry = manifest["files"][0]
    assert image.width == 2000 and entry["style"] == "fan"
    assert entry["pieces"] == [["cards", name, "front"]
                               for name in ("red", "green", "blue", "yellow")]
    for name in ("red", "green", "blue", "yellow"):
        assert found(image.resize((500, image.height // 4)), name), name


def test_a_card_held_twice_is_shown_once_by_default(game, tmp_path):
    text = (game / "game.yaml").read_text()
    (game / "game.yaml").write_text(text.replace(
        '      - {id: red, colour: "#e01010"}\n',
        '      - {id: red, colour: "#e01010"}\n      - {id: red-2, colour: "#e01010"}\n'))
    _, manifest = export(game, tmp_path / "out", "--width", "600")
    assert [p[1] for p in manifest["files"][0]["pieces"]] == ["red", "green", "blue",
                                                              "yellow"]


def test_without_decks_the_default_is_a_spread_of_tokens(game, tmp_path):
    text = (game / "game.yaml").read_text()
    (game / "game.yaml").write_text(text.replace("kind: deck", "kind: sheet")
                                    .replace("    back: back\n", ""))
    image, manifest = export(game, tmp_path / "out", "--width", "600")
    entry = manifest["files"][0]
    assert entry["style"] == "spread"
    assert [p[1] for p in entry["pieces"]] == ["orange", "cyan"]


def test_the_same_pieces_give_the_same_bytes(game, tmp_path):
    export(game, tmp_path / "a", "--style", "spread", "--width", "700")
    export(game, tmp_path / "b", "--style", "spread", "--width", "700")
    first, second = (tmp_path / run / "swatches" / "showcase" / "swatches.png"
                     for run in ("a", "b"))
    assert first.read_bytes() == second.read_bytes()


def test_the_games_own_showcase_and_a_backdrop_colour(tmp_path):
    game = swatches(tmp_path / "swatches", "showcase: {style: spread, pieces: [yellow, cyan], "
                                           "background: '#203040'}\n")
    image, manifest = export(game, tmp_path / "out", "--width", "600")
    entry = manifest["files"][0]
    assert entry["style"] == "spread" and entry["pieces"] == [["cards", "yellow", "front"],
                                                             ["chips", "cyan", "front"]]
    r, g, b = image.getpixel((image.width // 2, 1))  # the table above the pieces
    assert 32 * 0.5 <= r <= 33 and 48 * 0.5 <= g <= 49 and 64 * 0.5 <= b <= 65 and r < g < b
    _, manifest = export(game, tmp_path / "fan", "--style", "fan", "--pieces", "red")
    assert manifest["files"][0]["style"] == "fan"  # the command line over the game
    _, manifest = export(game, tmp_path / "only", "--only", "cards", "--width", "600")
    assert manifest["files"][0]["pieces"] == [["cards", "yellow", "front"]]  # cyan left out


def test_a_palette_for_web_pages_keeps_every_colour(game, tmp_path):
    every = "red,green,blue,yellow,orange,cyan,red:back"
    full, _ = export(game, tmp_path / "rgb", "--pieces", every, "--width", "600")
    image, manifest = export(game, tmp_path / "out", "--pieces", every, "--palette",
                             "--width", "600")
    assert image.mode == "P" and len(image.getcolors(256)) <= 256
    assert manifest["files"][0]["colours"] == 256
    for name in COLOURS:
        assert len(found(image, name)) > 0.8 * len(found(full, name)) > 0, name


def test_wrong_pieces_are_each_named_and_nothing_is_written(game, tmp_path, capsys):
    out = tmp_path / "out"
    code = main(["export", str(game), "--format", "showcase", "--out", str(out),
                 "--pieces", "red,nope,decks/red,green:side,red:3,orange:back,chips"])
    err = capsys.readouterr().err
    assert code == 2 and err.startswith("pnp export: --pieces: swatches has no such piece"), err
    for part in ("'nope': no piece 'nope'", "'decks/red': no component 'decks'",
                 "'green:side': 'side' is not a side", "'red:3': '3' is not a side",
                 "'chips': no piece 'chips'; 'chips' is a component: name one of its pieces, "
                 "such as 'orange'"):
        assert part in err, part
    assert "orange:back" not in err and "'red'" not in err.replace("'red:3'", "")
    assert "Traceback" not in err and not out.exists()


def test_a_die_face_written_as_a_superscript_is_no_face(tmp_path, capsys):
    """'²' is a digit to str.isdigit() but not to int(): said as no face, not a crash."""
    out = tmp_path / "out"
    code = main(["export", str(EXAMPLE), "--format", "showcase", "--out", str(out),
                 "--pieces", "power-die:\u00b2"])
    err = capsys.readouterr().err
    assert code == 2 and "'\u00b2' is not a face of the die 'power-die'" in err, err
    assert not out.exists()


def test_wrong_pieces_in_game_yaml_are_reported_at_their_place(tmp_path, capsys):
    game = swatches(tmp_path / "swatches", "showcase:\n  style: hand\n  pieces: [red, "
                                           "purple, chips/orange:back, red:back]\n")
    code = main(["check", str(game)])
    err = capsys.readouterr().err
    assert code == 2
    assert "game.yaml:5:10: 'hand' is not one of: fan, spread" in err, err
    code = main(["check", str(swatches(game, "showcase:\n  pieces: [red, purple, "
                                             "chips/orange:back, red:back]\n"))])
    err = capsys.readouterr().err
    assert code == 2
    assert "game.yaml:5:17: showcase: no piece 'purple' (in cards, chips)" in err, err
    assert err.count("showcase:") == 1  # chips and cards have backs


def test_a_players_copy_is_named_by_its_printed_id_or_its_own(tmp_path, capsys):
    out = tmp_path / "out"
    assert main(["export", str(ATS), "--format", "showcase", "--pieces",
                 "D1-01,defense/D1-01-blue:back", "--width", "500", "--out", str(out),
                 "-q"]) == 0
    manifest = json.loads((out / "above-top-secret" / "showcase" / "manifest.json").read_text())
    assert manifest["files"][0]["pieces"] == [["defense", "D1-01-red", "front"],
                                              ["defense", "D1-01-blue", "back"]]
    code = main(["export", str(ATS), "--format", "showcase", "--pieces", "D1-01-blue",
                 "--players", "1", "--out", str(tmp_path / "one")])
    assert code == 2 and "no piece 'D1-01-blue'" in capsys.readouterr().err


REFUSED = [
    (["--format", "showcase", "--dpi", "100"],
     "--dpi does not apply to --format showcase (a showcase is sized by its --width"),
    (["--format", "showcase", "--bleed", "2"], "--bleed does not apply to --format showcase"),
    (["--format", "showcase", "--corners", "3"], "--corners does not apply to --format showcase"),
    (["--format", "showcase", "--cmyk"], "--cmyk does not apply to --format showcase"),
    (["--format", "showcase", "--base-url", "https://example.org/"],
     "--base-url does not apply to --format showcase"),
    (["--format", "showcase", "--duplex", "long"], "--duplex does not apply"),
    (["--format", "showcase", "--shop", "tgc"], "--shop writes a shop's upload"),
    (["--format", "png", "--style", "fan"], "--style does not apply to --format png (only "
                                            "--format showcase"),
    (["--format", "sheet", "--width", "900"], "--width does not apply to --format sheet"),
    (["--format", "tts", "--pieces", "red"], "--pieces does not apply to --format tts"),
    (["--format", "csv", "--palette"], "--palette does not apply to --format csv"),
    (["--format", "showcase", "--pieces", "red", "--only", "cards"],
     "--only does not apply with --pieces"),
    (["--format", "showcase", "--width", "100"], "must be between 400 and 4000 px"),
    (["--format", "showcase", "--style", "pile"], "invalid choice: 'pile'"),
]


@pytest.mark.parametrize("args, message", REFUSED, ids=[" ".join(a) for a, _ in REFUSED])
def test_options_that_change_nothing_are_refused(game, tmp_path, capsys, args, message):
    out = tmp_path / "out"
    try:
        code = main(["export", str(game), "--out", str(out), *args])
    except SystemExit as exc:  # a value argparse refuses
        code = exc.code
    assert code == 2 and message in capsys.readouterr().err and not out.exists()


def test_pieces_name_one_games_pieces(game, tmp_path, capsys):
    code = main(["export", str(game), str(ATS), "--format", "showcase", "--pieces", "red",
                 "--out", str(tmp_path / "out")])
    assert code == 2 and "--pieces names the pieces of one game" in capsys.readouterr().err


def test_every_bundled_game_has_a_showcase(tmp_path):
    assert main(["export", "--all", "--format", "showcase", "--width", "500", "--out",
                 str(tmp_path), "-q", "--lang", "en"]) == 0
    pictures = sorted(tmp_path.rglob("showcase/*.png"))
    assert len(pictures) == 5
    for path in pictures:
        with Image.open(path) as image:
            assert image.width == 500
            colours = image.convert("RGB").resize((50, 30)).getcolors(1500)
            assert len(colours) > 100  # pieces on it, not a bare backdrop
