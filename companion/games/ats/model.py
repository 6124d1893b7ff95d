"""Above Top Secret state: how it is laid out, and the values the rules read.

Hidden cards are lists in both modes. In virtual mode they hold card ids; in
tracked mode the physical table holds the cards and the lists hold "?" for
each card whose identity the app does not know, so counts stay exact.
"""

from __future__ import annotations

from companion.games.ats.data import AREAS, BASE_HP, DEFENSE, LEVELS, cards, defense

UNKNOWN = "?"
CLOAK_BONUS = 30
PROTECTOR_BONUS = 10
AIR_BONUS = 10


def new_player(spec: dict, seat: int) -> dict:
    return {"name": spec.get("name") or f"Player {seat + 1}", "colour": spec.get("colour", ""),
            "team": spec["team"], "out": False, "bases": dict.fromkeys(AREAS, BASE_HP),
            "line": [None] * len(LEVELS), "clearance": 1, "clr_mods": [], "deck": [],
            "hand": [], "discard": [], "enc_deck": [], "enc_discard": [], "held": [],
            "removed": []}


def new_slot(card_id: str, round_no: int) -> dict:
    return {"card": card_id, "damage": 0, "disabled": False, "cloaked": False,
            "protector": False, "placed": round_no, "touched": False, "mods": [],
            "granted": []}


# -- cards and attributes ---------------------------------------------------------
def card(slot: dict) -> dict:
    return (DEFENSE or cards()[0])[slot["card"]]


def attributes(slot: dict) -> set:
    """Working attributes: printed plus granted, none while Disabled (R-ATT-15)."""
    if slot["disabled"]:
        return set()
    return set(card(slot)["attributes"]) | {g["attr"] for g in slot["granted"]}


def has(slot: dict, attribute: str) -> bool:
    if slot["disabled"]:
        return False
    return attribute in (DEFENSE or cards()[0])[slot["card"]]["attributes"] or bool(
        slot["granted"]) and any(g["attr"] == attribute for g in slot["granted"])


def unit(slot: dict) -> str:
    return (DEFENSE or cards()[0])[slot["card"]]["unit"]


def eff_atk(slot: dict) -> int:
    """R-CMB-2: printed ATK + cloak (not while Disabled) + encounter modifiers, >= 0."""
    value = card(slot)["atk"]
    if slot["cloaked"] and not slot["disabled"]:
        value += CLOAK_BONUS
    if slot["mods"]:
        value += sum(m["amount"] for m in slot["mods"] if m["stat"] == "atk")
    return max(0, value)


def eff_def(slot: dict, striker: dict | None = None, combat_minus: int = 0) -> int:
    """R-CMB-2: effective DEF against a strike by `striker` (None: not a strike)."""
    value = card(slot)["def"]
    if slot["cloaked"] and not slot["disabled"]:
        value += CLOAK_BONUS
    if slot["protector"]:
        value += PROTECTOR_BONUS
    if striker is not None and unit(slot) == "Air" and unit(striker) == "Land":
        value += AIR_BONUS  # R-UNIT-2: only Land strikes face the Air bonus
    if slot["mods"]:
        value += sum(m["amount"] for m in slot["mods"] if m["stat"] == "def")
    return max(10, value - combat_minus)


def can_strike(striker: dict, target: dict) -> bool:
    """R-UNIT-3: only Missile and Space cards may strike a Space card."""
    return unit(target) != "Space" or unit(striker) in ("Missile", "Space")


def half(value: int) -> int:
    """R-GEN-1: half, rounded up to the next multiple of 10."""
    return -(-value // 20) * 10


# -- players, teams, clearance -------------------------------------------------------
def clearance(player: dict) -> int:
    """R-CLR-4: the marker plus temporary modifiers, clamped to 1-5."""
    if not player["clr_mods"]:
        return player["clearance"]
    return max(1, min(5, player["clearance"] + sum(m["amount"] for m in player["clr_mods"])))


def standing_areas(player: dict) -> list[str]:
    return [a for a in AREAS if player["bases"][a] > 0]


def opponents(state: dict, seat: int) -> list[int]:
    team = state["players"][seat]["team"]
    return [i for i, p in enumerate(state["players"]) if not p["out"] and p["team"] != team]


def cleared(player: dict, level: int) -> bool:
    return level <= clearance(player)


def unseen_cards(player: dict, level: int | None = None, hand: list | None = None) -> list[str]:
    """Defense card ids whose place the app does not know (tracked mode)."""
    hand = player["hand"] if hand is None else hand
    seen = {s["card"] for s in player["line"] if s} | set(player["discard"]) | set(
        player["removed"]) | {c for c in hand + player["deck"] if c != UNKNOWN}
    return [cid for cid, c in cards()[0].items()
            if cid not in seen and (level is None or c["level"] == level)]


def hand_choices(state: dict, seat: int, level: int | None = None,
                 hand: list | None = None) -> list[str]:
    """Cards that may be named as coming from this player's hand (or from `hand`,
    what is left of it after some were named)."""
    player = state["players"][seat]
    hand = player["hand"] if hand is None else hand
    if state["settings"]["cards"] == "virtual":
        if level is None:
            return sorted(set(hand))
        return sorted({c for c in hand if defense(c)["level"] == level})
    if UNKNOWN not in hand:
        return []
    return unseen_cards(player, level, hand)


def take_from_hand(player: dict, card_id: str) -> None:
    player["hand"].remove(card_id if card_id in player["hand"] else UNKNOWN)


def expire(state: dict, event: str, seat: int | None = None) -> None:
    """End every modifier whose `until` is this event (turn_start/turn_end/cleanup)."""
    for player in state["players"]:
        if player["clr_mods"]:
            player["clr_mods"] = [m for m in player["clr_mods"] if not _ends(m, event, seat)]
        for slot in player["line"]:
            if slot and (slot["mods"] or slot["granted"]):
                slot["mods"] = [m for m in slot["mods"] if not _ends(m, event, seat)]
                slot["granted"] = [g for g in slot["granted"] if not _ends(g, event, seat)]


def _ends(mod: dict, event: str, seat: int | None) -> bool:
    until = mod["until"]
    return until["event"] == event and until.get("player") in (None, seat)
