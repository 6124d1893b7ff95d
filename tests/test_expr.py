"""pnp.load.expr: the one parser for `when` conditions and arithmetic lengths."""

import contextlib
import inspect
import math
import sys

import pytest
from hypothesis import find, given, settings
from hypothesis import strategies as st

from pnp.load.expr import MAX_DEPTH, MAX_LENGTH, Arith, Condition, ExprError, lookup

CONTEXT = {
    "level": 3, "zero": 0, "half": 0.5, "shape": "round", "name": "Bob",
    "attributes": ["Stealth", "Armor"], "empty": [], "flag": True, "off": False,
    "glossary": {"units": {"drone": {"icon": "drone.png", "cost": 4}}},
    "levels": {1: {"cost": 7}}, "nothing": None,
}


def holds(source, context=CONTEXT):
    return Condition(source).holds(context)


def error(make, source) -> str:
    with pytest.raises(ExprError) as caught:
        make(source)
    return str(caught.value)


@pytest.mark.parametrize("source, expected", [
    ("level == 3", True), ("level == 4", False),
    ("level != 3", False), ("level != 4", True),
    ("level < 4", True), ("level < 3", False),
    ("level <= 3", True), ("level <= 2", False),
    ("level > 2", True), ("level > 3", False),
    ("level >= 3", True), ("level >= 4", False),
    ("level in [1, 3, 5]", True), ("level in [2, 4]", False),
    ("level not in [2, 4]", True), ("level not in [1, 3]", False),
    ("not level in [1, 3]", False), ("not level in [2, 4]", True),
    ("attributes contains 'Stealth'", True), ("attributes contains 'Flying'", False),
    ("'Armor' in attributes", True), ("'Flying' in attributes", False),
    ("name contains 'o'", True), ("'x' in name", False),
    ("half == .5", True), ("half == 0.5", True), ("flag == true", True), ("off == false", True),
    ('shape == "round"', True), ("shape == 'square'", False),
])
def test_every_comparison(source, expected):
    assert holds(source) is expected


@pytest.mark.parametrize("source, expected", [
    ("true", True), ("false", False), ("level", True), ("zero", False),
    ("attributes", True), ("empty", False), ("not empty", True), ("not not level", True),
    ("level and flag", True), ("level and off", False), ("off or zero", False),
    ("off or flag", True),
])
def test_truthiness_and_logic(source, expected):
    assert holds(source) is expected


@pytest.mark.parametrize("source, context, expected", [
    # `not a and b` is `(not a) and b`, not `not (a and b)`
    ("not a and b", {"a": False, "b": False}, False),
    ("not a and b", {"a": False, "b": True}, True),
    # `a or b and c` is `a or (b and c)`
    ("a or b and c", {"a": True, "b": False, "c": False}, True),
    ("a or b and c", {"a": False, "b": True, "c": False}, False),
    ("(a or b) and c", {"a": True, "b": False, "c": False}, False),
    ("not a == 1", {"a": 2}, True),
    ("1 + 2 * 3 == 7", {}, True), ("(1 + 2) * 3 == 9", {}, True),
    ("10 - 4 - 3 == 3", {}, True), ("8 / 4 / 2 == 1", {}, True),
    ("-2 * 3 == -6", {}, True), ("- -2 == +2", {}, True), ("2 * -3 == -6", {}, True),
    ("level * 2 >= 6", {"level": 3}, True), ("level * 2 >= 7", {"level": 3}, False),
    ("level / 2 == 1.5", {"level": 3}, True), ("a + 1 > b - 1", {"a": 1, "b": 3}, False),
    ("level in [a, b + 1]", {"level": 3, "a": 1, "b": 2}, True),
    ("[1, 'a'] == items", {"items": [1, "a"]}, True),
    ("[] == items", {"items": []}, True),
    ("[[1], [2, 3]] contains [2, 3]", {}, True),
])
def test_precedence_and_arithmetic(source, context, expected):
    assert holds(source, context) is expected


def test_quoted_text_is_not_a_name():
    assert holds("shape == 'round'", {"shape": "round"})
    bare = Condition("shape == round")
    assert bare.names == {"shape", "round"}
    assert not bare.holds({"shape": "round"})
    assert bare.holds({"shape": "round", "round": "round"})
    assert Condition("shape == 'round'").names == {"shape"}


def test_names_lists_every_path_read():
    cond = Condition("not (a.b.0 in [x, 'y', 3] and c) or glossary.units.drone.cost * 2 > n")
    assert cond.names == {"a.b.0", "x", "c", "glossary.units.drone.cost", "n"}
    assert Condition("true").names == frozenset()
    assert Arith("{size} * 2 - (w / bleed)").names == {"size", "w", "bleed"}


def test_dotted_paths_and_list_indexes():
    assert holds("attributes.0 == 'Stealth'")
    assert holds("attributes.1 == 'Armor'")
    assert holds("attributes.0")
    assert not holds("attributes.2")
    assert not holds("empty.0")
    assert holds("glossary.units.drone.icon == 'drone.png'")
    assert holds("levels.1.cost == 7")  # a numeric segment also tries the int key
    assert Arith("glossary.units.drone.cost + 1").evaluate(CONTEXT) == 5.0


def test_lookup():
    assert lookup("attributes.-1", CONTEXT) == "Armor"
    assert lookup("levels.1.cost", CONTEXT) == 7
    assert lookup("nothing", CONTEXT) is None
    for absent in ("attributes.2", "attributes.-3", "shape.0", "missing", "level.x"):
        with pytest.raises(KeyError):
            lookup(absent, CONTEXT)


@pytest.mark.parametrize("source, expected", [
    ("missing", False), ("not missing", True), ("missing == 3", False),
    ("missing != 3", True), ("missing >= 3", False), ("missing < 3", False),
    ("missing contains 'x'", False), ("'x' in missing", False), ("missing in [1, 2]", False),
    ("missing * 2 > 1", False), ("-missing < 0", False), ("not missing * 2 > 1", True),
    ("missing == nothing", True), ("missing.deeper.0", False),
])
def test_missing_names_read_as_none(source, expected):
    assert holds(source) is expected


@pytest.mark.parametrize("source, expected", [
    ("name < 2", False), ("name >= 2", False), ("nothing >= 3", False),
    ("attributes > 1", False), ("level in 5", False), ("level not in 5", True),
    ("attributes in glossary", False), ("level in name", False), ("level contains 3", False),
])
def test_incompatible_types_are_false(source, expected):
    assert holds(source) is expected


def test_condition_evaluation_errors():
    assert error(Condition("level / zero > 1").holds, CONTEXT) \
        == "'level / zero > 1': division by zero"
    assert "arithmetic needs numbers, not 'Bob'" in error(Condition("name * 3 == 1").holds,
                                                         CONTEXT)
    assert "not true" in error(Condition("flag + 1 == 2").holds, CONTEXT)
    assert "not a list" in error(Condition("-attributes == 1").holds, CONTEXT)


def test_arith_evaluates():
    ctx = {"w": 63, "h": 88, "bleed": 3, "size": 10.5}
    assert Arith("w - 6").evaluate(ctx) == 57.0
    assert Arith("h / 2 + bleed").evaluate(ctx) == 47.0
    assert Arith("{size} * 2").evaluate(ctx) == 21.0
    assert Arith("-(w - 3) * .5").evaluate(ctx) == -30.0
    assert Arith("w - h - bleed").evaluate(ctx) == -28.0
    assert Arith("2 + 3 * 4").evaluate(ctx) == 14.0
    assert isinstance(Arith("3").evaluate(ctx), float)


@pytest.mark.parametrize("source, context, message", [
    ("w / 0", {"w": 5}, "'w / 0': division by zero"),
    ("w / (h - h)", {"w": 5, "h": 2}, "'w / (h - h)': division by zero"),
    ("w - x", {"w": 5}, "'w - x': no field 'x'"),
    ("w * 2", {"w": "5"}, "'w * 2': 'w' is '5', not a number"),
    ("w * 2", {"w": True}, "'w * 2': 'w' is true, not a number"),
    ("w * 2", {"w": [1]}, "'w * 2': 'w' is a list, not a number"),
    ("w * 2", {"w": None}, "'w * 2': 'w' is null, not a number"),
    ("w * 2", {"w": math.inf}, "'w * 2': the result is not a finite number"),
    ("w - w", {"w": math.inf}, "'w - w': the result is not a finite number"),
    ("w * w", {"w": 1e200}, "'w * w': the result is not a finite number"),
    ("9" * 400, {}, "the result is not a finite number"),
    ("w + 1", {"w": 10 ** 400}, "'w + 1': a number is too large"),
])
def test_arith_evaluation_errors(source, context, message):
    assert message in error(Arith(source).evaluate, context)


@pytest.mark.parametrize("source", [
    "w > 3", "w == 3", "'round'", "w and h", "not w", "[1, 2]", "true", "w in x", "{w + 1}",
    "{3}", "{w", "w +", "", "w ** 2", "w % 2", "max(w, h)", "3mm",
])
def test_arith_accepts_only_arithmetic(source):
    assert error(Arith, source).startswith(f"cannot read length '{source}': ")


def test_braces_in_conditions_get_a_hint():
    assert error(Condition, "{alarm} >= threshold") == (
        "cannot read condition '{alarm} >= threshold': "
        "write 'alarm >= threshold', without braces")
    assert "without braces" in error(Condition, "name == '{x}'")


@pytest.mark.parametrize("source, message", [
    ("level >= ", "expected a value at column 10"),
    ("", "expected a value at column 1"),
    ("!!python/object/apply:os.system ['echo hi']", "unexpected character '!' at column 1"),
    ("!!python/object:__main__.Evil", "unexpected character '!' at column 1"),
    ("a ** 2", "expected a value at column 4, found '*'"),
    ("a % 2", "unexpected character '%' at column 3"),
    ("a && b", "unexpected character '&' at column 3; write 'and'"),
    ("a || b", "write 'or'"),
    ("a = 1", "write '==' to compare"),
    ("f(x)", "unexpected '(' at column 2"),
    ("'a'.upper", "unexpected character '.' at column 4"),
    ("[1].0", "unexpected '.0' at column 4"),
    ("name == 'Bob", "text starting at column 9 has no closing quote"),
    ('name == "Bob', "text starting at column 9 has no closing quote"),
    ("(a", "expected ')' at column 3"),
    ("a)", "unexpected ')' at column 2"),
    ("[1, 2", "expected ',' or ']' at column 6"),
    ("[1 2]", "expected ',' or ']' at column 4, found '2'"),
    ("a b", "unexpected 'b' at column 3"),
    ("1 < a < 3", "comparisons cannot be chained (column 7); join them with 'and'"),
    ("a == b != c", "comparisons cannot be chained"),
    ("a and", "expected a value at column 6"),
    ("a.-1", "unexpected character '.' at column 2"),
    ("3x", "unexpected 'x' at column 2"),
    ("größe > 1", "unexpected character 'ö'"),
])
def test_syntax_errors(source, message):
    text = error(Condition, source)
    assert text.startswith(f"cannot read condition '{source}': ")
    assert message in text


def test_sources_that_are_not_text():
    assert Condition(True).holds({}) is True
    assert Condition(False).holds({}) is False
    assert "expected text" in error(Condition, None)
    assert "expected text" in error(Arith, ["w"])


def test_length_limit():
    assert MAX_LENGTH == 500
    at_limit = "1+" * 247 + "1 > 0"
    assert len(at_limit) <= MAX_LENGTH and holds(at_limit, {})
    message = error(Condition, "a" * (MAX_LENGTH + 1))
    assert message.endswith("is too long (limit 500 characters)")
    assert "too long" in error(Arith, "1+" * 3000 + "1")
    assert "too long" in error(Condition, "1+" * 3000 + "1")


@pytest.mark.parametrize("make, wrap", [
    (Condition, lambda n: "(" * n + "a" + ")" * n),
    (Condition, lambda n: "[" * n + "]" * n),
    (Condition, lambda n: "not " * n + "a"),
    (Condition, lambda n: "-" * n + "a"),
    (Arith, lambda n: "(" * n + "w" + ")" * n),
    (Arith, lambda n: "- " * n + "w"),
])
def test_depth_limit(make, wrap):
    assert MAX_DEPTH == 40
    make(wrap(MAX_DEPTH))
    assert error(make, wrap(MAX_DEPTH + 1)).endswith("is nested too deep (limit 40)")


def test_long_flat_chains_use_no_stack():
    """Parsing and evaluating `1+1+...` must not recurse per operator."""
    depth = len(inspect.stack())
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(depth + 60)
    try:
        arith = Arith("+".join(["w"] * 240))
        cond = Condition("+".join(["w"] * 150) + " > 0 and " + " and ".join(["w"] * 20))
        assert arith.evaluate({"w": 1}) == 240.0
        assert cond.holds({"w": 1})
    finally:
        sys.setrecursionlimit(limit)


def test_deepest_nesting_evaluates():
    source = "-" * 20 + "(" * 19 + "w" + ")" * 19
    assert Arith(source).evaluate({"w": 2}) == 2.0
    assert holds("not " * 39 + "true", {}) is False


# --- fuzzing: any text either parses or raises ExprError, never anything else ---

PIECES = ["a", "b", "a.0", "b.x.1", "c", "1", "0", "2.5", ".5", "'t'", '"u"', "true", "false",
          "==", "!=", "<", "<=", ">", ">=", "in", "not", "and", "or", "contains", "+", "-",
          "*", "/", "(", ")", "[", "]", ",", "{", "}", " ", "'", "!", "%", "="]
VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=5),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.sampled_from("abx01"), inner,
                                                                 max_size=3),
    max_leaves=8,
)
CONTEXTS = st.dictionaries(st.sampled_from(["a", "b", "c", "x"]), VALUES, max_size=4)
BINARY = ["and", "or", "==", "!=", "<", "<=", ">", ">=", "in", "not in", "contains",
          "+", "-", "*", "/"]
GRAMMAR = st.recursive(
    st.sampled_from(["a", "b.0", "c.x.1", "x.a.0", "1", "0", "2.5", ".5", "'t'", '"u"', "true",
                     "false", "[]"]),
    lambda inner: st.one_of(
        st.tuples(inner, st.sampled_from(BINARY), inner).map(" ".join),
        st.tuples(st.sampled_from(["not", "-", "+"]), inner).map(" ".join),
        inner.map("({})".format),
        st.lists(inner, max_size=3).map(lambda items: "[" + ", ".join(items) + "]"),
    ),
    max_leaves=12,
)
SOURCES = st.text() | GRAMMAR | st.lists(st.sampled_from(PIECES), max_size=25).map(" ".join) \
    | st.lists(st.sampled_from(PIECES), max_size=25).map("".join)


def _parsed(make, source):
    try:
        return make(source)
    except ExprError as problem:
        assert str(problem)
        return None


@settings(max_examples=400, deadline=None)
@given(SOURCES, CONTEXTS)
def test_fuzz_conditions(source, context):
    cond = _parsed(Condition, source)
    if cond is None:
        return
    assert cond.source == source
    assert all(isinstance(name, str) and name for name in cond.names)
    with contextlib.suppress(ExprError):
        assert isinstance(cond.holds(context), bool)


@settings(max_examples=400, deadline=None)
@given(SOURCES, CONTEXTS)
def test_fuzz_lengths(source, context):
    arith = _parsed(Arith, source)
    if arith is None:
        return
    try:
        value = arith.evaluate(context)
    except ExprError:
        return
    assert isinstance(value, float) and math.isfinite(value)


# `find` names the strategy it searched, and the grammar's repr runs to some 80 kB
@pytest.mark.filterwarnings("ignore:Generating overly large repr")
def test_fuzz_sources_reach_the_evaluator():
    """Guard the fuzz tests against only ever exercising the error paths."""
    def rich(source):
        cond = _parsed(Condition, source)
        return cond is not None and len(cond.names) >= 2 and " and " in source

    # derandomized and searched long enough: a search that is lucky only sometimes would
    # make this guard fail at random (it did, once, on a loaded machine)
    assert find(SOURCES, rich, settings=settings(max_examples=20_000, derandomize=True,
                                                 database=None, deadline=None))


@pytest.mark.parametrize("source,texts", [
    ("kind == leer", {"kind", "leer"}),
    ("kind in [leer, voll]", {"leer", "voll"}),
    ("attributes contains Stealth", {"attributes", "Stealth"}),
    ("titel == 'x'", set()),
    ("level >= limit", set()),
    ("leer", set()),
])
def test_a_condition_knows_the_bare_words_that_are_probably_text(source, texts):
    """Bare names compared with another name, or listed, are where a designer most
    likely meant text: the unknown-name hint then says to quote them."""
    assert Condition(source).texts == texts
