"""The schema of a game's `table:` section: what the companion needs to keep the game.

Only shapes live here (which keys, which types, which words), in pnp's one schema
language, so a table is checked like every other part of game.yaml. What the shapes
cannot say (a zone named by an effect exists, an expression's names are known, a card
component sits in one zone) is checked in pnp.load.table, which reads these records.
"""

from __future__ import annotations

import difflib
import re

from pnp.load.schema import Bool, Int, ListOf, MapOf, OneOf, Opt, Record, Spec, Str
from pnp.load.yamlload import YMap

# names an expression can read: letters, digits and _, not starting with a digit
NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
name_spec = Str(pattern=NAME, expected="a name of letters, digits and _ (e.g. hit_points)")
WHO = ("self", "each", "others", "next")
SHOW = ("hidden", "private", "public")
ROLES = ("pile", "discard", "hand", "play", "removed")
OPS = ("change", "draw", "deal", "discard", "move", "roll", "shuffle", "out", "end")
WORDS = ("out", "end")  # the effects written as a bare word
# the operations of the companion's actions that a phase's `allows` may list
OPERATIONS = ("change", "draw", "deal", "shuffle", "play", "discard", "move", "reveal",
              "return", "roll")
LIMIT_AT = ("end_of_turn", "end_of_round")
MAX_ROUNDS = 10_000

amount = Str(expected="a whole number or an expression like 'card.power + 1'")
condition = Str(expected="a condition like 'hp <= 0'")
ref = Str()  # an id checked against the declaration in pnp.load.table

# Each effect's own keys, beside the one that names it and `when`.
EFFECT_KEYS = {
    "change": {"change": Opt(ref), "by": Opt(amount), "to": Opt(amount),
               "who": Opt(Str(choices=WHO), default="self")},
    "draw": {"draw": Opt(amount), "from": Opt(ref), "to": Opt(ref),
             "who": Opt(Str(choices=WHO), default="self")},
    "deal": {"deal": Opt(amount), "from": Opt(ref), "to": Opt(ref)},
    "discard": {"discard": Opt(amount), "from": Opt(ref), "to": Opt(ref)},
    "move": {"move": Opt(ref)},
    "roll": {"roll": Opt(ref), "into": Opt(ref)},
    "shuffle": {"shuffle": Opt(ref)},
    "out": {"out": Opt(Bool())},  # {out: true, when: ...}: the bare word with a condition
    "end": {"end": Opt(Bool())},
}


class Effect(Spec):
    """One effect: a bare word (`out`, `end`) or a mapping with exactly one operation
    key. Returns {"op": ..., "when": ..., and that operation's keys as written}."""

    expected = (f"an effect: a mapping with one of {', '.join(OPS[:-2])} "
                "(e.g. {draw: 1}), or the word out or end")

    def clean(self, value, mark, problems):
        if isinstance(value, str) and value in WORDS:
            return {"op": value, "when": None}
        if not isinstance(value, dict):
            if isinstance(value, str):
                problems.add(mark, f"'{value}' is not an effect: only out and end are "
                             "written alone; the others are mappings, e.g. {draw: 1}")
                return None
            return self.wrong(value, mark, problems)
        ops = [key for key in value if key in EFFECT_KEYS]
        if len(ops) != 1:
            problems.add(mark, _not_one(value, ops))
            return None
        op = ops[0]
        fields = {**EFFECT_KEYS[op], "when": Opt(condition)}
        checked = Record(fields, what=f"a '{op}' effect").check(value, mark, problems)
        if checked is None:
            return None
        if op in WORDS and checked[op] is False:
            key_mark = value.mark_of(op) if isinstance(value, YMap) else mark
            problems.add(key_mark, f"'{op}: false' does nothing: leave the effect out")
            return None
        return {"op": op, **checked}


def _not_one(value: dict, ops: list) -> str:
    """Why a mapping is not one effect: two operations, or none (with the closest)."""
    if ops:
        return (f"an effect does one thing, this one has {len(ops)}: {', '.join(ops)}; "
                "write them as two entries of the list")
    close = [difflib.get_close_matches(str(key), OPS, n=1) for key in value]
    hint = next((f"; did you mean '{c[0]}'?" for c in close if c), "")
    return f"an effect needs one of {', '.join(OPS)}{hint}"


class Effects(Spec):
    """An effect or a list of them, always returned as a list."""

    expected = "an effect or a list of effects"

    def clean(self, value, mark, problems):
        if isinstance(value, list):
            return ListOf(effect).check(value, mark, problems)
        one = effect.check(value, mark, problems)
        return None if one is None else [one]


effect = Effect()
effects = Effects()

COUNTER = Record({
    "id": Opt(name_spec, required=True),
    "name": Opt(Str()),
    "per": Opt(Str(choices=("player", "shared")), default="player"),
    "start": Opt(Int(), default=0),
    "min": Opt(Int()),
    "max": Opt(Int()),
    "step": Opt(Int(min=1), default=1),
    "track": Opt(Str()),
    "token": Opt(Str()),
}, what="counter")

ZONE = Record({
    "id": Opt(name_spec, required=True),
    "name": Opt(Str()),
    "cards": Opt(ListOf(Str()), default=[]),
    "per": Opt(Str(choices=("shared", "player")), default="shared"),
    "show": Opt(Str(choices=SHOW)),
    "role": Opt(Str(choices=ROLES)),
    "shuffle": Opt(Bool()),
}, what="zone")

PHASE = Record({
    "id": Opt(name_spec, required=True),
    "name": Opt(Str()),
    "allows": Opt(ListOf(Str(choices=OPERATIONS))),
    "max": Opt(MapOf(Int(min=1), key=Str(choices=OPERATIONS)), default={}),
    "start": Opt(effects, default=[]),
    "end": Opt(effects, default=[]),
}, what="phase")

TURNS = Record({
    "phases": Opt(ListOf(PHASE, min=1)),
    "start_of_turn": Opt(effects, default=[]),
    "end_of_turn": Opt(effects, default=[]),
    "end_of_round": Opt(effects, default=[]),
}, what="turns")

TRIGGER = Record({"when": Opt(condition, required=True),
                  "do": Opt(effects, required=True)}, what="trigger")
LIMIT = Record({"zone": Opt(ref, required=True),
                "max": Opt(Int(min=0), required=True),
                "at": Opt(Str(choices=LIMIT_AT), default="end_of_turn")}, what="limit")
RULES = Record({"triggers": Opt(ListOf(TRIGGER), default=[]),
                "limits": Opt(ListOf(LIMIT), default=[])}, what="rules")

WINNER = OneOf((
    Str(choices=("last_standing",)),
    Record({"highest": Opt(ref), "lowest": Opt(ref), "first_to": Opt(ref),
            "value": Opt(Int())}, what="winner"),
), expected="last_standing, {highest: COUNTER}, {lowest: COUNTER} or "
             "{first_to: COUNTER, value: N}")
END = Record({
    "when": Opt(condition),
    "winner": Opt(WINNER, default="last_standing"),
    "rounds": Opt(Int(min=1, max=MAX_ROUNDS), default=100),
}, what="end")

PLAYERS = Record({
    "names": Opt(ListOf(Str(), min=1)),
    "colors": Opt(OneOf((Str(), ListOf(Str(), min=1)),
                        expected="a var holding colours, or a list of colours")),
    "teams": Opt(Int(min=2)),
    "first": Opt(Str(pattern=re.compile(r".*\S.*", re.S),
                     expected="chosen, random or who starts in words "
                              "(e.g. the youngest player)"), default="chosen"),
    "order": Opt(Str(choices=("clockwise", "counterclockwise")), default="clockwise"),
}, what="players")

TABLE = Record({
    "players": Opt(PLAYERS, default=None),
    "counters": Opt(ListOf(COUNTER), default=[]),
    "zones": Opt(ListOf(ZONE), default=[]),
    "dice": Opt(ListOf(Str()), default=[]),
    "setup": Opt(effects, default=[]),
    "turns": Opt(TURNS, default=None),
    "rules": Opt(RULES, default=None),
    "effects": Opt(MapOf(effects), default={}),
    "end": Opt(END, default=None),
}, what="table")

# game.yaml's `table:` key: the section itself or a YAML file in the game folder
TABLE_ENTRY = OneOf((Str(), TABLE), expected="the table section (a mapping) or the name "
                    "of a YAML file in the game folder that holds it")
