"""The vocabulary of declared shapes (companion.core.shapes): exact JSON types, and a
message that names the place inside the value."""

from __future__ import annotations

import pytest

from companion.core.shapes import (
    BOUND,
    Either,
    Flag,
    Int,
    ListOf,
    Maybe,
    Null,
    Offered,
    OneOf,
    Record,
    Text,
    Tuple,
    action_problem,
    same,
)


@pytest.mark.parametrize("field, good, bad", [
    (Int(), [0, -3, BOUND], [True, False, 1.0, "1", None, BOUND + 1, 10**400]),
    (Int(1, 6), [1, 6], [0, 7, 6.0, True]),
    (Text(5), ["", "abcde", "漢字"], [None, 3, "abcdef", "a\x00", "\ud800", ["a"]]),
    (Flag(), [True, False], [0, 1, "true", None]),
    (Null(), [None], [0, "", False, []]),
    (OneOf("lots", 0, 1), ["lots", 0, 1], [0.0, 1.0, True, False, "0", None]),
    (ListOf(Int(), 1, 2), [[1], [1, 2]], [[], [1, 2, 3], [True], (1,), "1"]),
    (Tuple(OneOf("base"), Int(), Int()), [["base", 0, 1]],
     [["base", 0], ["troop", 0, 1], ["base", 0, 1.0], ("base", 0, 1)]),
    (Either(Text(), Null()), ["x", None], [0, [], {}]),
    (Offered(), [None, 1, [1, {"a": 2}]], []),
])
def test_each_field_takes_its_values_exactly(field, good, bad):
    for value in good:
        assert field.problem(value) is None, value
    for value in bad:
        assert field.problem(value), value


def test_a_record_names_the_missing_the_unknown_and_the_wrong_place():
    attack = Record(**{"from": Int()}, to=Int(), specials=ListOf(Text()),
                    note=Maybe(Text()))
    assert attack.problem({"from": 0, "to": 1, "specials": []}) is None
    assert attack.problem({"from": 0, "to": 1, "specials": [], "note": "x"}) is None
    assert attack.problem({"to": 1, "specials": []}, "attack") == "attack.from is missing"
    assert attack.problem({"from": 0, "to": 1, "specials": [], "troops": 3}, "attack") == \
        "attack.troops is not one of its keys (from, to, specials, note)"
    assert attack.problem({"from": 0.0, "to": 1, "specials": []}, "attack") == \
        "attack.from is a whole number, not 0.0"
    assert attack.problem({"from": 0, "to": 1, "specials": ["a", 3]}, "attack") == \
        "attack.specials.2 is text of at most 100 characters, not 3"
    assert attack.problem([], "attack").startswith("attack is a mapping of from, to")


def test_either_of_mappings_speaks_of_the_closest():
    play = Either(Record(card=Text()), Record(value=Int()))
    assert play.problem({"card": "A1"}) is None and play.problem({"value": 3}) is None
    assert play.problem({"value": "3"}, "play") == "play.value is a whole number, not '3'"
    assert play.problem({}, "play")


def test_same_is_equality_of_json_types_all_through():
    assert same({"a": [1, "x"]}, {"a": [1, "x"]})
    for a, b in ((1, 1.0), (1, True), ([1], [True]), ({"a": 0}, {"a": False}), ([1], [1, 1])):
        assert not same(a, b)


def test_an_action_is_checked_against_its_type_with_by_and_type_its_own():
    shapes = {"roll": Record(value=Maybe(Int()))}
    assert action_problem(shapes, {"type": "roll", "by": 0}) is None
    assert action_problem(shapes, {"type": "roll", "value": True}) == \
        "roll.value is a whole number, not True"
    assert action_problem(shapes, {"type": "swap"}) == "the game declares no 'swap' action"
