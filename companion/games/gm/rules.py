"""Geheime Mission rules engine. Rule ids (GM-*) refer to
docs/rulings/geheime-mission.md, which this follows exactly.

A round: the city-centre duel decides who carries the suitcase (GM-CITY); the
carrier defends his embassy against the other's attack (GM-EMBASSY), a snatch
turns the chase around (GM-FLIGHT); a won embassy duel leads to the back door
(GM-DOOR). Every play is followed by a draw (GM-REFILL); the draw that empties
the pile ends the game (GM-NIGHT).

The state's `duel` is the pair being compared: `place` (city, or the embassy
of seat `embassy`), who plays `first`, and the value played `first` (None
until played). Hands and the chosen door are in the state but are private:
the view shows them only behind the pass-and-play cover.
"""

from __future__ import annotations

from companion.core.engine import Rejected, Rules, whole
from companion.core.shapes import Either, Int, Record, Text
from companion.games.gm import SPEC
from companion.games.gm.data import DOORS, ROLE, VALUES, agents
from companion.games.gm.invariants import Invariants
from companion.games.gm.reports import Reports
from companion.games.gm.setup import STATE_VERSION, SetupSteps

ACTIONS = {  # every action's fields, checked by the framework before a rule reads them
    "play": Either(Record(card=Text()), Record(value=Int())),  # a printed card: its value
    "door": Record(door=Int()), "officer": Record(door=Int()),
}


class GmRules(SetupSteps, Reports, Invariants, Rules):
    save_version = STATE_VERSION
    spec = SPEC
    actions = ACTIONS

    def __init__(self):
        self.cards = agents()
        self.values = {card_id: {place: card[role] for place, role in ROLE.items()}
                       for card_id, card in self.cards.items()}

    def start_city(self, state: dict) -> None:
        """GM-CITY: the round's starter leads in the city centre."""
        state["duel"] = {"place": "city", "first": state["starter"], "lead": None}
        state["carrier"] = None
        self.ask_play(state, state["starter"], "city")

    def start_embassy(self, state: dict, carrier: int) -> None:
        """GM-EMBASSY: the carrier defends his own embassy; the other attacks it."""
        state["carrier"] = carrier
        state["duel"] = {"place": "embassy", "first": carrier, "lead": None}
        self.ask_play(state, carrier, "defend")

    @staticmethod
    def ask_play(state: dict, seat: int, role: str) -> None:
        state["await"] = {"kind": "play", "player": seat, "role": role}

    # -- what may be done ------------------------------------------------------------------
    def legal_actions(self, state: dict) -> list[dict]:
        wait = state["await"]
        if wait is None:
            return []
        kind = wait["kind"]
        if kind == "play":
            if state["settings"]["cards"] == "printed":
                return [{"type": "play", "value": v} for v in VALUES]
            return [{"type": "play", "card": c} for c in state["players"][wait["player"]]["hand"]]
        return [{"type": kind, "door": d} for d in DOORS]

    def accepts(self, state: dict) -> set[str]:
        return {state["await"]["kind"]}

    # -- doing it --------------------------------------------------------------------------
    def step(self, state: dict, action: dict) -> list[dict]:
        kind = state["await"]["kind"]
        if kind == "play":
            return self.play(state, action)
        door = action.get("door")
        if not whole(door) or door not in DOORS:
            raise Rejected("GM-DOOR", "choose door 1, 2 or 3")
        return self.choose_door(state, door) if kind == "door" else self.place_officer(state,
                                                                                        door)

    def play(self, state: dict, action: dict) -> list[dict]:
        wait = state["await"]
        seat, role = wait["player"], wait["role"]
        player = state["players"][seat]
        if state["settings"]["cards"] == "printed":  # GM-PRINTED: the value is entered
            value, card = action.get("value"), None
            if not whole(value) or value not in VALUES:
                raise Rejected("GM-PRINTED", "enter the value the card shows, 1 to 9")
        else:
            card = action.get("card")
            if not isinstance(card, str) or card not in player["hand"]:
                raise Rejected("GM-CITY" if role == "city" else "GM-EMBASSY",
                               "play a card from your hand")
            value = self.values[card][role]
            player["hand"].remove(card)
        field = state["city"] if role == "city" else state["embassies"][state["carrier"]]
        field.append({"seat": seat, "card": card, "value": value, "role": role})
        events = [{"kind": "played", "player": seat, "card": card, "value": value,
                   "role": role, "text": play_text(self, player["name"], card, value, role)}]
        duel = state["duel"]
        if duel["lead"] is None:
            duel["lead"] = value
            self.ask_play(state, 1 - seat, "city" if role == "city" else "attack")
        else:
            events += self.resolve(state, duel["lead"], value)
        return events + self.draw(state, seat)

    def resolve(self, state: dict, lead: int, answer: int) -> list[dict]:
        """Compare the pair just completed (GM-CITY, GM-EMBASSY, GM-FLIGHT)."""
        duel = state["duel"]
        first, names = duel["first"], [p["name"] for p in state["players"]]
        if lead == answer:  # a tie: the first player plays again on the same field
            duel["lead"] = None
            self.ask_play(state, first, "city" if duel["place"] == "city" else "defend")
            return [{"kind": "tie", "text": f"{lead} against {answer}: a tie, "
                     f"{names[first]} plays again"}]
        if duel["place"] == "city":
            carrier = first if lead > answer else 1 - first
            self.start_embassy(state, carrier)
            return [{"kind": "found", "player": carrier, "text": f"{names[carrier]} finds the "
                     "suitcase and heads for the embassy"}]
        carrier = first
        if lead > answer:  # the defence holds: on to the back door
            state["duel"] = None
            state["await"] = {"kind": "door", "player": carrier}
            return [{"kind": "held", "player": carrier, "text": f"{names[carrier]} holds the "
                     "embassy and tries a back door"}]
        thief = 1 - carrier  # GM-FLIGHT: the snatcher heads for his own embassy
        self.start_embassy(state, thief)
        return [{"kind": "snatched", "player": thief, "text": f"{names[thief]} snatches the "
                 "suitcase and flees"}]

    def draw(self, state: dict, seat: int) -> list[dict]:
        """GM-REFILL then GM-NIGHT: one card from the pile; the last one ends the game."""
        state["pile_left"] -= 1
        if state["pile"]:
            state["players"][seat]["hand"].append(state["pile"].pop())
        if state["pile_left"] > 0:
            return []
        return self.night(state)

    def choose_door(self, state: dict, door: int) -> list[dict]:
        """GM-DOOR: the carrier's door, in secret; the officer's player is next."""
        carrier = state["carrier"]
        state["door"] = door
        state["await"] = {"kind": "officer", "player": 1 - carrier}
        name = state["players"][carrier]["name"]
        return [{"kind": "door_chosen", "player": carrier,
                 "text": f"{name} picks a back door in secret"}]

    def place_officer(self, state: dict, officer: int) -> list[dict]:
        carrier, door = state["carrier"], state["door"]
        state["last_at_door"] = carrier  # GM-WIN: a game without a suitcase goes to him
        names = [p["name"] for p in state["players"]]
        text = f"{names[1 - carrier]} posts the officer at door {officer}; {names[carrier]} " \
               f"went through door {door}: "
        if officer == door:
            state["lost"] += 1
            state["starter"] = 1 - carrier
            event = {"kind": "caught", "player": 1 - carrier, "door": door,
                     "text": text + "caught, the documents are lost"}
        else:
            state["players"][carrier]["suitcases"] += 1
            state["last_scorer"] = carrier
            state["starter"] = carrier
            event = {"kind": "scored", "player": carrier, "door": door,
                     "text": text + f"in! {names[carrier]} scores a suitcase"}
        for field in (state["city"], *state["embassies"]):
            state["played"] += [play["card"] for play in field if play["card"]]
            field.clear()
        state["door"] = None
        state["round"] += 1
        self.start_city(state)
        return [event, {"kind": "round", "text": f"Round {state['round']}: "
                        f"{names[state['starter']]} starts in the city centre"}]

    def night(self, state: dict) -> list[dict]:
        """GM-NIGHT and GM-WIN."""
        state["await"] = state["duel"] = None
        counts = [p["suitcases"] for p in state["players"]]
        state["winner"] = tie_winner(state) if counts[0] == counts[1] else \
            0 if counts[0] > counts[1] else 1
        names = [p["name"] for p in state["players"]]
        result = "a draw" if state["winner"] is None else f"{names[state['winner']]} wins"
        why = "" if counts[0] != counts[1] or state["winner"] is None else \
            " (the most recent suitcase breaks the tie)" if state["last_scorer"] is not None \
            else " (the last to reach a back door breaks the tie)"
        return [{"kind": "game_over", "text": f"Night falls: the last card is drawn. "
                 f"{counts[0]} : {counts[1]} suitcases, {result}{why}"}]


def tie_winner(state: dict) -> int | None:
    """GM-WIN with equal suitcases: the most recent suitcase's player; with none scored,
    the last player to carry one to a back door; None (a draw) if nobody did."""
    last = state["last_scorer"]
    return last if last is not None else state["last_at_door"]


def play_text(rules: GmRules, name: str, card: str | None, value: int, role: str) -> str:
    place = {"city": "in the city centre", "defend": "to defend the embassy",
             "attack": "to attack the embassy"}[role]
    colour = {"city": "blue", "defend": "green", "attack": "red"}[role]
    who = f"{rules.cards[card]['name']} ({colour} {value})" if card else f"a {colour} {value}"
    return f"{name} plays {who} {place}"
