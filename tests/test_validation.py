"""Bad input: every error as file:line:col, all in one run, exit 2, nothing written."""

from __future__ import annotations

import re
import subprocess
import sys

import pytest
from conftest import edit
from PIL import Image

from pnp.cli.main import main


def line_of(path, needle) -> int:
    for number, line in enumerate(path.read_text().splitlines(), start=1):
        if needle in line:
            return number
    raise AssertionError(needle)


def run_build(game_dir, tmp_path, capsys):
    out = tmp_path / "out"
    code = main(["build", str(game_dir), "--out", str(out), "-q"])
    err = capsys.readouterr().err
    assert code == 2, err
    assert "Traceback" not in err
    assert not out.exists() or not any(out.rglob("*")), "nothing may be written"
    return err


CASES = [
    # (file, old, new, expected message fragment, line needle (in the edited file))
    ("game.yaml", "players: {min: 2, max: 2}", "playerz: {min: 2, max: 2}",
     "unknown key 'playerz' in game.yaml; did you mean 'players'?", "playerz"),
    ("crew.yaml", "power: 2,", "power: two,", "expected a whole number, got text 'two'",
     "power: two"),
    ("crew.yaml", "name: Pilot, ", "", "missing required field 'name'", "C-03"),
    ("crew.yaml", "id: C-02", "id: C-01", "duplicate id 'C-01'", "Engineer"),
    ("game.yaml", "front: crew-front", "front: crew-frnt",
     "unknown layout 'crew-frnt'; did you mean 'crew-front'?", "crew-frnt"),
    ("layouts.yaml", "style: basic-stat", "style: basic-stats",
     "unknown style 'basic-stats'; did you mean 'basic-stat'?", "basic-stats"),
    ("layouts.yaml", "style: sheet-title", "style: sheet-titel", "unknown style 'sheet-titel'",
     "sheet-titel"),
    ("layouts.yaml", "x: 6, y: 6, w: \"w - 12\"", "x: 6furlongs, y: 6, w: \"w - 12\"",
     "unknown unit in '6furlongs'", "6furlongs"),
    ("layouts.yaml", "extends: basic-card-front", "extends: rules-sheet\n    x_cycle: 1",
     "unknown key 'x_cycle'", "x_cycle"),
    ("crew.yaml", "suit: star, power: 5", "suit: stra, power: 5",
     "'stra' is not one of: sun, moon, star (did you mean 'star'?)", "stra"),
    ("game.yaml", "rules: {count: 6,", "rules: {count: 7,", "'crew' must have 7 cards, has 6",
     "count: 7"),
    ("game.yaml", "layouts: [layouts.yaml]", "layouts: [../../etc/passwd]",
     "points outside the game folder", "etc/passwd"),
    ("game.yaml", "size: 18, copies: 4", "size: -3, copies: 4", "below the minimum", "size: -3"),
    ("layouts.yaml", "type: badge", "type: badger", "unknown element type 'badger'", "badger"),
    ("crew.yaml", "cards:", "cards: [", "YAML syntax error", None),
    ("game.yaml", "      name: text", "      name: {type: text, pattern: \"[a-\"}",
     "'[a-' is not a regular expression", "pattern"),
    ("game.yaml", "power: {type: int, min: 0, max: 9}",
     "power: {type: int, min: 0, max: 9, pattern: \"[0-9]\"}",
     "field 'power': 'pattern' does not apply to int fields", "pattern"),
    ("game.yaml", "      name: text", "      name: {type: text, means: a name}",
     "field 'name': 'means' describes a pattern, and there is none", "means"),
]


@pytest.mark.parametrize("case", CASES, ids=[c[3][:40] for c in CASES])
def test_bad_input_is_reported_with_file_and_line(game, tmp_path, capsys, case):
    file, old, new, message, needle = case
    path = game / file
    edit(path, old, new)
    err = run_build(game, tmp_path, capsys)
    assert message in err, err
    found = re.search(rf"{re.escape(file)}:(\d+):(\d+): ", err)
    assert found, err
    if needle:
        want = line_of(path, needle)
        lines = {int(n) for n in re.findall(rf"{re.escape(file)}:(\d+):\d+: ", err)}
        assert want in lines or want - 1 in lines or want + 1 in lines, (want, err)


def test_a_pattern_says_what_text_a_field_takes_at_the_item(game, tmp_path, capsys):
    """`pattern` (text) and `item_pattern` (each list entry) must match as a whole; the
    error says what that means in words, at the item's line."""
    edit(game / "game.yaml", "      name: text",
         "      name: {type: text, pattern: \"[A-Z][a-z]+\", means: one capitalised word}\n"
         "      tags: {type: list, required: false, item_pattern: \"[a-z]+ [1-9]\"}")
    edit(game / "crew.yaml", "name: Pilot, ", "name: Pilot, tags: [speed 2, shield], ")
    edit(game / "crew.yaml", "name: Engineer", "name: chief engineer")
    err = run_build(game, tmp_path, capsys)
    assert "'chief engineer' is not one capitalised word" in err
    assert "'shield' is not text matching the pattern [a-z]+ [1-9]" in err
    assert "'speed 2'" not in err and "'Pilot'" not in err
    assert f"crew.yaml:{line_of(game / 'crew.yaml', 'chief engineer')}:" in err


def test_all_errors_are_reported_in_one_run(game, tmp_path, capsys):
    edit(game / "crew.yaml", "power: 2,", "power: two,")
    edit(game / "crew.yaml", "power: 3,", "pwoer: 3,")
    edit(game / "layouts.yaml", "style: basic-stat", "style: nope")
    err = run_build(game, tmp_path, capsys)
    assert "got text 'two'" in err and "unknown key 'pwoer'" in err and "'nope'" in err
    assert "did you mean 'power'?" in err


def test_extends_cycle_is_named(game, tmp_path, capsys):
    edit(game / "layouts.yaml", "  rules-sheet:\n", "  rules-sheet:\n    extends: loop-b\n")
    (game / "layouts.yaml").write_text((game / "layouts.yaml").read_text()
                                       + "  loop-b:\n    extends: rules-sheet\n")
    err = run_build(game, tmp_path, capsys)
    assert "layout 'extends' cycle" in err and "layouts.yaml:" in err


def test_dangling_icon_in_a_template_names_the_card(game, tmp_path, capsys):
    edit(game / "crew.yaml", "suit: star, power: 5", "suit: star, power: 5, text: x}\n#")
    edit(game / "game.yaml", "suit: {type: text, choices: [sun, moon, star]}", "suit: text")
    edit(game / "crew.yaml", "suit: moon, power: 4", "suit: comet, power: 4")
    edit(game / "game.yaml", "per: [{field: suit, count: 2}]", "per: []")
    err = run_build(game, tmp_path, capsys)
    assert "C-03" in err and "comet" in err


def test_missing_image_and_font_are_dangling_references(game, tmp_path, capsys):
    edit(game / "layouts.yaml", "      - {type: background, fill: \"#fbf8f0\"}",
         "      - {type: image, src: art/missing.png, x: 0, y: 0, w: 10, h: 10}")
    edit(game / "game.yaml", "language: en", "language: en\nfonts:\n  fancy: {regular: f.ttf}")
    err = run_build(game, tmp_path, capsys)
    assert "image 'art/missing.png' not found" in err
    assert "font 'f.ttf' not found" in err


def test_a_font_that_is_not_truetype_is_refused(game, tmp_path, capsys):
    (game / "f.ttf").write_bytes(b"this is not a font")
    edit(game / "game.yaml", "language: en", "language: en\nfonts:\n  fancy: {regular: f.ttf}")
    err = run_build(game, tmp_path, capsys)
    assert "font 'f.ttf' cannot be embedded" in err


def test_alias_expansion_bomb_is_refused(game, tmp_path, capsys):
    bomb = "a: &a [x, x, x, x, x, x, x, x, x]\n"
    for i in range(1, 9):
        prev, name = chr(96 + i), chr(97 + i)
        bomb += f"{name}: &{name} [" + ", ".join([f"*{prev}"] * 9) + "]\n"
    (game / "crew.yaml").write_text(bomb)
    err = run_build(game, tmp_path, capsys)
    assert "alias expansion refused" in err and "crew.yaml:" in err


def test_decompression_bomb_image_is_refused(game, tmp_path, capsys):
    (game / "art").mkdir()
    Image.new("1", (20000, 20000)).save(game / "art" / "huge.png")
    edit(game / "layouts.yaml", "      - {type: background, fill: \"#fbf8f0\"}",
         "      - {type: image, src: art/huge.png, x: 0, y: 0, w: 10, h: 10}")
    err = run_build(game, tmp_path, capsys)
    assert "art/huge.png" in err and "refused" in err


def test_image_outside_the_game_folder_is_refused(game, tmp_path, capsys):
    Image.new("RGB", (10, 10)).save(tmp_path / "outside.png")
    edit(game / "layouts.yaml", "      - {type: background, fill: \"#fbf8f0\"}",
         "      - {type: image, src: ../outside.png, x: 0, y: 0, w: 10, h: 10}")
    err = run_build(game, tmp_path, capsys)
    assert "points outside the game folder" in err


def test_a_failed_build_leaves_earlier_output_untouched(game, tmp_path, capsys):
    out = tmp_path / "out"
    assert main(["build", str(game), "--out", str(out), "-q"]) == 0
    before = {p: p.read_bytes() for p in out.rglob("*") if p.is_file()}
    edit(game / "crew.yaml", "power: 2,", "power: two,")
    assert main(["build", str(game), "--out", str(out), "-q"]) == 2
    after = {p: p.read_bytes() for p in out.rglob("*") if p.is_file()}
    assert before == after
    capsys.readouterr()


def test_cli_reports_without_traceback(game, tmp_path):
    edit(game / "crew.yaml", "power: 2,", "power: [2],")
    done = subprocess.run([sys.executable, "-m", "pnp", "check", str(game)],
                          capture_output=True, text=True)
    assert done.returncode == 2
    assert "crew.yaml:" in done.stderr and "Traceback" not in done.stderr
