"""Which pieces a showcase shows (`pnp export --format showcase`): those named by
`--pieces` or the game's `showcase: {pieces: [...]}`, else a few distinct fronts
from its decks (tokens when it has no deck), taken across the decks and spread
through each, so the picture shows the game's range rather than its first cards.

A piece is named `[COMPONENT/]ITEM[:SIDE]`: the item's id (a player's copy by its
printed id, the first player's, or by its own, D1-01-blue), the component only
where two have that id, the side `front` (default), `back`, or a die's face 1 to 6.
Imports nothing heavy: the command line checks `--pieces` with it.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass

from pnp.load.errors import Problems

DEFAULTS = ((("deck",), 7), (("tokens",), 10), (("dice", "sheet"), 5))  # kinds, how many
SIDES = "front, back, or a die's face 1 to 6"


@dataclass(frozen=True)
class Pick:
    component: str
    item: str  # the item's id in the game as exported (a player's copy: its own id)
    side: str  # "front", "back" or "face N", as piecepdf.Page.side


@dataclass(frozen=True)
class Showcase:
    """A game's `showcase:` as checked: each entry with where it is written."""

    style: str | None
    pieces: tuple  # ((text, Mark, component id), ...)
    background: str | None


class NoSuchPiece(ValueError):
    """An entry that names no piece of the game, with why."""


def resolve(text: str, components: list) -> Pick:
    """The piece an entry names among `components`, or NoSuchPiece saying why."""
    found = find(text, components)
    if found is not None:  # the whole text is an item's id, ':' or '/' and all
        return Pick(found[0].id, found[1].id, "face 1" if found[0].kind == "dice" else "front")
    base, side = text.rsplit(":", 1) if ":" in text else (text, "")
    comp_id, name = base.split("/", 1) if "/" in base else ("", base)
    pool = components
    if comp_id:
        pool = [c for c in components if c.id == comp_id]
        if not pool:
            raise NoSuchPiece(f"no component '{comp_id}' (components: "
                              f"{', '.join(c.id for c in components)})")
    found = find(name, pool)
    if found is None:
        raise NoSuchPiece(f"no piece '{name}'{nearest(name, pool)}")
    comp, item = found
    return Pick(comp.id, item.id, side_of(comp, item, side.strip(), name))


def find(name: str, components: list):
    """(component, item) of the item called `name`, by its id, else by its printed id
    (a player's copy: the first player's); NoSuchPiece when two components have it."""
    for key in (lambda item: item.id, lambda item: item.printed_id):
        hits = [(comp, next(item for item in comp.items if key(item) == name))
                for comp in components if any(key(item) == name for item in comp.items)]
        if len(hits) > 1:
            raise NoSuchPiece(f"'{name}' is in {' and '.join(c.id for c, _ in hits)}: write "
                              f"{hits[0][0].id}/{name}")
        if hits:
            return hits[0]
    return None


def nearest(name: str, components: list) -> str:
    named = next((c for c in components if c.id == name and c.items), None)
    if named is not None:
        return (f"; '{name}' is a component: name one of its pieces, such as "
                f"'{named.items[0].printed_id}'")
    ids = sorted({item.printed_id for comp in components for item in comp.items})
    close = difflib.get_close_matches(name, ids, n=1)
    if close:
        return f"; did you mean '{close[0]}'?"
    return f" (in {', '.join(c.id for c in components)})"


def side_of(comp, item, side: str, name: str) -> str:
    if comp.kind == "dice":
        if side in ("", "front"):
            return "face 1"
        if side.isdecimal() and 1 <= int(side) <= len(item.faces):  # not "²": int() fails
            return f"face {side}"
        raise NoSuchPiece(f"'{side}' is not a face of the die '{name}': 1 to {len(item.faces)}")
    if side in ("", "front"):
        return "front"
    if side == "back":
        if comp.kind == "sheet" or not (item.back or comp.back):
            raise NoSuchPiece(f"'{name}' has no back ({comp.id} draws none)")
        return "back"
    raise NoSuchPiece(f"'{side}' is not a side: {SIDES}")


def chosen(texts, components: list) -> tuple[list, list]:
    """(picks, problems): each entry resolved, or a message naming it."""
    picks, wrong = [], []
    for text in texts:
        try:
            picks.append(resolve(text, components))
        except NoSuchPiece as exc:
            wrong.append(f"'{text}': {exc}")
    return picks, wrong


def default_picks(components: list, var: str = "") -> list[Pick]:
    """A few distinct fronts: from the decks (else the tokens, else dice and sheets),
    shared out between the components in turn, each's spread evenly through it.
    `var`: the player sets' variable, which tells copies apart but not cards."""
    pool, count = [], 0
    for kinds, most in DEFAULTS:
        seen: set = set()
        pool = [(comp, distinct(comp, seen, var)) for comp in components
                if comp.kind in kinds]
        pool, count = [(comp, items) for comp, items in pool if items], most
        if pool:
            break
    share = {comp.id: 0 for comp, _ in pool}
    while sum(share.values()) < count and any(share[c.id] < len(i) for c, i in pool):
        for comp, items in pool:
            if share[comp.id] < len(items) and sum(share.values()) < count:
                share[comp.id] += 1
    taken = {comp.id: evenly(items, share[comp.id]) for comp, items in pool}
    side = {"dice": "face 1"}
    return [Pick(comp.id, taken[comp.id][turn].id, side.get(comp.kind, "front"))
            for turn in range(max(share.values(), default=0)) for comp, _ in pool
            if turn < share[comp.id]]


def distinct(comp, seen: set, var: str = "") -> list:
    """Its items with a front that no item before drew alike (`seen`, across
    components): each printed id once (a player's deck: the first player's), and
    items of the same fields (a card a deck holds twice, or two decks share) once."""
    items = []
    for item in comp.items:
        layout = item.front or comp.front or comp.face
        look = (layout, repr(sorted((k, v) for k, v in item.fields.items()
                                    if k not in ("id", "copies", var))))
        new = (comp.kind == "dice" or layout) and ("id", item.printed_id) not in seen and \
            look not in seen
        seen.update((("id", item.printed_id), look))
        if new:
            items.append(item)
    return items


def evenly(items: list, count: int) -> list:
    """`count` of the items, from the middle of equal stretches of the list."""
    return [items[(2 * turn + 1) * len(items) // (2 * count)] for turn in range(count)]


def check_showcase(spec: dict, raw, game, problems: Problems) -> Showcase | None:
    """The game's `showcase:`, each entry resolved against every player's pieces, a
    wrong one reported at its place."""
    from pnp.load.players import for_players

    shown = spec.get("showcase")
    if shown is None:
        return None
    entries = []
    texts = shown.get("pieces") or []
    marks = getattr(raw["showcase"].get("pieces"), "marks", None) or \
        [raw.mark_of("showcase")] * len(texts)
    every = for_players(game, every=True).components
    for text, mark in zip(texts, marks, strict=True):
        if text is None:
            continue
        try:
            entries.append((text, mark, resolve(text, every).component))
        except NoSuchPiece as exc:
            problems.add(mark, f"showcase: {exc}")
    return Showcase(shown.get("style"), tuple(entries), shown.get("background"))


def picks_for(game, texts: tuple, problems: Problems) -> list[Pick]:
    """What the game's showcase shows, as exported (its player sets, --only): the
    `--pieces` named (`texts`; checked by the command line), else the game's own
    entries (those of components left out by --only dropped), else the defaults."""
    if texts:
        picks, wrong = chosen(texts, game.components)
        if wrong:  # the command line says so before anything is drawn (check_pieces)
            raise NoSuchPiece("; ".join(wrong))
        return picks
    shown = game.showcase
    kept = {c.id for c in game.components}
    entries = [e for e in (shown.pieces if shown else ()) if e[2] in kept]
    picks = []
    for text, mark, _ in entries:
        try:
            picks.append(resolve(text, game.components))
        except NoSuchPiece as exc:  # e.g. a player set that --players leaves out
            problems.add(mark, f"showcase: {exc}")
    return picks or default_picks(game.components,
                                  game.player_sets.var if game.player_sets else "")
