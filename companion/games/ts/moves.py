"""The actions every agent has: move (TS-MOVE), transfer (TS-TRANSFER) and retire
(TS-RETIRE), with spawning (TS-SPAWN) before them. Each kind of action has its
check (raising Rejected with the ruling it breaks) and its effect; `listed` gives
every one the acting player may take now."""

from __future__ import annotations

from companion.core.engine import Rejected
from companion.games.ts.data import tables
from companion.games.ts.geometry import board
from companion.games.ts.model import gain, intel_name, on_board, put, who


def own_agent(state: dict, action: dict, rule: str) -> dict:
    """The acting player's agent an action names (Rejected otherwise)."""
    agent_id = action.get("agent")
    agent = state["agents"].get(agent_id) if isinstance(agent_id, str) else None
    if agent is None or agent["seat"] != state["await"]["player"]:
        raise Rejected(rule, "name one of your agents on the board")
    return agent


def free_to_act(state: dict, agent_id: str, rule: str) -> None:
    if agent_id in state["pins"]:
        raise Rejected("TS-PIN", f"{who(state, agent_id)} is pinned")
    if state["actions"] < 1:
        raise Rejected(rule, "no actions left this turn")


def bare(action: dict) -> dict:
    """The action without the framework's `by` (who sends it), to compare with a list."""
    return {k: v for k, v in action.items() if k != "by"}


def space_of(action: dict, key: str, rule: str) -> int:
    value = action.get(key)
    if type(value) is not int or not 0 <= value < board().size:
        raise Rejected(rule, f"'{key}' names no space of the board")
    return value


def open_field(state: dict, space: int) -> bool:
    """A Field space an agent may enter: no agent, no blockade (TS-MOVE, TS-BLOCKADE)."""
    return board().field[space] and state["spots"][space] is None and \
        not state["walls"][space]


def arrive(state: dict, agent_id: str, space: int, events: list) -> None:
    """An agent reaches a space: it takes the loose Intel lying there (TS-MOVE)."""
    put(state, agent_id, space)
    intel = state["board"][space]
    if intel is not None:
        state["board"][space] = None
        events.append({"kind": "picked", "agent": agent_id, "intel": intel,
                       "text": f"{who(state, agent_id)} picks up {intel_name(intel)}"})
        gain(state, agent_id, intel, events)


# -- spawning -------------------------------------------------------------------------------
def can_spawn(state: dict, seat: int) -> bool:
    """Whether TS-SPAWN offers anything (spawn_options, without listing them)."""
    agents = state["agents"].values()
    if sum(1 for a in agents if a["seat"] == seat) >= tables().limits["on_board"] or \
            not any(state["players"][seat]["roster"].values()):
        return False
    spots, walls, cells = state["spots"], state["walls"], state["board"]
    return any(spots[s] is None and not walls[s] and cells[s] is None for s in board().spawn)


def spawn_options(state: dict) -> list[dict]:
    seat = state["await"]["player"]
    player = state["players"][seat]
    if len(on_board(state, seat)) >= tables().limits["on_board"]:
        return []
    spots, walls, cells = state["spots"], state["walls"], state["board"]
    tiles = [s for s in board().spawn if spots[s] is None and not walls[s] and cells[s] is None]
    kinds = [k for k in tables().kinds if player["roster"].get(k)]
    return [{"type": "spawn", "kind": k, "at": s} for k in kinds for s in tiles]


def spawn_allowed(state: dict, action: dict) -> bool:
    """Whether `action` is one of spawn_options, without listing them all."""
    seat = state["await"]["player"]
    kind, space = action.get("kind"), action.get("at")
    if set(action) - {"by"} != {"type", "kind", "at"} or action["type"] != "spawn" or \
            len(on_board(state, seat)) >= tables().limits["on_board"]:
        return False
    if not any(k == kind for k in tables().kinds if state["players"][seat]["roster"].get(k)):
        return False
    return any(s == space for s in board().spawn if state["spots"][s] is None and
               not state["walls"][s] and state["board"][s] is None)


def spawn(state: dict, action: dict) -> list[dict]:
    if not spawn_allowed(state, action):
        raise Rejected("TS-SPAWN", "spawn an agent of your roster onto an empty * tile, "
                                   "while you have fewer than three on the board")
    seat, kind, space = state["await"]["player"], action["kind"], action["at"]
    state["players"][seat]["roster"][kind] -= 1
    agent_id = next(a for a, (team, k) in tables().agents.items()
                    if team == seat and k == kind and a not in state["agents"]
                    and a not in state["gone"])
    state["agents"][agent_id] = {"seat": seat, "kind": kind, "at": space, "held": [],
                                 "fresh": True}
    state["spots"][space] = agent_id
    return [{"kind": "spawned", "agent": agent_id, "player": seat,
             "text": f"{who(state, agent_id)} is spawned"}]


# -- move, transfer, retire -----------------------------------------------------------------
def move(state: dict, action: dict) -> list[dict]:
    agent = own_agent(state, action, "TS-MOVE")
    free_to_act(state, action["agent"], "TS-MOVE")
    to = space_of(action, "to", "TS-MOVE")
    if to not in board().adjacent[agent["at"]] or not open_field(state, to):
        raise Rejected("TS-MOVE", "move to an adjacent Field space with no agent and no "
                                  "blockade")
    state["actions"] -= 1
    events = [{"kind": "moved", "agent": action["agent"], "from": agent["at"], "to": to,
               "text": f"{who(state, action['agent'])} moves to {board().names[to]}"}]
    arrive(state, action["agent"], to, events)
    return events


def transfer(state: dict, action: dict) -> list[dict]:
    agent = own_agent(state, action, "TS-TRANSFER")
    free_to_act(state, action["agent"], "TS-TRANSFER")
    other = state["agents"].get(action["to"]) if isinstance(action.get("to"), str) else None
    if other is None or \
            other["seat"] != agent["seat"] or other["at"] not in board().adjacent[agent["at"]]:
        raise Rejected("TS-TRANSFER", "give Intel to an adjacent agent of yours")
    if action["to"] in state["pins"]:
        raise Rejected("TS-PIN", "a pinned agent receives no Intel from its own side")
    intel = held(agent, action, "intel", "TS-TRANSFER")
    state["actions"] -= 1
    agent["held"].remove(intel)
    events = [{"kind": "transferred", "agent": action["agent"], "to": action["to"],
               "intel": intel, "text": f"{who(state, action['agent'])} gives "
               f"{intel_name(intel)} to {who(state, action['to'])}"}]
    gain(state, action["to"], intel, events)
    return events


def held(agent: dict, action: dict, key: str, rule: str) -> str:
    intel = action.get(key)
    if not isinstance(intel, str) or intel not in agent["held"]:
        raise Rejected(rule, "name a piece of Intel this agent holds")
    return intel


def can_retire(state: dict, agent_id: str) -> bool:
    agent = state["agents"][agent_id]
    return board().is_spawn[agent["at"]] and not agent["fresh"] and \
        agent_id not in state["pins"]


def retire(state: dict, action: dict) -> list[dict]:
    """TS-RETIRE (free): the agent leaves, its Intel scores; an Analyst with three
    pieces then draws one more (TS-ANALYST, in rules.py)."""
    agent = own_agent(state, action, "TS-RETIRE")
    if not can_retire(state, action["agent"]):
        raise Rejected("TS-RETIRE" if action["agent"] not in state["pins"] else "TS-PIN",
                       "retire an agent standing on a * tile, not spawned this turn and "
                       "not pinned")
    player = state["players"][agent["seat"]]
    points = sum(tables().intel[i].value for i in agent["held"])
    text = f"{who(state, action['agent'])} retires" + (
        f" with {', '.join(intel_name(i) for i in agent['held'])}: {points} points"
        if agent["held"] else " with no Intel")
    before = len(player["scored"])
    player["score"] += points
    player["scored"] += agent["held"]
    agent["held"] = []
    state["agents"].pop(action["agent"])
    state["spots"][agent["at"]] = None
    state["gone"].append(action["agent"])
    return [{"kind": "retired", "agent": action["agent"], "player": agent["seat"],
             "points": points, "count": len(player["scored"]) - before, "text": text}]


def listed(state: dict) -> list[dict]:
    """Every move, transfer and retirement the acting player may make now."""
    seat = state["await"]["player"]
    geometry, out = board(), []
    taken, walls = state["spots"], state["walls"]
    agents, pins, acting = state["agents"], state["pins"], state["actions"] >= 1
    spawn, into, beside = geometry.is_spawn, geometry.field_adjacent, geometry.adjacent
    for agent_id, agent in agents.items():
        if agent["seat"] != seat or agent_id in pins:
            continue
        at = agent["at"]
        if spawn[at] and not agent["fresh"]:
            out.append({"type": "retire", "agent": agent_id})
        if not acting:
            continue
        out += [{"type": "move", "agent": agent_id, "to": to} for to in into[at]
                if taken[to] is None and not walls[to]]
        if agent["held"]:
            for to in beside[at]:
                friend = taken[to]
                if friend is not None and agents[friend]["seat"] == seat and \
                        friend not in pins:
                    out += [{"type": "transfer", "agent": agent_id, "to": friend, "intel": i}
                            for i in agent["held"]]
    return out
