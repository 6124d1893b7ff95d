"""Attack the Tower's troops, limits and armies, read with the same loader and schema as
the print tool (cards/attack-the-tower/game.yaml: vars.troops, vars.limits, vars.armies;
each army's `<army>-bases` and `<army>-abilities` components), so the engine plays the
cards that print. A further army is its YAML: its vars entry and its two decks."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from companion.core import printed

GAME_ID = "attack-the-tower"
TYPES = ("light", "shooter", "heavy", "cavalry", "siege")  # ATT-TROOPS, in the figure's order




@dataclass(frozen=True)
class Ability:
    id: str
    kind: str  # the card's name ("automaton", "overclock")
    troop: str  # a troop type, "common" or "special"
    text: str
    effect: dict  # the engine's vocabulary (abilities.py)


@dataclass(frozen=True)
class Army:
    id: str
    name: str
    troops: dict  # type -> this army's name for it
    bases: dict  # card id -> troop type
    abilities: dict  # card id -> Ability

    def __post_init__(self):
        # every card of the army once, sorted: what the deck invariant compares with
        object.__setattr__(self, "cards", sorted([*self.bases, *self.abilities]))

    def special(self, card: str) -> dict | None:
        """The special troop a card recruits (its `special` effect), if any."""
        ability = self.abilities.get(card)
        return ability.effect.get("special") if ability else None


@dataclass(frozen=True)
class Tables:
    troops: dict  # type -> {name, power, traits}
    limits: dict  # base_power, palace_power, per_base, hand, draw, opening, ...
    armies: dict  # army id -> Army

    def __post_init__(self):
        # sets and maps the hot paths of a battle read (damage.py)
        object.__setattr__(self, "powers", {k: t["power"] for k, t in self.troops.items()})
        for trait in ("initiative", "artillery"):
            object.__setattr__(self, trait, frozenset(
                k for k, t in self.troops.items() if trait.capitalize() in t["traits"]))

    def power(self, kind: str) -> int:
        return self.troops[kind]["power"]

    def trait(self, kind: str, trait: str) -> bool:
        return trait in self.troops[kind]["traits"]


@cache
def tables() -> Tables:
    loaded = printed.game(GAME_ID)
    v = loaded.vars
    armies = {}
    for army_id, army in v["armies"].items():
        bases = {item.id: item.fields["troop"]
                 for item in loaded.component(f"{army_id}-bases").items}
        abilities = {item.id: Ability(item.id, item.fields["kind"], item.fields["troop"],
                                      item.fields["text"], dict(item.fields["effect"]))
                     for item in loaded.component(f"{army_id}-abilities").items}
        armies[army_id] = Army(army_id, army["name"], dict(army["troops"]), bases, abilities)
    troops = {kind: {"name": t["name"], "power": t["power"], "traits": tuple(t["traits"])}
              for kind, t in v["troops"].items()}
    return Tables(troops=troops, limits=dict(v["limits"]), armies=armies)
