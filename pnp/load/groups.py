"""Which components print into one PDF and share its sheets (a component's `pack`).

By default the decks of one card size share a file (`cards.pdf`), and so do the tokens
and dice (`tokens-and-dice.pdf`): they are cut exactly as they would be on sheets of
their own (one grid of cards; pieces each with its own cut line), and the part-filled
last sheet of each no longer goes through the printer alone. `pack: NAME` puts a
component into NAME.pdf with the others naming it (and with the component whose id
is NAME); `pack: false` keeps a component on sheets of its own.
"""

from __future__ import annotations

from pnp.load.errors import Problems
from pnp.load.specs import CARD_SIZES

KIND_NAMES = {"tokens": "tokens", "dice": "dice"}


def assign_files(components: list, problems: Problems) -> None:
    """Set every component's `print_file`: the stem of the PDF it prints into."""
    ids = {comp.id: comp for comp in components}
    order = {comp.id: n for n, comp in enumerate(components)}
    named: dict = {}
    for comp in components:
        comp.print_file = ""
        if isinstance(comp.pack, str):
            named.setdefault(comp.pack, []).append(comp)
    for name, members in named.items():
        host = ids.get(name)
        if host is None or host in members:
            continue
        if host.pack is False or isinstance(host.pack, str):
            mine = "false" if host.pack is False else f"'{host.pack}'"
            problems.add(members[0].pack_mark, f"pack '{name}' names component '{name}', "
                         f"whose own pack is {mine}: give them the same name")
            continue
        members.append(host)
    for name, members in named.items():
        for comp in members:
            comp.print_file = name
    taken = set(ids) | set(named)
    groups = default_groups([c for c in components if not c.print_file and c.pack is not False])
    decks = sum(1 for members in groups if members[0].kind == "deck")
    for members in groups:
        members.sort(key=lambda comp: order[comp.id])
        name = free_name(default_name(members, decks > 1), taken - {c.id for c in members})
        taken.add(name)
        for comp in members:
            comp.print_file = name
    for comp in components:
        comp.print_file = comp.print_file or comp.id


def default_groups(components: list) -> list:
    """Decks of one size; tokens with dice. A group of one is no group."""
    groups: dict = {}
    for comp in components:
        if comp.kind == "deck" and comp.size is not None:
            groups.setdefault(("deck", tuple(comp.size)), []).append(comp)
        elif comp.kind in ("tokens", "dice"):
            groups.setdefault(("loose",), []).append(comp)
    return [members for members in groups.values() if len(members) > 1]


def default_name(members: list, sized: bool) -> str:
    """cards (cards-mini, cards-70x70 when decks of several sizes share files), or
    tokens-and-dice."""
    if members[0].kind == "deck":
        if not sized:
            return "cards"
        size = tuple(members[0].size)
        named = [name for name, value in CARD_SIZES.items() if value == size]
        return f"cards-{named[0] if named else f'{size[0]:g}x{size[1]:g}'.replace('.', '-')}"
    kinds = sorted({comp.kind for comp in members}, reverse=True)  # tokens before dice
    return "-and-".join(KIND_NAMES[kind] for kind in kinds)


def free_name(name: str, taken: set) -> str:
    """`name`, or name-2, name-3... if a component or another group has it."""
    found, n = name, 1
    while found in taken:
        n += 1
        found = f"{name}-{n}"
    return found


def files(components: list) -> list:
    """[(stem, [components])] in the order their first component comes; in a file named
    after one of its components, that one first (the others are packed under it). A
    default file left with one component (`--only tokens`) is that component's own."""
    out: dict = {}
    for comp in components:
        out.setdefault(comp.print_file or comp.id, []).append(comp)
    return [(comps[0].id if len(comps) == 1 and not isinstance(comps[0].pack, str) else stem,
             sorted(comps, key=lambda comp: comp.id != stem)) for stem, comps in out.items()]


def sharing(game, comps: list) -> list:
    """`comps` with every component that shares a file with one of them, in game order
    (a rebuild of one part of a shared file rebuilds all of it)."""
    stems = {comp.print_file or comp.id for comp in comps}
    return [comp for comp in game.components if (comp.print_file or comp.id) in stems]
