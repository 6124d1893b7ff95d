"""Item fields: the spec of a declared field type, and a component's count rules."""

from __future__ import annotations

import difflib
from collections import Counter

from pnp.errors import Mark, Problems
from pnp.schema import Any_, Bool, Int, ListOf, MapOf, Num, Opt, Spec, Str


def field_spec(field_def) -> Opt:
    """The spec that checks an item's value of a field declared in `fields`."""
    if isinstance(field_def, str):
        field_def = {"type": field_def, "required": True}
    kind = field_def["type"]
    choices = tuple(field_def.get("choices") or ()) or None
    bounds = {k: field_def.get(k) for k in ("min", "max")}
    item_choices = tuple(field_def.get("item_choices") or ()) or None
    spec = {
        "int": lambda: Int(multiple_of=field_def.get("multiple_of"),
                           **{k: None if v is None else int(v) for k, v in bounds.items()}),
        "number": lambda: Num(**bounds),
        "text": lambda: Str(),
        "bool": Bool,
        "list": lambda: ListOf(Str(choices=item_choices) if item_choices else Any_(),
                               max=field_def.get("max_items")),
        "map": lambda: MapOf(Any_()),
        "any": Any_,
    }[kind]()
    if choices:
        spec = ChoiceOf(spec, choices)
    return Opt(spec, required=field_def.get("required", True))


def check_rules(comp, rules: dict, mark: Mark, problems: Problems) -> None:
    """A component's `rules` over its items, copies counted."""
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
        counts = Counter()
        for item in comp.items:
            counts[hashable(item.fields.get(per["field"]))] += item.copies
        for value, count in sorted(counts.items(), key=lambda kv: str(kv[0])):
            if count != per["count"]:
                problems.add(mark, f"'{comp.id}' must have {per['count']} cards per "
                             f"{per['field']}, has {count} with {per['field']} {value}")


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
