"""Against All Tyrants card data: read through core.printed (the print tool's schema),
checked once, traits parsed into plain structures so the rules never parse text.

A catalogue is plain data, {"cards": {id: card}, "decks": {subfaction: deck}}, so
scenario tests can build small ones (`catalogue`) and the engine takes either."""

from __future__ import annotations

import re
from functools import cache

from companion.core import printed

GAME_ID = "against-all-tyrants"
SUBFACTIONS = {"freedom-fighters": "Freedom Fighters",
               "first-leaders-navy": "First Leader's Navy",
               "robot-uprising": "Robot Uprising"}  # AAT-GEN-3
FACTIONS = {"freedom-fighters": "Rebellion", "first-leaders-navy": "Hegemony",
            "robot-uprising": "Rebellion"}  # AAT-FAC-1
ROBOT_TRAITS = ("Compute", "Mainframe", "Backup")  # never on a faction card (AAT-FAC-1)
THEATERS = ("Space", "Planetside")
KINDS = ("Unit", "Leader", "Effect", "Base", "Objective")
PILES = {"base": 2, "main": 30, "special": 5, "objective": 3}  # AAT-DECK-1
TYPES = ("Resource", "Blocker", "Trap", "Support", "Vehicle", "Transport", "Ship", "Drone",
         "Civilian", "Business", "Character", "Trooper", "Team", "Emplacement", "Frame",
         "Robot", "Tactic", "Function", "Computer")
BARE = ("Unique", "Capital", "Defended", "Defender", "Fighter", "Infiltrate", "Mainframe",
        "Mass", "Rallied", "Stealth")
NUMBERED = ("Armor", "Backup", "Bomber", "Compute", "Funds", "Mark", "Pierce",
            "Point-Defense", "Repeater", "Supply", "Sympathized", "Torpedo")
ALL_ARMOR = 99  # bare Pierce: armor to 0 (AAT-TRAIT-16)
# effect vocabulary (docs/against-all-tyrants-cards.md section 4)
TARGETED = ("damage", "disrupt", "shield", "stealth", "repair", "mark")
UNTARGETED = ("draw", "compute", "funds")
PUTTING = ("deploy", "place")
OPS = TARGETED + UNTARGETED + PUTTING + ("objective",)
TARGETS = ("enemy-unit", "enemy-units", "enemy-base", "own-unit", "own-units", "own-base",
           "self")
UNIT_TARGETS = ("enemy-unit", "enemy-units", "own-unit", "own-units")
OBJECTIVE_ORDERS = ("load-supplies", "charge", "transmit", "fire", "ascend")
_NUMBERED = re.compile(r"^(" + "|".join(NUMBERED) + r") ([1-9])$")
_COMMAND = re.compile(r"^Command (\w+): ([1-9])$")
_TRANSPORT = re.compile(r"^Transport ([1-9]): (\w+)$")
_EXPERT = re.compile(r"^(\w+) Expert$")


class CardError(ValueError):
    """A card the engine cannot play as written: names the card."""


def parse_traits(card_id: str, texts) -> dict:
    """Trait texts -> {name: True | number | {...}}; an unknown trait is refused.
    Numbered traits printed twice add up (AAT-TRAIT-1)."""
    out: dict = {}
    for text in texts or ():
        if not isinstance(text, str):
            raise CardError(f"{card_id}: a trait is text, not {text!r}")
        text = text.strip()
        if text in BARE:
            out[text] = True
        elif text == "Pierce":
            out["Pierce"] = ALL_ARMOR
        elif match := _NUMBERED.match(text):
            out[match[1]] = min(ALL_ARMOR, out.get(match[1], 0) + int(match[2]))
        elif (match := _COMMAND.match(text)) and match[1] in TYPES and "Command" not in out:
            out["Command"] = {"type": match[1], "count": int(match[2])}
        elif (match := _TRANSPORT.match(text)) and match[2] in TYPES and \
                "Transport" not in out:
            out["Transport"] = {"count": int(match[1]), "type": match[2]}
        elif (match := _EXPERT.match(text)) and match[1] in TYPES:
            out.setdefault("Expert", []).append(match[1])
        else:
            raise CardError(f"{card_id}: unknown trait '{text}'")
    return out


def _amount(card_id: str, value, op: str):
    if type(value) is int and value >= 0:
        return value
    if isinstance(value, dict) and value.get("count") == "own-units" and \
            set(value) <= {"count", "type"} and value.get("type", "Robot") in TYPES:
        return dict(value)
    raise CardError(f"{card_id}: {op} needs a number or {{count: own-units, type: T}}, "
                    f"not {value!r}")


def parse_effect(card_id: str, effect, where: str) -> list:
    """An effect (one step or a list) checked against the vocabulary; `where` is
    'card' (a one-time effect) or 'order' (an order or an immediate text)."""
    steps = effect if isinstance(effect, list) else [effect]
    out = []
    for step in steps:
        if not isinstance(step, dict):
            raise CardError(f"{card_id}: an effect step is a mapping, not {step!r}")
        ops = [k for k in step if k in OPS]
        if len(ops) != 1:
            raise CardError(f"{card_id}: an effect step has one operation of "
                            f"{', '.join(OPS)}: {step!r}")
        op = ops[0]
        allowed = {op, "target"} if op in TARGETED else \
            {op, "type", "from"} if op in PUTTING else {op}
        if set(step) - allowed:
            raise CardError(f"{card_id}: unknown key in {op} step: "
                            f"{sorted(set(step) - allowed)}")
        clean = {"op": op}
        if op == "objective":
            if step[op] not in OBJECTIVE_ORDERS:
                raise CardError(f"{card_id}: unknown objective order {step[op]!r}")
            clean["name"] = step[op]
        else:
            clean["n"] = _amount(card_id, step[op], op)
        if op in TARGETED:
            target = step.get("target")
            if target not in TARGETS or (target == "self" and where == "card"):
                raise CardError(f"{card_id}: {op} has no valid target ({target!r})")
            if op == "mark" and target not in UNIT_TARGETS + ("self",):
                raise CardError(f"{card_id}: mark targets units only")
            clean["target"] = target
        if op in PUTTING:
            kind = step.get("type")
            sources = step.get("from", ["hand", "special"])
            if kind is not None and kind not in TYPES or not isinstance(sources, list) or \
                    not sources or not set(sources) <= {"hand", "special"}:
                raise CardError(f"{card_id}: {op} needs a type and from: [hand, special]")
            clean["type"], clean["from"] = kind, sorted(set(sources))
        out.append(clean)
    return out


def card(card_id: str, fields: dict) -> dict:
    """One card's fields as the engine reads them (refusing what it cannot play)."""
    kind = fields.get("kind")
    if kind not in KINDS:
        raise CardError(f"{card_id}: kind is one of {', '.join(KINDS)}")
    theaters = tuple(fields.get("theaters") or ())
    if kind in ("Unit", "Objective", "Base") and (not theaters or not set(theaters) <=
                                                  set(THEATERS)):
        raise CardError(f"{card_id}: a {kind} lists its theaters")
    if kind == "Base" and len(theaters) != 1:
        raise CardError(f"{card_id}: a base lists exactly one theater")
    if kind in ("Unit", "Objective", "Leader", "Base") and not fields.get("health"):
        raise CardError(f"{card_id}: a {kind} has health")
    if kind == "Effect" and fields.get("effect") is None:
        raise CardError(f"{card_id}: a one-time effect needs its effect")
    if kind == "Objective" and fields.get("role") not in ("Attacker", "Defender"):
        raise CardError(f"{card_id}: an objective card has role Attacker or Defender")
    types = tuple(fields.get("types") or ())
    if set(types) - set(TYPES):
        raise CardError(f"{card_id}: unknown type in {list(types)}")
    orders = []
    for order in fields.get("orders") or ():
        if not isinstance(order, dict) or "effect" not in order:
            raise CardError(f"{card_id}: an order is {{name, text, effect}}")
        orders.append({"name": str(order.get("name", "Order")), "text": order.get("text", ""),
                       "effect": parse_effect(card_id, order["effect"], "order"),
                       "funds": int(order.get("funds") or 0)})
    effect = fields.get("effect")
    return {"id": card_id, "name": str(fields.get("name", card_id)), "kind": kind,
            "pile": fields.get("pile", "main"), "faction": fields.get("faction"),
            "subfaction": fields.get("subfaction"),
            "escalation": int(fields.get("escalation") or 0), "theaters": theaters,
            "attack": int(fields.get("attack") or 0), "health": int(fields.get("health") or 0),
            "types": types, "traits": parse_traits(card_id, fields.get("traits")),
            "role": fields.get("role"), "text": plain_text(fields.get("text") or ""),
            "effect": parse_effect(card_id, effect, "card" if kind == "Effect" else "order")
            if effect is not None else [],
            "orders": orders, "funds": int(fields.get("funds") or 0)}


def catalogue(cards: dict, decks: dict, strict: bool = True) -> dict:
    """{"cards", "decks"} from card fields by id and decks (subfaction -> {card id:
    copies}); each deck split by pile. `strict` refuses an illegal deck (AAT-DECK-1)."""
    parsed = {cid: card(cid, fields) for cid, fields in cards.items()}
    out = {"cards": parsed, "decks": {}}
    for sub, counts in decks.items():
        deck = {pile: [] for pile in PILES}
        for cid, copies in counts.items():
            deck[parsed[cid]["pile"]] += [cid] * copies
        if strict and (problems := deck_problems(parsed, sub, counts)):
            raise CardError(f"{sub} deck: " + "; ".join(problems))
        out["decks"][sub] = deck
    return out


def deck_problems(cards: dict, sub: str, counts: dict) -> list[str]:
    """Why a deck is not legal (AAT-DECK-1, AAT-FAC-1), or nothing."""
    problems = []
    piles = {pile: 0 for pile in PILES}
    for cid, copies in counts.items():
        card = cards[cid]
        piles[card["pile"]] += copies
        traits = card["traits"]
        if copies > (1 if "Unique" in traits else 99 if "Mass" in traits else 3):
            problems.append(f"{copies} copies of {cid}")
        if card["faction"] != FACTIONS[sub] or card["subfaction"] not in (None, SUBFACTIONS[sub]):
            problems.append(f"{cid} is not a {SUBFACTIONS[sub]} or {FACTIONS[sub]} card")
        if card["subfaction"] is None and (card["kind"] in ("Base", "Objective") or any(
                t in traits for t in ROBOT_TRAITS) or card["role"] or any(
                s["op"] == "objective" for o in card["orders"] for s in o["effect"])):
            problems.append(f"{cid}: a faction card carries no base, objective or "
                            "Computation rules")
    problems += [f"{n} {pile} cards, not {PILES[pile]}" for pile, n in piles.items()
                 if n != PILES[pile]]
    bases = sorted(cards[c]["theaters"][0] for c in counts if cards[c]["kind"] == "Base")
    if bases != ["Planetside", "Space"]:
        problems.append("one Space and one Planetside base")
    return problems


def plain_text(markup: str) -> str:
    """Card text without the print markup (**bold**, *italic*, :icon:)."""
    return re.sub(r"\s+", " ", re.sub(r"\*+|:[a-z0-9-]+:", "", str(markup))).strip()




@cache
def bundled() -> dict:
    """The printed decks: each subfaction's deck component (AAT-FAC-1)."""
    cards, decks = {}, {}
    for sub in SUBFACTIONS:
        decks[sub] = {}
        for item in printed.game(GAME_ID).component(sub).items:
            cards[item.id] = item.fields
            decks[sub][item.id] = decks[sub].get(item.id, 0) + item.copies
    return catalogue(cards, decks)
