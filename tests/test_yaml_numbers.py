"""YAML 1.1 reads `010` as 8, `0x1F` as 31, `1_000` as 1000 and `1:20` as 80. A
designer's values are read as written (as the same CSV cells are), or refused at
their place with the fix; never changed without a word."""

from __future__ import annotations

import pytest
from conftest import edit

from pnp.cli.main import main
from pnp.load.game import load_game
from pnp.load.yamlload import load_yaml


@pytest.mark.parametrize("written", ["010", "0x1F", "1_000", "06", "0b101", "1:20", "00"])
def test_an_id_is_the_text_written(game, written):
    edit(game / "crew.yaml", "id: C-01", f"id: {written}")
    crew = load_game(game).component("crew")
    assert crew.items[0].id == written
    assert crew.items[0].fields["id"] == written


@pytest.mark.parametrize("written", ["7", "-3", "+5", "0", "3.5", ".5", "1.5e+3", "-.inf"])
def test_plain_numbers_stay_numbers(tmp_path, written):
    path = tmp_path / "n.yaml"
    path.write_text(f"value: {written}\n")
    value = load_yaml(path)["value"]
    assert isinstance(value, (int, float)) and not isinstance(value, bool)
    assert value == float(written.replace(".inf", "inf"))


def test_a_number_field_reads_leading_zeros_as_decimal_like_a_csv_cell(game):
    edit(game / "crew.yaml", "power: 4", "power: 04")
    edit(game / "crew.yaml", "power: 1,", "power: 09,")  # not an octal digit in YAML 1.1
    crew = load_game(game).component("crew")
    assert [item.fields["power"] for item in crew.items if item.id in ("C-03", "C-04")] == [4, 9]


@pytest.mark.parametrize("written,meant", [("0x3", "3"), ("1_0", "10"), ("0b11", "3"),
                                           ("1:2", "62"), ("1_0.5", "10.5")])
def test_a_number_only_yaml_1_1_understands_is_refused_with_the_fix(game, capsys, written,
                                                                     meant):
    edit(game / "crew.yaml", "power: 4", f"power: {written}")
    assert main(["check", str(game)]) == 2
    err = capsys.readouterr().err
    assert f"crew.yaml:4:48: '{written}' is not a plain number" in err, err
    assert f"write {meant}, or quote it if it is text" in err, err


def test_quoted_and_in_a_length(game, capsys):
    edit(game / "crew.yaml", "id: C-01", "id: '010'")
    assert load_game(game).component("crew").items[0].id == "010"
    edit(game / "layouts.yaml", "x: 46, y: 70", "x: 046, y: 0x46")
    assert main(["check", str(game)]) == 2
    err = capsys.readouterr().err
    assert "layouts.yaml:9:45: '0x46' is not a plain number" in err, err
    assert err.count("not a plain number") == 1, err  # 046 is 46 mm, as written


def test_forms_yaml_1_1_leaves_as_text_are_numbers_where_a_number_is_expected(game):
    edit(game / "crew.yaml", "power: 4", "power: 2e0")
    edit(game / "game.yaml", "power: {type: int, min: 0, max: 9}",
         "power: {type: number, min: 0, max: 9}")
    crew = load_game(game).component("crew")
    assert crew.items[2].fields["power"] == 2.0
