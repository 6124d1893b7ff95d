"""Attack the Tower's state and the little reads and changes every part of the rules
shares.

A player's board is three territories of three slots (ATT-BASES); a slot is None or a
base: its card, its troop type and its troops, one number a troop: the power a sacrifice gave it
(ATT-ROBOT-CARDS: 0 for a troop as printed; more than 0 also means Initiative). A base's
troops are all of its type. Special troops are their cards, on the palace, oldest first
(ATT-SPECIAL). Card piles are lists of card ids, the top of a draw pile last."""

from __future__ import annotations

from functools import cache

from companion.core.tasks import Registry
from companion.games.att.data import tables

PILES = ("base", "ability")  # ATT-PILES: each has a draw and a discard pile
TASKS = Registry()  # the order of play's steps by kind (core.tasks.Task): cards.py, turns.py,
# abilities.py and battle.py add theirs


def army(state: dict, seat: int):
    return tables().armies[state["players"][seat]["army"]]


def slots(player: dict):
    """(territory, slot, base) of every base on a player's board."""
    for t, territory in enumerate(player["board"]):
        for s, base in enumerate(territory):
            if base is not None:
                yield t, s, base


def base_type(state: dict, seat: int, base: dict) -> str:
    return base["type"]


def with_room(state: dict, seat: int, kind: str | None = None) -> list[list[int]]:
    """[territory, slot] of each base (of `kind`, or any) that can take a troop (ATT-RECRUIT)."""
    per_base = tables().limits["per_base"]
    out = []
    for t, territory in enumerate(state["players"][seat]["board"]):
        for s, base in enumerate(territory):
            if base is not None and len(base["troops"]) < per_base and (
                    kind is None or base["type"] == kind):
                out.append([t, s])
    return out


def troop_count(state: dict, seat: int, kind: str | None = None) -> int:
    count = 0  # loops, not a generator's frames: the engine counts before its prompts
    for territory in state["players"][seat]["board"]:
        for base in territory:
            if base is not None and (kind is None or base["type"] == kind):
                count += len(base["troops"])
    return count


def troops(state: dict, seat: int, territory: int | None = None) -> list[list[int]]:
    """[territory, slot, bonus] of each different troop (two alike on a base count once)."""
    out = []
    for t, s, base in slots(state["players"][seat]):
        if territory is None or t == territory:
            for b in sorted(set(base["troops"])):
                out.append([t, s, b])
    return out


def power(state: dict, seat: int, kind: str, bonus: int = 0) -> int:
    """A troop's power now: its type's, or what an ability set it to, plus its bonus."""
    set_to = state["mods"][seat]["power"].get(kind)
    return (tables().power(kind) if set_to is None else set_to) + bonus


def initiative(kind: str, bonus: int) -> bool:
    return bonus > 0 or tables().trait(kind, "Initiative")


def artillery(kind: str) -> bool:
    return tables().trait(kind, "Artillery")


def complete(state: dict, seat: int) -> int:
    """Territories with all their slots built (ATT-SPECIAL)."""
    count = 0
    for territory in state["players"][seat]["board"]:
        if None not in territory:
            count += 1
    return count


def specials(state: dict, seat: int) -> list[tuple[str, dict]]:
    """(card, its special troop) of each special troop on the palace, oldest first."""
    chosen = army(state, seat)
    return [(card, chosen.special(card)) for card in state["players"][seat]["palace"]]


def extra_recruits(state: dict, seat: int) -> int:
    return sum(troop["extra_recruit"] for _, troop in specials(state, seat))


def territory_empty(state: dict, seat: int, territory: int) -> bool:
    row = state["players"][seat]["board"][territory]
    return row.count(None) == len(row)  # counted in C: no generator's frame


def discard(state: dict, seat: int, card: str) -> None:
    """A card to its own discard pile (ATT-PILES)."""
    state["players"][seat]["discard"][pile_of(state, seat, card)].append(card)


def pile_of(state: dict, seat: int, card: str) -> str:
    return "base" if card in army(state, seat).bases else "ability"


# -- losses -------------------------------------------------------------------------------
def lose_troop(state: dict, seat: int, t: int, s: int, bonus: int) -> None:
    """A troop killed or sacrificed: off its base, and owed replacements (after_losses)."""
    state["players"][seat]["board"][t][s]["troops"].remove(bonus)
    owe(state, seat)


def owe(state: dict, seat: int) -> None:
    owed = state["mods"][seat]["owed"]
    for kind in state["mods"][seat]["after"]:
        owed[kind] = owed.get(kind, 0) + 1


def destroy_base(state: dict, seat: int, t: int, s: int) -> str:
    """A base off the board into the base discard pile; its troops go with it."""
    base = state["players"][seat]["board"][t][s]
    state["players"][seat]["board"][t][s] = None
    discard(state, seat, base["card"])
    return base["card"]


def destroy_special(state: dict, seat: int, card: str) -> None:
    state["players"][seat]["palace"].remove(card)
    discard(state, seat, card)


@cache
def a(name: str) -> str:
    """'a Droid', 'an Automaton'."""
    return f"{'an' if name[:1].lower() in 'aeiou' else 'a'} {name}"


def type_name(state: dict, seat: int, kind: str) -> str:
    return army(state, seat).troops[kind]


def finish(state: dict, winner, text: str) -> list[dict]:
    """The game is over: no task is left and no one is asked anything."""
    state["winner"], state["ended"], state["await"], state["tasks"] = winner, text, None, []
    return [{"kind": "game_over", "text": text}]
