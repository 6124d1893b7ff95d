"""Field substitution: `{name}`, `{glossary.{unit}.icon}` (conditions and
arithmetic lengths are pnp.expr's)."""

from __future__ import annotations

import re

from pnp import expr

INNER = re.compile(r"\{([^{}]+)\}")
MAX_NESTING = 8


class TemplateError(ValueError):
    """A `{field}` that names nothing."""


def lookup(path: str, context: dict):
    """Resolve a dotted path: item fields first, then game variables."""
    try:
        return expr.lookup(path, context)
    except KeyError:
        raise TemplateError(f"'{{{path}}}' names no field") from None


def substitute(text, context: dict):
    """Replace `{path}` templates, innermost first. A string that is exactly
    one template keeps the value's own type (a number stays a number)."""
    if not isinstance(text, str) or "{" not in text:
        return text
    for _ in range(MAX_NESTING):
        whole = INNER.fullmatch(text)
        if whole:
            return lookup(whole.group(1), context)
        done = INNER.sub(lambda found: _text(lookup(found.group(1), context)), text)
        if done == text:
            return text
        text = done
    raise TemplateError(f"templates nested more than {MAX_NESTING} deep in '{text[:60]}'")


def _text(value) -> str:
    if value is None:
        return ""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    if isinstance(value, list):
        return ", ".join(map(_text, value))
    return str(value)
