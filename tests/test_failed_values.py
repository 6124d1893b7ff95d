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
from pnp.cli import main
from pnp.errors import Mark, Problems

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
