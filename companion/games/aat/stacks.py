"""Identical pieces side by side lie as one stack on the screen ("Levy Conscripts x 3"),
as players stack them on the mat: a phone shows a crowded theater without scrolling.
Pieces are identical when the rules cannot tell them apart (the same card, owner,
theater, damage, tokens and turn flags; only the uid and the turn they entered, when
both may act, differ), so a tap on the stack may stand for any of them: the first in
play order (the stack's uid). `canonical` names that one in an action.

No Kivy here, so it is tested fast."""

from __future__ import annotations

from companion.games.aat import model as m
from companion.games.aat import view


def likeness(state: dict, p: dict) -> tuple:
    """What the rules and the player see of a piece, but its uid."""
    return tuple(sorted((k, repr(v)) for k, v in p.items() if k not in ("uid", "entered"))) + \
        (m.can_act(state, p),)


def rows(state: dict) -> dict:
    """{theater: [seat 0's stacks, seat 1's]}: each stack (piece view, count), the base
    and leaders first in their theater, then the units in play order."""
    out = {}
    board = view.board(state)
    for theater, sides in board.items():
        out[theater] = []
        for seat, units in enumerate(sides):
            panel = view.panel(state, seat)
            shown = units
            if panel["base"]["theater"] == theater:
                shown = [panel["base"], *panel["leaders"], *units]
            stacks: dict = {}
            for piece in shown:
                key = likeness(state, state["table"][piece["uid"]])
                if key in stacks:
                    stacks[key][1] += 1
                else:
                    stacks[key] = [piece, 1]
            out[theater].append([tuple(s) for s in stacks.values()])
    return out


def aliases(state: dict) -> dict:
    """uid -> the uid of its stack (itself for a piece alone or first)."""
    first: dict = {}
    out = {}
    for uid, p in state["table"].items():
        key = (p["owner"], m.theater_of(state, p), likeness(state, p))
        out[uid] = first.setdefault(key, uid)
    return out


def canonical(state: dict, action: dict, alias: dict | None = None) -> dict:
    """The action with every piece named by its stack's uid."""
    alias = aliases(state) if alias is None else alias
    out = dict(action)
    for field in ("unit", "target"):
        if out.get(field) in alias:
            out[field] = alias[out[field]]
    value = out.get("value")
    if isinstance(value, str) and value in alias:
        out["value"] = alias[value]
    elif isinstance(value, list) and value and value[0] in alias:
        out["value"] = [alias[value[0]], *value[1:]]
    return out
