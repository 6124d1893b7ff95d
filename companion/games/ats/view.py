"""What the table screen shows, derived from the state (no Kivy here, so it
is tested fast): player panels, the prompt, action labels, attack previews."""

from __future__ import annotations

from companion.core import printed, viewing
from companion.core.engine import die_of
from companion.core.preview import outcomes
from companion.games.ats import SPEC
from companion.games.ats import model as m
from companion.games.ats.data import AREAS, CLEARANCE_COST, GAME_ID, HAND_LIMIT, defense, encounter
from companion.games.ats.results import results  # noqa: F401 - the shell's cover shows them
from companion.games.ats.words import piece_words  # noqa: F401 - the shell's card zoom

LEVEL_NAMES = {int(k): v["name"]
               for k, v in printed.game(GAME_ID).vars["glossary"]["levels"].items()}
AREA_NAMES = {a: next(i.fields["name"] for i in printed.game(GAME_ID).component("base-areas").items
                      if i.fields["area"] == a) for a in AREAS}  # the printed names


def panel(state: dict, seat: int) -> dict:
    """One player's side of the table (mid-combat damage shows: a combat waiting for
    a die or a choice has changed the table as far as it got)."""
    player = state["players"][seat]
    line = []
    for level, slot in enumerate(player["line"], start=1):
        if slot is None:
            line.append({"level": level, "gap": True})
            continue
        card = defense(slot["card"])
        tokens = [t for t, on in (("cloaked", slot["cloaked"]), ("protector", slot["protector"]),
                                  ("disabled", slot["disabled"])) if on]
        granted = sorted({g["attr"] for g in slot["granted"]} - set(card["attributes"]))
        line.append({"level": level, "gap": False, "id": card["id"], "name": card["name"],
                     "unit": card["unit"], "attributes": list(card["attributes"]),
                     "granted": granted, "working": not slot["disabled"],
                     "atk": m.eff_atk(slot), "def": m.eff_def(slot), "printed_atk": card["atk"],
                     "printed_def": card["def"], "damage": slot["damage"], "tokens": tokens,
                     "cleared": level <= m.clearance(player)})
    return {"seat": seat, "name": player["name"], "colour": player["colour"],
            "out": player["out"], "bases": [(a, player["bases"][a]) for a in AREA_NAMES],
            "clearance": player["clearance"], "effective_clearance": m.clearance(player),
            "clearance_name": LEVEL_NAMES[m.clearance(player)],
            "deck": len(player["deck"]), "hand": len(player["hand"]),
            "discard": len(player["discard"]), "held": [encounter(c)["name"]
                                                        for c in player["held"]],
            "held_ids": list(player["held"]),
            "team": [state["players"][s]["name"] for s in state["teams"][player["team"]]
                     if s != seat],
            "line": line}


def command_holder(state: dict) -> int | None:
    if state.get("command") is None:
        return None
    team = state["teams"][state["command"]]
    return team[state["starters"][state["command"]] % len(team)]


def status(state: dict) -> dict:
    wait = state["await"] or {}
    seat = wait.get("player")
    names = [p["name"] for p in state["players"]]
    holder = command_holder(state)
    phase = {"setup": "Setup", "turn": "Turn", "cleanup": "Cleanup",
             "over": "Game over"}[state["phase"]]
    title = f"Round {state['round']} · {phase}" + (
        f" · Command: {names[holder]}" if holder is not None else "")
    return {"title": title, "turn": names[seat] if seat is not None else "",
            "round": state["round"], "phase": phase,
            "acting": names[seat] if seat is not None else "",
            "acting_seat": seat, "command": names[holder] if holder is not None else "",
            "prompt": prompt_text(state)}


def prompt_text(state: dict) -> str:
    wait = state["await"]
    if wait is None:
        winner = state.get("winner") or {}
        if winner.get("draw"):
            return "Game over: a draw."
        team = state["teams"][winner["team"]]
        return "Game over: " + " and ".join(state["players"][s]["name"] for s in team) + \
            (" wins." if len(team) == 1 else " win.")
    name = state["players"][wait["player"]]["name"] if "player" in wait else ""
    kind = wait["kind"]
    physical = state["settings"]["dice"] == "physical"
    texts = {
        "start_card": f"{name}: choose your level {wait.get('level')} starting card "
                      + ("(the other player looks away)" if len(state["players"]) == 2
                         else "(everyone else looks away)"),
        "turn_start": f"{name}: roll the Encounter die" + (" and enter it" if physical else ""),
        "draw": f"{name}: draw a card",
        "main": f"{name}: attack, sacrifice, use Intel or end the turn",
        "reinforce": f"{name}: reinforce the level {wait.get('level')} gap from your hand",
        "advance": f"{name}: raise your clearance? Sacrifice line cards with DEF "
                   f"{CLEARANCE_COST.get(state['players'][wait['player']]['clearance'] + 1, '')}"
                   " or more",
        "cloak": f"{name}: nominate a card to cloak for the next round?",
        "discard": f"{name}: discard down to {HAND_LIMIT} cards",
        "roll": f"{name}: roll the die for {wait.get('purpose', '')} and enter it",
        "choose": f"{name}: {wait.get('text', '')}",
    }
    return texts.get(kind, kind)


HAND_PROMPTS = {"turn_start", "draw", "main", "reinforce", "discard"}
HAND_CHOICES = {"discard", "search", "bottom", "order"}


def private_seat(state: dict) -> int | None:
    """Behind the shell's cover: starting lines, chosen in secret (R-SET-1), and with
    virtual decks every prompt that shows its player's hand (or deck)."""
    wait = state["await"]
    if not wait or "player" not in wait:
        return None
    if wait["kind"] == "start_card":
        return wait["player"]
    if state["settings"]["cards"] != "virtual":
        return None
    if wait["kind"] in HAND_PROMPTS or (wait["kind"] == "choose"
                                        and wait.get("choice") in HAND_CHOICES):
        return wait["player"]
    return None


def follow_up(state: dict) -> dict | None:
    """A step the acting player takes with nothing to decide: the Draw (R-TURN-1),
    done for them right after their previous action, as its own undoable action."""
    wait = state["await"]
    return {"type": "draw"} if wait and wait["kind"] == "draw" else None


def describe(state: dict, action: dict) -> str:
    """An action as Undo and Redo name it (`state`: the one it was taken in)."""
    wait = state["await"] or {}
    who = viewing.acting(state)
    kind = action["type"]
    if kind == "start_card":
        return f"{who}'s starting card"  # still secret: never which one
    if kind == "attack":
        target = action["target"]
        if "area" in target:  # "Ann's attack on Bob's Operations through the L1 gap"
            area = f"{state['players'][target['player']]['name']}'s {AREA_NAMES[target['area']]}"
            if target.get("bypass"):
                return f"{who}'s Bypass attack on {area}"
            return f"{who}'s attack on {area} through the L{target['level']} gap"
        return f"{who}'s attack on {attack_label(state, wait['player'], action)}"
    if kind == "roll":
        purpose = "the Encounter" if wait.get("kind") == "turn_start" else wait.get("purpose")
        if "value" in action and wait.get("kind") == "turn_start":  # its faces say words
            face = die_of(SPEC.dice, "encounter").faces[action["value"] - 1]
            return f"{who} rolls the Encounter die: {face}"
        if "value" in action:  # a real die's face, entered
            return f"{who} rolls {action['value']}" + (f" for {purpose}" if purpose else "")
        return f"{who}'s Encounter roll" if wait.get("kind") == "turn_start" else \
            f"{who}'s roll" + (f" for {purpose}" if purpose else "")
    text = label(state, action)
    if kind == "choose":
        return choice_words(state, who, action["value"], text)
    return f"{who}: {text[0].lower()}{text[1:]}" if who else text


def unfinished(state: dict, legal: list[dict]) -> str:
    """Why ending the turn is asked first: the turn's one attack or Sacrifice (R-TURN-1)
    not made while one could be; "" once made (more swaps of a Sacrifice, R-SAC-2, or
    Intel alone are no reason)."""
    turn = state.get("turn") or {}
    wait = state["await"]
    if wait is None or turn.get("attacked") or turn.get("sacrificed"):
        return ""
    kinds = {a["type"] for a in legal}
    could = [words for kind, words in (("attack", "attack"), ("swap", "sacrifice"))
             if kind in kinds]
    if not could:
        return ""
    return f"{state['players'][wait['player']]['name']} can still {' or '.join(could)}"


def card_name(card_id) -> str:
    return "a card of that level is not in hand" if card_id is None else (
        f"{defense(card_id)['name']} ({defense(card_id)['atk']}/{defense(card_id)['def']})")


def label(state: dict, action: dict) -> str:
    """Button text for an action."""
    kind = action["type"]
    names = [p["name"] for p in state["players"]]
    me = state["await"].get("player") if state["await"] else None
    if kind == "roll":
        return f"Rolled {action['value']}" if "value" in action else "Roll the die"
    if kind == "draw":
        return "Draw a card"
    if kind == "end_turn":
        return "End the turn"
    if kind == "reinforce" and action["card"] is None:
        return "No card of that level in hand"
    if kind in ("start_card", "reinforce", "discard"):
        verb = {"start_card": "", "reinforce": "Place ", "discard": "Discard "}[kind]
        return verb + card_name(action["card"])
    if kind == "sacrifice":
        swaps = ", ".join(f"L{s['level']}: {card_name(s['card'])}" for s in action["swaps"])
        return f"Sacrifice: {swaps}"
    if kind == "swap":
        return f"Swap in L{action['level']}: {card_name(action['card'])}"
    if kind == "intel":
        if action["mode"] == "self":
            return "Intel: my clearance +1 this turn"
        return f"Intel: {names[action['player']]}'s clearance -1"
    if kind == "attack":
        return attack_label(state, me, action)
    if kind == "advance":
        line = state["players"][me]["line"]
        cards = ", ".join(f"{defense(line[lv - 1]['card'])['name']} "
                          f"(DEF {defense(line[lv - 1]['card'])['def']})"
                          for lv in action["levels"])
        return f"Sacrifice {cards}"
    if kind == "cloak":
        slot = state["players"][me]["line"][action["level"] - 1]
        return f"Cloak {defense(slot['card'])['name']}"
    if kind == "skip":
        return "No, continue"
    if kind == "choose":
        return choice_label(state, action["value"])
    return kind


def choice_words(state: dict, who: str, value, text: str) -> str:
    """A choice as Undo names it: the question a Yes or No answers, whose base area."""
    wait = state["await"] or {}
    choice = wait.get("choice")
    if isinstance(value, bool):
        return f"{who} answers {text} to: {wait.get('text', '')}"
    if choice in ("rollover_area", "area", "repair_area") and "target" in wait:
        owner = state["players"][wait["target"]]["name"]
        area = "their own" if owner == who else f"{owner}'s"
        if choice == "repair_area":
            return f"{who} repairs {area} {text}"
        return f"{who} chooses {area} {text}"
    return f"{who}'s choice: {text}"


def attack_label(state, seat, action) -> str:
    target = action["target"]
    enemy = state["players"][target["player"]]
    if "area" in target:
        how = "Bypass to" if target.get("bypass") else f"through the L{target['level']} gap to"
        return f"{how} {enemy['name']}'s {AREA_NAMES[target['area']]}"
    slot = enemy["line"][target["level"] - 1]
    return f"{enemy['name']}'s L{target['level']} {defense(slot['card'])['name']}"


def choice_label(state, value) -> str:
    wait = state["await"]
    choice = wait.get("choice")
    if isinstance(value, bool):
        return "Yes" if value else "No"
    if choice in ("rollover_area", "area", "repair_area"):
        return AREA_NAMES.get(value, value)
    if choice == "card" and isinstance(value, list):
        index = wait["options"].index(value)
        owner = state["players"][value[0]]["name"]
        return f"{owner}'s {wait.get('labels', [''] * (index + 1))[index]}"
    if choice == "opponent":
        return state["players"][value]["name"]
    if choice == "reveal":
        return encounter(value)["name"]
    if choice == "order":
        return " then ".join(defense(c)["name"] for c in value)
    if isinstance(value, str) and value in m.cards()[0]:
        return card_name(value)
    return str(value)


def attack_options(rules, state: dict, seat: int, level: int) -> list[dict]:
    """Every target for an attacker: legal ones, and illegal ones with the reason."""
    out = []
    for target in rules.targets(state, seat, level):
        problem = rules.attack_problem(state, seat, level, target)
        action = {"type": "attack", "level": level, "target": target}
        out.append({"action": action, "label": attack_label(state, seat, action),
                    "legal": problem is None,
                    "reason": f"{problem[1]} ({problem[0]})" if problem else ""})
    return out


def preview(rules, state: dict, action: dict, limit: int = 2000) -> list[tuple]:
    """What the dice can do after an attack: (probability, what happens), best first."""
    return outcomes(rules, state, action, summary, limit)


def summary(before: dict, after: dict) -> str:
    """One line: which cards fell and how much base damage was done."""
    parts = []
    for seat, (old, new) in enumerate(zip(before["players"], after["players"], strict=True)):
        for level in range(1, 6):
            was, now = old["line"][level - 1], new["line"][level - 1]
            if was and not now:
                parts.append(f"{old['name']}'s {defense(was['card'])['name']} destroyed")
            elif was and now and now["damage"] > was["damage"]:
                parts.append(f"{old['name']}'s {defense(was['card'])['name']} takes "
                             f"{now['damage'] - was['damage']}")
        lost = sum(old["bases"].values()) - sum(new["bases"].values())
        if lost:
            parts.append(f"{old['name']}'s bases lose {lost}")
        del seat
    return "; ".join(parts) or "no effect"


def game_over(session) -> tuple[str, str]:
    """The game-over screen's result line and details."""
    state = session.state
    lines = [f"{count(state['round'], 'round')}, {count(len(session.actions), 'action')}"]
    for seat in range(len(state["players"])):
        seat_panel = panel(state, seat)
        standing = sum(1 for _, hp in seat_panel["bases"] if hp > 0)
        lines.append(f"{seat_panel['name']}: {count(standing, 'base area')} standing, "
                     f"{sum(hp for _, hp in seat_panel['bases'])} HP, clearance "
                     f"{seat_panel['effective_clearance']}, "
                     f"{count(seat_panel['discard'], 'card')} discarded")
    return prompt_text(state), "\n".join(lines)


def count(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"
