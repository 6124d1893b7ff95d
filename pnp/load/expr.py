"""Safe expressions for layout conditions (`when`) and arithmetic lengths.

A hand-written tokenizer and parser, with no `eval`, `ast` or YAML, so text from a game folder
cannot run code and every failure is an ExprError with a message for the user. Binary
operators are parsed and evaluated in loops and nesting is capped, so no input can exhaust
the Python stack. Each expression is parsed once into closures that are cheap to run per card.
"""

from __future__ import annotations

import math
import operator
import re
from collections.abc import Mapping
from functools import lru_cache

MAX_LENGTH = 500  # characters of source
MAX_DEPTH = 40  # nesting of parentheses, lists, unary signs and `not`

MISSING = object()
KEYWORDS = frozenset({"and", "or", "not", "in", "contains", "true", "false"})
_IDENT = r"[A-Za-z_][A-Za-z0-9_]*"
_TOKEN = re.compile(rf"""
    (?P<space>\s+)
  | (?P<num>[0-9]+(?:\.[0-9]+)?|\.[0-9]+)
  | (?P<name>{_IDENT}(?:\.(?:{_IDENT}|[0-9]+))*)
  | (?P<text>'[^']*'|"[^"]*")
  | (?P<op>==|!=|<=|>=|[-+*/<>()\[\],{{}}])
""", re.VERBOSE)
_INDEX = re.compile(r"-?[0-9]+")
_HINTS = {"=": "write '==' to compare", "&": "write 'and'", "|": "write 'or'",
          "!": "write 'not'"}
_ARITH_HINT = "; a length uses only numbers, names, + - * / and parentheses"


class ExprError(ValueError):
    """A condition or length that cannot be read or evaluated; message is user-facing."""


class _Fault(Exception):
    """A problem found while evaluating; the caller adds the source to make an ExprError."""


def lookup(path: str, context: dict):
    """Resolve a dotted path through mappings and lists; KeyError(path) when absent."""
    value = _resolve(_split(path), context)
    if value is MISSING:
        raise KeyError(path)
    return value


@lru_cache(maxsize=4096)
def _split(path: str) -> tuple:
    """Pre-split a path once, so evaluation does not parse numbers per card."""
    return tuple((part, int(part) if _INDEX.fullmatch(part) else None)
                 for part in path.strip().split("."))


def _resolve(parts: tuple, value):
    for key, index in parts:
        if isinstance(value, dict) or isinstance(value, Mapping):  # noqa: SIM101 - dict first: fast
            found = value.get(key, MISSING)
            if found is MISSING and index is not None:
                found = value.get(index, MISSING)
            value = found
        elif isinstance(value, list | tuple) and index is not None \
                and -len(value) <= index < len(value):
            value = value[index]
        else:
            return MISSING
        if value is MISSING:
            return MISSING
    return value


def _show(value) -> str:
    """Describe a value briefly for a message (never a whole deck's data)."""
    if value is None or isinstance(value, bool):
        return {None: "null", True: "true", False: "false"}[value]
    if isinstance(value, str):
        return repr(value if len(value) <= 30 else value[:30] + "...")
    return f"a {type(value).__name__}"


def _number(value):
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise _Fault(f"arithmetic needs numbers, not {_show(value)}")
    return value


def _lenient(fn):
    """Arithmetic inside a condition: a missing field (None) makes the result None, so
    `cost * 2 > 4` is simply false for an item without `cost`; other non-numbers are errors."""
    def op(a, b):
        if a is None or b is None:
            return None
        return fn(_number(a), _number(b))
    return op


def _within(item, container) -> bool:
    try:
        return item in container
    except TypeError:  # not a container, or an unhashable key for a mapping
        return False


_ADD = {"+": operator.add, "-": operator.sub}
_MUL = {"*": operator.mul, "/": operator.truediv}
_COMPARE = {"==": operator.eq, "!=": operator.ne, "<": operator.lt, "<=": operator.le,
            ">": operator.gt, ">=": operator.ge, "in": _within,
            "not in": lambda a, b: not _within(a, b), "contains": lambda a, b: _within(b, a)}
_EQUALITY = frozenset({"==", "!=", "in", "not in", "contains"})


def _const(value):
    def run(ctx):
        return value
    run.value = value
    return run


def _chain(first, rest):
    """Left-associative operators in a loop: `1+1+...` costs no stack depth."""
    def run(ctx):
        value = first(ctx)
        for op, operand in rest:
            value = op(value, operand(ctx))
        return value
    return run


def _compare(test, left, right):
    def run(ctx):
        a, b = left(ctx), right(ctx)
        try:
            return bool(test(a, b))
        except TypeError:  # None >= 3, 'a' < 2: incompatible types are simply false
            return False
    return run


def _tokenize(source: str, error) -> list:
    tokens, pos = [], 0
    while pos < len(source):
        found = _TOKEN.match(source, pos)
        if not found:
            char = source[pos]
            if char in "'\"":
                raise error(f"text starting at column {pos + 1} has no closing quote")
            hint = f"; {_HINTS[char]}" if char in _HINTS else ""
            raise error(f"unexpected character {char!r} at column {pos + 1}{hint}")
        kind, text = found.lastgroup, found.group()
        if kind == "op" or (kind == "name" and text in KEYWORDS):
            kind = text
        if kind != "space":
            tokens.append((kind, text, pos))
        pos = found.end()
    tokens.append(("end", "", len(source)))
    return tokens


class _Parser:
    """Recursive descent over the token list; `arith` limits it to numeric lengths."""

    def __init__(self, source: str, what: str, arith: bool):
        self.source, self.what, self.arith = source, what, arith
        self.tokens = _tokenize(source, self.error)
        self.at = self.depth = 0
        self.names: set[str] = set()
        self.texts: set[str] = set()  # bare names where text is likely meant (see comparison)

    def error(self, message: str) -> ExprError:
        return ExprError(f"cannot read {self.what} '{self.source}': {message}")

    def fail(self, expected: str) -> ExprError:
        kind, text, pos = self.tokens[self.at]
        found = "" if kind == "end" else f", found '{text}'"
        return self.error(f"expected {expected} at column {pos + 1}{found}")

    def kind(self, ahead: int = 0) -> str:
        return self.tokens[self.at + ahead][0]

    def take(self, kind: str, expected: str = "") -> str:
        if self.kind() != kind:
            raise self.fail(expected or f"'{kind}'")
        self.at += 1
        return self.tokens[self.at - 1][1]

    def nested(self, parse):
        self.depth += 1
        if self.depth > MAX_DEPTH:
            raise ExprError(f"{self.what} '{self.source}' is nested too deep "
                            f"(limit {MAX_DEPTH})")
        inner = parse()
        self.depth -= 1
        return inner

    def parse(self):
        tree = self.top()
        kind, text, pos = self.tokens[self.at]
        if kind != "end":
            hint = _ARITH_HINT if self.arith else ""
            raise self.error(f"unexpected '{text}' at column {pos + 1}{hint}")
        return tree

    def top(self):
        return self.sum() if self.arith else self.either()

    def either(self):
        parts = self.joined("or", self.both)
        return parts[0] if len(parts) == 1 else lambda ctx: any(part(ctx) for part in parts)

    def both(self):
        parts = self.joined("and", self.negation)
        return parts[0] if len(parts) == 1 else lambda ctx: all(part(ctx) for part in parts)

    def joined(self, word: str, operand) -> list:
        parts = [operand()]
        while self.kind() == word:
            self.at += 1
            parts.append(operand())
        return parts

    def negation(self):
        if self.kind() != "not":
            return self.comparison()
        self.at += 1
        inner = self.nested(self.negation)
        return lambda ctx: not inner(ctx)

    def operator(self) -> str | None:
        if self.kind() == "not" and self.kind(1) == "in":
            return "not in"
        return self.kind() if self.kind() in _COMPARE else None

    def comparison(self):
        left = self.sum()
        op = self.operator()
        if op is None:
            return left
        self.at += len(op.split())
        right = self.sum()
        if op in _EQUALITY and hasattr(left, "path") and hasattr(right, "path"):
            self.texts |= {left.path, right.path}  # `kind == leer`: one side is text
        if self.operator():
            column = self.tokens[self.at][2] + 1
            raise self.error(f"comparisons cannot be chained (column {column}); "
                             "join them with 'and'")
        return _compare(_COMPARE[op], left, right)

    def sum(self):
        return self.chain(_ADD, self.product)

    def product(self):
        return self.chain(_MUL, self.unary)

    def chain(self, ops, operand):
        first, rest = operand(), []
        while self.kind() in ops:
            op = ops[self.kind()]
            self.at += 1
            rest.append((op if self.arith else _lenient(op), operand()))
        return _chain(first, rest) if rest else first

    def unary(self):
        sign = self.kind()
        if sign not in _ADD:
            return self.atom()
        self.at += 1
        inner = self.nested(self.unary)
        op = operator.neg if sign == "-" else operator.pos
        if self.arith:
            return lambda ctx: op(inner(ctx))
        return lambda ctx: None if (value := inner(ctx)) is None else op(_number(value))

    def atom(self):
        kind, text, _ = self.tokens[self.at]
        self.at += 1
        if kind == "num":
            return _const(float(text) if self.arith or "." in text else int(text))
        if kind == "name":
            return self.name(text)
        if kind == "(":
            inner = self.nested(self.top)
            self.take(")")
            return inner
        if self.arith and kind == "{":  # `{size} * 2`: a template reads as its field
            path = self.take("name", "a field name")
            self.take("}")
            return self.name(path)
        if not self.arith and kind in ("true", "false", "text", "["):
            if kind == "[":
                return self.listing()
            return _const(text[1:-1] if kind == "text" else kind == "true")
        self.at -= 1
        raise self.fail("a number or name" if self.arith else "a value")

    def listing(self):
        items = self.nested(self.items)
        self.take("]", "',' or ']'")
        self.texts |= {item.path for item in items if hasattr(item, "path")}  # [leer, voll]
        values = [getattr(item, "value", MISSING) for item in items]
        if MISSING not in values:  # a literal list is built once, not per card
            return _const(values)
        return lambda ctx: [item(ctx) for item in items]

    def items(self) -> list:
        items = []
        while self.kind() != "]":
            items.append(self.either())
            if self.kind() != ",":
                break
            self.at += 1
        return items

    def name(self, path: str):
        self.names.add(path)
        parts = _split(path)
        if not self.arith:
            def value(ctx):
                found = _resolve(parts, ctx)
                return None if found is MISSING else found
            value.path = path
            return value

        def number(ctx):
            value = _resolve(parts, ctx)
            if value is MISSING:
                raise _Fault(f"no field '{path}'")
            if isinstance(value, bool) or not isinstance(value, int | float):
                raise _Fault(f"'{path}' is {_show(value)}, not a number")
            return float(value)
        return number


def _source(source, what: str) -> str:
    if isinstance(source, bool):  # YAML `when: true`
        source = "true" if source else "false"
    if not isinstance(source, str):
        raise ExprError(f"cannot read {what}: expected text, not {_show(source)}")
    if len(source) > MAX_LENGTH:
        raise ExprError(f"{what} '{source[:40]}...' is too long (limit {MAX_LENGTH} characters)")
    return source


class _Expr:
    what, arith = "", False

    def __init__(self, source: str):
        self.source = _source(source, self.what)
        parser = _Parser(self.source, self.what, self.arith)
        self._run = parser.parse()
        self.names = frozenset(parser.names)
        # bare names compared with another name, or listed: probably unquoted text
        self.texts = frozenset(parser.texts)

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.source!r})"

    def _evaluate(self, context):
        """Run the parsed tree, turning every failure into an ExprError naming the source."""
        try:
            return self._run(context)
        except ZeroDivisionError:
            raise ExprError(f"'{self.source}': division by zero") from None
        except OverflowError:
            raise ExprError(f"'{self.source}': a number is too large") from None
        except _Fault as fault:
            raise ExprError(f"'{self.source}': {fault}") from None


class Condition(_Expr):
    """A layout element's `when`, e.g. `level >= 3 and 'Stealth' in attributes`."""

    what = "condition"

    def __init__(self, source: str):
        source = _source(source, self.what)
        if "{" in source:
            bare = source.replace("{", "").replace("}", "")
            raise ExprError(f"cannot read condition '{source}': write '{bare}', without braces")
        super().__init__(source)

    def holds(self, context: dict) -> bool:
        """Missing names read as None; incompatible comparisons are False."""
        return bool(self._evaluate(context))


class Arith(_Expr):
    """A length such as `w - 6`, `h / 2 + bleed` or `{size} * 2`, evaluated per item."""

    what, arith = "length", True

    def evaluate(self, context: dict) -> float:
        """Every name must hold a number; the result must be finite."""
        value = self._evaluate(context)
        if not math.isfinite(value):
            raise ExprError(f"'{self.source}': the result is not a finite number")
        return value
