"""Top-Secret's state, and what happens to Intel an agent gains (TS-POSSESS,
TS-OVERLOAD, TS-HONEYPOT) however it gains it.

The state is plain JSON data:
- `board`: one entry a space, the loose Intel lying there (an id) or None;
- `walls`: one entry a space, 0 or the turn at whose end its blockade goes
  (TS-ENGINEER);
- `agents`: id -> {seat, kind, at (a space), held (Intel ids), fresh (spawned this
  turn)}, and `spots`: one entry a space, the agent standing there or None (kept in
  step with `at`, so a lookup is an index); `pins`: agent id -> the turn at whose end
  the pin goes (TS-PIN);
- `bag`: the Intel in the bag (ids, sorted); `players`: name, score, roster
  (kind -> agents not yet spawned), scored (Intel ids); `gone`: agents out of the
  game (retired or taken by a Honeypot);
- `turn` (1, 2, ... counting both players' turns), `round`, `actions` left,
  `hacked` (Hacker ids that pinned or unpinned this turn) and `took` (that took);
- `last`: the last trickle, for the screen (the dice, every piece's move and why).
"""

from __future__ import annotations

import bisect

from companion.games.ts.data import tables


def to_bag(state: dict, intel: str) -> None:
    bisect.insort(state["bag"], intel)


def put(state: dict, agent_id: str, space: int) -> None:
    """An agent to a space (spawned, or moving): `at` and `spots` in step."""
    agent = state["agents"][agent_id]
    if state["spots"][agent["at"]] == agent_id:
        state["spots"][agent["at"]] = None
    agent["at"] = space
    state["spots"][space] = agent_id


def walls_up(state: dict) -> int:
    """Blockades on the board (markers in use)."""
    return len(state["walls"]) - state["walls"].count(0)


def gain(state: dict, agent_id: str, intel: str, events: list) -> str:
    """`agent_id` takes possession of `intel`: then a Honeypot removes the agent
    (TS-HONEYPOT), more than `carry` pieces go back into the bag (TS-OVERLOAD).
    Returns what happened: 'possessed', 'honeypot' or 'overload'."""
    agent = state["agents"][agent_id]
    agent["held"].append(intel)
    name = who(state, agent_id)
    if tables().intel[intel].honeypot:
        lost = sum(tables().intel[i].value for i in agent["held"])
        remove_agent(state, agent_id)
        events.append({"kind": "honeypot", "agent": agent_id, "intel": intel,
                       "player": agent["seat"], "lost": lost,
                       "text": f"{name} takes a Honeypot and is out of the game; its Intel "
                               "goes back into the bag"})
        return "honeypot"
    if len(agent["held"]) > tables().limits["carry"]:
        for piece in agent["held"]:
            to_bag(state, piece)
        agent["held"] = []
        events.append({"kind": "overload", "agent": agent_id, "player": agent["seat"],
                       "text": f"{name} holds more than {tables().limits['carry']} Intel: "
                               "all of it goes back into the bag"})
        return "overload"
    return "possessed"


def remove_agent(state: dict, agent_id: str) -> None:
    """An agent leaves the game for good; what it held goes back into the bag."""
    agent = state["agents"].pop(agent_id)
    state["spots"][agent["at"]] = None
    for piece in agent["held"]:
        to_bag(state, piece)
    state["pins"].pop(agent_id, None)
    state["gone"].append(agent_id)


def who(state: dict, agent_id: str) -> str:
    """'Ann's Hacker at F3'."""
    agent = state["agents"][agent_id]
    names = _names()
    return f"{state['players'][agent['seat']]['name']}'s {names['kinds'][agent['kind']]} " \
           f"at {names['spaces'][agent['at']]}"


def frees(state: dict, turn: int) -> int:
    """The seat at the end of whose turn `turn` a blockade or pin goes."""
    return (state["first"] + turn - 1) % 2


def article(name: str) -> str:
    """The name with its indefinite article: 'a Hacker', 'an Analyst'."""
    return f"{'an' if name[:1].lower() in 'aeiou' else 'a'} {name}"


def intel_name(intel: str) -> str:
    """'Naval 3', 'a Politics Honeypot'."""
    return _names()["intel"][intel]


_NAMES: dict = {}


def _names() -> dict:
    """Kind, space and Intel names, made once (events name them at every step)."""
    if not _NAMES:
        from companion.games.ts.geometry import board

        t = tables()
        _NAMES.update(kinds=t.kind_names, spaces=board().names, intel={
            i: f"a {t.colour_names[tile.colour]} Honeypot" if tile.honeypot
            else f"{t.colour_names[tile.colour]} {tile.value}" for i, tile in t.intel.items()})
    return _NAMES


def on_board(state: dict, seat: int) -> list[str]:
    return [a for a, agent in state["agents"].items() if agent["seat"] == seat]
