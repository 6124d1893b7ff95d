"""The kills a side's damage marks in a battle step, when every question gets the app's
suggestion (battle.Assign): what the playouts (playout.py, clash.py) assign. The same
pieces, prices, damage and step always assign alike, so each answer is remembered: a
study meets the same few territories again and again."""

from __future__ import annotations

from companion.games.att import damage

STRUCTURES = damage.STRUCTURES


MARKS: dict = {}  # (reach, hits, shells, first step) -> (kills, wounds given); pure results


def assigned(reach: tuple, hits: int, shells: int, first_step: bool, wounds: list) -> tuple:
    """`assign` on ((piece, price), ...) after the wounds already given, its kills and
    wounds remembered: the same pieces, damage and step always assign alike."""
    if wounds:
        hurt = [list(entry) for entry in reach]
        damage.hurt(hurt, wounds)
        reach = tuple(map(tuple, hurt))
    key = (reach, hits, shells, first_step)
    known = MARKS.get(key)
    if known is None:
        given: list = []
        marked = assign([list(entry) for entry in reach], hits, shells, first_step, given)
        if len(MARKS) > 200_000:
            MARKS.clear()
        MARKS[key] = known = (tuple(marked), tuple(given))
    if known[1]:
        wounds.extend(known[1])
    return known[0]


def assign(left: list, hits: int, shells: int, first_step: bool = False,
           wounds: list | None = None) -> list[tuple]:
    """The kills battle.Assign marks when every question gets the suggestion: one piece
    at a time while only one can be given damage, else the suggestion (damage.affordable,
    damage.woundable, damage.suggestion); a wound given goes into `wounds`."""
    marked = []
    while True:
        manned = any(piece[0] not in STRUCTURES for piece, _ in left)
        targets = []
        for piece, price in left:
            building = piece[0] in STRUCTURES
            if not (building and manned or piece in targets) and \
                    price <= hits + (shells if building else 0):
                targets.append(piece)
        if first_step and hits:
            for piece, price in left:
                if piece[0] not in STRUCTURES and price > hits and piece not in targets:
                    targets.append(piece)
        if not targets:
            return marked
        every = damage.destroys_all(left, hits, shells)
        picked = damage.suggest(left, hits, shells, first_step) \
            if every or len(targets) > 1 else targets
        for piece in picked:
            index = min((i for i, (p, _) in enumerate(left) if p == piece),
                        key=lambda i: left[i][1])
            price = left[index][1]
            building = piece[0] in STRUCTURES
            if price > hits + (shells if building else 0):  # a wound: all that is left
                left[index] = [piece, price - hits]
                if wounds is not None:
                    wounds.append((piece, hits))
                hits = 0
                continue
            del left[index]
            if building:
                paid = min(price, shells)
                shells -= paid
                price -= paid
            hits -= price
            marked.append(piece)
        if every:
            return marked
