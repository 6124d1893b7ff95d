"""Item fields: the spec of a declared field type, and a component's count rules."""

from __future__ import annotations

import difflib
import re
from collections import Counter

from pnp.load.errors import Mark, Problems
from pnp.load.schema import Any_, Bool, Int, ListOf, MapOf, Num, Opt, Spec, Str


def field_spec(field_def) -> Opt:
    """The spec that checks an item's value of a field declared in `fields`."""
    if isinstance(field_def, str):
        field_def = {"type": field_def, "required": True}
    kind = field_def["type"]
    choices = tuple(field_def.get("choices") or ()) or None
    bounds = {k: field_def.get(k) for k in ("min", "max")}
    item_choices = tuple(field_def.get("item_choices") or ()) or None
    entry = Any_()
    if item_choices:
        entry = Str(choices=item_choices)
    elif field_def.get("item_pattern"):
        entry = matching(field_def["item_pattern"], field_def.get("means"))
    spec = {
        "int": lambda: Int(multiple_of=field_def.get("multiple_of"),
                           **{k: None if v is None else int(v) for k, v in bounds.items()}),
        "number": lambda: Num(**bounds),
        "text": lambda: matching(field_def["pattern"], field_def.get("means"))
        if field_def.get("pattern") else Str(),
        "bool": Bool,
        "list": lambda: ListOf(entry, max=field_def.get("max_items")),
        "map": lambda: MapOf(Any_()),
        "any": Any_,
    }[kind]()
    if choices:
        spec = ChoiceOf(spec, choices)
    return Opt(spec, required=field_def.get("required", True))


# the options each field type takes beside `type` and `required`: any other is refused,
# since it would be ignored (a pattern on a number would check nothing)
OPTIONS = {"text": {"choices", "pattern", "means"},
           "int": {"min", "max", "multiple_of", "choices"},
           "number": {"min", "max", "choices"}, "bool": {"choices"},
           "list": {"items", "max_items", "item_choices", "item_pattern", "means"},
           "map": set(), "any": set()}


def check_field_options(fields, raw_fields, problems: Problems) -> None:
    """Options that do not apply to their field's type, or `means` without a pattern."""
    for name, field_def in fields.items():
        if isinstance(field_def, str):
            continue
        where = raw_fields[name] if hasattr(raw_fields.get(name), "mark_of") else raw_fields
        set_ = {k for k, v in field_def.items() if v is not None} - {"type", "required"}
        for option in sorted(set_ - OPTIONS[field_def["type"]]):
            problems.add(where.mark_of(option), f"field '{name}': '{option}' does not apply "
                         f"to {field_def['type']} fields")
        if "means" in set_ and not set_ & {"pattern", "item_pattern"}:
            problems.add(where.mark_of("means"), f"field '{name}': 'means' describes a "
                         "pattern, and there is none")


def matching(pattern: str, means: str | None) -> Str:
    """Text that the regular expression `pattern` matches as a whole."""
    return Str(pattern=re.compile(pattern),
               expected=means or f"text matching the pattern {pattern}")


def check_rules(comp, rules: dict, mark: Mark, problems: Problems) -> None:
    """A component's `rules` over its items, copies counted."""
    named = set(rules["unique"]) | {p["field"] for p in rules["per"] or []}
    named |= {e["field"] for e in (rules["copies"] or {}).get("except", [])}
    named |= set(rules["only"] or {})
    unknown = sorted(named - set(comp.fields) - {"id"})
    if unknown:  # a typo here would make the rule pass silently
        problems.add(mark, f"rules name fields '{comp.id}' does not declare: "
                     f"{', '.join(unknown)}")
        return
    total = sum(item.copies for item in comp.items)
    if rules["count"] is not None and total != rules["count"]:
        problems.add(mark, f"'{comp.id}' must have {rules['count']} cards, has {total}")
    for key in rules["unique"]:
        seen: dict = {}
        for item in comp.items:
            value = hashable(item.fields.get(key))
            if value in seen:
                problems.add(item.mark, f"'{key}' must be unique in '{comp.id}': "
                             f"'{value}' also at line {seen[value].line}")
            else:
                seen[value] = item.mark
    for per in rules["per"] or []:
        check_per(comp, per, mark, problems)
    if rules["copies"]:
        check_copies(comp, rules["copies"], problems)
    for key, allowed in (rules["only"] or {}).items():
        for item in comp.items:
            if item.fields.get(key) not in allowed:
                shown = ", ".join("none" if v is None else str(v) for v in allowed)
                problems.add(item.mark, f"'{item.id}': {key} "
                             f"{item.fields.get(key)!r} does not belong in '{comp.id}' "
                             f"(only {shown})")


def check_per(comp, per: dict, mark: Mark, problems: Problems) -> None:
    """Copies per value of a field: the same `count` for every value, or `counts`."""
    counts = Counter()
    for item in comp.items:
        counts[hashable(item.fields.get(per["field"]))] += item.copies
    if (per["count"] is None) == (per["counts"] is None):
        problems.add(mark, "a per rule takes either 'count' or 'counts'")
        return
    if per["counts"] is not None:
        wanted = {str(k): v for k, v in per["counts"].items()}
        have = {str(k): v for k, v in counts.items()}
        for value in sorted(set(wanted) | set(have)):
            if have.get(value, 0) != wanted.get(value, 0):
                problems.add(mark, f"'{comp.id}' must have {wanted.get(value, 0)} cards with "
                             f"{per['field']} {value}, has {have.get(value, 0)}")
        return
    for value, count in sorted(counts.items(), key=lambda kv: str(kv[0])):
        if count != per["count"]:
            problems.add(mark, f"'{comp.id}' must have {per['count']} cards per "
                         f"{per['field']}, has {count} with {per['field']} {value}")


def check_copies(comp, rule: dict, problems: Problems) -> None:
    """Deckbuilding limits: at most `max` copies of an item, unless the first
    exception its fields match sets another limit (or none)."""
    for item in comp.items:
        limit, why = rule["max"], ""
        for exc in rule["except"]:
            value = item.fields.get(exc["field"])
            if exc["has"] == value or (isinstance(value, list) and exc["has"] in value):
                limit, why = exc["max"], f" ({exc['has']})"
                break
        if limit is not None and item.copies > limit:
            problems.add(item.mark, f"'{item.id}' has {item.copies} copies; "
                         f"'{comp.id}' allows at most {limit}{why}")


class ChoiceOf(Spec):
    """A typed value that must also be one of a fixed set."""

    def __init__(self, inner: Spec, choices: tuple):
        self.inner, self.choices = inner, choices

    def clean(self, value, mark, problems):
        value = self.inner.clean(value, mark, problems)
        if value is not None and value not in self.choices:
            close = difflib.get_close_matches(str(value), list(map(str, self.choices)), n=1)
            hint = f" (did you mean '{close[0]}'?)" if close else ""
            problems.add(mark, f"{value!r} is not one of: "
                         f"{', '.join(map(str, self.choices))}{hint}")
            return None
        return value


def hashable(value):
    """A field value as a dictionary key (lists and mappings become their text)."""
    return repr(value) if isinstance(value, (list, dict)) else value
