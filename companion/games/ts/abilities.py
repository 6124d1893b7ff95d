"""The six kinds' abilities (TS-DOUBLE, TS-COMMS, TS-SMUGGLER, TS-HACKER, TS-ENGINEER;
the Analyst's is at retirement, in rules.py), paid in actions and Intel as TS-ABILITY
says: an Intel cost is one piece the acting agent holds (`pay`), which goes back
into the bag. Each has its check (Rejected with its ruling) and effect; `listed`
gives every use the acting player may make now. The Smuggler has the Comms
Specialist's abilities as printed, or slips through in the variant the setup names."""

from __future__ import annotations

from companion.core.engine import Rejected
from companion.games.ts.data import tables
from companion.games.ts.geometry import OFF, board
from companion.games.ts.model import article, gain, intel_name, to_bag, walls_up, who
from companion.games.ts.moves import arrive, bare, own_agent

RULE = {"double": "TS-DOUBLE", "comms": "TS-COMMS", "smuggle": "TS-SMUGGLER",
        "pin": "TS-HACKER", "unpin": "TS-HACKER", "take": "TS-HACKER", "block": "TS-ENGINEER"}
KIND = {"double": "double-agent", "comms": "comms", "smuggle": "smuggler", "pin": "hacker",
        "unpin": "hacker", "take": "hacker", "block": "engineer"}


def slips(state: dict) -> bool:
    """TS-SMUGGLER: the variant "Smuggler slips through" (a state from before the option
    was offered plays as printed)."""
    return state["settings"].get("smuggler") == "slips"


def use(state: dict, action: dict) -> list[dict]:
    """Check and carry out one ability."""
    kind, rule = action["type"], RULE[action["type"]]
    agent = own_agent(state, action, rule)
    if agent["kind"] == "smuggler" and kind in ("comms", "smuggle"):
        if (kind == "smuggle") != slips(state):
            raise Rejected("TS-SMUGGLER", "the Smuggler slips through in the variant "
                           "'Smuggler slips through' only; as printed, it has the Comms "
                           "Specialist's abilities" if kind == "smuggle" else
                           "in the variant 'Smuggler slips through', the Smuggler has no "
                           "Comms Specialist's abilities")
    elif agent["kind"] != KIND[kind]:
        raise Rejected(rule, f"only {article(tables().kind_names[KIND[kind]])} can do that")
    if action["agent"] in state["pins"]:
        raise Rejected("TS-PIN", f"{who(state, action['agent'])} is pinned")
    allowed = block_allowed(state, agent, action) if kind == "block" else \
        bare(action) in options(state, action["agent"])
    if not allowed:
        raise Rejected(rule, WHY[kind])
    pay = action.get("pay")
    if pay is not None:
        agent["held"].remove(pay)
        to_bag(state, pay)
    state["actions"] -= COST[kind](action)
    return EFFECT[kind](state, action) + ([{
        "kind": "paid", "agent": action["agent"], "intel": pay,
        "text": f"(paid with {intel_name(pay)}, back into the bag)"}] if pay else [])


WHY = {"double": "give a piece this agent holds to another agent, for one action",
       "comms": "move a loose piece within two spaces one space up (one action) or down "
                "(one action and one Intel) onto a space with no loose Intel or blockade "
                "(the Comms Specialist, and the Smuggler as printed)",
       "smuggle": "move up to two spaces in the Field to a space with no agent or "
                  "blockade, for one action",
       "pin": "pin an adjacent enemy agent, once a turn, for one action",
       "unpin": "unpin an adjacent pinned agent of yours, once a turn, for one action",
       "take": "take a piece from an adjacent pinned enemy, once a turn, for one Intel",
       "block": "a blockade on an adjacent empty space (one action) or any empty space "
                "(one Intel), while markers last"}
COST = {"double": lambda a: 1, "comms": lambda a: 1, "smuggle": lambda a: 1,
        "pin": lambda a: 1, "unpin": lambda a: 1, "take": lambda a: 0,
        "block": lambda a: 0 if a.get("pay") else 1}


def options(state: dict, agent_id: str) -> list[dict]:
    """Every ability use of one agent now (none when pinned)."""
    agent = state["agents"][agent_id]
    if agent_id in state["pins"]:
        return []
    return lister(state, agent["kind"])(state, agent_id, agent)


def listed(state: dict, far_apart: bool = False) -> list:
    """Every ability use of the acting player now. With `far_apart` (for the greedy
    AI, which scores few of them), an Engineer's paid blockades are not made into
    actions: in their place stands one tuple ("far", agent id, the pieces it may pay
    with, the empty spaces), which engineer_list makes into its actions, pay by pay."""
    seat, pins, out = state["await"]["player"], state["pins"], []
    for agent_id, agent in state["agents"].items():
        if agent["seat"] == seat and agent_id not in pins:
            if far_apart and agent["kind"] == "engineer":
                out += engineer_near(state, agent_id, agent)
                held, empty = engineer_far(state, agent)
                if held and empty:
                    out.append(("far", agent_id, held, empty))
            else:
                out += lister(state, agent["kind"])(state, agent_id, agent)
    return out


def lister(state: dict, kind: str):
    """A kind's list of uses (TS-SMUGGLER: as printed, the Smuggler's is the Comms
    Specialist's)."""
    if kind == "smuggler" and not slips(state):
        return comms_list
    return LISTS[kind]


# -- the lists --------------------------------------------------------------------------------
def double_list(state, agent_id, agent):
    if state["actions"] < 1:
        return []
    return [{"type": "double", "agent": agent_id, "to": other, "intel": i}
            for other in state["agents"] if other != agent_id for i in agent["held"]]


def comms_list(state, agent_id, agent):
    if state["actions"] < 1:
        return []
    geometry, cells, walls, out = board(), state["board"], state["walls"], []
    for space in geometry.within_two[agent["at"]]:
        intel = cells[space]
        if intel is None:
            continue
        for to in geometry.up[space]:
            if to != OFF and cells[to] is None and not walls[to]:
                out.append({"type": "comms", "agent": agent_id, "intel": intel, "to": to})
        for to in geometry.down[space]:
            if to != OFF and cells[to] is None and not walls[to]:
                out += [{"type": "comms", "agent": agent_id, "intel": intel, "to": to,
                         "pay": p} for p in agent["held"]]
    return out


def smuggle_list(state, agent_id, agent):
    if state["actions"] < 1:
        return []
    taken, walls = state["spots"], state["walls"]
    return [{"type": "smuggle", "agent": agent_id, "to": to}
            for to in board().field_two[agent["at"]] if taken[to] is None and not walls[to]]


def hacker_list(state, agent_id, agent):
    taken, out = state["spots"], []
    near = [taken[s] for s in board().adjacent[agent["at"]] if taken[s] is not None]
    if state["actions"] >= 1 and agent_id not in state["hacked"]:
        for other in near:
            mine = state["agents"][other]["seat"] == agent["seat"]
            if not mine and other not in state["pins"]:
                out.append({"type": "pin", "agent": agent_id, "target": other})
            elif mine and other in state["pins"]:
                out.append({"type": "unpin", "agent": agent_id, "target": other})
    if agent_id not in state["took"] and agent["held"]:
        for other in near:
            enemy = state["agents"][other]
            if enemy["seat"] != agent["seat"] and other in state["pins"]:
                out += [{"type": "take", "agent": agent_id, "target": other, "intel": i,
                         "pay": p} for i in enemy["held"] for p in agent["held"]]
    return out


def engineer_list(state, agent_id, agent):
    held, empty = engineer_far(state, agent)
    return engineer_near(state, agent_id, agent) + [
        {"type": "block", "agent": agent_id, "at": s, "pay": p} for p in held for s in empty]


def engineer_near(state, agent_id, agent) -> list:
    """The Engineer's blockades beside it, for one action."""
    if state["actions"] < 1 or walls_up(state) >= tables().limits["blockades"]:
        return []
    taken, walls, cells = state["spots"], state["walls"], state["board"]
    return [{"type": "block", "agent": agent_id, "at": s} for s in board().adjacent[agent["at"]]
            if cells[s] is None and taken[s] is None and not walls[s]]


def engineer_far(state, agent) -> tuple:
    """What the Engineer's blockades anywhere may be paid with, and the empty spaces."""
    if not agent["held"] or walls_up(state) >= tables().limits["blockades"]:
        return (), ()
    taken, walls, cells = state["spots"], state["walls"], state["board"]
    return agent["held"], [s for s in range(board().size)
                           if cells[s] is None and taken[s] is None and not walls[s]]


def block_allowed(state, agent, action) -> bool:
    """engineer_list's rule for one blockade, without listing every space (the Engineer's
    far blockades are most of a turn's options)."""
    at, pay = action.get("at"), action.get("pay")
    if set(action) - {"type", "agent", "at", "pay", "by"} or type(at) is not int or \
            not 0 <= at < board().size or walls_up(state) >= tables().limits["blockades"]:
        return False
    if state["board"][at] is not None or state["spots"][at] is not None or state["walls"][at]:
        return False
    if pay is None:
        return "pay" not in action and state["actions"] >= 1 and \
            at in board().adjacent[agent["at"]]
    return isinstance(pay, str) and pay in agent["held"]


LISTS = {"double-agent": double_list, "comms": comms_list, "analyst": lambda *_a: [],
         "smuggler": smuggle_list, "hacker": hacker_list, "engineer": engineer_list}


# -- the effects --------------------------------------------------------------------------------
def double(state, action):
    giver = state["agents"][action["agent"]]
    giver["held"].remove(action["intel"])
    events = [{"kind": "doubled", "agent": action["agent"], "to": action["to"],
               "intel": action["intel"], "text": f"{who(state, action['agent'])} slips "
               f"{intel_name(action['intel'])} to {who(state, action['to'])}"}]
    gain(state, action["to"], action["intel"], events)
    return events


def comms(state, action):
    cells, to = state["board"], action["to"]
    space = cells.index(action["intel"])
    cells[space] = None
    way = "down" if action.get("pay") else "up"
    events = [{"kind": "signalled", "agent": action["agent"], "intel": action["intel"],
               "from": space, "to": to, "text": f"{who(state, action['agent'])} moves "
               f"{intel_name(action['intel'])} {way} to {board().names[to]}"}]
    target = state["spots"][to]
    if target:  # TS-COMMS, TS-POSSESS: onto an agent, it is possessed
        gain(state, target, action["intel"], events)
    else:
        cells[to] = action["intel"]
    return events


def smuggle(state, action):
    events = [{"kind": "smuggled", "agent": action["agent"], "to": action["to"],
               "text": f"{who(state, action['agent'])} slips through to "
                       f"{board().names[action['to']]}"}]
    arrive(state, action["agent"], action["to"], events)
    return events


def pin(state, action):
    state["hacked"].append(action["agent"])
    state["pins"][action["target"]] = state["turn"] + 1  # TS-PIN: to the end of its next turn
    return [{"kind": "pinned", "agent": action["agent"], "target": action["target"],
             "text": f"{who(state, action['agent'])} pins {who(state, action['target'])}"}]


def unpin(state, action):
    state["hacked"].append(action["agent"])
    state["pins"].pop(action["target"])
    return [{"kind": "unpinned", "agent": action["agent"], "target": action["target"],
             "text": f"{who(state, action['agent'])} frees {who(state, action['target'])}"}]


def take(state, action):
    state["took"].append(action["agent"])
    state["agents"][action["target"]]["held"].remove(action["intel"])
    events = [{"kind": "took", "agent": action["agent"], "target": action["target"],
               "intel": action["intel"], "text": f"{who(state, action['agent'])} takes "
               f"{intel_name(action['intel'])} from {who(state, action['target'])}"}]
    gain(state, action["agent"], action["intel"], events)
    return events


def block(state, action):
    state["walls"][action["at"]] = state["turn"] + 1  # to the end of the opponent's turn
    return [{"kind": "blocked", "agent": action["agent"], "at": action["at"],
             "text": f"{who(state, action['agent'])} puts a blockade on "
                     f"{board().names[action['at']]}"}]


EFFECT = {"double": double, "comms": comms, "smuggle": smuggle, "pin": pin, "unpin": unpin,
          "take": take, "block": block}
