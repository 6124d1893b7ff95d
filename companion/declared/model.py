"""The state of a declared table and the small reads every part of its engine shares:
where a zone's cards lie, what a card is, the names an expression sees.

Zones live in `state["zones"]` by key: a shared zone under its id, a player's under
`<id>.<seat>`. A card a player owns a copy of (a `per: player` zone with `cards:`)
carries `@<seat, 1 up>` after the loader's id; its data is that of the id before it."""

from __future__ import annotations

from companion.core.printed import amount, condition


class Table:
    """A folder's normalised `table:` (pnp.load.table), indexed for the engine."""

    def __init__(self, table: dict):
        self.data = table
        self.counters = {c["id"]: c for c in table["counters"]}
        self.zones = {z["id"]: z for z in table["zones"]}
        self.cards = table["cards"]
        self.dice = {d["id"]: d for d in table["dice"]}
        self.phases = table["turns"]["phases"]
        self.roles = {z["role"]: z["id"] for z in table["zones"] if z["role"]}

    def card(self, card_id: str) -> dict:
        return self.cards[card_id.split("@", 1)[0]]

    def zone_key(self, zone_id: str, seat: int | None) -> str:
        """The state key of a zone for the player in scope (a shared zone: its id)."""
        return f"{zone_id}.{seat}" if self.zones[zone_id]["per"] == "player" else zone_id

    def zone_of(self, key: str) -> tuple[dict, int | None]:
        """A state key's zone and its owner (None: shared)."""
        zone_id, _, seat = key.partition(".")
        return self.zones[zone_id], int(seat) if seat else None

    def role_key(self, role: str, seat: int | None) -> str | None:
        zone = self.roles.get(role)
        return None if zone is None else self.zone_key(zone, seat)


def seats_in(state: dict) -> list[int]:
    return [seat for seat, p in enumerate(state["players"]) if not p["out"]]


def where(state: dict, card_id: str) -> str | None:
    """The key of the zone a card lies in (None: nowhere the app keeps)."""
    return next((key for key, cards in state["zones"].items() if card_id in cards), None)


def names(table: Table, state: dict, seat: int | None, card: str | None = None) -> dict:
    """What an expression may name (docs/format.md, section 12): counters, zones' counts,
    round, turn, players, seat and, in a card's effects, `card`."""
    seen = dict(state["counters"]["shared"])
    if seat is not None:
        seen.update(state["counters"]["seats"][seat])
    for zone_id, zone in table.zones.items():
        if zone["per"] == "shared" or seat is not None:
            seen[zone_id] = len(state["zones"].get(table.zone_key(zone_id, seat), ()))
    turn = state["turn"]
    seen.update(round=turn["round"], turn=turn["number"], players=len(seats_in(state)),
                seat=None if seat is None else seat + 1)
    if card is not None:
        data = table.card(card)
        seen["card"] = {**data["fields"], "id": data["item"], "name": data["name"]}
    return seen


def number(table: Table, state: dict, source: str, seat, card=None) -> int:
    """An amount, a whole number (a fraction rounds half away from zero)."""
    value = amount(source).evaluate(names(table, state, seat, card))
    return int(value + (0.5 if value >= 0 else -0.5))


def holds(table: Table, state: dict, source: str | None, seat, card=None) -> bool:
    return source is None or condition(source).holds(names(table, state, seat, card))


def clamp(counter: dict, value: int) -> int:
    if counter["min"] is not None:
        value = max(counter["min"], value)
    if counter["max"] is not None:
        value = min(counter["max"], value)
    return value


def counter_value(state: dict, counter: dict, seat: int | None) -> int:
    if counter["per"] == "shared":
        return state["counters"]["shared"][counter["id"]]
    return state["counters"]["seats"][seat][counter["id"]]


def set_counter(state: dict, counter: dict, seat: int | None, value: int) -> int:
    """Set within the counter's bounds; the value it now has."""
    value = clamp(counter, value)
    if counter["per"] == "shared":
        state["counters"]["shared"][counter["id"]] = value
    else:
        state["counters"]["seats"][seat][counter["id"]] = value
    return value
