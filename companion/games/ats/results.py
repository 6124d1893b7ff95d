"""Readable results: what the last player's actions did, in a few short lines
taken in at a glance ("Night Fighter Wing destroyed; 20 rolls over to LAB").
They stay on screen until another player acts; the log keeps every detail.
No Kivy here."""

from __future__ import annotations

from companion.games.ats.data import AREAS, cards, defense, encounter

QUIET = {"turn", "round", "cleanup", "revealed"}  # the toolbar says these
COMBAT = {"rolled", "damaged", "destroyed", "base_damaged", "base_destroyed", "first_strike",
          "counterattack", "self_destruct", "booby_trap", "cancelled"}
EFFECTS = {"modified", "granted", "disabled", "base_damaged", "base_destroyed",
           "base_repaired", "discarded", "clearance", "searched", "peeked", "repaired"}


def seat_of(state: dict):
    wait = state["await"]
    return wait.get("player") if wait else None


def last_run(session, private: bool = False) -> list[dict]:
    """The public (or only the private) events of the latest actions taken by one
    player in a row."""
    actions = session.actions
    if not actions:
        return []
    i = len(actions) - 1
    actor = seat_of(session.states[i])
    events: list[dict] = []
    while i >= 0 and seat_of(session.states[i]) == actor:
        events[:0] = session.events[i + 1]
        i -= 1
    return [e for e in events if bool(e.get("private")) == private]


def seen(session, seat: int) -> list[tuple[str, list[str]]]:
    """The cards `seat` was shown in secret by its latest moves (an opponent's hand,
    the top of a deck), for its own screen behind the cover: (what, card ids)."""
    return [(event["text"], [c for c in event["cards"] if c in cards()[0]])
            for event in last_run(session, private=True)
            if event.get("player") == seat and event.get("cards")]


def results(session) -> list[str]:
    """The latest results as short lines, oldest first."""
    return lines(session.state, last_run(session))


def lines(state: dict, events: list[dict]) -> list[str]:
    names = [p["name"] for p in state["players"]]
    out: list[str] = []
    i = 0
    while i < len(events):
        event = events[i]
        kind = event["kind"]
        if kind == "declared":
            i, text = combat(names, events, i)
            if i == len(events) and any(t["do"] == "combat" for t in state["tasks"]):
                text = text.removesuffix(": no damage")  # still going: a player is asked
        elif kind == "encounter":
            i, text = encounter_card(names, events, i)
        elif kind == "drew" and out and out[-1].startswith(f"{names[event['player']]} rolls"):
            i, out[-1] = i + 1, out[-1] + "; draws a card"
            continue
        elif kind == "protector":
            j = i
            while j < len(events) and events[j]["kind"] == "protector":
                j += 1
            shown = [f"{names[e['player']]}'s {defense(e['card'])['name']}" for e in
                     events[i:j]] if all("card" in e for e in events[i:j]) else [
                e["text"] for e in events[i:j]]
            i, text = j, "Protector token: " + ", ".join(shown)
        elif kind == "rolled" and i + 1 < len(events) and events[i + 1]["kind"] == "encounter":
            i, text = i + 1, None  # the encounter's line says it
        else:
            i, text = i + 1, None if kind in QUIET else single(names, event)
        if text:
            out.append(text)
    return out


def single(names, event) -> str:
    if event["kind"] == "drew" and "player" in event:
        return f"{names[event['player']]} draws a card"
    return event["text"]


def combat(names, events, i) -> tuple[int, str]:
    """One attack: who attacked what, then what happened, in one line."""
    head = events[i]["text"]
    parts, j = [], i + 1
    while j < len(events) and events[j]["kind"] in COMBAT:
        event = events[j]
        destroyed_next = any(e["kind"] == "destroyed" and e.get("card") == event.get("card")
                             for e in events[j + 1:j + 3])
        if event["kind"] == "damaged" and not destroyed_next:
            done, of = event["text"].rsplit(": ", 1)[1].split("/")
            parts.append(f"{defense(event['card'])['name']} takes {event['amount']} "
                         f"({done} of {of} DEF)")
        elif event["kind"] == "destroyed":
            parts.append(f"{defense(event['card'])['name']} destroyed")
        elif event["kind"] == "base_damaged":
            parts.append(base_line(names, event))
        elif event["kind"] == "base_destroyed":
            parts.append(f"{names[event['player']]}'s {event['area']} falls")
        elif event["kind"] == "rolled":
            parts.append(roll_line(event["text"]))
        elif event["kind"] != "damaged":
            parts.append(event["text"])
        j += 1
    return j, head + (": " + "; ".join(parts) if parts else ": no damage")


def base_line(names, event) -> str:
    if event.get("how") == "roll-over":
        return f"{event['amount']} rolls over to {event['area']}"
    left = event["text"].rsplit(": ", 1)[-1]
    return f"{names[event['player']]}'s {event['area']} loses {event['amount']} ({left})"


def roll_line(text: str) -> str:
    """'Inaccuracy: rolled 2, miss' -> 'Inaccuracy 2: miss'."""
    what, _, rest = text.partition(": rolled ")
    value, _, effect = rest.partition(", ")
    return f"{what} {value}: {effect}" if rest else text


def encounter_card(names, events, i) -> tuple[int, str]:
    """An Encounter card and its effects, summed up per player."""
    card = encounter(events[i]["card"])
    per: dict[int, list] = {}
    j = i + 1
    while j < len(events) and events[j]["kind"] in EFFECTS:
        per.setdefault(events[j].get("player"), []).append(events[j])
        j += 1
    parts = [player_effects(names, seat, found) for seat, found in per.items()]
    return j, f"Encounter: {card['name']}" + (": " + "; ".join(p for p in parts if p)
                                               if parts else "")


def player_effects(names, seat, events) -> str:
    """One player's share of an encounter: cards changed, bases hit, discards."""
    counts: dict[str, int] = {}
    for event in events:
        key = {"modified": lambda e: f"{e['amount']:+d} {e['stat'].upper()}",
               "granted": lambda e: f"gain{{}} {e['attr']}",
               "disabled": lambda _e: "Disabled"}.get(event["kind"])
        if key:
            counts[key(event)] = counts.get(key(event), 0) + 1
    out = [f"{n} card{'s' if n > 1 else ''} " + key.format("" if n > 1 else "s")
           for key, n in counts.items()]
    hits = [e for e in events if e["kind"] == "base_damaged"]
    if hits:
        amounts = {e["amount"] for e in hits}
        if len(amounts) == 1 and sorted(e["area"] for e in hits) == sorted(AREAS):
            out.append(f"every base area -{amounts.pop()}")
        else:
            out += [f"{e['area']} -{e['amount']}" for e in hits]
    out += [e["text"] for e in events if e["kind"] in ("base_destroyed", "base_repaired",
                                                       "clearance", "searched", "repaired")]
    discards = sum(1 for e in events if e["kind"] == "discarded")
    if discards:
        out.append(f"discards {discards} card{'s' if discards > 1 else ''}")
    if not out:
        return ""
    named = seat is None or out[0].startswith(names[seat])  # event text names them
    return ("" if named else f"{names[seat]}: ") + ", ".join(out)


def current_encounter(session) -> dict | None:
    """The Encounter card being resolved while one asks a player something."""
    if not any(t["do"] == "encounter" for t in session.state["tasks"]):
        return None
    for batch in reversed(session.events):
        for event in reversed(batch):
            if event["kind"] == "encounter":
                return encounter(event["card"])
    return None


def landed(events: list[dict], state: dict) -> dict:
    """Where the damage of `events` (the latest player's: last_run) landed, to mark on
    the board while their results show: ("slot", seat, level) or ("base", seat, area)
    -> "−30" (all of it there), or "Destroyed" for a card that left play (its level
    still a gap in `state`)."""
    hits: dict = {}
    for event in events:
        kind = event["kind"]
        if kind == "damaged":
            where = ("slot", event["player"], event["level"])
        elif kind == "base_damaged":
            where = ("base", event["player"], event["area"])
        elif kind == "destroyed":
            hits[("slot", event["player"], event["level"])] = "Destroyed"
            continue
        else:
            continue
        if event["amount"] and hits.get(where) != "Destroyed":
            hits[where] = hits.get(where, 0) + event["amount"]
    now = state["players"]
    return {where: hit if isinstance(hit, str) else f"\u2212{hit}"
            for where, hit in hits.items()
            if hit != "Destroyed" or now[where[1]]["line"][where[2] - 1] is None}  # not refilled
