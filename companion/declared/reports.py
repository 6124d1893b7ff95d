"""A folder game for the simulator (`pnp simulate FOLDER`): its setup with n players,
each game's tally (how it ended, its rounds: a game stopped by the round cap is
reported as such), the statistics, and the replay summary (`pnp replay`)."""

from __future__ import annotations

from companion.core import figures
from companion.declared.turns import ROUND_CAP


class Reports:
    """Part of DeclaredRules (rules.py)."""

    def simulation_setup(self, seats: int) -> dict:
        low, high = self.spec.players.counts
        if not low <= seats <= high:
            count = f"{low}" if low == high else f"{low} to {high}"
            raise ValueError(f"{self.spec.name} is played by {count} players")
        setup = {"players": [{"name": f"Seat {i + 1}"} for i in range(seats)]}
        for option in self.spec.options:
            setup[option.id] = 0 if option.seats else option.default
        return setup

    def tally(self, state: dict, actions: list[dict], events: list[dict]) -> dict:
        # who started: the seat the last round began with (the first player's, unless
        # players before them went out; the figures read `first` at the top)
        tally = figures.seat_order_tally({"first": state["turn"]["first"]},
                                         self.winning_seats(state))
        ended = state["ended"] or {}
        tally["round_cap"] = int(ended.get("why") == ROUND_CAP)
        tally["rounds"] = state["turn"]["round"]
        tally[f"ended:{ended.get('why', '')}"] = 1
        # a draw or deal that found its pile (and the discard) empty, the setup's too:
        # a deck too small for the players, which a designer wants to hear of
        tally["short"] = int(any(event["kind"] == "short" for event in events))
        return tally

    def statistics(self, counters: dict, games: int) -> dict:
        stats = figures.seat_order_statistics(counters, games)
        stats["round_cap"] = counters.get("round_cap", 0)
        stats["average_rounds"] = round(counters.get("rounds", 0) / max(1, games), 2)
        stats["short"] = counters.get("short", 0)
        stats["ended"] = {k.split(":", 1)[1]: v for k, v in sorted(counters.items())
                          if k.startswith("ended:")}
        return stats

    def report(self, statistics: dict) -> str:
        lines = figures.seat_order_lines(statistics)
        # (the average rounds are the seat-order lines' "a game lasts")
        lines.append(f"round cap reached: {statistics['round_cap']} games")
        if statistics.get("short"):
            lines.append(f"cards ran short: {statistics['short']} games (a deal or draw "
                         "found the pile and its discard empty; the log says who got fewer)")
        games = max(1, sum(statistics["ended"].values()))
        lines += [f"  ended by {why}: {count} games ({100 * count / games:.1f} %)"
                  for why, count in statistics["ended"].items()]
        return "\n".join(lines)

    def summary(self, state: dict) -> str:
        lines = [f"Round {state['turn']['round']}, turn {state['turn']['number']}"]
        shared = ", ".join(f"{c['name']} {state['counters']['shared'][c['id']]}"
                           for c in self.decl.table["counters"] if c["per"] == "shared")
        if shared:
            lines.append(shared)
        for seat, player in enumerate(state["players"]):
            values = ", ".join(f"{c['name']} {state['counters']['seats'][seat][c['id']]}"
                               for c in self.decl.table["counters"] if c["per"] == "player")
            lines.append(f"{player['name']}{' (out)' if player['out'] else ''}: {values}")
        if state["ended"]:
            names = [state["players"][s]["name"] for s in state["ended"]["winners"]]
            lines.append(f"Ended: {state['ended']['why']}; winners: {', '.join(names) or 'none'}")
        return "\n".join(lines)
