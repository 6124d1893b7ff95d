"""Which of Above Top Secret's player rows the board opens first (board.AtsBoard): the
order is worked out from the prompt's marks alone, with no widget, so that it is tested
without a window."""

from __future__ import annotations


def lit(marks: dict, seat: int) -> str:
    """The strongest mark on a player's things: what lights their row."""
    found = {mark for thing, mark in marks.items() if thing[0] != "hand" and thing[1] == seat}
    return next((m for m in ("target", "can", "picked") if m in found), "")


def wants(seats: list, marks: dict, acting, keep, focus) -> dict:
    """seat -> (rank, order), lowest first: the row the player opened; the rows the
    prompt keeps open (the attacker's and its target's while an attack is checked); the
    rows to tap in, in turn order from the acting player, the attacker's right after the
    first of them; the acting player's; the others."""
    pinned = acting if acting is not None else 0
    turn = {s: i for i, s in enumerate(seats[pinned:] + seats[:pinned])}
    rank = {"target": 2, "can": 3, "picked": 3}
    out = {s: (rank.get(lit(marks, s), 4 if s == acting else 5), turn[s]) for s in seats}
    aimed = [turn[s] for s in seats if lit(marks, s) == "target"]
    if acting is not None and aimed and any(
            mark == "picked" and thing[0] == "slot" and thing[1] == acting
            for thing, mark in marks.items()):  # an attacker chosen: its row next
        out[acting] = (2, min(aimed) + 0.5)
    for i, seat in enumerate(keep):
        out[seat] = (1, i)
    if focus is not None:
        out[focus] = (0, 0)
    return out
