"""The shapes of actions and setups, declared by each game as data and checked by
the framework before any game code reads them: a missing key, an unknown key or
a value of the wrong type is the framework's refusal (engine.Malformed,
engine.BadSetup), never a KeyError or a TypeError inside a rule.

Types are exact, as JSON has them: a boolean is not a whole number, and 1.0 is
not 1. A field's `problem(value)` is None when the value fits, else words for
the player, naming the place inside it ("attack.to is a whole number, not 2.5")."""

from __future__ import annotations

import reprlib
from dataclasses import dataclass

from companion.core.names import MAX_NAME, plain_text

BOUND = 2**31  # no seat, index, count or die face of a game comes near it
MAX_ITEMS = 64  # items of a list in an action (the longest a game sends: a hand)

_REPR = reprlib.Repr()  # Python 3.11's takes no arguments
_REPR.maxlevel, _REPR.maxdict, _REPR.maxlist, _REPR.maxstring, _REPR.maxother = 3, 6, 6, 60, 60


def short(value) -> str:
    """A value for a message: bounded, however big the value is."""
    return _REPR.repr(value)


class Field:
    """One value's shape: `what` says it in full, `kind` in a word or two."""

    what = kind = "a value"

    def problem(self, value, name: str = "the value") -> str | None:
        """What is wrong, in a sentence about `name` and the place inside it."""
        found = self.trouble(value)
        if found is None:
            return None
        path, words = found
        return " ".join([".".join([name, *map(str, path)]), words])

    def trouble(self, value) -> tuple[tuple, str] | None:
        """(the path to what is wrong, words that go after it), or None."""
        return None if self.fits(value) else ((), self.wrong(value))

    def wrong(self, value) -> str:
        return f"is {self.what}, not {short(value)}"

    def fits(self, value) -> bool:
        return self.trouble(value) is None


@dataclass(frozen=True)
class Int(Field):
    """A whole number from `low` to `high` (a boolean is not one)."""

    low: int = -BOUND
    high: int = BOUND
    kind = "a whole number"

    @property
    def what(self) -> str:
        if self.low == -BOUND and self.high == BOUND:
            return "a whole number"
        return f"a whole number from {self.low} to {self.high}"

    def fits(self, value) -> bool:
        return type(value) is int and self.low <= value <= self.high


@dataclass(frozen=True)
class Text(Field):
    """Printable text of at most `most` characters (an id, a name)."""

    most: int = MAX_NAME
    kind = "text"

    @property
    def what(self) -> str:
        return f"text of at most {self.most} characters"

    def fits(self, value) -> bool:
        return isinstance(value, str) and len(value) <= self.most and plain_text(value)


@dataclass(frozen=True)
class Flag(Field):
    what = kind = "true or false"

    def fits(self, value) -> bool:
        return type(value) is bool


@dataclass(frozen=True)
class Null(Field):
    """No value (JSON's null): an answer that names nothing ("no card")."""

    what = kind = "null"

    def fits(self, value) -> bool:
        return value is None


class Offered(Field):
    """One of the options the prompt offers, whatever their shapes: the framework
    matches it against them exactly (engine.NotOffered)."""

    what = kind = "one of the offered choices"

    def fits(self, value) -> bool:
        return True


def same(a, b) -> bool:
    """Equal as JSON: of the same types all through (True is not 1, 1.0 is not 1)."""
    if type(a) is not type(b):
        return False
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(same(a[k], b[k]) for k in a)
    if isinstance(a, list):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b, strict=True))
    return a == b


class OneOf(Field):
    """One of the given values, of the same type (0 is not False, 1.0 is not 1)."""

    def __init__(self, *choices):
        self.choices = tuple(choices)
        self.what = self.kind = "one of " + ", ".join(map(short, self.choices))

    def fits(self, value) -> bool:
        return any(same(value, choice) for choice in self.choices)


@dataclass(frozen=True)
class ListOf(Field):
    item: Field
    fewest: int = 0
    most: int = MAX_ITEMS
    kind = "a list"

    @property
    def what(self) -> str:
        return f"a list of {self.fewest} to {self.most} items, each {self.item.what}"

    def trouble(self, value):
        if not isinstance(value, list) or not self.fewest <= len(value) <= self.most:
            return (), self.wrong(value)
        for number, item in enumerate(value, start=1):  # items counted from 1
            found = self.item.trouble(item)
            if found:
                return (number, *found[0]), found[1]
        return None


class Tuple(Field):
    """A list of a fixed length, each place its own shape ([row, column])."""

    def __init__(self, *places: Field):
        self.places = places
        self.what = "[" + ", ".join(p.kind for p in places) + "]"
        self.kind = f"a list of {len(places)}"

    def trouble(self, value):
        if not isinstance(value, list) or len(value) != len(self.places) or not all(
                p.fits(v) for p, v in zip(self.places, value, strict=True)):
            return (), self.wrong(value)
        return None


@dataclass(frozen=True)
class Maybe:
    """A key of a Record that may be left out."""

    field: Field


class Record(Field):
    """A mapping with these keys (a value `Maybe(...)`: the key may be missing);
    any other key is refused."""

    def __init__(self, **fields: Field | Maybe):
        self.fields = fields
        self.what = "a mapping of " + ", ".join(fields) if fields else "an empty mapping"
        self.kind = "a mapping"

    def trouble(self, value):
        if not isinstance(value, dict):
            return (), self.wrong(value)
        unknown = [key for key in value if key not in self.fields]
        if unknown:
            return (short(unknown[0]).strip("'"),), \
                f"is not one of its keys ({', '.join(self.fields) or 'none'})"
        for key, field in self.fields.items():
            if key not in value:
                if not isinstance(field, Maybe):
                    return (key,), "is missing"
                continue
            found = (field.field if isinstance(field, Maybe) else field).trouble(value[key])
            if found:
                return (key, *found[0]), found[1]
        return None

    def overlap(self, value) -> int:
        return len(set(value) & set(self.fields)) if isinstance(value, dict) else 0


class Either(Field):
    """Any one of the given shapes (an answer given as a card or as a value)."""

    def __init__(self, *shapes: Field):
        self.shapes = shapes
        self.what = self.kind = " or ".join(s.kind for s in shapes)

    def trouble(self, value):
        found = [s.trouble(value) for s in self.shapes]
        if None in found:
            return None
        records = [(s.overlap(value), i) for i, s in enumerate(self.shapes)
                   if isinstance(s, Record)]
        if len(records) == len(self.shapes):  # the closest mapping says what is wrong
            return found[max(records)[1]]
        return (), self.wrong(value)


def action_problem(shapes: dict, action: dict) -> str | None:
    """What is wrong with an action of a declared type (None: its shape is right).
    `type` and the framework's `by` are every action's own keys."""
    shape = shapes.get(action["type"])
    if shape is None:
        return f"the game declares no '{action['type']}' action"
    fields = {key: value for key, value in action.items() if key not in ("type", "by")}
    return shape.problem(fields, short(action["type"]).strip("'"))
