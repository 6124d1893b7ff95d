"""What the screens say of a declared table, in words (no Kivy): the status, the prompt,
Undo's and Redo's names for an action ("Ann draws 1", "Bob: Hit points 7 to 5"), button
labels and game over. A hand is private: while its owner acts on it, the shell covers the
screen when the phone changes hands."""

from __future__ import annotations

from functools import cache

from companion.core import viewing
from companion.declared.model import Table


@cache
def table_of(game_id: str) -> Table:
    """The table of a registered folder game, read once a process."""
    from companion.core.printed import folder_table
    from companion.games import GAMES

    return Table(folder_table(GAMES[game_id].folder)[2])


def phase_name(state: dict) -> str:
    """The phase's name; "" for the one phase a table that declares none has."""
    phases = table_of(state["game"]).phases
    name = phases[state["turn"]["phase"]]["name"]
    return "" if len(phases) == 1 and name == "Turn" else name


def status(state: dict) -> dict:
    turn = state["turn"]
    title = f"Round {turn['round']}" + (f" · {phase_name(state)}" if phase_name(state) else "")
    return viewing.status(state, title, prompt(state))


def prompt(state: dict) -> str:
    wait = state["await"]
    if wait is None:
        return result(state)
    who = viewing.acting(state)
    if wait["kind"] == "discard":
        zone = table_of(state["game"]).zone_of(wait["from"])[0]["name"]
        return f"{who}: discard {wait['left']} from {zone}"
    phase = phase_name(state)
    return f"{who}: {phase}" if phase else f"{who}'s turn"


def private_seat(state: dict) -> int | None:
    """The player whose private cards the screen shows now (their hand), if any."""
    wait = state["await"]
    if wait is None or not state["tracked"]:
        return None
    table = table_of(state["game"])
    if any(zone["show"] == "private" for zone in table.zones.values()):
        return wait["player"]
    return None


def card_name(state: dict, card: str) -> str:
    return table_of(state["game"]).card(card)["name"]


def zone_name(state: dict, key: str) -> str:
    zone, owner = table_of(state["game"]).zone_of(key)
    if owner is None or len(state["players"]) < 2:
        return zone["name"]
    return f"{state['players'][owner]['name']}'s {zone['name']}"


def describe(state: dict, action: dict) -> str:
    """An action as Undo and Redo name it (`state`: the one it was taken in); a hidden
    card is never named."""
    who, kind = viewing.acting(state), action["type"]
    table = table_of(state["game"])
    if kind == "change":
        counter = table.counters.get(action.get("counter"), {"name": action.get("counter")})
        owner = action.get("seat")
        whose = f"{state['players'][owner]['name']}: " if owner is not None and \
            owner < len(state["players"]) else ""
        how = f"to {action['to']}" if "to" in action else f"{action.get('amount', 0):+d}"
        return f"{whose}{counter['name']} {how}"
    if kind in ("draw", "deal"):
        verb = "draws" if kind == "draw" else "deals"
        return f"{who} {verb} {action.get('count', 1)}"
    if kind in ("play", "discard", "told"):
        verb = {"play": "plays", "discard": "discards", "told": "plays"}[kind]
        return f"{who} {verb} {card_name(state, action['card'])}"
    if kind == "move":
        return f"{who}: {card_name(state, action['card'])} to {zone_name(state, action['to'])}"
    if kind == "reveal":
        return f"{who} shows {card_name(state, action['card'])}"
    if kind == "return":
        return f"{who} returns a card to the pile"
    if kind == "shuffle":
        return f"{who} shuffles {zone_name(state, action['zone'])}"
    if kind == "roll":
        return f"{who} rolls the {table.dice[action['die']]['name']}"
    if kind == "out":
        return f"{state['players'][action['seat']]['name']} is out"
    if kind == "finish":
        return "The game ends"
    if kind == "phase" and len(table.phases) > 1 and \
            state["turn"]["phase"] + 1 < len(table.phases):
        return f"{who}: on to {table.phases[state['turn']['phase'] + 1]['name']}"
    return {"phase": f"{who} ends the turn", "pass": f"{who} ends the turn"}.get(kind, kind)


def label(state: dict, action: dict) -> str:
    """A button's words for an action."""
    return describe(state, action)


def result(state: dict) -> str:
    ended = state["ended"]
    if not ended:
        return ""
    winners = [state["players"][s]["name"] for s in ended["winners"]]
    return " and ".join(winners) + (" win" if len(winners) > 1 else " wins") if winners \
        else "A draw"


def game_over(session) -> tuple[str, str]:
    state = session.state
    table = table_of(state["game"])
    lines = [f"Ended: {state['ended']['why']}",
             f"{state['turn']['round']} rounds, {len(session.actions)} actions"]
    for seat, player in enumerate(state["players"]):
        values = ", ".join(f"{table.counters[k]['name']} {v}" for k, v in
                           state["counters"]["seats"][seat].items())
        lines.append(f"{player['name']}{' (out)' if player['out'] else ''}"
                     + (f": {values}" if values else ""))
    return result(state), "\n".join(lines)


def piece_words(component: str, item: str) -> str:
    """A held card's words below its picture: its name and printed fields."""
    from companion.games import GAMES

    card = next((c for game_id, spec in GAMES.items() if spec.folder
                 for c in table_of(game_id).cards.values()
                 if c["component"] == component and c["item"] == item), None)
    if card is None:
        return ""
    lines = [f"[b]{card['name']}[/b]"]
    lines += [f"{key}: {', '.join(map(str, value)) if isinstance(value, list) else value}"
              for key, value in card["fields"].items() if key not in ("name", "id")
              and value not in ("", None, [])]
    return "\n".join(lines)
