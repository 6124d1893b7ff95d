"""A value that failed validation never reaches a later check, even when the same
value is checked twice (a YAML alias, a data file two components share): the
repeated problem is listed once, and the value fails both times. And numbers no
game needs are refused where they are written."""

from __future__ import annotations

import re
import shutil

import pytest
from conftest import edit

from pnp import BUNDLED_GAMES
from pnp.cli.main import main
from pnp.load.errors import Mark, Problems

AAT = BUNDLED_GAMES / "against-all-tyrants"


@pytest.fixture
def aat(tmp_path):
    target = tmp_path / "aat"
    shutil.copytree(AAT, target)
    return target


def refused(game, capsys) -> str:
    code = main(["check", str(game)])
    err = capsys.readouterr().err
    assert code == 2, err
    assert "internal error" not in err and "Traceback" not in err, err
    return err


def test_a_bad_field_definition_shared_by_an_alias_fails_in_every_component(aat, capsys):
    """`fields: *card-fields` in two more decks: a null definition in the anchor."""
    edit(aat / "game.yaml", "fields: &card-fields\n", "fields: &card-fields\n      extra:\n")
    err = refused(aat, capsys)
    assert len(re.findall(r"game\.yaml:\d+:\d+: expected a field type", err)) == 1, err


def test_copies_in_a_list_in_a_data_file_two_decks_share(aat, capsys):
    """rebellion.yaml is read by two decks: the bad copies fails in both, and neither
    deck's counting rules see it."""
    text = (aat / "rebellion.yaml").read_text()
    first = re.search(r"copies: (\d+)", text)
    (aat / "rebellion.yaml").write_text(text[:first.start()] + f"copies: [{first.group(1)}]"
                                        + text[first.end():])
    err = refused(aat, capsys)
    assert re.search(r"rebellion\.yaml:\d+:\d+: expected a whole number, got a list", err)
    assert err.count("rebellion.yaml") == 1, err


@pytest.mark.parametrize("value", [str(10**59), str(10**400), "-" + str(10**20),
                                   "1" + "0" * 16 + ".5"])
def test_a_number_beyond_any_real_size_is_refused_where_it_is_written(game, capsys, value):
    edit(game / "layouts.yaml", "x: 46, y: 70", f"x: 46, y: {value}")
    err = refused(game, capsys)
    assert re.search(r"layouts\.yaml:9:\d+: .* is beyond any real value", err), err
    edit(game / "layouts.yaml", f"y: {value}", "y: 70")
    edit(game / "crew.yaml", "power: 4", f"power: {value}")
    assert re.search(r"crew\.yaml:4:\d+: .*(beyond any real value|expected a whole number)",
                     refused(game, capsys))


def test_a_repeated_problem_is_listed_once_and_counted_each_time():
    problems = Problems()
    mark = Mark("g.yaml", 3, 4)
    problems.add(mark, "bad")
    before = problems.raised
    problems.add(mark, "bad")
    assert problems.since(before) and len(problems.items) == 1


@pytest.mark.parametrize("kind", ["{}", "[text]", "7"])
def test_an_element_type_that_is_not_a_name(game, capsys, kind):
    edit(game / "layouts.yaml", "type: background, fill:", f"type: {kind}, fill:")
    assert re.search(r"layouts\.yaml:8:\d+: unknown element type", refused(game, capsys))


@pytest.mark.parametrize("choices", ["[sun, null]", "[sun, [moon]]", "[sun, {a: 1}]"])
def test_a_choice_that_is_no_plain_value(game, capsys, choices):
    edit(game / "game.yaml", "suit: {type: text, choices: [sun, moon, star]}",
         f"suit: {{type: text, choices: {choices}}}")
    assert re.search(r"game\.yaml:\d+:\d+: expected a plain value", refused(game, capsys))


def test_a_list_entry_choice_that_is_not_text(aat, capsys):
    edit(aat / "game.yaml", "item_choices: [Space, Planetside]", "item_choices: [Space, null]")
    line = next(n for n, text in enumerate((aat / "game.yaml").read_text().splitlines(), 1)
                if "item_choices: [Space, null]" in text)
    assert re.search(rf"game\.yaml:{line}:\d+: expected text, got nothing",
                     refused(aat, capsys))


def built_nothing(game, tmp_path, capsys) -> str:
    """`pnp build` of a game that must fail: exit 2, no traceback, no output folder."""
    out = tmp_path / "out"
    code = main(["build", str(game), "--out", str(out), "-q"])
    err = capsys.readouterr().err
    assert code == 2, err
    assert "internal error" not in err and "Traceback" not in err, err
    assert not out.exists()
    return err


def line_of(path, text: str) -> int:
    return next(n for n, line in enumerate(path.read_text().splitlines(), 1) if text in line)


HUGE = "1" + "0" * 400  # beyond the float range: float(10**400) is an OverflowError
BEYOND = r"a number of \d+ digits is beyond any real value"


@pytest.mark.parametrize("file,old,new,message", [
    ("icons.yaml", "[80, 18]", f"[80, {HUGE}]", BEYOND),  # a Num in a list in a list
    ("game.yaml", "    rules: {count: 6", f"    safe_margin: {HUGE}\n    rules: {{count: 6",
     BEYOND),
    ("crew.yaml", "power: 4", "power: " + "9" * 5000, BEYOND),  # more than int() reads
    ("crew.yaml", "power: 4", "power: 1_" + "0" * 5000, BEYOND),  # YAML 1.1's underscores
    ("crew.yaml", "power: 4", "power: 0" + "9" * 5000, BEYOND),  # leading zero: a Numeral
    ("crew.yaml", "power: 4", "power: 0x" + "f" * 5000, BEYOND),  # 6,000 digits as hex
    ("crew.yaml", "power: 4", "power: 2001-02-31", "'2001-02-31' is not a date"),
    ("crew.yaml", "power: 4", "power: 2001-13-01", "'2001-13-01' is not a date"),
], ids=["icon-point", "safe-margin", "5000-digits", "underscores", "leading-zero", "hex",
        "31-february", "month-13"])
def test_a_number_or_date_no_value_can_hold_is_refused_before_any_conversion(
        game, tmp_path, capsys, file, old, new, message):
    """Each is checked for size before float(), int() or str() runs on it."""
    edit(game / file, old, new)
    line = line_of(game / file, new.split("\n")[0][:30])
    err = built_nothing(game, tmp_path, capsys)
    assert re.search(rf"{file}:{line}:\d+: {message}", err), err


def test_a_csv_cell_of_5000_digits_is_refused_at_its_cell(game, tmp_path, capsys):
    rows = [f"C-0{n};Name {n};sun;{n};Text." for n in range(1, 7)]
    rows[2] = "C-03;Pilot;sun;" + "9" * 5000 + ";Text."
    (game / "crew.csv").write_text("id;name;suit;power;text\n" + "\n".join(rows) + "\n")
    edit(game / "game.yaml", "data: crew.yaml", "data: crew.csv")
    err = built_nothing(game, tmp_path, capsys)
    assert re.search(rf"crew\.csv:4: column 'power': {BEYOND}", err), err


@pytest.mark.parametrize("cell", ["{when: 2001-02-31}", "[!!python/object/apply:os.system "
                                  "[echo]]", "[" + "9" * 5000 + "]"])
def test_a_yaml_cell_is_read_as_a_yaml_file_is(game, tmp_path, capsys, cell):
    """A `map` field's cell in YAML's flow style: its tags and numbers checked as a
    file's; a cell that cannot be read stays text, which the field refuses."""
    edit(game / "game.yaml", "      text: text\n", "      text: text\n      extra: map\n")
    rows = [f"C-0{n};Name {n};sun;{n};Text.;{{a: 1}}" for n in range(1, 7)]
    rows[1] = rows[1].rsplit(";", 1)[0] + ";" + cell
    (game / "crew.csv").write_text("id;name;suit;power;text;extra\n" + "\n".join(rows) + "\n")
    edit(game / "game.yaml", "data: crew.yaml", "data: crew.csv")
    err = built_nothing(game, tmp_path, capsys)
    assert re.search(r"crew\.csv:3: column 'extra': expected a mapping, got text", err), err
