"""Every error once, in a designer's words (issue 36, section 4): a misspelt column is one
problem at the header; text too long for its box says by how much; YAML syntax
mistakes are said at the line of the mistake with what to do. Each case runs the
real `pnp` main on a copy of the example game."""

from __future__ import annotations

import re

import pytest
from conftest import edit
from test_error_places import only, problems

from pnp.cli.main import main

CREW = ["C-01,Navigator,sun,2,Look", "C-02,Engineer,sun,3,Repair", "C-03,Pilot,moon,4,Fly",
        "C-04,Medic,moon,1,Heal", "C-05,Captain,star,5,Lead", "C-06,Stowaway,star,0,Swap"]


def as_csv(game, head: str, rows=CREW) -> None:
    (game / "crew.csv").write_text("\n".join([head, *rows]) + "\n")
    edit(game / "game.yaml", "data: crew.yaml", "data: crew.csv")


# -- a misspelt column: once, at the header ----------------------------------------------

def test_a_misspelt_required_column_is_one_problem_at_its_header_cell(game, capsys):
    as_csv(game, "id,name,suit,pwer,text")
    assert only(problems(game, capsys)) == (
        "crew.csv", 1, 0, "column 'pwer': not a field of 'crew' (6 rows fill it); did you "
        "mean 'power'? (a required field, so all 6 rows lack it)")


def test_a_misspelt_optional_column_says_how_many_rows_fill_it(game, capsys):
    edit(game / "game.yaml", "      text: text\n",
         "      text: text\n      cost: {type: int, required: false}\n")
    as_csv(game, "id,name,suit,power,text,cots", [row + (",2" if i < 3 else ",")
                                                   for i, row in enumerate(CREW)])
    assert only(problems(game, capsys)) == (
        "crew.csv", 1, 0, "column 'cots': not a field of 'crew' (3 rows fill it); did you "
        "mean 'cost'?")


def test_a_misspelt_column_in_a_workbook_is_at_its_header_cell(game, capsys):
    from openpyxl import Workbook

    book = Workbook()
    book.active.title = "Cards"
    book.active.append(["id", "name", "suit", "pwer", "text"])
    for row in CREW:
        book.active.append(row.split(","))
    book.save(game / "crew.xlsx")
    edit(game / "game.yaml", "data: crew.yaml", "data: crew.xlsx")
    code = main(["check", str(game)])
    err = capsys.readouterr().err
    assert code == 2
    said = [line for line in err.splitlines() if "pwer" in line]
    assert [line.rsplit("/", 1)[-1] for line in said] == [
        "crew.xlsx:Cards!D1: column 'pwer' is not a field of 'crew' (6 rows fill it); did you "
        "mean 'power'? (a required field, so all 6 rows lack it)"], err


# -- text too long for its box: by how much ---------------------------------------------

def overflow_of(game, capsys, text: str):
    edit(game / "crew.yaml", "Repair: return one played card to your hand.", text)
    assert main(["check", str(game)]) == 0
    err = capsys.readouterr().err
    found = re.findall(r"does not fit at the minimum size 6 pt, by ([\d.]+) mm, about (\d+) "
                       r"characters? too many", err)
    return (float(found[0][0]), int(found[0][1])) if found else None


def test_text_too_long_says_by_how_much_and_cutting_that_much_makes_it_fit(game, tmp_path,
                                                                           capsys):
    import shutil

    long = "Repair " * 300
    spare = tmp_path / "spare"
    shutil.copytree(game, spare)
    over_mm, over_chars = overflow_of(game, capsys, long)
    assert 10 < over_mm < 80 and 200 < over_chars < len(long)
    kept = long[:len(long) - over_chars - 7].rstrip()  # cut at a word's end
    assert overflow_of(spare, capsys, kept) is None  # cut by what it said: it fits


def test_text_cut_by_less_than_it_said_still_does_not_fit(game, tmp_path, capsys):
    import shutil

    long = "Repair " * 300
    spare = tmp_path / "spare"
    shutil.copytree(game, spare)
    _, over_chars = overflow_of(game, capsys, long)
    short_of = long[:len(long) - over_chars + 70].rstrip()  # ten words fewer cut
    assert overflow_of(spare, capsys, short_of) is not None


def test_the_overflow_warning_carries_its_amounts(game):
    from pnp.load.game import load_game
    from pnp.sheets.build import Options, check_game

    edit(game / "crew.yaml", "Repair: return one played card to your hand.", "Repair " * 300)
    warning = next(w for w in check_game(load_game(game), Options()).warnings
                   if "does not fit" in w)
    assert f"by {warning.over_mm:.1f} mm, about {warning.over_chars} characters" in warning
    assert warning.line == 3 and warning.file.endswith("crew.yaml")


# -- YAML mistakes: at the line of the mistake, with what to do ---------------------------

YAML_MISTAKES = [  # (what, file, old, new, line, column, advice)
    ("an unquoted colour in braces", "layouts.yaml", '- {type: background, fill: "#fbf8f0"}',
     "- {type: background, fill: #fbf8f0}", 14, 34,
     "YAML syntax error: '#fbf8f0' is read as a comment, since '#' starts one in YAML, so "
     "'fill' has no value: put the colour in quotes: fill: \"#fbf8f0\""),
    ("an unquoted colour on its own line", "game.yaml", 'back_color: "#24305e"',
     "back_color: #24305e", 9, 15, "so 'back_color' has no value: put the colour in quotes: "
     "back_color: \"#24305e\""),
    ("a key off its list item", "game.yaml", "    size: poker", "   size: poker", 15, 4,
     "'size' is indented to column 4, off the list that starts at line 12: line it up with "
     "the keys of the item above (column 5), or start a new item with '- ' at column 3"),
    ("a key between two levels", "game.yaml", "      suit: {type: text",
     "     suit: {type: text", 21, 6, "'suit' is indented to column 6, between the keys at "
     "column 5 (line 12) and those at column 7 (line 20): line it up with the ones it "
     "belongs with"),
    ("a key indented past the one above", "game.yaml", "    kind: deck\n    name: Crew",
     "     kind: deck\n    name: Crew", 13, 6, "this line is indented more than 'id' on "
     "line 12 (column 6, not 5), so YAML reads it as more of the value of 'id': line it up "
     "with 'id'"),
    ("a component key under fields", "game.yaml", "      text: text\n    rules:",
     "      text: text\n      rules:", 24, 7, "'rules' is a key of the component, not a "
     "field: it is indented under 'fields:' (column 7); move it left to column 5, in line "
     "with 'fields:'"),
    ("a second ': ' in a value", "game.yaml", "name: Star Patrol", "name: Star: Patrol", 3,
     11, "a second ': ' in the value of 'name': if it is text, put it in quotes: "
     "name: \"Star: Patrol\""),
    ("an item off its list", "crew.yaml", "  - {id: C-03", "   - {id: C-03", 4, 4,
     "this item '- ' is at column 4; the items of the list at line 2 start at column 3: "
     "line it up with them"),
    ("a quote never closed", "crew.yaml", 'text: "*Fast.* Play this card before anyone else."',
     'text: "*Fast.* Play this card before anyone else.', 4, 57,
     "the text that starts with \" here is never closed"),
    ("a bracket never closed", "game.yaml", "players: {min: 2, max: 2}",
     "players: {min: 2, max: 2", 4, 10, "the '{' here is not closed: end it with '}'"),
]


@pytest.mark.parametrize("file,old,new,line,col,advice", [c[1:] for c in YAML_MISTAKES],
                         ids=[c[0] for c in YAML_MISTAKES])
def test_a_yaml_mistake_is_said_at_its_line_with_what_to_do(game, capsys, file, old, new,
                                                           line, col, advice):
    edit(game / file, old, new)
    at, said_line, said_col, message = only(problems(game, capsys))
    assert (at, said_line, said_col) == (file, line, col), message
    assert advice in message


def test_an_empty_value_with_a_comment_is_still_empty(game, capsys):
    """Only a colour after the key is taken for a mistake: `key:  # a note` stays empty."""
    edit(game / "game.yaml", "vars:\n", "vars:\n  later:   # #abc, to come\n")
    edit(game / "game.yaml", 'back_color: "#24305e"', 'back_color: "#24305e"  # #abc')
    assert main(["check", str(game)]) == 0, capsys.readouterr().err


def test_a_tab_in_the_indentation_is_said_so(game, capsys):
    edit(game / "game.yaml", "    kind: deck", "\tkind: deck")
    at, line, col, message = only(problems(game, capsys))
    assert (at, line, col) == ("game.yaml", 13, 1)
    assert "a tab in the indentation: YAML indents with spaces only" in message
