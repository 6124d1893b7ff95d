"""What Geheime Mission's screens show, derived from the state (no Kivy here,
so it is tested fast): the header, prompts, button and undo labels, the
fields, and game over. Hands and the chosen door are private: only
`hand` shows a hand, and nothing here shows the chosen door before the reveal."""

from __future__ import annotations

from companion.core import viewing
from companion.core.viewing import names, plural
from companion.games.gm.data import DOOR_NAMES, agents

ROLE_COLOUR = {"city": "blue", "defend": "green", "attack": "red"}
ROLE_VALUE = {"city": "find", "defend": "defence", "attack": "attack"}
STAGE = {"play": "", "door": "Back door", "officer": "Back door"}


def stage(state: dict) -> str:
    wait = state["await"]
    if wait is None:
        return "Night: game over"
    if wait["kind"] != "play":
        return "Back door"
    return "City centre" if wait["role"] == "city" else "Embassy"


def status(state: dict) -> dict:
    """The header: round and stage, whose decision it is, and the prompt."""
    return viewing.status(state, f"Round {state['round']} · {stage(state)}", prompt(state))


def prompt(state: dict) -> str:
    wait = state["await"]
    if wait is None:
        return game_over_line(state)
    who = names(state)[wait["player"]]
    if wait["kind"] == "door":
        return f"{who}: pick a back door in secret"
    if wait["kind"] == "officer":
        return f"{who}: post the counter-intelligence officer at a door"
    role, lead = wait["role"], state["duel"]["lead"]
    colour = ROLE_COLOUR[role]
    if role == "city":
        return (f"{who}: lead a card in the city centre (blue)" if lead is None else
                f"{who}: answer the blue {lead} in the city centre")
    if role == "defend":
        return f"{who}: defend your embassy with a card (green)"
    return f"{who}: attack the embassy: beat the green {lead} ({colour})"


def private_seat(state: dict) -> int | None:
    """The seat whose secret the prompt shows (its hand, or the door it picks):
    the shell covers the screen until that player holds the phone."""
    wait = state["await"]
    if wait is None:
        return None
    if wait["kind"] == "door":
        return wait["player"]
    if wait["kind"] == "play" and state["settings"]["cards"] == "virtual":
        return wait["player"]
    return None


def card_label(card_id: str, role: str) -> str:
    card = agents()[card_id]
    return f"{card['name']} {card['call']}: {ROLE_COLOUR[role]} {card[ROLE_VALUE[role]]}"


def hand(state: dict, seat: int) -> list[dict]:
    """A player's cards, best for the current place first: id, name, call and values."""
    wait = state["await"] or {}
    role = wait.get("role", "city")
    cards = [agents()[c] for c in state["players"][seat]["hand"]]
    return sorted(cards, key=lambda c: -c[ROLE_VALUE[role]])


def fields(state: dict) -> list[dict]:
    """The three fields left to right (embassy of seat 0, city, embassy of seat 1):
    each card played this round with the value that counted."""
    who = names(state)
    out = []
    for place, plays in (("embassy", state["embassies"][0]), ("city", state["city"]),
                         ("embassy", state["embassies"][1])):
        rows = [{"seat": p["seat"], "name": who[p["seat"]], "value": p["value"],
                 "role": p["role"], "card": agents()[p["card"]]["name"] if p["card"] else "",
                 "card_id": p["card"]}
                for p in plays]
        out.append({"place": place, "plays": rows})
    out[0]["owner"], out[2]["owner"] = 0, 1
    return out


def describe(state: dict, action: dict) -> str:
    """An action as the undo button names it (`state`: before it). Never the door."""
    who = viewing.acting(state)
    if action["type"] == "play":
        role = state["await"]["role"]
        what = card_label(action["card"], role) if action.get("card") else \
            f"{ROLE_COLOUR[role]} {action.get('value')}"
        return f"{who}'s {what}"
    if action["type"] == "door":
        return f"{who}'s secret door"
    if action["type"] == "officer":
        return f"{who}'s officer at door {action['door']}"
    return action["type"].replace("_", " ")


def label(state: dict, action: dict) -> str:
    """Button text for an action."""
    if action["type"] == "play":
        role = state["await"]["role"]
        return card_label(action["card"], role) if "card" in action else str(action["value"])
    return f"Door {action['door']} ({DOOR_NAMES[action['door']]})"


def game_over_line(state: dict) -> str:
    if state["winner"] is None:
        return "Night falls: a draw"
    return f"Night falls: {names(state)[state['winner']]} wins"


def game_over(session) -> tuple[str, str]:
    """The game-over screen's result line and details."""
    state = session.state
    lines = [f"{plural(state['round'] - 1, 'round')} completed, "
             f"{plural(len(session.actions), 'action')}"]
    for player in state["players"]:
        lines.append(f"{player['name']}: {plural(player['suitcases'], 'suitcase')}")
    counts = [p["suitcases"] for p in state["players"]]
    if counts[0] == counts[1] and state["winner"] is not None:
        winner = names(state)[state["winner"]]
        lines.append(f"Tied: {winner} brought in the most recent suitcase (GM-WIN)"
                     if state["last_scorer"] is not None else f"Tied without a suitcase: "
                     f"{winner} was the last to carry one to a back door (GM-WIN)")
    return game_over_line(state), "\n".join(lines)


def event_piece(event: dict):
    """The agent a log line names (hold the line to read the card), or None."""
    card = event.get("card") if event.get("kind") == "played" else None
    return ("agents", card) if card else None
