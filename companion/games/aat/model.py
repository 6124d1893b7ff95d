"""Against All Tyrants state: its layout and the values the rules read.

Cards in play (bases, leaders, units) are *pieces* in `state["table"]`, keyed by a
uid ("b0", "u7"): card id, owner, theater, damage, tokens and per-turn flags.
Hidden piles are lists of card ids; with printed cards ("tracked") the app does
not know what a player holds, so deck and hand hold "?" and counts stay exact.
"""

from __future__ import annotations

from companion.core import rng

UNKNOWN = "?"
ALWAYS = ("Armor", "Fighter", "Capital", "Unique", "Mass", "Rallied")  # AAT-TOK-5
MAINFRAME_CAP = 3  # AAT-TRAIT-14
WIN_TOKENS = 4  # AAT-OBJ-2..5, 7
VIRAL_TOKENS = 10  # AAT-OBJ-8
# the alternate objective of each subfaction and role (AAT-OBJ-3..8)
OBJECTIVES = {("freedom-fighters", "defender"): "evacuation",
              ("freedom-fighters", "attacker"): "raid",
              ("first-leaders-navy", "defender"): "signal",
              ("first-leaders-navy", "attacker"): "crack",
              ("robot-uprising", "defender"): "singularity",
              ("robot-uprising", "attacker"): "viral"}


def new_piece(uid: str, card_id: str, owner: int, kind: str, theater: str, turn: int) -> dict:
    return {"uid": uid, "card": card_id, "owner": owner, "kind": kind, "theater": theater,
            "damage": 0, "tokens": {}, "entered": turn, "acted": False,
            "instructed": False, "commanded": False, "planetside": theater == "Planetside"}


# What the greedy player keeps from one decision to the next (ai_carry.py) is checked
# against these counts instead of being read again: [moves between theaters, changes
# every kept reading may read (theaters, tokens but DANGER_TOKENS, WORTH_TOKENS and
# funds), scores and WORTH_TOKENS, DANGER_TOKENS, the damage (or repair) of the first
# seat's base and leaders, the second's] (a leader's damage, from an attack or passed
# on by its base, reads like its base's: the base race's weight of that seat). A unit's
# damage, up or down, is not among them (no kept reading reads it); pieces that enter
# or leave play change the table's uids (the state's next_uid, the table's size).
EDITS = [0, 0, 0, 0, 0, 0]
BASE_EDITS = 4  # EDITS[BASE_EDITS + seat]: that seat's base's damage
DANGER_TOKENS = frozenset(("shield", "stealth", "mark"))
# read by a piece's worth and kill value alone (an objective's progress): counted with
# a base's damage, so that they renew only that group
WORTH_TOKENS = frozenset(("computation", "charge", "objective"))


def damage_edited(piece: dict) -> None:
    """Count a change of `piece`'s damage, up or down, in EDITS: a base's or a leader's
    with its seat's base (the base race's weight), a unit's not at all."""
    kind = piece["kind"]
    if kind == "base" or kind == "leader":
        EDITS[BASE_EDITS + piece["owner"]] += 1
    elif kind != "unit":
        EDITS[2] += 1


# -- tokens ---------------------------------------------------------------------------
def tokens(piece: dict, name: str) -> int:
    return piece["tokens"].get(name, 0)


def add_tokens(piece: dict, name: str, amount: int) -> None:
    """Add (or with a negative amount remove) tokens; none below 0 (AAT-GEN-2)."""
    if name in DANGER_TOKENS:
        EDITS[3] += 1
    elif name in WORTH_TOKENS:
        EDITS[2] += 1
    elif name != "funds":
        EDITS[1] += 1
    value = piece["tokens"].get(name, 0) + amount
    if value > 0:
        piece["tokens"][name] = value
    else:
        piece["tokens"].pop(name, None)


def disrupted(piece: dict) -> bool:
    return "disruption" in piece["tokens"]


# -- cards and traits -----------------------------------------------------------------
def trait(cards: dict, piece: dict, name: str):
    """A working trait's value (None if absent or stopped by Disruption, AAT-TOK-5)."""
    value = cards[piece["card"]]["traits"].get(name)
    if value is None or ("disruption" in piece["tokens"] and name not in ALWAYS):
        return None
    return value


def health(cards: dict, piece: dict) -> int:
    return cards[piece["card"]]["health"]


def remaining(cards: dict, piece: dict) -> int:
    return cards[piece["card"]]["health"] - piece["damage"]


def has_type(cards: dict, piece: dict, kind: str | None) -> bool:
    return kind is None or kind in cards[piece["card"]]["types"]


def both_theaters(cards: dict, piece: dict) -> bool:
    return len(cards[piece["card"]]["theaters"]) == 2


def other(theater: str) -> str:
    return "Space" if theater == "Planetside" else "Planetside"


# -- where things are -----------------------------------------------------------------
def owned(owner: str, name: str) -> str:
    """A player's card as a sentence names it: "Player 1's Levy Conscripts", but "The
    Waking Foundry (Player 2)" (no possessive before a "The")."""
    return f"{name} ({owner})" if name.startswith("The ") else f"{owner}'s {name}"


def piece(state: dict, uid) -> dict | None:
    """The piece of a uid taken from an action (None for anything else)."""
    return state["table"].get(uid) if isinstance(uid, str) else None


def units(state: dict, owner: int | None = None, theater: str | None = None) -> list[dict]:
    pieces = state["table"].values()
    if owner is None:
        return [p for p in pieces if p["kind"] == "unit"
                and (theater is None or p["theater"] == theater)]
    if theater is None:
        return [p for p in pieces if p["kind"] == "unit" and p["owner"] == owner]
    return [p for p in pieces if p["kind"] == "unit" and p["owner"] == owner
            and p["theater"] == theater]


def leaders(state: dict, owner: int) -> list[dict]:
    return [p for p in state["table"].values() if p["kind"] == "leader" and p["owner"] == owner]


BASES = ("b0", "b1")  # each seat's base uid


def base(state: dict, seat: int) -> dict:
    return state["table"][f"b{seat}"]


def theater_of(state: dict, p: dict) -> str:
    """A leader is in its base's theater (AAT-LEAD-1)."""
    return base(state, p["owner"])["theater"] if p["kind"] == "leader" else p["theater"]


def objective(state: dict, seat: int) -> str:
    player = state["players"][seat]
    return OBJECTIVES[player["subfaction"], player["role"]]


def can_act(state: dict, p: dict) -> bool:
    """AAT-TURN-5: a unit that entered play this turn takes no action; bases always act."""
    return p["kind"] == "base" or p["entered"] != state["turn"]


# -- escalation -----------------------------------------------------------------------
def add_incidents(state: dict, count: int, why: str) -> list[dict]:
    """AAT-ESC-1 and AAT-ESC-3: one at a time, four make a level, none past 5."""
    events = []
    for _ in range(count):
        if state["escalation"] >= 5:
            events.append({"kind": "incident", "text": f"Incident ({why}): escalation "
                           "stays at 5"})
            continue
        state["incidents"] += 1
        if state["incidents"] == 4:
            state["incidents"] = 0
            state["escalation"] += 1
            events.append({"kind": "escalation", "text": f"Incident ({why}): escalation "
                           f"rises to {state['escalation']}", "level": state["escalation"]})
        else:
            events.append({"kind": "incident", "text": f"Incident ({why}): "
                           f"{state['incidents']} of 4"})
    return events


# -- hands and decks ------------------------------------------------------------------
def tracked(state: dict) -> bool:
    return state["settings"]["cards"] == "tracked"


def draw(state: dict, seat: int, count: int) -> int:
    """Draw up to `count` from the main deck (fewer if it runs out); how many drawn."""
    player = state["players"][seat]
    taken = player["deck"][:count]
    del player["deck"][:len(taken)]
    player["hand"] += taken
    return len(taken)


def shuffle_deck(state: dict, seat: int) -> None:
    rng.shuffle(state, state["players"][seat]["deck"])


def unseen(state: dict, seat: int) -> list[str]:
    """Card ids the app cannot place (tracked mode): in this player's deck or hand."""
    player = state["players"][seat]
    pool = list(player["cards"])
    known = player["special"] + player["discard"] + player["removed"] + [
        p["card"] for p in state["table"].values() if p["owner"] == seat and p["kind"] != "base"]
    for cid in known:
        if cid in pool:
            pool.remove(cid)
    return pool


def hand_cards(state: dict, seat: int) -> list[str]:
    """The distinct card ids that may be named as coming from this player's hand."""
    hand = state["players"][seat]["hand"]
    if not tracked(state):
        return sorted(set(hand))
    return sorted(set(unseen(state, seat))) if UNKNOWN in hand else []


def take_from_hand(player: dict, card_id: str) -> None:
    player["hand"].remove(card_id if card_id in player["hand"] else UNKNOWN)


def fits(cards: dict, card_id: str, level: int, kind: str | None = None,
         rallied: bool = False, theater: str | None = None) -> bool:
    """A unit card that may be put into play now (AAT-TURN-3: escalation requirement)."""
    card = cards[card_id]
    return card["kind"] == "Unit" and card["escalation"] <= level and \
        (kind is None or kind in card["types"]) and \
        (not rallied or "Rallied" in card["traits"]) and \
        (theater is None or theater in card["theaters"])
