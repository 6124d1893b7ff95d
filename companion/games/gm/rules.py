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

from companion.core import rng
from companion.core.engine import Rejected, Rules, whole
from companion.core.names import plain_text
from companion.core.shapes import Either, Int, Record, Text
from companion.games.gm import SPEC
from companion.games.gm.data import CHIPS, DOORS, GAME_ID, HAND, ROLE, VALUES, agents

STATE_VERSION = 1
ACTIONS = {  # every action's fields, checked by the framework before a rule reads them
    "play": Either(Record(card=Text()), Record(value=Int())),  # a printed card: its value
    "door": Record(door=Int()), "officer": Record(door=Int()),
}


class GmRules(Rules):
    game_id = GAME_ID
    save_version = STATE_VERSION
    spec = SPEC
    actions = ACTIONS

    def __init__(self):
        self.cards = agents()
        self.values = {card_id: {place: card[role] for place, role in ROLE.items()}
                       for card_id, card in self.cards.items()}

    # -- a new game ----------------------------------------------------------------------
    def new_game(self, setup: dict, seed: int) -> dict:
        names = check_setup(setup)
        cards = setup.get("cards", "virtual")
        first = setup.get("first", "lots")
        if cards not in ("virtual", "printed"):
            raise Rejected("GM-PRINTED", "cards: virtual or printed")
        if first != "lots" and first not in (0, 1):
            raise Rejected("GM-FIRST", "first: 'lots', 0 or 1")
        state = {"game": GAME_ID, "version": STATE_VERSION, "settings": {"cards": cards},
                 "rng": rng.seed_state(seed), "round": 1, "starter": 0,
                 "players": [{"name": n, "hand": [], "suitcases": 0} for n in names],
                 "pile": [], "pile_left": len(self.cards) - 2 * HAND, "played": [],
                 "city": [], "embassies": [[], []], "duel": None, "carrier": None,
                 "door": None, "last_scorer": None, "lost": 0, "winner": None,
                 "await": None}
        if cards == "virtual":  # GM-DEAL
            deck = list(self.cards)
            rng.shuffle(state, deck)
            for player in state["players"]:
                player["hand"], deck = deck[:HAND], deck[HAND:]
            state["pile"] = deck
        state["starter"] = rng.randint(state, 0, 1) if first == "lots" else first
        self.start_city(state)
        return state

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
        if counts[0] != counts[1]:
            state["winner"] = 0 if counts[0] > counts[1] else 1
        else:
            state["winner"] = state["last_scorer"]  # None: no suitcase at all, a draw
        names = [p["name"] for p in state["players"]]
        result = "a draw" if state["winner"] is None else f"{names[state['winner']]} wins"
        why = " (the most recent suitcase breaks the tie)" if counts[0] == counts[1] and \
            state["winner"] is not None else ""
        return [{"kind": "game_over", "text": f"Night falls: the last card is drawn. "
                 f"{counts[0]} : {counts[1]} suitcases, {result}{why}"}]

    # -- results -----------------------------------------------------------------------------
    def winning_seats(self, state: dict) -> list[int]:
        return [] if state["winner"] is None else [state["winner"]]

    def simulation_setup(self, seats: int) -> dict:
        if seats != 2:
            raise ValueError("Geheime Mission is played by 2")
        return {"players": [{"name": "Seat 1"}, {"name": "Seat 2"}], "first": 0,
                "cards": "virtual"}

    def tally(self, state: dict, actions: list[dict], events: list[dict]) -> dict:
        """Per card: dealt or drawn (held at some time) and played; suitcases; ties."""
        tally = {"suitcases": sum(p["suitcases"] for p in state["players"]),
                 "lost": state["lost"]}
        for event in events:
            if event["kind"] == "played" and event["card"]:
                key = f"played:{event['card']}"
                tally[key] = tally.get(key, 0) + 1
            elif event["kind"] in ("tie", "snatched"):
                tally[event["kind"]] = tally.get(event["kind"], 0) + 1
        held = {c for p in state["players"] for c in p["hand"]} | set(state["played"])
        held |= {play["card"] for f in (state["city"], *state["embassies"]) for play in f}
        for card_id in held:
            key = f"held:{card_id}"
            tally[key] = tally.get(key, 0) + 1
        return tally

    def statistics(self, counters: dict, games: int) -> dict:
        per_card = {}
        for card_id in self.cards:
            held = counters.get(f"held:{card_id}", 0)
            played = counters.get(f"played:{card_id}", 0)
            per_card[card_id] = {"held": held, "played": played,
                                 "play_rate": round(played / held, 4) if held else None}
        per_game = {key: round(counters.get(key, 0) / max(1, games), 3)
                    for key in ("suitcases", "lost", "tie", "snatched")}
        return {"per_game": per_game, "cards": per_card}

    def report(self, statistics: dict) -> str:
        rows = ["per game: " + ", ".join(f"{k} {v}" for k, v in statistics["per_game"].items()),
                "cards (held in hand, played, play rate):"]
        for card_id, row in statistics["cards"].items():
            card = self.cards[card_id]
            rate = f"{100 * row['play_rate']:5.1f} %" if row["play_rate"] is not None else "  -"
            rows.append(f"  {card_id} {card['name'][:18]:18} {card['find']}/{card['attack']}/"
                        f"{card['defence']}  {row['held']:6d} {row['played']:6d}  {rate}")
        return "\n".join(rows)

    def summary(self, state: dict) -> str:
        names = [p["name"] for p in state["players"]]
        lines = [f"Round {state['round']}, {state['pile_left']} cards in the pile"]
        lines += [f"{p['name']}: {p['suitcases']} suitcases" for p in state["players"]]
        if state["await"] is None:
            lines.append("Result: draw" if state["winner"] is None else
                         f"Winner: {names[state['winner']]}")
        return "\n".join(lines)

    # -- invariants ------------------------------------------------------------------------
    def invariants(self, state: dict, previous=None) -> list[str]:
        broken = []
        virtual = state["settings"]["cards"] == "virtual"
        if virtual:
            held = [c for p in state["players"] for c in p["hand"]] + state["pile"] + \
                state["played"] + [play["card"] for f in (state["city"], *state["embassies"])
                                   for play in f]
            if sorted(held) != sorted(self.cards):
                broken.append("agent cards not conserved")
            if len(state["pile"]) != state["pile_left"]:
                broken.append("the pile count does not match the pile")
            if state["pile_left"] > 0 and any(len(p["hand"]) != HAND for p in state["players"]):
                broken.append("a hand is not 5 cards before night (GM-REFILL)")
        scored = sum(p["suitcases"] for p in state["players"])
        if scored + state["lost"] > CHIPS or scored < 0:
            broken.append("more suitcases than chips (GM-CHIPS)")
        if (state["await"] is None) != (state["pile_left"] <= 0):
            broken.append("the game ends exactly when the pile is empty (GM-NIGHT)")
        wait = state["await"] or {}
        if wait.get("kind") in ("door", "officer") and state["carrier"] is None:
            broken.append("a back door without a carrier")
        if (wait.get("kind") == "officer") != (state["door"] is not None):
            broken.append("a chosen door outside the officer's step")
        return broken


def check_setup(setup) -> list[str]:
    """The two players' names (GM-DEAL), refusing any malformed setup with a reason."""
    if not isinstance(setup, dict):
        raise Rejected("GM-DEAL", "the setup is a mapping")
    players = setup.get("players", [{"name": "Player 1"}, {"name": "Player 2"}])
    if not isinstance(players, list) or len(players) != 2 or not all(
            isinstance(p, dict) for p in players):
        raise Rejected("GM-DEAL", "Geheime Mission is played by 2 players")
    names = [p.get("name") or f"Player {i + 1}" for i, p in enumerate(players)]
    if not all(plain_text(n) for n in names):
        raise Rejected("GM-DEAL", "a player's name is short text")
    return names


def play_text(rules: GmRules, name: str, card: str | None, value: int, role: str) -> str:
    place = {"city": "in the city centre", "defend": "to defend the embassy",
             "attack": "to attack the embassy"}[role]
    colour = {"city": "blue", "defend": "green", "attack": "red"}[role]
    who = f"{rules.cards[card]['name']} ({colour} {value})" if card else f"a {colour} {value}"
    return f"{name} plays {who} {place}"
