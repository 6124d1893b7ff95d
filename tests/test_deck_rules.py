"""Deckbuilding rules (`per.counts`, `copies`, `only`) and a component read from several
data files: a deck built from a shared pool plus its own cards."""

from __future__ import annotations

import re

import pytest
from conftest import edit

from pnp.cli.main import main
from pnp.load.errors import InvalidInput
from pnp.load.game import load_game

RULES = "rules: {count: 6, unique: [id, name], per: [{field: suit, count: 2}]}"


def with_rules(game, rules: str):
    edit(game / "game.yaml", RULES, f"rules: {rules}")


def problems(game) -> list[str]:
    with pytest.raises(InvalidInput) as raised:
        load_game(game)
    return [str(p) for p in raised.value.problems]


def test_per_counts_names_each_value_that_is_off(game):
    with_rules(game, "{per: [{field: suit, counts: {sun: 2, moon: 3, star: 1}}]}")
    found = problems(game)
    assert any("must have 3 cards with suit moon, has 2" in p for p in found), found
    assert any("must have 1 cards with suit star, has 2" in p for p in found), found
    assert not any("suit sun" in p for p in found), found


def test_per_counts_that_match_pass(game):
    with_rules(game, "{per: [{field: suit, counts: {sun: 2, moon: 2, star: 2}}]}")
    load_game(game)


def test_a_value_missing_from_counts_must_not_occur(game):
    with_rules(game, "{per: [{field: suit, counts: {sun: 2, moon: 2}}]}")
    assert any("must have 0 cards with suit star, has 2" in p for p in problems(game))


def test_per_needs_count_or_counts(game):
    with_rules(game, "{per: [{field: suit}]}")
    assert any("either 'count' or 'counts'" in p for p in problems(game))


def test_copies_limit_and_its_exceptions(game):
    """At most 2 copies; a star card as many as you like, a moon card once."""
    crew = game / "crew.yaml"
    edit(crew, "id: C-01,", "id: C-01, copies: 3,")
    edit(crew, "id: C-03,", "id: C-03, copies: 2,")
    edit(crew, "id: C-05,", "id: C-05, copies: 9,")
    with_rules(game, "{copies: {max: 2, except: [{field: suit, has: star}, "
                     "{field: suit, has: moon, max: 1}]}}")
    found = problems(game)
    assert len(found) == 2, found
    assert any(re.search(r"crew\.yaml:2:.*'C-01' has 3 copies; 'crew' allows at most 2$", p)
               for p in found), found
    assert any("'C-03' has 2 copies; 'crew' allows at most 1 (moon)" in p for p in found)


def test_copies_exception_matches_a_list_entry(game):
    """A trait list holding 'Mass' lifts the limit; one holding 'Unique' sets it to 1."""
    edit(game / "game.yaml", "text: text",
         "text: text\n      traits: {type: list, required: false}")
    crew = game / "crew.yaml"
    edit(crew, "id: C-01,", "id: C-01, copies: 5, traits: [Mass],")
    edit(crew, "id: C-02,", "id: C-02, copies: 2, traits: [Fast, Unique],")
    with_rules(game, "{copies: {max: 3, except: [{field: traits, has: Mass}, "
                     "{field: traits, has: Unique, max: 1}]}}")
    found = problems(game)
    assert found == [p for p in found if "'C-02' has 2 copies" in p] and len(found) == 1, found


def test_only_names_the_card_that_does_not_belong(game):
    with_rules(game, "{only: {suit: [sun, moon]}}")
    found = problems(game)
    assert len(found) == 2, found
    assert all("suit 'star' does not belong in 'crew' (only sun, moon)" in p for p in found)


def test_only_accepts_a_field_left_out_as_null(game):
    edit(game / "game.yaml", "text: text", "text: text\n      team: {type: text, required: false}")
    edit(game / "crew.yaml", "id: C-01,", "id: C-01, team: red,")
    with_rules(game, "{only: {team: [blue, null]}}")
    found = problems(game)
    assert len(found) == 1 and "'C-01': team 'red'" in found[0] and "only blue, none" in found[0]


def test_rules_naming_an_undeclared_field_are_refused(game):
    with_rules(game, "{only: {colour: [red]}, copies: {max: 2, except: [{field: suitt, has: x}]}}")
    found = problems(game)
    assert any("rules name fields 'crew' does not declare: colour, suitt" in p for p in found)


def split_crew(game):
    """The crew in two files: a shared pool (C-01..C-03) and the rest."""
    lines = (game / "crew.yaml").read_text().splitlines()
    (game / "pool.yaml").write_text("\n".join(lines[:4]) + "\n")
    (game / "crew.yaml").write_text("\n".join([lines[0]] + lines[4:]) + "\n")
    edit(game / "game.yaml", "data: crew.yaml", "data: [pool.yaml, crew.yaml]")


def test_a_component_reads_several_data_files_in_order(game):
    split_crew(game)
    crew = load_game(game).component("crew")
    assert [i.id for i in crew.items] == [f"C-0{n}" for n in range(1, 7)]
    assert crew.items[0].mark.file.endswith("pool.yaml")
    assert crew.items[3].mark.file.endswith("crew.yaml")


def test_problems_in_each_data_file_name_that_file(game):
    split_crew(game)
    edit(game / "pool.yaml", "power: 2,", "power: two,")
    edit(game / "crew.yaml", "power: 5,", "power: five,")
    found = problems(game)
    assert any(re.match(r".*pool\.yaml:2:.*got text 'two'", p) for p in found), found
    assert any(re.match(r".*crew\.yaml:3:.*got text 'five'", p) for p in found), found


def test_a_missing_file_in_the_list_is_named_at_its_place(game, tmp_path, capsys):
    edit(game / "game.yaml", "data: crew.yaml", "data: [crew.yaml, extra.yaml]")
    code = main(["build", str(game), "--out", str(tmp_path / "out"), "-q"])
    err = capsys.readouterr().err
    assert code == 2 and "extra.yaml" in err and "game.yaml:16:" in err, err


def test_an_empty_data_list_is_refused(game):
    edit(game / "game.yaml", "data: crew.yaml", "data: []")
    assert any("a data file, or a list of data files" in p or "at least 1" in p
               for p in problems(game))
