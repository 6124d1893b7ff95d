"""The trickle (TS-TRICKLE): two draws onto the drop spaces (TS-DRAW), six dice,
then every loose piece of Intel one row down, the bottom row first (TS-ORDER):
down-left on an odd die, down-right on an even one, redirected by a blockade
(TS-REDIRECT), stopped by blockades on both sides (TS-STOP) or by another loose
piece (TS-CROWD), off the board back into the bag (TS-OFF), onto an agent
possessed (TS-POSSESS, with TS-OVERLOAD and TS-HONEYPOT).

Every piece's move is reported with its reason, so the screen can show the table
where each one went."""

from __future__ import annotations

from companion.games.ts.data import tables
from companion.games.ts.geometry import OFF, board
from companion.games.ts.model import gain, intel_name, to_bag


def drop_free(state: dict, space: int) -> bool:
    return state["board"][space] is None and not state["walls"][space]


def draws_due(state: dict) -> list[int]:
    """The drop spaces that take a piece now (TS-DRAW), in order: top left, top right."""
    return [s for s in board().drops if drop_free(state, s)] if state["bag"] else []


def place(state: dict, space: int, intel: str) -> dict:
    state["bag"].remove(intel)
    state["board"][space] = intel
    return {"kind": "drawn", "intel": intel, "to": space,
            "text": f"{intel_name(intel)} is drawn onto {board().names[space]}"}


def resolve(state: dict, dice: list[int]) -> list[dict]:
    """Move every loose piece one row down (the dice in colour order); the events,
    the first a 'trickle' report with every piece's path."""
    geometry, die_of = board(), DIE_OF or die_index()
    walls, spots, cells = state["walls"], state["spots"], state["board"]
    moves, after = [], []
    for space in [s for s in geometry.trickle_order if cells[s] is not None]:
        intel = cells[space]
        if dice[die_of[intel]] % 2:  # odd: down-left
            aim, other = geometry.down[space]
        else:
            other, aim = geometry.down[space]
        move = {"intel": intel, "from": space, "to": space, "why": "fell"}
        moves.append(move)
        if walls[space]:
            move["why"] = "stopped"  # TS-STOP: under a blockade
            continue
        dest = aim
        if dest != OFF and walls[dest]:  # TS-REDIRECT
            dest, move["why"] = other, "redirected"
            if dest != OFF and walls[dest]:
                move["why"] = "stopped"  # TS-STOP: blockades on both sides
                continue
        if dest == OFF:  # TS-OFF
            cells[space] = None
            to_bag(state, intel)
            move["to"], move["why"] = OFF, "off" if move["why"] == "fell" else "redirected off"
            continue
        if cells[dest] is not None:  # TS-CROWD
            move["why"] = "crowded"
            continue
        cells[space] = None
        move["to"] = dest
        if spots[dest] is not None:  # TS-POSSESS
            move["agent"] = spots[dest]
            outcome = gain(state, spots[dest], intel, after)  # a Honeypot empties the space
            move["why"] = outcome + (" after a redirect" if move["why"] == "redirected" else "")
        else:
            cells[dest] = intel
    rolled = dict(zip(tables().colours, dice, strict=True))
    state["last"] = {"dice": rolled, "moves": moves}
    return [{"kind": "trickle", "dice": rolled, "moves": moves,
             "text": trickle_text(dice, moves)}, *after]


DIE_OF: dict = {}  # Intel id -> the index of its colour's die (filled once)


def die_index() -> dict:
    colours = tables().colours
    DIE_OF.update({i: colours.index(t.colour) for i, t in tables().intel.items()})
    return DIE_OF


DICE_TEXT: list = []  # 'Codes {}, Signals {}, ...' (filled once)


def trickle_text(dice: list[int], moves: list[dict]) -> str:
    if not DICE_TEXT:
        DICE_TEXT.append(", ".join(f"{tables().colour_names[c]} {{}}"
                                   for c in tables().colours))
    moved = sum(1 for m in moves if m["to"] != m["from"])
    return f"The dice: {DICE_TEXT[0].format(*dice)}; {moved} of {len(moves)} pieces move"
