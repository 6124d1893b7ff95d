"""What Top-Secret's screens say, derived from the state (no Kivy here, so it is
tested fast): the header, the prompt, the words of every action (for Undo and the
buttons), the scores, and game over. Nothing is hidden in this game: every Intel
lies face up, so no prompt needs the pass-and-play cover."""

from __future__ import annotations

from companion.core import viewing
from companion.core.viewing import names
from companion.games.ts.data import tables
from companion.games.ts.geometry import OFF, board
from companion.games.ts.model import article, intel_name
from companion.games.ts.words import piece_words  # noqa: F401 - the shell's (a held piece)

PHASE = {"trickle": "Trickle", "draw": "Trickle", "roll": "Trickle", "spawn": "Spawn",
         "act": "Actions", "analyst_draw": "Actions", "keep": "Actions"}
WHY = {"fell": "fell", "redirected": "redirected by a blockade", "stopped": "stopped",
       "crowded": "waits: a piece below", "off": "fell off the board",
       "redirected off": "redirected off the board", "possessed": "caught",
       "possessed after a redirect": "redirected by a blockade, then caught",
       "overload": "caught, but one too many: all back in the bag",
       "overload after a redirect": "redirected, caught, one too many",
       "honeypot": "a Honeypot: the agent is out", "honeypot after a redirect":
       "redirected onto an agent: a Honeypot"}
# the reason said at the piece on the board, in a word or two (none for a plain fall)
TAGS = {"fell": "", "redirected": "turned", "stopped": "stuck", "crowded": "waits",
        "off": "to bag", "redirected off": "to bag", "possessed": "caught",
        "possessed after a redirect": "caught", "overload": "too many",
        "overload after a redirect": "too many", "honeypot": "Honeypot",
        "honeypot after a redirect": "Honeypot"}


def status(state: dict) -> dict:
    wait = state["await"]
    phase = PHASE[wait["kind"]] if wait else "game over"
    return viewing.status(state, f"Round {state['round']} · {phase} · Bag {len(state['bag'])}",
                          prompt(state))


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
    if not left:
        return f"{who}: no actions left: end the turn, or tap an agent that retires or " \
               "pays with Intel"
    return f"{who}: {left} action{'' if left == 1 else 's'} left: tap an agent"


def private_seat(state: dict) -> None:
    return None  # every piece of this game lies face up


def kind_name(state: dict, agent_id: str) -> str:
    agent = state["agents"].get(agent_id)
    kind = agent["kind"] if agent else tables().agents[agent_id][1]
    return tables().kind_names[kind]


def label(state: dict, action: dict) -> str:
    """An action in a few words ('Hacker pins the Analyst', 'Spawn an Analyst on I3')."""
    kind, spaces = action["type"], board().names
    agent = action.get("agent")
    if kind == "trickle":
        return "Draw two Intel and roll the dice"
    if kind == "draw":
        return intel_name(next(t.id for t in tables().intel.values()
                               if t.kind == action["intel"]))
    if kind == "roll":
        return f"{action['value']}, {way(action['value'])}"
    if kind in SIMPLE:
        return SIMPLE[kind]
    if kind == "keep":
        return "Keep it" if action["keep"] else "Put it back"
    if kind == "spawn":
        return f"Spawn {article(tables().kind_names[action['kind']])} on {spaces[action['at']]}"
    who = kind_name(state, agent)
    if kind in ("move", "smuggle"):
        return f"{who} {'moves' if kind == 'move' else 'slips through'} to " \
               f"{spaces[action['to']]}"
    if kind == "retire":
        return f"{who} retires"
    if kind in ("transfer", "double"):
        return f"{who} gives {intel_name(action['intel'])} to the " \
               f"{kind_name(state, action['to'])}"
    if kind == "comms":
        return f"{who} moves {intel_name(action['intel'])} " \
               f"{'down' if action.get('pay') else 'up'} to {spaces[action['to']]}"
    if kind in ("pin", "unpin"):
        return f"{who} {kind}s the {kind_name(state, action['target'])}"
    if kind == "take":
        return f"{who} takes {intel_name(action['intel'])} from the " \
               f"{kind_name(state, action['target'])}"
    return f"{who} puts a blockade on {spaces[action['at']]}"


SIMPLE = {"done": "Go on to the actions", "end_turn": "End the turn"}


def way(face: int) -> str:
    """Where a die's face sends its colour's Intel (TS-TRICKLE)."""
    return "down-left" if face % 2 else "down-right"


PICKER = ("1", "2", "3", "4", "honeypot")  # a row's keys, left to right


def picker_rows(legal: list) -> list[tuple[str, list]]:
    """The Intel a player may say they drew, a row a colour in the dice's order, each
    kind in its column (1 to 4, then the Honeypot; None where none is left), so a key
    is always at the same place."""
    by_kind = {action["intel"]: action for action in legal}
    rows = []
    for colour in tables().colours:
        keys = [by_kind.get(f"{colour}-{value}") for value in PICKER]
        if any(keys):
            rows.append((colour, keys))
    return rows


def describe(state: dict, action: dict) -> str:
    """What Undo and Redo name (`state`: the one the action was taken in), as a sentence:
    'Ann's Hacker pins the Analyst', 'Ann draws Codes 3 onto A2'."""
    who, kind, wait = viewing.acting(state), action["type"], state["await"]
    if kind == "trickle":
        return f"{who}'s draw and roll of the dice"
    if kind == "draw":
        onto = f" onto {board().names[wait['space']]}" if wait.get("space") is not None \
            else " for the Analyst"
        return f"{who} draws {label(state, action)}{onto}"
    if kind == "roll":
        return f"{who}'s {tables().colour_names[wait['die']]} die: {label(state, action)}"
    if kind == "done":
        return f"{who} goes on to the actions"
    if kind == "end_turn":
        return f"{who} ends the turn"
    if kind == "keep":
        piece = intel_name(state["analyst"]) if state.get("analyst") else "the drawn Intel"
        return f"{who} keeps {piece}" if action["keep"] else f"{who} puts {piece} back"
    if kind == "spawn":
        return f"{who} spawns {label(state, action).removeprefix('Spawn ')}"
    return f"{who}'s {label(state, action)}"


def badge(state: dict, seat: int) -> str:
    """A player's name and score over the board, and the actions left while they act;
    none left, what is next instead ('0 actions' reads as nothing to do, or a fault)."""
    player = state["players"][seat]
    words = f"{player['name']}  {player['score']}/{tables().limits['win']}"
    wait = state["await"]
    if wait and wait["player"] == seat and wait["kind"] in ("act", "analyst_draw", "keep"):
        left = state["actions"]
        if left:
            words += f"  ·  {left} action{'' if left == 1 else 's'}"
        elif wait["kind"] == "act":  # a retirement or a payment in Intel is free
            words += "  ·  end turn"
    return words


def scores(state: dict) -> str:
    return "   ".join(f"{p['name']} {p['score']}/{tables().limits['win']}"
                      for p in state["players"])


def trickle_shown(state: dict, actions: list) -> list[dict]:
    """The last trickle's moves while they are news: from its last die until the first
    action of the actions phase (spawning keeps them on show); [] otherwise."""
    wait = state["await"]
    if not wait or wait["kind"] not in ("spawn", "act") or not state.get("last"):
        return []
    for action in reversed(actions):
        if action["type"] in ("trickle", "roll"):
            return state["last"]["moves"]
        if action["type"] not in ("spawn", "free_roll"):
            return []
    return []


def trickle_lines(state: dict, moves: list | None = None) -> list[str]:
    """The last trickle for the sheet: each piece that did more than fall one row
    ('Finance 3: F1 to G2, redirected by a blockade, then caught by Bob's Hacker'),
    then how many fell one row (their arrows say where)."""
    moves = (state.get("last") or {}).get("moves", []) if moves is None else moves
    spaces, lines = board().names, []
    for m in moves:
        if m["why"] == "fell":
            continue
        name, why = intel_name(m["intel"]), WHY[m["why"]]
        if m.get("agent") and m["why"].startswith("possessed"):
            seat, kind = tables().agents[m["agent"]]
            why += f" by {state['players'][seat]['name']}'s {tables().kind_names[kind]}"
        if m["to"] == m["from"]:
            lines.append(f"{name} stays on {spaces[m['from']]}: {why}")
        else:
            to = spaces[m["to"]] if m["to"] != OFF else "the bag"
            lines.append(f"{name}: {spaces[m['from']]} to {to}, {why}")
    fell = sum(1 for m in moves if m["why"] == "fell")
    if fell:
        lines.append(f"{fell} more fell one row" if lines else
                     f"{'Every' if fell > 1 else 'The'} piece fell one row")
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


def piece_widget(component: str, item: str):
    """The shell's held piece (companion.app.zoom): Top-Secret's pieces are drawn at the
    screen's resolution, not shown as pictures (Kivy only here, when a piece is held)."""
    from companion.games.ts.held import piece_widget as drawn

    return drawn(component, item)
