"""The expert's own light copy of a Top-Secret position, for trying actions out.

The engine's step writes events and texts and its state carries the bag's generator;
a lookahead needs neither, and it must not see the generator (NO PEEKING: future draws
and dice). `seen` copies only what the acting player sees at the table: the board, the
agents and what they hold, blockades, pins, the scores and the bag's contents (public
by counting: every tile lies face up until it goes back). `apply` does what the engine
does to that copy for each action of the action phase (TS-MOVE ... TS-ENGINEER),
possession included (TS-POSSESS, TS-OVERLOAD, TS-HONEYPOT), so the engine's own
listings (moves.listed, abilities.listed) read it as they read a state. A test holds
`apply` to the engine's step."""

from __future__ import annotations

from companion.games.ts import abilities, moves
from companion.games.ts.data import tables
from companion.games.ts.geometry import OFF, board

WIN_BONUS = 1_000_000.0  # a retirement that reaches 20 points (TS-WIN)


def seen(state: dict) -> dict:
    """What the acting player may know of `state`, as a position `apply` changes.
    The bag is kept as its contents (Intel ids, sorted): its order and the generator
    (`rng`) are never read."""
    t = tables()
    out_of_bag = {i for a in state["agents"].values() for i in a["held"]}
    out_of_bag.update(i for i in state["board"] if i is not None)
    for player in state["players"]:
        out_of_bag.update(player["scored"])
    if state.get("analyst"):
        out_of_bag.add(state["analyst"])
    return {
        "board": list(state["board"]), "walls": list(state["walls"]),
        "spots": list(state["spots"]),
        "agents": {a: {"seat": g["seat"], "kind": g["kind"], "at": g["at"],
                       "held": list(g["held"]), "fresh": g["fresh"]}
                   for a, g in state["agents"].items()},
        "pins": dict(state["pins"]), "actions": state["actions"],
        "hacked": list(state["hacked"]), "took": list(state["took"]),
        "await": {"kind": "act", "player": state["await"]["player"]},
        "settings": dict(state["settings"]), "turn": state["turn"],
        "scores": [float(p["score"]) for p in state["players"]],
        "rosters": [sum(p["roster"].values()) for p in state["players"]],
        "bag": sorted(i for i in t.intel if i not in out_of_bag),
        "over": None,
    }


def copy(m: dict) -> dict:
    """A copy to change: the lists and agents an action may change, the rest shared."""
    n = dict(m)
    n["board"] = m["board"][:]
    n["walls"] = m["walls"][:]
    n["spots"] = m["spots"][:]
    n["agents"] = {a: {**g, "held": g["held"][:]} for a, g in m["agents"].items()}
    n["pins"] = dict(m["pins"])
    n["hacked"] = m["hacked"][:]
    n["took"] = m["took"][:]
    n["scores"] = m["scores"][:]
    return n


def listed(m: dict) -> list:
    """The acting player's actions now, as the engine lists them, an Engineer's paid
    blockades only under loose Intel (elsewhere they change nothing that counts)."""
    out = moves.listed(m)
    under = fed_spaces(m)
    for entry in abilities.listed(m, far_apart=True):
        if type(entry) is tuple:
            _, agent_id, held, empty = entry
            pay = min(held, key=_value)  # the cheapest piece: one way to pay is enough
            out += [{"type": "block", "agent": agent_id, "at": s, "pay": pay}
                    for s in empty if under[s]]
        else:
            out.append(entry)
    out.append({"type": "end_turn"})
    return out


def _value(intel: str) -> int:
    return tables().intel[intel].value


def fed_spaces(m: dict) -> list:
    """Per space: whether loose Intel lies just above it."""
    fed, down, cells = [False] * board().size, board().down, m["board"]
    for space, piece in enumerate(cells):
        if piece is not None:
            for target in down[space]:
                if target != OFF:
                    fed[target] = True
    return fed


# -- doing an action to the copy ------------------------------------------------------------
def gain(m: dict, agent_id: str, intel: str) -> None:
    """TS-POSSESS, then TS-HONEYPOT (the agent is out) or TS-OVERLOAD (all back)."""
    agent = m["agents"][agent_id]
    agent["held"].append(intel)
    if tables().intel[intel].honeypot:
        remove(m, agent_id)
    elif len(agent["held"]) > tables().limits["carry"]:
        agent["held"] = []


def remove(m: dict, agent_id: str) -> None:
    agent = m["agents"].pop(agent_id)
    m["spots"][agent["at"]] = None
    m["pins"].pop(agent_id, None)


def arrive(m: dict, agent_id: str, to: int) -> None:
    agent = m["agents"][agent_id]
    m["spots"][agent["at"]] = None
    agent["at"] = to
    m["spots"][to] = agent_id
    piece = m["board"][to]
    if piece is not None:
        m["board"][to] = None
        gain(m, agent_id, piece)


def paid(m: dict, action: dict) -> None:
    pay = action.get("pay")
    if pay is not None:
        m["agents"][action["agent"]]["held"].remove(pay)


def apply(m: dict, action: dict) -> None:
    """Carry out one action-phase action on the copy `m` (checked legal beforehand)."""
    kind = action["type"]
    if kind == "retire":
        retire(m, action["agent"])
        return
    if kind == "end_turn":
        return
    cost = abilities.COST[kind](action) if kind in abilities.COST else 1
    m["actions"] -= cost
    if kind in ("move", "smuggle"):
        arrive(m, action["agent"], action["to"])
    elif kind in ("transfer", "double"):
        m["agents"][action["agent"]]["held"].remove(action["intel"])
        gain(m, action["to"], action["intel"])
    elif kind == "comms":
        paid(m, action)
        cells = m["board"]
        cells[cells.index(action["intel"])] = None
        target = m["spots"][action["to"]]
        if target is not None:
            gain(m, target, action["intel"])
        else:
            cells[action["to"]] = action["intel"]
    elif kind == "pin":
        m["hacked"].append(action["agent"])
        m["pins"][action["target"]] = m["turn"] + 1
    elif kind == "unpin":
        m["hacked"].append(action["agent"])
        m["pins"].pop(action["target"])
    elif kind == "take":
        paid(m, action)
        m["took"].append(action["agent"])
        m["agents"][action["target"]]["held"].remove(action["intel"])
        gain(m, action["agent"], action["intel"])
    elif kind == "block":
        paid(m, action)
        m["walls"][action["at"]] = m["turn"] + 1


def retire(m: dict, agent_id: str) -> None:
    """TS-RETIRE, TS-ANALYST (the draw counted at what it is worth on average: a kept
    piece scores, a Honeypot nothing), TS-WIN."""
    t = tables()
    agent = m["agents"][agent_id]
    seat = agent["seat"]
    points = sum(t.intel[i].value for i in agent["held"])
    m["scores"][seat] += points
    remove(m, agent_id)
    if m["scores"][seat] >= t.limits["win"]:
        m["over"] = seat
        return
    if agent["kind"] == "analyst" and len(agent["held"]) == t.limits["carry"] and m["bag"]:
        m["scores"][seat] += sum(t.intel[i].value for i in m["bag"]) / len(m["bag"])
