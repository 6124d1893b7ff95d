"""A game's `table:`: checked against the game and normalised for the companion.

The shapes are checked by the one schema (pnp.load.tablespec, part of game.yaml's);
here come the checks that need the whole game (components, their items and fields,
vars) and the filling of every default, so that the companion's engine reads plain
data (contract section 2) and never meets a name nobody declared.
"""

from __future__ import annotations

import re

from pnp.load.errors import Mark, Problems, unknown_ref
from pnp.load.expr import KEYWORDS
from pnp.load.tableeffects import GAME_NAMES, Declared, EffectReader
from pnp.load.tabletypes import PALETTE, die_faces, plain, player_colours, player_range
from pnp.load.yamlload import YMap

RESERVED = {*GAME_NAMES, "card", *KEYWORDS}
DIE = re.compile(r"d([0-9]+)")
MAX_DIE = 100
# the least a counter goes when its `min` is not declared: a score, coins, hit points,
# cards to draw go no lower than nothing (a negative `min` lets a counter go below)
LEAST = 0


def read_table(loader, checked, raw, mark: Mark, game, known_components) -> dict | None:
    """game.yaml's `table:` (the section, or a file named there) as plain data, or None
    when there is none or anything in it is wrong (its problems are in loader.problems).
    `known_components`: every component id written, loaded or not, so that a component
    that failed to load is not reported unknown a second time."""
    if checked is None:
        return None
    if isinstance(checked, str):
        from pnp.load.tablespec import TABLE

        path = loader.inside(checked, mark, "table file")
        loaded = loader.mapping_file(path, TABLE) if path else None
        if loaded is None:
            return None
        raw, checked = loaded
        mark = raw.mark
    before = loader.problems.raised
    table = Table(game, raw, mark, loader.problems, known_components).read(checked)
    return None if loader.problems.since(before) else table


def _child(node, key):
    """(value, its mark or None) of a YAML mapping's key or a list's index, or None."""
    if isinstance(node, dict) and key in node:
        return node[key], node.mark_of(key) if isinstance(node, YMap) else None
    if isinstance(node, list) and isinstance(key, int) and key < len(node):
        return node[key], node.marks[key] if hasattr(node, "marks") else None
    return None


def written_ids(components) -> set:
    """Every component id game.yaml writes, whether its component loaded or not."""
    return {str(c["id"]) for c in components if isinstance(c, dict) and "id" in c}


class Table:
    """One table's checks; each method reads one part of it."""

    def __init__(self, game, raw, mark: Mark, problems: Problems, known_components):
        self.game = game
        self.raw = raw
        self.mark = mark
        self.problems = problems
        self.known = set(known_components)
        self.components = {c.id: c for c in game.components}

    def at(self, *path) -> Mark:
        """The mark of a value by its path of keys and list indexes (the nearest one)."""
        node, mark = self.raw, self.mark
        for key in path:
            found = _child(node, key)
            if found is None:
                break
            node, mark = found[0], found[1] or mark
        return mark

    def raw_of(self, *path):
        """The value as written at a path of keys and list indexes, or None."""
        node = self.raw
        for key in path:
            found = _child(node, key)
            if found is None:
                return None
            node = found[0]
        return node

    def read(self, checked: dict) -> dict:
        counters = self.counters(checked["counters"])
        zones = self.zones(checked["zones"], counters)
        dice = self.dice(checked["dice"])
        cards = self.cards(zones, checked["effects"])
        declared = Declared(
            counters={c["id"]: c for c in counters}, zones={z["id"]: z for z in zones},
            roles={z["role"]: z["id"] for z in zones if z["role"]},
            dice=tuple(d["id"] for d in dice),
            card_fields={c.id: {*c.fields, "id", "name"} for c in self.game.components
                         if c.kind == "deck"})
        reader = EffectReader(declared, self.problems)
        turns = checked["turns"] or {"phases": None, "start_of_turn": [], "end_of_turn": [],
                                     "end_of_round": []}
        rules = checked["rules"] or {"triggers": [], "limits": []}
        return {
            "players": self.players(checked["players"] or {}),
            "counters": counters,
            "zones": zones,
            "cards": cards,
            "dice": dice,
            "setup": reader.effects(checked["setup"], self.raw_of("setup"), self.at("setup")),
            "turns": self.turns(turns, reader),
            "triggers": self.triggers(rules["triggers"], reader, declared),
            "limits": self.limits(rules["limits"], declared),
            "effects": self.card_effects(checked["effects"], reader),
            "end": self.end(checked["end"], reader, declared),
        }

    # -- players -----------------------------------------------------------------
    def players(self, checked: dict) -> dict:
        low, high = player_range(self.game.players)
        colours, keys = player_colours(checked.get("colors"), self.at("players", "colors"),
                                       self.game.vars, self.problems)
        names = list(checked.get("names") or keys or [])
        spare = [c for c in PALETTE if c not in colours]
        colours += spare[:max(0, high - len(colours))]  # one for each player at least
        first = checked.get("first", "chosen")
        teams = checked.get("teams")
        if teams is not None and teams > high:
            self.problems.add(self.at("players", "teams"), f"{teams} teams, but at most "
                              f"{high} players (game.yaml's players)")
        return {"min": low, "max": high, "names": names, "colors": colours,
                "teams": teams, "first": first if first in ("chosen", "random") else "rule",
                "first_rule": None if first in ("chosen", "random") else first,
                "order": checked.get("order", "clockwise")}

    # -- counters and zones --------------------------------------------------------
    def name_taken(self, name: str, mark: Mark, seen: dict, what: str) -> bool:
        """An id must differ from every other counter's and zone's, and from the names
        expressions already have."""
        if name in RESERVED:
            self.problems.add(mark, f"'{name}' is a name every expression already has "
                              f"({', '.join(GAME_NAMES)}, card): choose another {what} id")
            return True
        if name in seen:
            self.problems.add(mark, f"'{name}' is already the id of a {seen[name]}: "
                              "counters and zones need ids of their own")
            return True
        seen[name] = what
        return False

    def counters(self, checked: list) -> list:
        out, self.ids = [], {}
        for i, c in enumerate(checked):
            self.name_taken(c["id"], self.at("counters", i, "id"), self.ids, "counter")
            low, high, start = c["min"], c["max"], c["start"]
            if low is None and start < LEAST:
                self.problems.add(self.at("counters", i, "start"),
                                  f"counter '{c['id']}': start {start} is below {LEAST}, the "
                                  f"least a counter goes when it declares no min: declare "
                                  f"min: {min(start, -10)} (or lower) to let it go below "
                                  f"{LEAST}")
            low = LEAST if low is None else low
            if high is not None and low > high:
                self.problems.add(self.at("counters", i, "max"),
                                  f"counter '{c['id']}': max {high} is below min {low}")
            elif c["min"] is not None and start < low or high is not None and start > high:
                self.problems.add(self.at("counters", i, "start"),
                                  f"counter '{c['id']}' starts at {start}, outside its "
                                  f"bounds {low}..{high if high is not None else ''}")
            if c["track"] is not None:
                self.component(c["track"], self.at("counters", i, "track"),
                               ("sheet", "tokens"),
                               "a track is a sheet or tokens component")
            if c["token"] is not None:
                self.item(c["token"], self.at("counters", i, "token"))
            out.append({"id": c["id"], "name": c["name"] or c["id"], "per": c["per"],
                        "start": start, "min": low, "max": high, "step": c["step"],
                        "track": c["track"], "token": c["token"]})
        return out

    def zones(self, checked: list, counters: list) -> list:
        out, roles, owner = [], {}, {}
        for i, z in enumerate(checked):
            self.name_taken(z["id"], self.at("zones", i, "id"), self.ids, "zone")
            if z["role"] in roles:
                self.problems.add(self.at("zones", i, "role"), f"zone '{roles[z['role']]}' "
                                  f"already has role: {z['role']}; a role names one zone")
            elif z["role"]:
                roles[z["role"]] = z["id"]
            cards = []
            for j, comp_id in enumerate(z["cards"]):
                mark = self.at("zones", i, "cards", j)
                if comp_id in owner:
                    self.problems.add(mark, f"the '{comp_id}' cards already start in zone "
                                      f"'{owner[comp_id]}': a card component starts in one "
                                      "zone")
                    continue
                owner[comp_id] = z["id"]
                comp = self.component(comp_id, mark, ("deck",),
                                      "a zone's cards come from deck components")
                if comp is not None:
                    cards += [f"{comp.id}/{item.id}#{copy}" for item in comp.items
                              for copy in range(1, item.copies + 1)]
            show = z["show"] or {"pile": "hidden", "hand": "private"}.get(z["role"], "public")
            out.append({"id": z["id"], "name": z["name"] or z["id"], "per": z["per"],
                        "show": show, "role": z["role"],
                        "shuffle": z["shuffle"] if z["shuffle"] is not None
                        else show == "hidden", "cards": cards})
        return out

    def component(self, comp_id: str, mark: Mark, kinds: tuple, what: str):
        comp = self.components.get(comp_id)
        if comp is None:
            if comp_id not in self.known:
                self.problems.add(mark, unknown_ref("component", comp_id, self.components))
            return None
        if comp.kind not in kinds:
            self.problems.add(mark, f"'{comp_id}' is a {comp.kind} component; {what}")
            return None
        return comp

    def item(self, ref: str, mark: Mark):
        """A printed item written 'component/item'."""
        comp_id, slash, item_id = ref.partition("/")
        if not slash:
            self.problems.add(mark, f"'{ref}': name an item as component/item, "
                              "e.g. tokens/score-1")
            return None
        comp = self.component(comp_id, mark, ("deck", "sheet", "tokens", "dice"), "")
        if comp is None:
            return None
        for item in comp.items:
            if item.id == item_id:
                return comp, item
        self.problems.add(mark, unknown_ref(f"item of '{comp_id}'", item_id,
                                            [i.id for i in comp.items]))
        return None

    # -- dice and cards ------------------------------------------------------------
    def dice(self, checked: list) -> list:
        out, seen = [], set()
        dice_items = {}  # item id -> every (dice component, item) of that id
        for comp in self.game.components:
            for item in comp.items if comp.kind == "dice" else ():
                dice_items.setdefault(item.id, []).append((comp, item))
        for i, ref in enumerate(checked):
            mark = self.at("dice", i)
            if ref in seen:
                self.problems.add(mark, f"die '{ref}' is listed twice")
                continue
            seen.add(ref)
            plain_die = DIE.fullmatch(ref)
            if plain_die:
                sides = int(plain_die.group(1))
                if not 2 <= sides <= MAX_DIE or plain_die.group(1) != str(sides):
                    self.problems.add(mark, f"'{ref}': a plain die has 2 to {MAX_DIE} sides, "
                                      f"written d2 to d{MAX_DIE}")
                    continue
                out.append({"id": ref, "name": ref, "piece": None,
                            "faces": [str(n) for n in range(1, sides + 1)]})
                continue
            holders = [c.id for c, i in dice_items.get(ref, ())]
            if len(holders) > 1:  # an item id alone must name one die
                self.problems.add(mark, f"die '{ref}' is in {' and '.join(holders)}: "
                                  f"write which, e.g. {holders[0]}/{ref}")
                continue
            found = self.item(ref, mark) if "/" in ref else (dice_items.get(ref) or [None])[0]
            if found is None:
                if "/" not in ref:
                    self.problems.add(mark, unknown_ref("die", ref, dice_items) +
                                      " (a printed dice item's id, or dN such as d6)")
                continue
            comp, item = found
            if comp.kind != "dice":
                self.problems.add(mark, f"'{ref}' is a {comp.kind} item, not a die")
                continue
            name = item.fields.get("name") or item.id.replace("-", " ").capitalize()
            out.append({"id": ref, "name": str(name), "piece": f"{comp.id}/{item.id}",
                        "faces": die_faces(item.faces)})
        return out

    def cards(self, zones: list, effects: dict) -> dict:
        """Every card instance of the zones' components and of the components with
        effects (in printed mode a card played is told by name, wherever it is)."""
        wanted = [cid for z in zones for cid in self.zone_components(z)]
        raw = self.raw_of("effects")
        for comp_id in effects:
            found = self.component(comp_id, raw.key_mark(comp_id), ("deck",),
                                   "effects belong to a deck's cards")
            if found is not None and comp_id not in wanted:
                wanted.append(comp_id)
        out = {}
        for comp_id in wanted:
            comp = self.components[comp_id]
            for item in comp.items:
                for copy in range(1, item.copies + 1):
                    out[f"{comp.id}/{item.id}#{copy}"] = {
                        "component": comp.id, "item": item.id,
                        "name": str(item.fields.get("name", item.id)),
                        "fields": plain(item.fields)}
        return out

    def zone_components(self, zone: dict) -> list:
        return list(dict.fromkeys(card.partition("/")[0] for card in zone["cards"]))

    # -- turns, rules, card effects, the end -------------------------------------------
    def turns(self, checked: dict, reader: EffectReader) -> dict:
        phases, seen = [], set()
        for i, p in enumerate(checked["phases"] or []):
            if p["id"] in seen:
                self.problems.add(self.at("turns", "phases", i, "id"),
                                  f"phase '{p['id']}' is declared twice")
            seen.add(p["id"])
            written = self.raw_of("turns", "phases", i, "max")
            for operation in p["max"]:
                if p["allows"] is not None and operation not in p["allows"]:
                    at = written.key_mark(operation) if isinstance(written, YMap) else \
                        self.at("turns", "phases", i, "max")  # the operation's own name
                    self.problems.add(at,
                                      f"max: '{operation}' is not among the operations this "
                                      f"phase allows ({', '.join(p['allows']) or 'none'})")
            phases.append({"id": p["id"], "name": p["name"] or p["id"],
                           "allows": p["allows"], "max": dict(p["max"]),
                           **{key: reader.effects(p[key], self.raw_of("turns", "phases", i, key),
                                                  self.at("turns", "phases", i, key))
                              for key in ("start", "end")}})
        if not phases:
            phases = [{"id": "turn", "name": "Turn", "allows": None, "max": {}, "start": [],
                       "end": []}]
        return {"phases": phases, **{
            key: reader.effects(checked[key], self.raw_of("turns", key), self.at("turns", key))
            for key in ("start_of_turn", "end_of_turn", "end_of_round")}}

    def triggers(self, checked: list, reader: EffectReader, declared: Declared) -> list:
        out = []
        for i, t in enumerate(checked):
            path = ("rules", "triggers", i)
            compiled = reader.condition(t["when"], self.at(*path, "when"), None)
            if not t["do"]:
                self.problems.add(self.at(*path, "do"), "a trigger needs something to do: "
                                  "an effect, or a list of them")
            out.append({"when": t["when"],
                        "per_player": bool(compiled) and declared.per_player(compiled.names),
                        "do": reader.effects(t["do"], self.raw_of(*path, "do"),
                                             self.at(*path, "do"))})
        return out

    def limits(self, checked: list, declared: Declared) -> list:
        for i, limit in enumerate(checked):
            mark = self.at("rules", "limits", i, "zone")
            zone = declared.zones.get(limit["zone"])
            if zone is None:
                self.problems.add(mark, unknown_ref("zone", limit["zone"], declared.zones))
            elif zone["per"] != "player":
                self.problems.add(mark, f"a limit keeps a player's zone in check: zone "
                                  f"'{limit['zone']}' must be per: player")
        return [dict(limit) for limit in checked]

    def card_effects(self, checked: dict, reader: EffectReader) -> dict:
        raw = self.raw_of("effects")
        return {comp_id: reader.effects(effects, raw[comp_id], raw.mark_of(comp_id),
                                        card=comp_id)
                for comp_id, effects in checked.items()}

    def end(self, checked: dict | None, reader: EffectReader, declared: Declared) -> dict:
        checked = checked or {"when": None, "winner": "last_standing", "rounds": 100}
        if checked["when"] is not None:
            reader.condition(checked["when"], self.at("end", "when"), None)
        winner, mark = checked["winner"], self.at("end", "winner")
        if winner == "last_standing":
            rule = {"rule": "last_standing", "counter": None, "value": None}
        else:
            rules = [key for key in ("highest", "lowest", "first_to") if winner[key]]
            if len(rules) != 1:
                self.problems.add(mark, "winner takes one of highest, lowest, first_to "
                                  f"(found {', '.join(rules) or 'none'})")
                return {"when": checked["when"], "winner": None, "rounds": checked["rounds"]}
            rule = {"rule": rules[0], "counter": winner[rules[0]], "value": winner["value"]}
            counter = declared.counters.get(rule["counter"])
            if counter is None:
                self.problems.add(self.at("end", "winner", rules[0]),
                                  unknown_ref("counter", rule["counter"], declared.counters))
            elif counter["per"] != "player":
                self.problems.add(self.at("end", "winner", rules[0]),
                                  f"the winner is found by comparing players: counter "
                                  f"'{rule['counter']}' must be per: player")
            if rules[0] == "first_to" and winner["value"] is None:
                self.problems.add(mark, "first_to needs `value:`, the number to reach")
            if rules[0] != "first_to" and winner["value"] is not None:
                self.problems.add(self.at("end", "winner", "value"),
                                  "`value:` is for first_to only")
        return {"when": checked["when"], "winner": rule, "rounds": checked["rounds"]}

