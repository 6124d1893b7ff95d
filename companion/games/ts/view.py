"""What Top-Secret's screens say, derived from the state (no Kivy here, so it is
tested fast): the header, the prompt, the words of every action (for Undo and the
buttons), the scores, and game over. Nothing is hidden in this game: every Intel
lies face up, so no prompt needs the pass-and-play cover."""

from __future__ import annotations

from companion.core import printed, viewing
from companion.core.viewing import names
from companion.games.ts.data import GAME_ID, tables
from companion.games.ts.geometry import OFF, board
from companion.games.ts.model import intel_name

PHASE = {"trickle": "Trickle", "draw": "Trickle", "roll": "Trickle", "spawn": "Spawn",
         "act": "Actions", "analyst_draw": "Actions", "keep": "Actions"}
WHY = {"fell": "fell", "redirected": "redirected by a blockade", "stopped": "stopped",
       "crowded": "waits: a piece below", "off": "fell off the board",
       "redirected off": "redirected off the board", "possessed": "caught",
       "possessed after a redirect": "redirected, then caught",
       "overload": "caught, but one too many: all back in the bag",
       "overload after a redirect": "redirected, caught, one too many",
       "honeypot": "a Honeypot: the agent is out", "honeypot after a redirect":
       "redirected onto an agent: a Honeypot"}


def status(state: dict) -> dict:
    wait = state["await"]
    phase = PHASE[wait["kind"]] if wait else "game over"
    return viewing.status(state, f"Round {state['round']} · {phase}", prompt(state))


def prompt(state: dict) -> str:
    wait = state["await"]
    if wait is None:
        return state["ended"] or ""
    who = names(state)[wait["player"]]
    kind = wait["kind"]
    if kind == "trickle":
        return f"{who}: draw two Intel and roll the six dice"
    if kind == "draw":
        return f"{who}: which Intel did you draw onto {board().names[wait['space']]}?"
    if kind == "roll":
        return f"{who}: what does the {tables().colour_names[wait['die']]} die show?"
    if kind == "spawn":
        return f"{who}: spawn agents onto empty * tiles, or go on to the actions"
    if kind == "analyst_draw":
        return f"{who}: which Intel did the Analyst draw?"
    if kind == "keep":
        return f"{who}: keep {intel_name(state['analyst'])} (it scores) or put it back?"
    left = state["actions"]
    return f"{who}: {left} action{'' if left == 1 else 's'} left: tap an agent"


def private_seat(state: dict) -> None:
    return None  # every piece of this game lies face up


def kind_name(state: dict, agent_id: str) -> str:
    agent = state["agents"].get(agent_id)
    kind = agent["kind"] if agent else tables().agents[agent_id][1]
    return tables().kind_names[kind]


def label(state: dict, action: dict) -> str:
    """An action in a few words ('Hacker pins Comms Specialist at F3')."""
    kind, spaces = action["type"], board().names
    agent = action.get("agent")
    if kind == "trickle":
        return "Draw and roll"
    if kind == "draw":
        tile = next(t for t in tables().intel.values() if t.kind == action["intel"])
        return intel_name(tile.id)
    if kind == "roll":
        return str(action["value"])
    if kind == "done":
        return "Go on to the actions"
    if kind == "end_turn":
        return "End the turn"
    if kind == "keep":
        return "Keep it" if action["keep"] else "Put it back"
    if kind == "spawn":
        return f"Spawn a {tables().kind_names[action['kind']]} on {spaces[action['at']]}"
    who = kind_name(state, agent)
    if kind in ("move", "smuggle"):
        return f"{who} to {spaces[action['to']]}"
    if kind == "retire":
        return f"{who} retires"
    if kind in ("transfer", "double"):
        return f"{who} gives {intel_name(action['intel'])} to the " \
               f"{kind_name(state, action['to'])}"
    if kind == "comms":
        way = "down" if action.get("pay") else "up"
        return f"{who} moves {intel_name(action['intel'])} {way} to {spaces[action['to']]}"
    if kind in ("pin", "unpin"):
        return f"{who} {kind}s the {kind_name(state, action['target'])}"
    if kind == "take":
        return f"{who} takes {intel_name(action['intel'])}"
    return f"{who}: blockade on {spaces[action['at']]}"


def describe(state: dict, action: dict) -> str:
    """What Undo and Redo name (`state`: the one the action was taken in)."""
    who = viewing.acting(state)
    if action["type"] == "trickle":
        return f"{who}'s trickle"
    if action["type"] == "roll":
        return f"{who}'s {tables().colour_names[state['await']['die']]} die"
    return f"{who}: {label(state, action)}"


def scores(state: dict) -> str:
    return "   ".join(f"{p['name']} {p['score']}/{tables().limits['win']}"
                      for p in state["players"])


def trickle_lines(state: dict) -> list[str]:
    """The last trickle, piece by piece, for the table to follow."""
    last = state.get("last")
    if not last:
        return []
    spaces = board().names
    lines = []
    for m in last["moves"]:
        if m["to"] == m["from"]:
            lines.append(f"{intel_name(m['intel'])} stays on {spaces[m['from']]} "
                         f"({WHY[m['why']]})")
        else:
            to = spaces[m["to"]] if m["to"] != OFF else "the bag"
            lines.append(f"{intel_name(m['intel'])}: {spaces[m['from']]} to {to} "
                         f"({WHY[m['why']]})")
    return lines


def game_over(session) -> tuple[str, str]:
    lines = viewing.ending(session) + [
        f"{p['name']}: {p['score']} points, {len(p['scored'])} Intel scored"
        for p in session.state["players"]]
    return viewing.result(session.state), "\n".join(lines)


def event_piece(event: dict):
    """The Intel or agent a log line names, to hold and read as printed."""
    if event.get("intel") and event.get("kind") in ("drawn", "picked", "analyst"):
        return ("intel", event["intel"])
    if event.get("agent") and event.get("kind") in ("spawned", "retired"):
        return ("agents", event["agent"])
    return None


def piece_words(component: str, item: str) -> str:
    """What a held piece means, below its printed picture."""
    if component == "agents":
        kind = tables().agents[item][1] if item in tables().agents else None
        if kind:
            short = printed.game(GAME_ID).vars["kinds"][kind]["short"]
            return f"[b]{tables().kind_names[kind]}[/b]: {short}"
    if component == "intel" and item in tables().intel:
        tile = tables().intel[item]
        colour = tables().colour_names[tile.colour]
        if tile.honeypot:
            return (f"[b]A {colour} Honeypot[/b]: an agent that gains it is out of the game "
                    "for good, and its Intel goes back into the bag (TS-HONEYPOT).")
        return (f"[b]{colour} {tile.value}[/b]: scores {tile.value} when the agent holding it "
                f"retires on a * tile. It falls down-left when the {colour} die is odd, "
                "down-right when it is even.")
    return ""
