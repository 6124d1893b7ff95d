"""A designer's first hour (issue 20): each mistake is reported once, at the line the
designer wrote it, with the fix where one is likely; never at a bundled layout inside
site-packages, never followed by errors about what the broken file would have defined.
Every case runs the real `pnp` main, as a user does."""

from __future__ import annotations

import re
import shutil

import pytest
from conftest import edit
from PIL import Image

from pnp import BUNDLED_GAMES
from pnp.cli.main import main

PROBLEM = re.compile(r"^(?!warning: )(\S+?):(\d+)(?::(\d+))?: (.*)$", re.M)


def problems(game, capsys, command="check") -> list:
    """Run pnp on the game; it must refuse it (exit 2, no traceback): its problems as
    (file name, line, column, message)."""
    code = main([command, str(game)])
    err = capsys.readouterr().err
    assert code == 2, err
    assert "Traceback" not in err and "internal error" not in err, err
    found = [(file.rsplit("/", 1)[-1], int(line), int(col or 0), message)
             for file, line, col, message in PROBLEM.findall(err)]
    assert found, err
    assert "basic.yaml" not in err, "a bundled layout is not where the designer looks"
    return found


def line_of(path, needle: str) -> int:
    for number, line in enumerate(path.read_text().splitlines(), start=1):
        if needle in line:
            return number
    raise AssertionError(needle)


def only(found: list) -> tuple:
    assert len(found) == 1, "\n".join(map(str, found))
    return found[0]


# -- 1. a bad value is reported where it is written, once -----------------------------

def test_a_bad_colour_in_vars_used_by_a_bundled_layout_is_at_its_vars_line(game, capsys):
    edit(game / "game.yaml", 'back_color: "#24305e"', 'back_color: "#24305"')
    file, line, col, message = only(problems(game, capsys))
    assert (file, line) == ("game.yaml", line_of(game / "game.yaml", "back_color"))
    assert col == 15
    assert "got text '#24305'" in message
    assert "used by fill in 'basic-card-back'" in message
    assert "in 6 pieces" in message


def test_a_bad_colour_in_a_vars_map_used_three_times_is_one_problem(game, capsys):
    edit(game / "game.yaml", 'moon: "#4f6d9a"', 'moon: "#4f6d9"')
    file, line, col, message = only(problems(game, capsys))
    assert (file, line, col) == ("game.yaml", 10, 39)
    assert "got text '#4f6d9'" in message
    assert message.count("in 'crew-front' at ") == 3  # the three lines that read it
    assert "in 2 pieces: crew 'C-03', crew 'C-04'" in message


def test_a_bad_colour_in_an_item_is_at_the_item(game, capsys):
    edit(game / "game.yaml", 'label: "1", color: "#4f6d9a"', 'label: "1", color: "bleu"')
    file, line, col, message = only(problems(game, capsys))
    assert (file, line) == ("game.yaml", line_of(game / "game.yaml", '"bleu"'))
    assert "'bleu'" in message and "did you mean 'blue'?" in message
    assert "used by fill in 'basic-token'" in message


def test_a_bad_colour_in_a_component_variable_is_at_its_line(game, capsys):
    edit(game / "game.yaml", "    back: basic-card-back\n",
         '    back: basic-card-back\n    vars: {back_color: "#12345"}\n')
    file, line, _, message = only(problems(game, capsys))
    assert (file, line) == ("game.yaml", line_of(game / "game.yaml", '"#12345"'))
    assert "got text '#12345'" in message and "used by fill in 'basic-card-back'" in message


def test_an_unknown_icon_named_by_a_card_is_at_the_card(game, capsys):
    edit(game / "game.yaml", "suit: {type: text, choices: [sun, moon, star]}", "suit: text")
    edit(game / "game.yaml", "per: [{field: suit, count: 2}]", "per: []")
    edit(game / "crew.yaml", "suit: moon, power: 4", "suit: mon, power: 4")
    file, line, _, message = only(problems(game, capsys))
    assert (file, line) == ("crew.yaml", line_of(game / "crew.yaml", "suit: mon"))
    assert "'mon' is not in suit_colors (sun, moon, star); did you mean 'moon'?" in message
    assert message.count("in 'crew-front' at") == 3  # its three uses, in one message
    assert message.endswith("; in crew 'C-03')")


def test_a_bad_colour_in_a_translated_game_is_at_its_line(tmp_path, capsys):
    game = tmp_path / "gm"
    shutil.copytree(BUNDLED_GAMES / "geheime-mission", game)
    edit(game / "game.yaml", '2: "#ffffff"', '2: "#fffff"')
    file, line, _, message = only(problems(game, capsys))
    assert (file, line) == ("game.yaml", line_of(game / "game.yaml", "door_text"))
    assert "got text '#fffff'" in message


# -- 2. a file that cannot be read or checked is one problem ----------------------------

BROKEN_LAYOUT_FILES = [
    ("a YAML syntax error", "layouts:", "layouts:\n  broken: [", "YAML syntax error"),
    ("a bad colour in a style", 'color: "#1b1b1b", leading', 'color: "#1b1b1", leading',
     "got text '#1b1b1'"),
    ("an unknown font weight", "sheet-body: {font: sans,",
     "sheet-body: {weight: bold, font: sans,", "unknown key 'weight' in style"),
    ("bold that is not true or false", "bold: true, color", "bold: heavy, color",
     "expected true or false, got text 'heavy'"),
    ("a misspelt alignment", "align: center, valign", "align: centre, valign",
     "did you mean 'center'?"),
]


@pytest.mark.parametrize("old,new,message", [c[1:] for c in BROKEN_LAYOUT_FILES],
                         ids=[c[0] for c in BROKEN_LAYOUT_FILES])
def test_a_broken_layout_file_is_not_followed_by_unknown_layouts(game, capsys, old, new,
                                                                message):
    edit(game / "layouts.yaml", old, new)
    file, _, _, said = only(problems(game, capsys))
    assert file == "layouts.yaml" and message in said


def test_a_missing_layout_file_is_one_problem(game, capsys):
    edit(game / "game.yaml", "layouts: [layouts.yaml]", "layouts: [layout.yaml]")
    file, line, _, message = only(problems(game, capsys))
    assert (file, line) == ("game.yaml", 6) and "'layout.yaml' not found" in message


def test_a_style_extending_one_in_a_broken_file_is_one_problem(game, capsys):
    (game / "more.yaml").write_text('styles:\n  base-x: {font: sans, color: "#12345"}\n')
    edit(game / "game.yaml", "layouts: [layouts.yaml]", "layouts: [layouts.yaml, more.yaml]")
    edit(game / "layouts.yaml", "sheet-body: {font: sans,", "sheet-body: {extends: base-x,")
    file, line, _, message = only(problems(game, capsys))
    assert (file, line) == ("more.yaml", 2) and "got text '#12345'" in message


def test_a_broken_icon_file_is_one_problem(game, capsys):
    edit(game / "layouts.yaml", 'name: "{suit}"', "name: sun")
    edit(game / "icons.yaml", "icons:", "icons: [")
    file, _, _, message = only(problems(game, capsys))
    assert file == "icons.yaml" and "YAML syntax error" in message


def test_a_bad_element_replacing_an_inherited_one_is_one_problem(game, capsys):
    edit(game / "layouts.yaml", 'fill: "{suit_colors.{suit}}"}', 'fill: "#12"}')
    file, line, _, message = only(problems(game, capsys))
    assert (file, line) == ("layouts.yaml", 8) and "got text '#12'" in message


# -- 3. text that does not fit: at the card ----------------------------------------------

def test_text_that_does_not_fit_is_warned_at_the_card(game, capsys):
    edit(game / "crew.yaml", "Repair: return one played card to your hand.", "Repair " * 300)
    assert main(["check", str(game)]) == 0
    err = capsys.readouterr().err
    fit = [w for w in err.splitlines() if "does not fit" in w]
    assert len(fit) == 1, err
    assert re.search(r"crew\.yaml:3:\d+: crew 'C-02' front: text \(\{text\}\) does not fit",
                     fit[0]), fit
    assert "basic.yaml" not in fit[0] and "(layout 'crew-front')" in fit[0]


# -- 4. a bare word in a condition: quote it ---------------------------------------------

@pytest.mark.parametrize("when,hint", [
    ("title == Knacker", "; quote it: 'Knacker'"),
    ("title == leer", "; quote it: 'leer'"),  # not "did you mean 'bleed'?"
    ("title in [leer, voll]", "; quote it: 'leer'"),
    ("Knacker", "; quote it: 'Knacker'"),
    ("titel == 'x'", "; did you mean 'title'?"),
])
def test_a_bare_word_in_a_condition_gets_the_likely_fix(game, capsys, when, hint):
    edit(game / "layouts.yaml", '- {type: background, fill: "#fbf8f0"}',
         f'- {{type: background, fill: "#fbf8f0", when: "{when}"}}')
    found = problems(game, capsys)
    assert any(hint in message for _, _, _, message in found), found
    assert not any("bleed" in message for _, _, _, message in found), found
    assert {(file, line) for file, line, _, _ in found} == {("layouts.yaml", 14)}


# -- 5. spreadsheets: a missing column once, a missing sheet at game.yaml ----------------

CREW = ["C-01,Navigator,sun,a", "C-02,Engineer,sun,b", "C-03,Pilot,moon,c",
        "C-04,Medic,moon,d", "C-05,Captain,star,e", "C-06,Stowaway,star,f"]


def test_a_csv_without_a_required_column_says_so_once_at_the_header(game, capsys):
    (game / "crew.csv").write_text("\n".join(["id,name,suit,text", *CREW]) + "\n")
    edit(game / "game.yaml", "data: crew.yaml", "data: crew.csv")
    assert only(problems(game, capsys)) == (
        "crew.csv", 1, 0, "no column 'power' in the header row: a required field, so all "
        "6 rows lack it")


def test_a_csv_without_ids_says_so_once(game, capsys):
    rows = [",".join((name, suit, "1", text))
            for _, name, suit, text in (row.split(",") for row in CREW)]
    (game / "crew.csv").write_text("\n".join(["name,suit,power,text", *rows]) + "\n")
    edit(game / "game.yaml", "data: crew.yaml", "data: crew.csv")
    file, line, _, message = only(problems(game, capsys))
    assert (file, line) == ("crew.csv", 1) and "no column 'id'" in message


def test_an_xlsx_sheet_that_is_not_there_is_at_the_game_yaml_line(game, capsys):
    from openpyxl import Workbook

    book = Workbook()
    book.active.title = "Cards"
    book.active.append(["id", "name", "suit", "power", "text"])
    for row in CREW:
        book.active.append([*row.split(",")[:3], 1, "x"])
    book.save(game / "crew.xlsx")
    edit(game / "game.yaml", "data: crew.yaml", "data: crew.xlsx\n    sheet: Crads")
    file, line, _, message = only(problems(game, capsys))
    assert (file, line) == ("game.yaml", line_of(game / "game.yaml", "sheet: Crads"))
    assert "no sheet 'Crads'" in message and "did you mean 'Cards'?" in message


# -- 6. an unclosed template is an error at its place ------------------------------------

@pytest.mark.parametrize("old,new,said", [
    ('text: "{title}"', 'text: "{title"', "the '{' at character 1 is never closed"),
    ('text: "{title}"', 'text: "{title}}"', "the '}' at character 8 closes no '{'"),
    ('fill: "{suit_colors.{suit}}"}', 'fill: "{suit_colors.{suit}"}', "never closed"),
])
def test_an_unbalanced_template_is_an_error_at_its_line(game, capsys, old, new, said):
    edit(game / "layouts.yaml", old, new)
    file, line, _, message = only(problems(game, capsys))
    assert (file, line) == ("layouts.yaml", line_of(game / "layouts.yaml", new[:-1]))
    assert said in message


# -- 7. an image path that differs in case: the file it probably means -------------------

def test_an_image_path_in_the_wrong_case_suggests_the_file(game, capsys):
    (game / "Art").mkdir()
    Image.new("RGB", (8, 8)).save(game / "Art" / "Portrait.PNG")
    edit(game / "layouts.yaml", '- {type: background, fill: "#fbf8f0"}',
         "- {type: image, src: art/portrait.png, x: 0, y: 0, w: 10, h: 10}")
    file, line, _, message = only(problems(game, capsys))
    assert (file, line) == ("layouts.yaml", 14)
    assert "image 'art/portrait.png' not found; did you mean 'Art/Portrait.PNG'?" in message


def test_an_image_named_by_a_card_suggests_a_close_file(game, capsys):
    Image.new("RGB", (8, 8)).save(game / "Portrait.PNG")
    edit(game / "layouts.yaml", '- {type: background, fill: "#fbf8f0"}',
         '- {type: image, src: "{title}.png", x: 0, y: 0, w: 10, h: 10}')
    edit(game / "game.yaml", 'title: "How to play"', "title: portrait")
    _, _, _, message = only(problems(game, capsys))
    assert "image 'portrait.png' not found; did you mean 'Portrait.PNG'?" in message


# -- and what already was right stays so ----------------------------------------------

@pytest.mark.parametrize("file,old,new,said", [
    ("layouts.yaml", "x: 10, y: 12", "x: 10mmm, y: 12", "unknown unit in '10mmm'"),
    ("layouts.yaml", 'text: "{title}"', 'text: "{titel}"', "did you mean 'title'?"),
    ("layouts.yaml", "style: sheet-body", "style: sheet-bdy", "did you mean 'sheet-body'?"),
    ("layouts.yaml", "sheet-body: {font: sans", "sheet-body: {font: sanz",
     "did you mean 'sans'?"),
    ("game.yaml", "vars:", 'styles:\n  basic-body: {size: 8, color: "#1b1b1"}\nvars:',
     "got text '#1b1b1'"),
    ("game.yaml", "size: poker", "size: pokr", "did you mean 'poker'?"),
])
def test_a_wrong_value_in_the_designers_files_is_one_problem_at_its_line(game, capsys, file,
                                                                        old, new, said):
    edit(game / file, old, new)
    at, line, _, message = only(problems(game, capsys))
    assert (at, line) == (file, line_of(game / file, new.splitlines()[-1][:20]) if
                          "\n" not in new else line_of(game / file, "#1b1b1"))
    assert said in message


@pytest.mark.parametrize("written", ["Crew.YAML", "crw.yaml"])
def test_a_data_file_path_near_a_real_one_gets_a_suggestion(game, capsys, written):
    edit(game / "game.yaml", "data: crew.yaml", f"data: {written}")
    file, _, _, message = only(problems(game, capsys))
    assert file == "game.yaml" and message.endswith("not found; did you mean 'crew.yaml'?")
