"""A declared table's simulation setups and report: the core's figures (who wins by seat
order, how long games last) and how games ended (the declared end, a trigger, the last
player standing, or the round cap, which says the declared end may never come)."""

from __future__ import annotations

from companion.core import figures


class Reports:
    """Part of DeclaredRules (rules.py)."""

    def simulation_setup(self, seats: int) -> dict:
        declared = self.table.data["players"]
        if not declared["min"] <= seats <= declared["max"]:
            raise ValueError(f"this game takes {declared['min']} to {declared['max']} players")
        return {"players": [{"name": f"Seat {i + 1}"} for i in range(seats)]}

    def tally(self, state: dict, actions: list, events: list) -> dict:
        counts = figures.seat_order_tally(state, self.winning_seats(state))
        why = state["ended"]["why"] if state["ended"] else "unfinished"
        counts[f"end: {why}"] = 1
        counts["rounds"] = state["turn"]["round"]
        return counts

    def statistics(self, counters: dict, games: int) -> dict:
        stats = figures.seat_order_statistics(counters, games)
        stats["ends"] = {key[5:]: round(value / games, 4) for key, value in
                         sorted(counters.items()) if key.startswith("end: ")}
        stats["avg_rounds"] = round(counters.get("rounds", 0) / max(games, 1), 2)
        return stats

    def report(self, statistics: dict) -> str:
        lines = figures.seat_order_lines(statistics)
        lines.append(f"  average rounds: {statistics['avg_rounds']}")
        lines += [f"  ended by {why}: {100 * share:.1f} %"
                  for why, share in statistics["ends"].items()]
        return "\n".join(lines)

    def summary(self, state: dict) -> str:
        lines = [f"Round {state['turn']['round']}, turn {state['turn']['number']}"]
        for seat, player in enumerate(state["players"]):
            values = ", ".join(f"{self.table.counters[k]['name']} {v}" for k, v in
                               state["counters"]["seats"][seat].items())
            lines.append(f"{player['name']}{' (out)' if player['out'] else ''}: {values}")
        return "\n".join(lines)
