"""Field substitution (`{name}`, `{glossary.{unit}.icon}`) and `when` conditions."""

from __future__ import annotations

import ast
import operator
import re

import yaml

INNER = re.compile(r"\{([^{}]+)\}")
WHEN = re.compile(
    r"^\s*(?P<neg>not\s+)?(?P<path>[^\s=!<>]+)\s*"
    r"(?:(?P<op>==|!=|<=|>=|<|>|\bin\b|\bcontains\b)\s*(?P<lit>.+?))?\s*$"
)
MISSING = object()


class TemplateError(ValueError):
    """A `{field}` that names nothing, or a `when` that cannot be read."""


def lookup(path: str, context: dict):
    """Resolve a dotted path: item fields first, then game variables."""
    value = context
    for part in path.strip().split("."):
        if isinstance(value, dict):
            value = value.get(part, value.get(_as_int(part), MISSING))
        elif isinstance(value, list) and _as_int(part) is not None:
            index = _as_int(part)
            value = value[index] if -len(value) <= index < len(value) else MISSING
        else:
            value = MISSING
        if value is MISSING:
            raise TemplateError(f"'{{{path}}}' names no field")
    return value


def _as_int(text: str):
    try:
        return int(text)
    except ValueError:
        return None


def substitute(text, context: dict):
    """Replace `{path}` templates, innermost first. A string that is exactly
    one template keeps the value's own type (a number stays a number)."""
    if not isinstance(text, str) or "{" not in text:
        return text
    while True:
        whole = INNER.fullmatch(text)
        if whole and "{" not in whole.group(1):
            return lookup(whole.group(1), context)
        found = INNER.search(text)
        if not found:
            return text
        value = lookup(found.group(1), context)
        text = text[: found.start()] + _text(value) + text[found.end():]


def _text(value) -> str:
    if value is None:
        return ""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    if isinstance(value, list):
        return ", ".join(map(_text, value))
    return str(value)


def parse_when(expr) -> tuple:
    """Parse a condition once: (negated, path, op, literal)."""
    if isinstance(expr, bool):
        return (not expr, "", "const", None)
    found = WHEN.match(str(expr))
    if not found:
        raise TemplateError(
            f"cannot read condition '{expr}': write 'field', 'not field' or "
            "'field OP value' with OP one of == != < <= > >= in contains")
    lit = found.group("lit")
    literal = yaml.safe_load(lit) if lit is not None else None
    return (bool(found.group("neg")), found.group("path"), found.group("op"), literal)


def holds(when: tuple, context: dict) -> bool:
    negated, path, op, literal = when
    if op == "const":
        return not negated
    try:
        value = lookup(path, context)
    except TemplateError:
        value = None
    result = _compare(value, op, literal)
    return not result if negated else result


def _compare(value, op, literal) -> bool:
    if op is None:
        return bool(value)
    try:
        if op == "==":
            return value == literal
        if op == "!=":
            return value != literal
        if op == "in":
            return value in literal
        if op == "contains":
            return literal in (value or ())
        if value is None:
            return False
        return {"<": value < literal, "<=": value <= literal,
                ">": value > literal, ">=": value >= literal}[op]
    except TypeError:
        return False


class Expr:
    """Arithmetic on sizes, e.g. `w - 6` or `h / 2 + bleed`, evaluated per item.

    Names are the item's numeric fields plus w, h (trim size) and bleed."""

    OPS = {ast.Add: operator.add, ast.Sub: operator.sub, ast.Mult: operator.mul,
           ast.Div: operator.truediv}

    def __init__(self, source: str):
        self.source = source
        try:
            self.tree = ast.parse(source.replace("{", "(").replace("}", ")"), mode="eval").body
        except SyntaxError:
            raise TemplateError(f"cannot read '{source}' as a length or arithmetic") from None
        for node in ast.walk(self.tree):
            if not isinstance(node, (ast.BinOp, ast.UnaryOp, ast.Constant, ast.Name,
                                     ast.Attribute, ast.operator, ast.unaryop, ast.Load)):
                raise TemplateError(f"'{source}': only + - * / on numbers and fields")
            if isinstance(node, ast.BinOp) and type(node.op) not in self.OPS:
                raise TemplateError(f"'{source}': only + - * / on numbers and fields")

    def __repr__(self) -> str:
        return f"Expr({self.source!r})"

    def evaluate(self, context: dict) -> float:
        return float(self._eval(self.tree, context))

    def _eval(self, node, context):
        if isinstance(node, ast.Constant) and isinstance(node.value, (int, float)):
            return node.value
        if isinstance(node, ast.UnaryOp):
            value = self._eval(node.operand, context)
            return -value if isinstance(node.op, ast.USub) else value
        if isinstance(node, ast.BinOp):
            return self.OPS[type(node.op)](self._eval(node.left, context),
                                           self._eval(node.right, context))
        path = ast.unparse(node)
        value = lookup(path, context)
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise TemplateError(f"'{path}' in '{self.source}' is not a number")
        return value
