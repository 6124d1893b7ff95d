"""What the screens show, derived from the state (no Kivy here, so it is tested
fast): the toolbar status, the prompt, action labels, the board and each
player's panel, the Undo/Redo descriptions and the game-over lines."""

from __future__ import annotations

from companion.core import viewing
from companion.games.aat import model as m
from companion.games.aat.data import SUBFACTIONS, THEATERS
from companion.games.aat.objectives import NAMES
from companion.games.aat.turns import PLAY_LIMIT

PHASES = {"setup": "Setup", "deploy": "Deployment", "combat": "Combat", "end": "End of turn",
          "over": "Game over"}
TOKENS = ("shield", "stealth", "disruption", "mark", "charge", "computation", "objective",
          "funds")


_RULES = None


def engine():
    """The engine whose cards states name (the printed decks, unless a test set one)."""
    global _RULES
    if _RULES is None:
        from companion.games.aat.rules import AatRules

        _RULES = AatRules()
    return _RULES


def use_rules(rules) -> None:
    """Show states of this engine's cards (scenario tests, custom catalogues)."""
    global _RULES
    _RULES = rules


def cards() -> dict:
    return engine().cards


def name(card_id: str) -> str:
    return "a card" if card_id == m.UNKNOWN else cards()[card_id]["name"]


# -- the toolbar ----------------------------------------------------------------------
def status(state: dict) -> dict:
    wait = state["await"] or {}
    seat = wait.get("player")
    names = [p["name"] for p in state["players"]]
    title = f"Turn {state['turn']} · {PHASES[state['phase']]} · Escalation " \
            f"{state['escalation']} ({state['incidents']}/4)"
    return {"title": title, "turn": names[seat] if seat is not None else "",
            "acting_seat": seat, "prompt": prompt_text(state), "phase": state["phase"]}


def prompt_text(state: dict) -> str:
    wait = state["await"]
    if wait is None:
        result = state.get("result") or {}
        winners = result.get("winners") or []
        if not winners:
            return "Game over: a draw."
        how = {"base": "by destroying the enemy base", "fatigue": "as the enemy deck runs "
               "dry", "objective": "by completing the alternate objective"}[result["path"]]
        return f"Game over: {state['players'][winners[0]]['name']} wins {how}."
    who = state["players"][wait["player"]]["name"]
    kind = wait["kind"]
    if kind == "choose":
        return f"{who}: {wait['text']}"
    return {"mulligan": f"{who}: tap the cards to set aside and redraw (your one "
                        "mulligan), or keep the hand",
            "deploy": f"{who}: play a card ({state['played']} of {PLAY_LIMIT} played) or go "
                      "to combat",
            "combat": f"{who}: act with a unit or the base, or end combat",
            "end": f"{who}: place an objective unit, or end the turn",
            "command": f"{who}: instruct up to {more(wait.get('left'), 'unit')}, or done",
            "repeat": f"{who}: Repeater: {more(wait.get('left'), 'attack')}, or stop",
            }[kind]


def more(count, noun: str) -> str:
    """"1 more unit", "2 more units"."""
    return viewing.plural(count or 0, noun).replace(" ", " more ", 1)


HAND_PROMPTS = ("mulligan", "deploy", "combat", "end", "command", "repeat")


def private_seat(state: dict) -> int | None:
    """Behind the shell's cover: the mulligan (AAT-SET-2) always, and with virtual
    decks every prompt that shows its player's hand or Special Forces Deck."""
    wait = state["await"]
    if not wait:
        return None
    if wait["kind"] == "mulligan":
        return wait["player"]
    if m.tracked(state):
        return None
    if wait["kind"] in HAND_PROMPTS or wait.get("choice") in ("pick", "trigger"):
        return wait["player"]
    return None


# -- actions as words -----------------------------------------------------------------
def piece_label(state: dict, uid) -> str:
    p = m.piece(state, uid)
    if p is None:
        return "?"
    owner = state["players"][p["owner"]]["name"]
    return f"{owner}'s base" if p["kind"] == "base" else m.owned(owner, name(p["card"]))


def left(state: dict, uid) -> str:
    """A target named with its remaining health, to tell two copies apart on a button:
    "Player 2's Data Mule (4 left)", "The Waking Foundry (Player 2, 9 left)"."""
    p = state["table"][uid]
    said, health = piece_label(state, uid), cards()[p["card"]]["health"] - p["damage"]
    if said.endswith(")"):
        return f"{said[:-1]}, {health} left)"
    return f"{said} ({health} left)"


def label(state: dict, action: dict) -> str:
    """Button text for an action."""
    kind = action["type"]
    if kind == "play":
        where = f" in {action['theater']}" if action.get("theater") else ""
        return f"Play {name(action['card'])}{where}"
    if kind == "set_aside":
        return f"Set aside {name(action.get('card', m.UNKNOWN))}"
    if kind == "attack":
        mark = " (spend a Mark)" if action.get("mark") else ""
        target = m.piece(state, action["target"])
        verb = "Clean up" if target and target["owner"] == m.piece(state, action["unit"])[
            "owner"] else "Attack"
        return f"{name(state['table'][action['unit']]['card'])}: {verb} " \
               f"{left(state, action['target'])}{mark}"
    if kind == "order":
        p = state["table"][action["unit"]]
        source = state["table"][action["leader"]] if action.get("leader") else p
        order = action["order"]
        text = order.capitalize() if isinstance(order, str) else \
            cards()[source["card"]]["orders"][order]["name"]
        who = "Base" if p["kind"] == "base" else name(p["card"])
        via = f" ({name(source['card'])})" if action.get("leader") else ""
        return f"{who}{via}: » {text}"
    if kind == "move":
        p = state["table"][action["unit"]]
        return f"{name(p['card'])}: move to {m.other(p['theater'])}"
    if kind == "undisrupt":
        p = state["table"][action["unit"]]
        return f"{'Base' if p['kind'] == 'base' else name(p['card'])}: remove a Disruption"
    if kind == "place_objective":
        return f"Place {name(action['card'])}"
    if kind == "choose":
        return choice_label(state, action["value"])
    return {"keep": "Keep the hand", "end_phase": "End the phase", "end_turn": "End the turn",
            "done": "Done", "stop": "Stop attacking"}.get(kind, kind)


def choice_label(state: dict, value) -> str:
    wait = state["await"]
    if value == "none" and wait.get("choice") == "delegate":
        return "All of it on the base"
    labels = wait.get("labels")
    if labels and value in wait["options"]:
        return labels[wait["options"].index(value)]
    if isinstance(value, dict):  # a card picked from hand or Special Forces Deck
        source = "hand" if value["from"] == "hand" else "Special Forces"
        return f"{name(value['card'])} from {source} into {value['theater']}"
    if value in ("done", "lose", "none"):
        return {"done": "Done", "lose": "Lose the rest", "none": "None"}[value]
    if isinstance(value, str) and value in state["table"]:
        return f"{left(state, value)} in " \
               f"{state['table'][value]['theater']}"
    return str(value)


def describe(state: dict, action: dict) -> str:
    """An action as Undo and Redo name it (`state`: the one it was taken in), in at
    most SHORT characters where it can (their buttons share a phone's width); the
    mulligan's cards stay secret."""
    who = viewing.acting(state)
    kind = action["type"]
    if kind == "set_aside":
        return f"{who} sets a card aside"
    if kind == "keep":
        return f"{who}'s mulligan"
    if kind == "attack":
        unit = name(state["table"][action["unit"]]["card"])
        target = m.piece(state, action["target"])
        what = "the base" if target["kind"] == "base" else name(target["card"])
        said = f"{unit} attacks {what}" + (" (a Mark)" if action.get("mark") else "")
        return shortest([f"{who}: {said}", said])
    text = label(state, action)
    value = action.get("value")
    if kind == "choose" and isinstance(value, dict):
        return shortest([f"{who} places {name(value['card'])} in {value['theater']}",
                         f"{who} places {name(value['card'])}"])
    if kind == "choose":
        short = piece_label(state, value) if isinstance(value, str) and \
            value in state["table"] else text
        return shortest([f"{who}'s choice: {text}", f"{who}'s choice: {short}", short])
    if kind in VERBS:
        text = f"{text[0].lower()}{text[1:]}"
    if kind == "play":
        return shortest([f"{who}: {text}", f"{who}: play {name(action['card'])}"])
    return shortest([f"{who}: {text}", text])


SHORT = 58


def shortest(texts: list[str]) -> str:
    """The first text of at most SHORT characters, else the last."""
    return next((t for t in texts if len(t) <= SHORT), texts[-1])


VERBS = ("play", "place_objective", "end_phase", "end_turn", "done", "stop")


# -- the board -------------------------------------------------------------------------
def piece_view(state: dict, p: dict) -> dict:
    card = cards()[p["card"]]
    return {"uid": p["uid"], "card": p["card"], "name": card["name"], "owner": p["owner"],
            "kind": p["kind"], "theater": m.theater_of(state, p), "attack": card["attack"],
            "health": card["health"], "damage": p["damage"],
            "remaining": card["health"] - p["damage"],
            "tokens": {t: p["tokens"][t] for t in TOKENS if t in p["tokens"]},
            "traits": sorted(card["traits"]), "disrupted": m.disrupted(p),
            "new": p["kind"] != "base" and not m.can_act(state, p),
            "acted": p["acted"], "instructed": p["instructed"],
            "objective": bool(p.get("objective"))}


def board(state: dict) -> dict:
    """Both theaters, each side's units with damage and tokens, in play order."""
    return {theater: [[piece_view(state, p) for p in m.units(state, seat, theater)]
                      for seat in (0, 1)] for theater in THEATERS}


def panel(state: dict, seat: int) -> dict:
    """One player's side: base, leaders, piles, objective progress, played cards."""
    rules = engine()
    player = state["players"][seat]
    base = m.base(state, seat)
    own_turn = state["current"] == seat and state["phase"] not in ("setup", "over")
    return {"seat": seat, "name": player["name"],
            "subfaction": SUBFACTIONS[player["subfaction"]], "role": player["role"],
            "objective": NAMES[m.objective(state, seat)],
            "progress": rules.progress(state, seat), "goal": goal(state, seat),
            "base": piece_view(state, base),
            "leaders": [piece_view(state, p) for p in m.leaders(state, seat)],
            "deck": len(player["deck"]), "hand_count": len(player["hand"]),
            "hand": sorted(player["hand"]), "discard": len(player["discard"]),
            "special": list(player["special"]), "objective_pile": list(player["objectives"]),
            "fatigue": player["fatigue"], "escaped": player["escaped"],
            "scored": player["scored"],
            "played": f"{state['played']} of {PLAY_LIMIT}" if own_turn else "",
            "played_cards": [name(c) for c in state["played_cards"]] if own_turn else []}


def goal(state: dict, seat: int) -> str:
    """The alternate objective's progress in a few words, for a phone's strip."""
    kind = m.objective(state, seat)
    count = engine().progress_count(state, seat)
    if kind == "crack":
        if any(p.get("objective") and p["owner"] == seat for p in state["table"].values()):
            return "the Cracker is in play"
        return f"escalation {count} of 5"
    if kind == "viral":
        return f"{count} of {m.VIRAL_TOKENS} uploaded"
    return f"{count} of {m.WIN_TOKENS} " + ("escaped" if kind == "evacuation" else "scored")


def playable(state: dict) -> list[str]:
    """Card ids the acting player could play now (AAT-TURN-3)."""
    wait = state["await"]
    if not wait or wait["kind"] != "deploy":
        return []
    return sorted({a["card"] for a in engine().play_actions(state)})


def escalation(state: dict) -> dict:
    return {"level": state["escalation"], "incidents": state["incidents"], "max": 5}


# -- the end ---------------------------------------------------------------------------
def game_over(session) -> tuple[str, str]:
    state = session.state
    lines = [f"{state['turn']} turns, {len(session.actions)} actions, escalation "
             f"{state['escalation']}"]
    for seat in (0, 1):
        info = panel(state, seat)
        lines.append(f"{info['name']} ({info['subfaction']}, {info['role']}): base "
                     f"{max(0, info['base']['remaining'])} of {info['base']['health']}; "
                     f"{info['progress']}")
    return prompt_text(state), "\n".join(lines)


def piece_words(component: str, item: str) -> str:
    """What a held piece says and means, below its printed picture (words.py)."""
    from companion.games.aat.words import piece_words as words

    return words(component, item)
