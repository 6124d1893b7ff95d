"""Every error once, in a designer's words (issue 36, section 4): a misspelt column is one
problem at the header; text too long for its box says by how much; YAML syntax
mistakes are said at the line of the mistake with what to do. Each case runs the
real `pnp` main on a copy of the example game."""

from __future__ import annotations

import re

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
