"""Field substitution: `{name}`, `{glossary.{unit}.icon}` (conditions and
arithmetic lengths are pnp.load.expr's)."""

from __future__ import annotations

import re
from typing import NamedTuple

from pnp.load import expr

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


def whole_path(text, context: dict) -> str | None:
    """The path a value that is exactly one template (after the innermost ones are
    filled in: `{suit_colors.{suit}}` -> 'suit_colors.moon') was looked up by; None for
    anything else. Says where a bad value came from (pnp.load.origins)."""
    if not isinstance(text, str) or "{" not in text:
        return None
    try:
        for _ in range(MAX_NESTING):
            whole = INNER.fullmatch(text)
            if whole:
                return whole.group(1)
            done = INNER.sub(lambda found: _text(lookup(found.group(1), context)), text)
            if done == text:
                return None
            text = done
    except TemplateError:
        return None
    return None


def culprit(text, context: dict):
    """Why a template names nothing when a value read inside it is no entry of the
    outer one (`{suit_colors.{suit}}` with suit 'mon'): (the inner template, its
    value, the outer path it is missing from, that mapping or list); else None."""
    if not isinstance(text, str):
        return None
    inner = {}
    for found in INNER.finditer(text):
        try:
            inner[found.group(0)] = _text(lookup(found.group(1), context))
        except TemplateError:
            return None  # that one names nothing itself: its own message says so
    outer = INNER.sub(lambda found: inner[found.group(0)], text)
    for found in INNER.finditer(outer):
        parts = found.group(1).strip().split(".")
        for i in range(1, len(parts)):
            head = ".".join(parts[:i])
            try:
                container = expr.lookup(head, context)
                expr.lookup(f"{head}.{parts[i]}", context)
                continue
            except KeyError:
                pass
            named = [template for template, value in inner.items() if value == parts[i]]
            if named and isinstance(container, dict | list):
                return named[0], parts[i], head, container
            return None
    return None


def unbalanced(text: str) -> str | None:
    """What is wrong with the braces of a template, or None: a '{' never closed (or a '}'
    never opened) would print literally, since there is no escape."""
    opened = []
    for at, char in enumerate(text, start=1):
        if char == "{":
            opened.append(at)
        elif char == "}":
            if not opened:
                return f"the '}}' at character {at} closes no '{{'"
            if text[at - 2] == "{":
                return f"'{{}}' at character {at - 1} names no field"
            opened.pop()
    if opened:
        return f"the '{{' at character {opened[-1]} is never closed (a template is '{{field}}')"
    return None


def _text(value) -> str:
    if value is None:
        return ""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    if isinstance(value, list):
        return ", ".join(map(_text, value))
    return str(value)


class Line(NamedTuple):
    """One of a text element's `lines`: a template, kept when its condition holds and
    it says something; with `each`, one paragraph per entry of that list, the entry's
    keys (or `{value}`) read before the card's."""

    text: str
    when: object = None  # an expr.Condition
    each: str | None = None


MARKUP = re.compile(r"[*_\s\u00a0»:·,;.\-]+")


def join_lines(lines, context: dict) -> str:
    """The paragraphs of `lines` that have content, one per line."""
    out = []
    for line in lines:
        if line.when is not None and not line.when.holds(context):
            continue
        if line.each is None:
            entries = [None]
        else:
            value = lookup(line.each, context)
            entries = value if isinstance(value, list) else [] if value is None else [value]
        for entry in entries:
            scope = context if entry is None else {**context, **entry} if isinstance(
                entry, dict) else {**context, "value": entry}
            text = _text(substitute(line.text, scope))
            if MARKUP.sub("", text):  # a line of nothing but markup is left out
                out.append(text)
    return "\n".join(out)
