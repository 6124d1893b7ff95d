"""Declarative validation of loaded YAML, reporting every problem with its mark.

A spec's `check(value, mark, problems)` returns the cleaned value (or None when
the value is wrong, after adding a problem). Strings containing `{field}`
templates are accepted where the spec allows them and checked again per card.
"""

from __future__ import annotations

import difflib
import math
import re
from dataclasses import dataclass, field

from pnp.load.colornames import NAMED
from pnp.load.errors import Mark, Problems
from pnp.load.numerals import from_numeral, too_large
from pnp.load.yamlload import Numeral, YList, YMap

TEMPLATE = re.compile(r"\{[^{}]+\}")
MAX_LENGTH_MM = 2000.0  # no sheet, board or position is longer than 2 m
YAML_BOOL_HINT = ("; YAML reads an unquoted yes/no/on/off/true/false as true/false: "
                  "put the text in quotes, e.g. name: 'off'")
UNITS_MM = {"mm": 1.0, "cm": 10.0, "in": 25.4, "pt": 25.4 / 72}
LENGTH = re.compile(r"^\s*(-?\d+(?:\.\d+)?)\s*([a-z]+)\s*$")
COLOR = re.compile(r"^#(?:[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$")
SHORT_COLOR = re.compile(r"^#[0-9a-fA-F]{3}$")
SLUG = re.compile(r"^[a-z0-9][a-z0-9-]*$")


def type_name(value) -> str:
    if isinstance(value, bool):
        return "true/false"
    if isinstance(value, int):
        return "a whole number"
    if isinstance(value, float):
        return "a number"
    if isinstance(value, str):
        return "text"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "a mapping"
    return "nothing" if value is None else type(value).__name__


def is_template(value) -> bool:
    return isinstance(value, str) and bool(TEMPLATE.search(value))


class Spec:
    expected = "a value"
    templated = False

    def check(self, value, mark: Mark, problems: Problems):
        if self.templated and is_template(value):
            return value
        return self.clean(value, mark, problems)

    def clean(self, value, mark, problems):
        return value

    def wrong(self, value, mark, problems, expected=None):
        problems.add(mark, f"expected {expected or self.expected}, got {type_name(value)}"
                     + (f" {value!r}" if isinstance(value, (str, int, float)) else ""))


@dataclass
class Any_(Spec):
    expected: str = "any value"


@dataclass
class Plain(Spec):
    """One plain value (a choice of a field): text, a number or true/false."""

    expected: str = "a plain value (text, a number or true/false)"

    def clean(self, value, mark, problems):
        if isinstance(value, Numeral):
            return str(value)
        if value is None or isinstance(value, (list, dict)):
            return self.wrong(value, mark, problems)
        return value


@dataclass
class Str(Spec):
    choices: tuple | None = None
    pattern: re.Pattern | None = None
    templated: bool = False
    expected: str = "text"

    def clean(self, value, mark, problems):
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            value = str(value)
        elif isinstance(value, Numeral):
            value = str(value)  # `id: 010` is the text 010
        if isinstance(value, bool):
            problems.add(mark, f"expected {self.expected}, got true/false{YAML_BOOL_HINT}")
            return None
        if not isinstance(value, str):
            return self.wrong(value, mark, problems)
        if self.choices and value not in self.choices:
            close = difflib.get_close_matches(value, list(map(str, self.choices)), n=1)
            hint = f" (did you mean '{close[0]}'?)" if close else ""
            problems.add(mark, f"'{value}' is not one of: {', '.join(map(str, self.choices))}"
                         + hint)
            return None
        if self.pattern and not self.pattern.fullmatch(value):
            problems.add(mark, f"'{value}' is not {self.expected}")
            return None
        return value


@dataclass
class Regex(Spec):
    """A regular expression (Python's syntax), checked to compile."""

    def clean(self, value, mark, problems):
        value = Str().clean(value, mark, problems)
        if value is None:
            return None
        try:
            re.compile(value)
        except re.error as exc:
            problems.add(mark, f"'{value}' is not a regular expression: {exc}")
            return None
        return value


@dataclass
class Int(Spec):
    min: int | None = None
    max: int | None = None
    multiple_of: int | None = None
    templated: bool = False
    expected: str = "a whole number"

    def clean(self, value, mark, problems):
        if isinstance(value, Numeral):
            value = from_numeral(value, mark, problems)
            if value is None:
                return None
        if isinstance(value, bool) or not isinstance(value, int):
            return self.wrong(value, mark, problems)
        if too_large(value, mark, problems):
            return None
        return _range(self, value, mark, problems)


@dataclass
class Num(Spec):
    min: float | None = None
    max: float | None = None
    templated: bool = False
    expected: str = "a number"
    multiple_of: int | None = None

    def clean(self, value, mark, problems):
        if isinstance(value, Numeral):
            value = from_numeral(value, mark, problems)
            if value is None:
                return None
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            return self.wrong(value, mark, problems)
        if too_large(value, mark, problems):  # before isfinite(), which converts 10**400
            return None
        if not math.isfinite(value):
            problems.add(mark, f"expected a finite number, got {value}")
            return None
        return _range(self, float(value), mark, problems)


def _range(spec, value, mark, problems):
    if spec.min is not None and value < spec.min:
        problems.add(mark, f"{value} is below the minimum {spec.min}")
        return None
    if spec.max is not None and value > spec.max:
        problems.add(mark, f"{value} is above the maximum {spec.max}")
        return None
    if spec.multiple_of and value % spec.multiple_of:
        problems.add(mark, f"{value} is not a multiple of {spec.multiple_of}")
        return None
    return value


@dataclass
class Bool(Spec):
    expected: str = "true or false"

    def clean(self, value, mark, problems):
        if not isinstance(value, bool):
            return self.wrong(value, mark, problems)
        return value


def parse_length(value) -> float | None:
    """A length in millimetres from a number (mm) or '3mm', '0.5in', '10pt', '1cm'."""
    if isinstance(value, bool):
        return None
    if isinstance(value, (int, float)):
        return float(value)
    if isinstance(value, str):
        found = LENGTH.match(value)
        if found and found.group(2) in UNITS_MM:
            return float(found.group(1)) * UNITS_MM[found.group(2)]
    return None


@dataclass
class Length(Spec):
    min: float | None = None
    templated: bool = True
    expected: str = "a length (a number of mm, or '3mm', '1cm', '0.5in', '12pt')"

    def clean(self, value, mark, problems):
        from pnp.load.expr import Arith, ExprError

        if isinstance(value, Numeral):
            value = from_numeral(value, mark, problems)
            if value is None:
                return None
        if isinstance(value, (int, float)) and not isinstance(value, bool) and \
                too_large(value, mark, problems):
            return None
        mm = parse_length(value)
        if mm is None:
            if isinstance(value, str) and LENGTH.match(value):
                problems.add(mark, f"unknown unit in '{value}': use mm, cm, in or pt")
                return None
            if isinstance(value, str) and self.templated:
                try:
                    return Arith(value)
                except ExprError as exc:
                    problems.add(mark, str(exc))
                    return None
            return self.wrong(value, mark, problems)
        if not math.isfinite(mm):
            problems.add(mark, f"expected a finite length, got {value}")
            return None
        if self.min is not None and mm < self.min:
            problems.add(mark, f"{value} is below the minimum {self.min} mm")
            return None
        if abs(mm) > MAX_LENGTH_MM:
            problems.add(mark, f"{value} is longer than the limit of {MAX_LENGTH_MM:g} mm")
            return None
        return mm


@dataclass
class Color(Spec):
    templated: bool = True
    expected: str = ("a colour like '#1a2b3c' (or '#1a2b3c80' with alpha, '#abc'), a CSS "
                     "colour name like 'navy', or 'none'")

    def clean(self, value, mark, problems):
        if value is None or value == "none":
            return None
        if isinstance(value, str):
            if COLOR.match(value):
                return value
            if SHORT_COLOR.match(value):  # '#abc' is '#aabbcc', as in CSS
                return "#" + "".join(ch * 2 for ch in value[1:])
            named = NAMED.get(value.lower())
            if named:
                return named
            if not value.startswith("#"):
                close = difflib.get_close_matches(value.lower(), NAMED, n=1)
                if close:
                    problems.add(mark, f"unknown colour '{value}'; did you mean '{close[0]}'?")
                    return None
        return self.wrong(value, mark, problems)


@dataclass
class ListOf(Spec):
    item: Spec
    min: int = 0
    max: int | None = None
    expected: str = "a list"

    def clean(self, value, mark, problems):
        if not isinstance(value, list):
            return self.wrong(value, mark, problems)
        if len(value) < self.min:
            problems.add(mark, f"needs at least {self.min} entries, has {len(value)}")
        if self.max is not None and len(value) > self.max:
            problems.add(mark, f"takes at most {self.max} entries, has {len(value)}")
        marks = value.marks if isinstance(value, YList) else [mark] * len(value)
        return [self.item.check(v, m, problems) for v, m in zip(value, marks, strict=True)]


@dataclass
class MapOf(Spec):
    value: Spec
    key: Spec = field(default_factory=Str)
    expected: str = "a mapping"

    def clean(self, value, mark, problems):
        if not isinstance(value, dict):
            return self.wrong(value, mark, problems)
        out = {}
        for k, v in value.items():
            kmark = value.key_mark(k) if isinstance(value, YMap) else mark
            vmark = value.mark_of(k) if isinstance(value, YMap) else mark
            ck = self.key.check(k, kmark, problems)
            if ck is not None and ck in out:  # `12:` beside `'12':`
                problems.add(kmark, f"duplicate key '{ck}' (written once as text, once not)")
                continue
            out[ck if ck is not None else k] = self.value.check(v, vmark, problems)
        return out


@dataclass
class Opt:
    """One key of a Record: its spec, whether it must be there, and a default."""

    spec: Spec
    required: bool = False
    default: object = None


@dataclass
class Record(Spec):
    fields: dict
    what: str = "mapping"
    expected: str = "a mapping"
    extra: Spec | None = None  # spec for keys not listed (None: unknown keys are errors)

    def clean(self, value, mark, problems):
        if not isinstance(value, dict):
            return self.wrong(value, mark, problems, f"a {self.what} (a mapping)")
        out = {}
        for key in value:
            if key in self.fields:
                continue
            kmark = value.key_mark(key) if isinstance(value, YMap) else mark
            if self.extra is not None:
                vmark = value.mark_of(key) if isinstance(value, YMap) else mark
                out[key] = self.extra.check(value[key], vmark, problems)
                continue
            problems.add(kmark, unknown_key(key, self.fields, self.what))
        for key, opt in self.fields.items():
            if key in value:
                vmark = value.mark_of(key) if isinstance(value, YMap) else mark
                out[key] = opt.spec.check(value[key], vmark, problems)
            elif opt.required:
                problems.add(mark, f"missing required field '{key}' in {self.what}")
                out[key] = None
            else:
                out[key] = opt.default
        return out


def unknown_key(key, valid, what: str) -> str:
    names = sorted(map(str, valid))
    close = difflib.get_close_matches(str(key), names, n=1)
    hint = f"; did you mean '{close[0]}'?" if close else ""
    return f"unknown key '{key}' in {what}{hint} (valid keys: {', '.join(names)})"


@dataclass
class OneOf(Spec):
    """The first spec whose type fits the value; 'expected' lists them all."""

    options: tuple
    expected: str = "one of several forms"

    def clean(self, value, mark, problems):
        trials = []
        for spec in self.options:
            trial = Problems()
            out = spec.check(value, mark, trial)
            if not trial.items:
                return out
            trials.append((spec, trial))
        same_type = [trial for spec, trial in trials if _takes_type_of(spec, value)]
        if len(same_type) == 1:  # e.g. a size list with a bad number: say what is wrong in it
            problems.extend(same_type[0].items)
            return None
        return self.wrong(value, mark, problems)


def _takes_type_of(spec: Spec, value) -> bool:
    """Whether `spec` is the form meant for a value of this type."""
    if isinstance(spec, ListOf):
        return isinstance(value, list)
    if isinstance(spec, (Record, MapOf)):
        return isinstance(value, dict)
    if isinstance(spec, Str):
        return isinstance(value, str)
    return False
