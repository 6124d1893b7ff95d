"""Player sets: what each player owns (a deck, a playmat, tokens in their colour)
is printed once per player, with the set's value in a template variable.

A game declares `player_sets: {var: player, values: [Red, Blue, ...], print: 2}`
and marks components `per_player: true`. A build prints the first `print` sets
(`pnp build --players N` for another count); each copy of an item gets the set's
value as `{player}` (or the declared `var`), so one layout draws every player's
colour band on the backs, and mixed decks can be sorted again. An item marked
`per_player: false` is printed once, for the whole table.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from pnp.load.errors import InvalidInput, Mark, Problems
from pnp.load.layouts import BUILTIN


@dataclass(frozen=True)
class PlayerSets:
    var: str  # the template variable holding a set's value
    values: tuple  # every set, in print order
    print: int  # how many sets a build prints unless told otherwise
    mark: Mark


def player_sets(spec: dict, raw, game, problems: Problems) -> PlayerSets | None:
    """The game's player sets, checked against its components, or None."""
    sets = spec.get("player_sets")
    per_player = [c for c in game.components if c.per_player]
    if sets is None:
        for comp in per_player:
            problems.add(comp.mark, f"component '{comp.id}' is per_player, but the game "
                         "declares no player_sets (e.g. player_sets: {values: [Red, Blue]})")
        return None
    mark = raw.mark_of("player_sets")
    values = tuple(sets["values"])
    if len(set(values)) != len(values):
        problems.add(mark, "player_sets: every value must differ (they tell the sets apart)")
    if sets["var"] in BUILTIN:
        problems.add(mark, f"player_sets: var '{sets['var']}' is a name every layout already "
                     f"has ({', '.join(sorted(BUILTIN))}): choose another, such as 'player'")
    count = sets["print"] or len(values)
    if count > len(values):
        problems.add(mark, f"player_sets: print {count}, but only {len(values)} values")
    for comp in game.components:
        for item in comp.items:
            if item.per_player is not None and not comp.per_player:
                problems.add(item.mark, f"per_player on an item of '{comp.id}', which is not "
                             "per_player: it only says which of its items print once")
    for comp in per_player:
        if sets["var"] in comp.fields:
            problems.add(comp.mark, f"component '{comp.id}' has a field '{sets['var']}', the "
                         "name player_sets gives each set's value: rename one of them")
    return PlayerSets(sets["var"], values, min(count, len(values)), mark)


def for_players(game, count: int | None = None, every: bool = False):
    """The game as printed: every per_player component's items once per set (the
    first `count`, default the game's `print`; `every`: all sets, as `pnp check`
    draws them). Copies keep their printed id; their item id gains the set's slug
    (D1-01 -> D1-01-red) so files and manifest entries stay unique."""
    sets = game.player_sets
    if sets is None or not any(c.per_player for c in game.components):
        return game
    count = len(sets.values) if every else (count or sets.print)
    if count > len(sets.values):
        raise InvalidInput([sets.mark.problem(
            f"--players {count}: {game.id} prints at most {len(sets.values)} player sets "
            f"({', '.join(sets.values)})")])
    values = sets.values[:count]
    components = [replace(comp, items=copied(comp, sets.var, values)) if comp.per_player
                  else comp for comp in game.components]
    return replace(game, components=components)


def copied(comp, var: str, values: tuple) -> list:
    """Each set's copies of the items, set after set, then the items marked
    `per_player: false` once (they read the component's own `vars` for `var`)."""
    owned = [(position, item) for position, item in enumerate(comp.items, start=1)
             if item.per_player is not False]
    return [replace(item, id=f"{item.id}-{slug(value)}", index=position,
                    fields={**item.fields, var: value})
            for value in values for position, item in owned] + [
        replace(item, index=position) for position, item in enumerate(comp.items, start=1)
        if item.per_player is False]


def slug(value: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", value.lower()).strip("-") or "set"
