"""A declared table's new game: its players from the new-game form, its counters at
their start, its cards in their zones (shuffled where declared), who starts, then the
declared setup effects and the first turn."""

from __future__ import annotations

from companion.core import rng
from companion.core.engine import Rejected
from companion.core.names import plain_text

STATE_VERSION = 1


class SetupSteps:
    """Part of DeclaredRules (rules.py)."""

    def new_game(self, setup: dict, seed: int) -> dict:
        players = self.players(setup)
        tracked = setup.get("cards", "virtual") != "printed"
        state = {"game": self.game_id, "version": STATE_VERSION, "rng": rng.seed_state(seed),
                 "players": players, "tracked": tracked,
                 "counters": {"shared": {}, "seats": [{} for _ in players]},
                 "zones": {}, "revealed": [], "queue": [], "fired": [], "ended": None,
                 "turn": {"seat": 0, "first": 0, "phase": 0, "round": 1, "number": 0},
                 "await": None}
        for counter in self.table.counters.values():
            places = [state["counters"]["shared"]] if counter["per"] == "shared" else \
                state["counters"]["seats"]
            for place in places:
                place[counter["id"]] = counter["start"]
        if tracked:
            self.deal_out(state)
        first = setup.get("first", "lots")
        if first == "lots" or first is None:
            first = rng.randint(state, 0, len(players) - 1)
        if not (type(first) is int and 0 <= first < len(players)):
            raise Rejected("TABLE-FIRST", f"first: 'lots' or a seat 0 to {len(players) - 1}")
        state["turn"]["first"] = first
        self.run(state, [e for e in self.table.data["setup"] if tracked or
                         e["op"] in ("change", "roll", "out", "end")], first)
        self.begin_turn(state, first)
        return state

    def players(self, setup: dict) -> list[dict]:
        declared = self.table.data["players"]
        given = setup.get("players") or [{} for _ in range(declared["min"])]
        if not declared["min"] <= len(given) <= declared["max"]:
            raise Rejected("TABLE-PLAYERS", f"{declared['min']} to {declared['max']} players")
        colours, names = declared["colors"], declared["names"]
        players = []
        for seat, player in enumerate(given):
            name = player.get("name") or (names[seat] if seat < len(names) else
                                          f"Player {seat + 1}")
            if not plain_text(name):
                raise Rejected("TABLE-PLAYERS", "a player's name is short text")
            players.append({"name": name, "out": False, "team": player.get("team"),
                            "colour": player.get("colour") or colours[seat % len(colours)]})
        return players

    def deal_out(self, state: dict) -> None:
        """Every zone, each player's copy of a per-player zone; its cards where declared."""
        seats = range(len(state["players"]))
        for zone in self.table.zones.values():
            if zone["per"] == "shared":
                places = {zone["id"]: list(zone["cards"])}
            else:
                places = {f"{zone['id']}.{seat}": [f"{card}@{seat + 1}" for card in zone["cards"]]
                          for seat in seats}
            for key, cards in places.items():
                if zone["shuffle"]:
                    rng.shuffle(state, cards)
                state["zones"][key] = cards
