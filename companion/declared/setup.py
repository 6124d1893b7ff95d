"""A folder game's new game: the players (names and colours the table declares by
default, teams seated alternately), who starts, tracked or printed cards, the zones
filled and shuffled, the setup effects, then the first turn (docs/save-format.md, "A
folder game's saves")."""

from __future__ import annotations

from companion.core import rng
from companion.core.engine import Rejected
from companion.core.names import plain_text

STATE_VERSION = 1


class SetupSteps:
    """Part of DeclaredRules (rules.py)."""

    def players(self, setup: dict) -> list[dict]:
        declared = self.decl.table["players"]
        given = setup.get("players") or [{} for _ in range(declared["min"])]
        if not declared["min"] <= len(given) <= declared["max"]:
            raise Rejected("D-PLAYERS", f"{declared['min']} to {declared['max']} players")
        names, colours = declared["names"] or [], declared["colors"] or []
        teams = declared["teams"]
        players = []
        for seat, player in enumerate(given):
            name = player.get("name") or (names[seat] if seat < len(names) else
                                          f"Player {seat + 1}")
            colour = player.get("colour") or (colours[seat] if seat < len(colours) else None)
            if not plain_text(name) or not plain_text(colour):
                raise Rejected("D-PLAYERS", "a player's name and colour are short text")
            team = player.get("team", seat % teams if teams else None)
            players.append({"name": name, "colour": colour, "team": team, "out": False})
        return players

    def default_cards(self) -> str:
        """Tracked, unless no zone starts with cards while some have effects: then the
        only way to play them is to tell the app (printed; the form offers no choice)."""
        if not any(z["cards"] for z in self.decl.table["zones"]) and self.decl.cards:
            return "printed"
        return "tracked"

    def new_game(self, setup: dict, seed: int) -> dict:
        return self.opening(setup, seed)[0]

    def opening(self, setup: dict, seed: int) -> tuple[dict, list[dict]]:
        """The new game and what its setup said: who starts, the deal, a pile that ran
        short (a deal larger than the pile leaves a player fewer cards or none: the
        log says so at the table, and the simulator counts it)."""
        players = self.players(setup)
        cards = setup.get("cards", self.default_cards())
        if cards not in ("tracked", "printed"):
            raise Rejected("D-CARDS", "cards: tracked or printed")
        state = {"version": STATE_VERSION, "folder_game": self.game_id, "players": players,
                 "counters": {"shared": {}, "seats": [{} for _ in players]}, "zones": {},
                 "revealed": [], "turn": {"seat": 0, "phase": 0, "round": 1, "number": 1,
                                          "first": 0},
                 "await": None, "ended": None, "tracked": cards == "tracked",
                 "queue": [], "holding": [], "rng": rng.seed_state(seed)}
        for counter in self.decl.table["counters"]:
            if counter["per"] == "shared":
                state["counters"]["shared"][counter["id"]] = counter["start"]
            else:
                for seat_counters in state["counters"]["seats"]:
                    seat_counters[counter["id"]] = counter["start"]
        self.fill_zones(state)
        first = setup.get("first")
        if first is None or self.decl.table["players"]["first"] == "random":
            first = rng.randint(state, 0, len(players) - 1)
        elif not isinstance(first, int) or not 0 <= first < len(players):
            raise Rejected("D-FIRST", f"first: a seat from 0 to {len(players) - 1}")
        state["turn"].update(seat=first, first=first)
        state["await"] = self.turn_prompt(state)
        name = players[first]["name"]
        events = [{"kind": "start", "text": f"{name} starts"}]
        events += self.run(state, self.decl.table["setup"], first)
        events += self.run(state, self.decl.table["turns"]["start_of_turn"], first)
        events += self.run(state, self.phase(state)["start"], first)
        events += self.settle(state)
        return state, events

    def fill_zones(self, state: dict) -> None:
        """Every zone's key; tracked cards in their starting zones, shuffled where the
        table says (a per-player zone's cards: each seat its own copies, `@seat`)."""
        seats = range(len(state["players"]))
        for zone in self.decl.table["zones"]:
            keys = [(f"{zone['id']}.{s}", s) for s in seats] if zone["per"] == "player" \
                else [(zone["id"], None)]
            for key, seat in keys:
                cards = []
                if state["tracked"]:
                    cards = [c if seat is None else f"{c}@{seat + 1}" for c in zone["cards"]]
                    if zone["shuffle"]:
                        rng.shuffle(state, cards)
                state["zones"][key] = cards
