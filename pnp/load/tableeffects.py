"""A table's effects and expressions, checked against what the table declares.

Effects are written in six places (setup, a phase's start and end, the turn's and the
round's hooks, triggers, cards) with one vocabulary; each is normalised here into the
plain dict the companion's engine runs (contract section 2): zones named by role are
resolved to ids, amounts are kept as their source text, and every expression is compiled
once and its names checked, so that a typo is an error at its place and not a silent 0
at the table.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from pnp.load.errors import Mark, Problems, unknown_ref
from pnp.load.expr import Arith, Condition, ExprError
from pnp.load.yamlload import YMap

GAME_NAMES = ("round", "turn", "players", "seat")  # what every expression may read
# a number with a decimal point, not part of a name (card.power.2 reads item 2)
DECIMAL = re.compile(r"(?<![A-Za-z0-9_.])[0-9]*\.[0-9]+")
# zone roles an effect falls back on when it names no zone: (op, key) -> role
DEFAULT_ROLE = {("draw", "from"): "pile", ("draw", "to"): "hand",
                ("deal", "from"): "pile", ("deal", "to"): "hand",
                ("discard", "from"): "hand", ("discard", "to"): "discard"}


class Amount(Arith):
    """A number an effect uses (`by: card.power + 1`): pnp's arithmetic, named so."""

    what = "amount"


@dataclass
class Declared:
    """What an effect or expression may name: the table's counters, zones and dice, and
    per card component its field names (`card.<field>` in that component's effects)."""

    counters: dict  # id -> normalised counter
    zones: dict  # id -> normalised zone
    roles: dict  # role -> zone id
    dice: tuple
    card_fields: dict = field(default_factory=dict)  # component id -> field names

    def names(self, card: str | None) -> set:
        known = {*self.counters, *self.zones, *GAME_NAMES}
        if card is not None:
            known |= {f"card.{name}" for name in self.card_fields.get(card, ())}
        return known

    def per_player(self, names) -> bool:
        """Whether an expression reads a player's own counter or zone."""
        return any((self.counters.get(n) or self.zones.get(n) or {}).get("per") == "player"
                   for n in names)


class EffectReader:
    """Normalises effects, adding every problem to `problems` at its place."""

    def __init__(self, declared: Declared, problems: Problems):
        self.declared = declared
        self.problems = problems

    # -- expressions -----------------------------------------------------------
    def expression(self, source: str, mark: Mark, card: str | None, kind=Amount):
        """The source text, compiled and its names checked; None when wrong."""
        try:
            compiled = kind(source)
        except ExprError as exc:
            self.problems.add(mark, str(exc).replace("a length uses", "an amount uses"))
            return None
        known = self.declared.names(card)
        unknown = compiled.names - known
        if card is not None and card not in self.declared.card_fields:
            # effects of a component that is no deck (or not declared): that is the
            # error, reported at its id; its card.<field> names are not blamed again
            unknown = {name for name in unknown if not name.startswith("card.")}
        bad = False
        if kind is Amount and DECIMAL.search(source):
            self.problems.add(mark, f"amount '{source}': counters hold whole numbers, "
                              "write 1 or 2, not 1.5")
            bad = True
        for name in sorted(unknown):
            self.problems.add(mark, self.unknown_name(name, compiled, known, card))
            bad = True
        return None if bad else compiled

    def unknown_name(self, name: str, compiled, known: set, card: str | None) -> str:
        message = unknown_ref("name", name, known)
        if name in compiled.texts:
            return message + f" (text? put it in quotes: '{name}')"
        if name.startswith("card.") and card is None:
            return message + " (card.<field> is for a card's own effects, under `effects:`)"
        if name.startswith("card."):
            return message + (f" (the fields of '{card}': "
                              f"{', '.join(sorted(self.declared.card_fields[card]))})")
        shown = sorted(n for n in known if not n.startswith("card."))
        return message + f" (names: {', '.join(shown)})"

    def condition(self, source, mark: Mark, card: str | None):
        compiled = self.expression(source, mark, card, Condition) if source is not None \
            else None
        return compiled

    # -- effects ---------------------------------------------------------------
    def effects(self, checked: list, raw, mark: Mark, card: str | None = None) -> list:
        """A list of effects as written (one effect alone counts as a list of one)."""
        if not checked:  # none written (the default)
            return []
        raws = raw if isinstance(raw, list) else [raw]
        marks = getattr(raw, "marks", None) or [getattr(raw, "mark", mark)] * len(raws)
        return [self.effect(one, r, m, card)
                for one, r, m in zip(checked, raws, marks, strict=True)]

    def effect(self, checked: dict, raw, mark: Mark, card: str | None) -> dict:
        op = checked["op"]

        def at(key):
            return raw.mark_of(key) if isinstance(raw, YMap) and key in raw else mark

        out = {"op": op, "when": checked.get("when")}
        if out["when"] is not None:
            self.condition(out["when"], at("when"), card)
        if op == "change":
            self.change(checked, out, at, card)
        elif op in ("draw", "deal", "discard"):
            out["count"] = checked[op] if checked[op] is not None else "1"
            self.expression(out["count"], at(op), card)
            for key in ("from", "to"):
                out[key] = self.zone(checked[key], at(key), op, key)
            if op == "draw":
                out["who"] = checked["who"]
            if op == "deal" and out["to"] in self.declared.zones and \
                    self.declared.zones[out["to"]]["per"] != "player":
                self.problems.add(at("to") if checked["to"] else mark,
                                  f"deal gives each player cards: its zone '{out['to']}' "
                                  "must be per: player")
        elif op == "move":
            out["to"] = self.zone(checked["move"], at("move"), op, "move")
            if card is None:
                self.problems.add(mark, "move moves the card the effect belongs to: it is "
                                  "for a card's own effects, under `effects:`")
        elif op == "roll":
            out["die"] = checked["roll"]
            if checked["roll"] not in self.declared.dice:
                self.problems.add(at("roll"), unknown_ref("die", checked["roll"],
                                                          self.declared.dice)
                                  + " (a die is declared under the table's `dice:`)")
            out["into"] = checked["into"]
            if checked["into"] is not None:
                self.counter(checked["into"], at("into"))
        elif op == "shuffle":
            out["zone"] = self.zone(checked["shuffle"], at("shuffle"), op, "shuffle")
        return out

    def change(self, checked: dict, out: dict, at, card: str | None) -> None:
        out["counter"] = checked["change"]
        self.counter(checked["change"], at("change"))
        by, to = checked["by"], checked["to"]
        if (by is None) == (to is None):
            self.problems.add(at("change"), "change needs either `by:` (added) or `to:` "
                              "(set), one of them")
        out["by"], out["to"] = by, to
        for key in ("by", "to"):
            if checked[key] is not None:
                self.expression(checked[key], at(key), card)
        out["who"] = checked["who"]

    def counter(self, name, mark: Mark) -> None:
        if name not in self.declared.counters:
            self.problems.add(mark, unknown_ref("counter", name, self.declared.counters))

    def zone(self, name, mark: Mark, op: str, key: str):
        """A zone's id as written, or the zone holding the role the effect defaults to."""
        if name is None:
            role = DEFAULT_ROLE.get((op, key))
            if role is None:
                self.problems.add(mark, f"{op} needs a zone")
                return None
            if role not in self.declared.roles:
                self.problems.add(mark, f"{op} names no `{key}:` zone and no zone has "
                                  f"role: {role}; give `{key}: ZONE` or a zone that role")
                return None
            return self.declared.roles[role]
        if name not in self.declared.zones:
            self.problems.add(mark, unknown_ref("zone", name, self.declared.zones))
        return name
