"""What a folder game's screens say (no Kivy): the toolbar's status, what Undo and
Redo call an action ("Ann draws 2", "Bob: hit points 7 to 5"), the pass-and-play
cover's seat, the game-over screen, and the reads the table screen draws from.

Every function answers every reachable state and every action the shell sends (the
conformance suite asks), and never names a card a player holds in secret: a draw is
"Ann draws 1", a move from a private hand "Ann moves a card"."""

from __future__ import annotations

from companion.core import viewing
from companion.declared.model import Declaration, owner, shown_name, where
from companion.declared.model import label as label_of
from companion.declared.spec import declaration


def decl_of(state: dict) -> Declaration:
    return declaration(state["folder_game"])


def phase_name(state: dict) -> str:
    phases = decl_of(state).phases
    return phases[state["turn"]["phase"]]["name"] if len(phases) > 1 else ""


def phases_left(state: dict) -> list[dict]:
    """The phases of the turn after the current one (ending the turn skips them)."""
    phases = decl_of(state).phases
    return phases[state["turn"]["phase"] + 1:] if len(phases) > 1 else []


def and_list(words: list[str]) -> str:
    """"Buy", "Buy and Sell", "Draw, Buy and Sell"."""
    return " and ".join([", ".join(words[:-1]), words[-1]] if len(words) > 1 else words)


def status(state: dict) -> dict:
    """The toolbar: round, turn and phase; whose decision it is; the prompt."""
    turn = state["turn"]
    phase = phase_name(state)
    title = f"Round {turn['round']} · turn {turn['number']}" + (f" · {phase}" if phase else "")
    return viewing.status(state, title, prompt(state))


def prompt(state: dict) -> str:
    wait = state["await"]
    if wait is None:
        return result(state)
    who = state["players"][wait["player"]]["name"]
    if wait["kind"] == "discard":
        zone = decl_of(state).zone_of_key(wait["from"])["name"]
        return f"{who}: discard {wait['left']} from {zone}"
    phase = phase_name(state)
    return f"{who}: {phase}" if phase else f"{who}'s turn"


def private_seat(state: dict) -> int | None:
    """The seat whose hand the prompt shows: a game with a private zone, cards kept by
    the app, someone to act."""
    wait = state["await"]
    if wait is None or not state["tracked"] or not decl_of(state).private:
        return None
    return wait["player"]


def card_words(state: dict, card: str) -> str:
    """A card as a log line may name it: its name when it lies open, else "a card"."""
    return shown_name(decl_of(state), state, card)


def zone_words(state: dict, key) -> str:
    decl = decl_of(state)
    if not isinstance(key, str) or key.split(".")[0] not in decl.zones:
        return str(key)
    name = decl.zones[key.split(".")[0]]["name"]
    seat = owner(key) if "." in key and key.split(".")[1].isdigit() else None
    if seat is not None and seat < len(state["players"]):
        return f"{state['players'][seat]['name']}'s {name}"
    return name


def describe(state: dict, action: dict) -> str:
    """An action as Undo and Redo name it (`state`: the one it was taken in)."""
    decl = decl_of(state)
    who = viewing.acting(state) or "The players"
    kind = action.get("type")
    card = action.get("card")
    if kind == "change":
        return change_words(state, action)
    if kind in ("draw", "deal"):
        return draw_words(state, action, who)
    if kind == "shuffle":
        return f"{who} shuffles {zone_words(state, action.get('zone'))}"
    if kind == "told":
        return f"{who} plays {decl.card_name(card) if isinstance(card, str) else 'a card'}"
    if kind == "play":
        seat = (state["await"] or {}).get("player")
        to = decl.role_key("play", seat) or decl.role_key("discard", seat)
        face_up = to is not None and decl.zone_of_key(to)["show"] == "public"
        shown = decl.card_name(card) if isinstance(card, str) and face_up else "a card"
        return f"{who} plays {shown}"
    if kind in ("discard", "move", "reveal", "return"):
        what = card_words(state, card) if isinstance(card, str) else "a card"
        if kind == "move":
            return f"{who} moves {what} to {zone_words(state, action.get('to'))}"
        return f"{who} {'returns' if kind == 'return' else kind + 's'} {what}"
    if kind == "roll":
        die = decl.dice.get(action.get("die"))
        return f"{who} rolls the {die['name'] if die else action.get('die')}"
    if kind == "phase":
        later = phases_left(state)
        return f"{who} goes on to {later[0]['name']}" if later else f"{who} ends the turn"
    if kind == "pass":
        return f"{who} ends the turn"
    if kind == "out":
        seat = action.get("seat")
        name = state["players"][seat]["name"] if isinstance(seat, int) and \
            0 <= seat < len(state["players"]) else "a player"
        return f"{name} is out"
    if kind == "finish":
        return "The players end the game"
    return str(kind).replace("_", " ")


def change_words(state: dict, action: dict) -> str:
    """"Bob: hit points 7 to 5", "Escalation 3 to 4" (the value the action leaves)."""
    decl = decl_of(state)
    counter = decl.counters.get(action.get("counter"))
    if counter is None:
        return f"{action.get('counter')} changed"
    seat = action.get("seat")
    if counter["per"] == "shared":
        old, whose, name = state["counters"]["shared"][counter["id"]], "", counter["name"]
    elif isinstance(seat, int) and 0 <= seat < len(state["players"]):
        old = state["counters"]["seats"][seat][counter["id"]]
        whose, name = f"{state['players'][seat]['name']}: ", label_of(counter["name"])
    else:
        return f"{counter['name']} changed"
    new = action.get("to") if "to" in action else old + action.get("delta", 0)
    return f"{whose}{name} {old} to {new}"


def draw_words(state: dict, action: dict, who: str) -> str:
    """"Ann draws 2" from the pile to her hand; the zones said where they are others."""
    decl = decl_of(state)
    seat = (state["await"] or {}).get("player")
    count = action.get("count")
    if action["type"] == "deal":
        return f"{who} deals {count} to each from {zone_words(state, action.get('zone'))}"
    source, to = action.get("zone"), action.get("to")
    words = f"{who} draws {count}"
    if source not in (decl.roles.get("pile"), decl.role_key("pile", seat)):
        words += f" from {zone_words(state, source)}"
    if to not in (decl.roles.get("hand"), decl.role_key("hand", seat)):
        words += f" to {zone_words(state, to)}"
    return words


def label(state: dict, action: dict) -> str:
    """A move's button text, for the acting player: their own cards and open ones by
    name, a face-down card by where it lies ("The top card of Market to Ann's Hand")."""
    kind = action["type"]
    if kind in ("play", "discard", "reveal", "told", "return"):
        return f"{kind.capitalize()} {seen_words(state, action['card'])}"
    if kind == "move":
        return f"{seen_words(state, action['card'], capital=True)} to " \
               f"{zone_words(state, action['to'])}"
    if kind == "phase":
        return "Next phase" if state["turn"]["phase"] + 1 < len(decl_of(state).phases) \
            else "End turn"
    if kind == "pass":
        return "End turn"
    return describe(state, action)


def seen_words(state: dict, card: str, capital: bool = False) -> str:
    """A card as the acting player sees it: its name where they may see it (open, turned
    up, their own private zone, or told), else where it lies."""
    decl = decl_of(state)
    key = where(state, card)
    acting = (state["await"] or {}).get("player")
    if key is None or card in state["revealed"] or decl.zone_of_key(key)["show"] == "public" \
            or decl.zone_of_key(key)["show"] == "private" and owner(key) == acting:
        return decl.card_name(card)
    which = "the top card" if state["zones"][key][:1] == [card] else "a card"
    words = f"{which} of {zone_words(state, key)}"
    return words[0].upper() + words[1:] if capital else words


def result(state: dict) -> str:
    ended = state["ended"]
    if ended is None:
        return ""
    names = [state["players"][s]["name"] for s in ended["winners"]]
    if not names:
        return "Nobody wins"
    return f"{' and '.join(names)} {'wins' if len(names) == 1 else 'win'}"


def counters(state: dict, seat: int | None) -> list[dict]:
    """A seat's counters (None: the shared ones) for the table: id, name, value, bounds."""
    decl = decl_of(state)
    rows = []
    for counter in decl.table["counters"]:
        if (counter["per"] == "shared") != (seat is None):
            continue
        number = state["counters"]["shared"][counter["id"]] if seat is None else \
            state["counters"]["seats"][seat][counter["id"]]
        rows.append({**counter, "value": number})
    return rows


def zones(state: dict, viewer: int | None) -> list[dict]:
    """Every zone as `viewer` may see it: key, name, owner, count, and the cards it shows
    (a hidden zone none; a private one to its owner only; revealed cards always)."""
    decl = decl_of(state)
    rows = []
    for key, cards in state["zones"].items():
        zone = decl.zone_of_key(key)
        seat = owner(key)
        open_ = zone["show"] == "public" or zone["show"] == "private" and seat == viewer
        shown = [c for c in cards if open_ or c in state["revealed"]]
        rows.append({"key": key, "id": zone["id"], "name": zone["name"], "owner": seat,
                     "show": zone["show"], "role": zone["role"], "count": len(cards),
                     "cards": shown})
    return rows


def actions_at(state: dict, legal: list[dict], key: str) -> list[dict]:
    """The listed actions a tap on zone `key` may offer: those naming it (a draw from it,
    its shuffle, a deal) and those on a card lying in it (the top card taken into the
    hand, its next face-down card turned up, a card of it played or moved)."""
    acting = (state["await"] or {}).get("player")
    ids = {key}
    if "." in key and owner(key) == acting:  # "hand" names the acting player's hand.N
        ids.add(key.split(".")[0])
    cards = set(state["zones"].get(key, ()))
    return [a for a in legal if a.get("zone") in ids or a.get("card") in cards]


def card(state: dict, card_id: str) -> dict | None:
    """A card's printed data: component, item, name, fields (for `piece`: the hold-to-read)."""
    return decl_of(state).card(card_id)


def game_over(session) -> tuple[str, str]:
    state = session.state
    ended = state["ended"] or {}
    lines = [f"Ended: {ended.get('why', '')}",
             f"{viewing.plural(state['turn']['round'], 'round')}, "
             f"{viewing.plural(len(session.actions), 'action')}"]
    for seat, player in enumerate(state["players"]):
        values = ", ".join(f"{c['name']} {c['value']}" for c in counters(state, seat))
        lines.append(f"{player['name']}{' (out)' if player['out'] else ''}"
                     f"{': ' + values if values else ''}")
    return result(state), "\n".join(lines)
