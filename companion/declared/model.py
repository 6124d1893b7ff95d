"""The state's layout (docs/save-format.md, "A folder game's saves") and the small
reads every part shares: zone keys, cards, seats in turn order, counters, the names
an expression reads.

Zone keys: a shared zone is its id ("deck"); a per-player zone is `<id>.<seat>`, seat
counted from 0 ("hand.1"), as actions name it. A player's own copy of a per-player
zone's starting cards is `<card id>@<seat, 1 up>` (docs/save-format.md); its
printed data is the card's before the `@`.

Order in a zone: a pile's top card is its first (draws take from the front, `return`
puts a card back in front or at the end); a card put into a zone otherwise goes last, so
a discard's top card, the one last put there, is its last. (Contract section 3 says "top
first" for every zone; it is kept for piles, which are drawn from, while the other
zones keep the order the cards came in, as the table screen shows them.)"""

from __future__ import annotations

import re

from companion.core.printed import expression

DEFAULT_PHASE = {"id": "turn", "name": "Turn", "allows": None, "max": {}, "start": [],
                 "end": []}
NUMBER = re.compile(r"\s*(-?[0-9]+)")


class Declaration:
    """A normalised table (pnp.load.table's Game.table) with indexes built once."""

    def __init__(self, table: dict):
        self.table = table
        self.counters = {c["id"]: c for c in table["counters"]}
        self.zones = {z["id"]: z for z in table["zones"]}
        self.roles = {z["role"]: z["id"] for z in table["zones"] if z["role"]}
        self.dice = {d["id"]: d for d in table["dice"]}
        self.cards = table["cards"]
        self.phases = table["turns"]["phases"] or [DEFAULT_PHASE]
        self.private = any(z["show"] == "private" for z in table["zones"])
        self.end_per_player = self.per_player(table["end"]["when"])
        self.zone_reads: dict[str, bool] = {}

    def allows(self, state: dict, operation: str) -> bool:
        """Whether the phase in turn offers `operation` now: among its `allows` (every
        operation where it lists none), and done fewer times this phase than its `max`
        says ("play one card": `max: {play: 1}`; the count is the turn's `done`)."""
        phase = self.phases[state["turn"]["phase"]]
        if phase["allows"] is not None and operation not in phase["allows"]:
            return False
        most = phase["max"].get(operation)
        return most is None or state["turn"].get("done", {}).get(operation, 0) < most

    def per_player(self, source: str | None) -> bool:
        """Whether an expression reads a player's own counter or zone (then it is read for
        each player, as the loader marks a trigger's `per_player`)."""
        if not source:
            return False
        own = {c["id"] for c in self.table["counters"] if c["per"] == "player"} | \
            {z["id"] for z in self.table["zones"] if z["per"] == "player"}
        try:
            return bool(expression(str(source), True).names & own)
        except ValueError:
            return False

    def reads_zones(self, source: str) -> bool:
        """Whether a condition reads a zone's count (with printed cards nobody counts them
        for the app: such a condition is not judged, `holds`)."""
        if source not in self.zone_reads:
            try:
                found = bool(expression(str(source), True).names & set(self.zones))
            except ValueError:
                found = False
            self.zone_reads[source] = found
        return self.zone_reads[source]

    def card(self, card_id: str) -> dict | None:
        """A card's printed data (`id@seat`: the card's before the `@`)."""
        return self.cards.get(card_id.split("@")[0])

    def card_name(self, card_id: str) -> str:
        card = self.card(card_id)
        return str(card["name"]) if card else card_id

    def every_card(self, seats: int) -> list[str]:
        """Every card a tracked game holds: each shared zone's, and each seat's copies of
        each per-player zone's."""
        cards = []
        for zone in self.table["zones"]:
            if zone["per"] == "player":
                cards += [f"{c}@{s + 1}" for s in range(seats) for c in zone["cards"]]
            else:
                cards += list(zone["cards"])
        return cards

    def key(self, zone_id: str, seat: int | None) -> str:
        """The state's key of a zone for a seat (a shared zone's id)."""
        if self.zones[zone_id]["per"] == "player":
            return f"{zone_id}.{seat}"
        return zone_id

    def role_key(self, role: str, seat: int | None) -> str | None:
        zone_id = self.roles.get(role)
        return None if zone_id is None else self.key(zone_id, seat)

    def zone_of_key(self, key: str) -> dict:
        return self.zones[key.split(".")[0]]


def label(name: str) -> str:
    """A counter's name inside a sentence: "Hit points" -> "hit points"; "HQ" stays."""
    return name[0].lower() + name[1:] if name[1:2].islower() else name


def owner(key: str) -> int | None:
    """The seat a zone key belongs to (None: shared)."""
    _, dot, seat = key.partition(".")
    return int(seat) if dot else None


def resolve(decl: Declaration, state: dict, name, seat: int | None) -> str | None:
    """A zone named by an action: a key of the state's zones, or a per-player zone's id
    (the acting seat's); None when it names no zone."""
    if not isinstance(name, str):
        return None
    if name in state["zones"]:
        return name
    zone = decl.zones.get(name)
    if zone is not None and zone["per"] == "player" and seat is not None:
        return decl.key(name, seat)
    return None


def where(state: dict, card: str) -> str | None:
    """The zone key holding a card (None: in no zone)."""
    for key, cards in state["zones"].items():
        if card in cards:
            return key
    return None


def shown_name(decl: Declaration, state: dict, card: str) -> str:
    """A card as a log line or Undo may name it: its name where it lies open (a public
    zone, or turned face up) or in no zone (told by the players), else "a card" (a card
    played face down stays a secret on the shared screen)."""
    key = where(state, card)
    if key is None or card in state["revealed"] or decl.zone_of_key(key)["show"] == "public":
        return decl.card_name(card)
    return "a card"


def seats_in(state: dict) -> list[int]:
    """The seats still in, in seat order."""
    return [s for s, p in enumerate(state["players"]) if not p["out"]]


def order(state: dict, decl: Declaration, start: int) -> list[int]:
    """The seats still in, in turn order from `start` (itself first, if still in)."""
    count = len(state["players"])
    step = 1 if decl.table["players"]["order"] != "counterclockwise" else -1
    seats = [(start + step * k) % count for k in range(count)]
    return [s for s in seats if not state["players"][s]["out"]]


def next_seat(state: dict, decl: Declaration, seat: int) -> int | None:
    """The seat after `seat` in turn order among those still in (None: nobody else)."""
    later = [s for s in order(state, decl, seat) if s != seat]
    return later[0] if later else None


def distance(state: dict, decl: Declaration, first: int, seat: int) -> int:
    """How far round the table from `first` a seat sits, in turn order."""
    count = len(state["players"])
    step = 1 if decl.table["players"]["order"] != "counterclockwise" else -1
    return (step * (seat - first)) % count


def value(state: dict, counter: str, seat: int | None) -> int:
    counters = state["counters"]
    if counter in counters["shared"]:
        return counters["shared"][counter]
    return counters["seats"][seat if seat is not None else 0][counter]


def names(decl: Declaration, state: dict, seat: int | None, card: str | None = None) -> dict:
    """What an expression may read (docs/format.md section 12) for the player in scope."""
    scope = seat if seat is not None else state["turn"]["seat"]
    found = {"round": state["turn"]["round"], "turn": state["turn"]["number"],
             "players": len(seats_in(state)), "seat": scope + 1}
    for counter in decl.counters:
        found[counter] = value(state, counter, scope)
    for zone_id in decl.zones:
        found[zone_id] = len(state["zones"].get(decl.key(zone_id, scope), ()))
    if card is not None:
        data = decl.card(card) or {"fields": {}, "name": card, "item": card}
        # card.id is the printed id ("C-01", as the card's YAML writes it), not the
        # instance's ("crew/C-01#2@1"): a designer compares it with what they wrote
        found["card"] = {**data["fields"], "id": data["item"], "name": data["name"]}
    return found


def amount(decl: Declaration, state: dict, source, seat, card=None) -> int:
    """An effect's amount, a whole number (rounded); an expression that cannot be worked
    out here (a card field that is text) counts 0 rather than stopping the table."""
    if isinstance(source, int) and not isinstance(source, bool):
        return source
    try:
        return round(expression(str(source)).evaluate(names(decl, state, seat, card)))
    except ValueError:
        return 0


def holds(decl: Declaration, state: dict, source, seat, card=None) -> bool:
    """A `when`: None always holds. With printed cards the app keeps no zones, so a
    condition that reads a zone's count ("market == 0") is not judged: it does not hold
    (it would read 0 and end a game at its start); the players judge it themselves."""
    if source is None:
        return True
    if not state["tracked"] and decl.reads_zones(source):
        return False
    try:
        return expression(str(source), True).holds(names(decl, state, seat, card))
    except ValueError:
        return False


def face_number(face: str) -> int | None:
    """A die face's number, if it has one ("4, hit": 4; "Clear": none)."""
    found = NUMBER.match(str(face))
    return int(found.group(1)) if found else None
