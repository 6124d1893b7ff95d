"""Above Top Secret for the simulator: its setup, tallies, statistics and reports."""

from __future__ import annotations

from companion.games.ats import model as m
from companion.games.ats.combat import name_of
from companion.games.ats.data import (
    LEVELS,
    cards,
)


class Reports:
    """Part of AtsRules (rules.py)."""

    def simulation_setup(self, seats: int) -> dict:
        return {"players": [{"name": f"Seat {i + 1}", "team": i} for i in range(seats)],
                "dice": "digital", "cards": "virtual"}

    def statistics(self, counters: dict, games: int) -> dict:
        """Average rounds; per card: games started, the starting side's win rate, and
        how often it was destroyed and destroyed another, per game."""
        per_card = {}
        for card_id in sorted(cards()[0]):
            starts = counters.get(f"start:{card_id}", 0)
            wins = counters.get(f"start_win:{card_id}", 0)
            per_card[card_id] = {
                "started": starts,
                "side_won": round(wins / starts, 4) if starts else None,
                "destroyed_per_game": round(counters.get(f"destroyed:{card_id}", 0) / games, 3),
                "kills_per_game": round(counters.get(f"kills:{card_id}", 0) / games, 3)}
        return {"avg_rounds": round(counters.get("rounds", 0) / max(1, games), 2),
                "cards": per_card}

    def report(self, statistics: dict) -> str:
        rows = [f"average rounds: {statistics['avg_rounds']}", "cards:"]
        for card_id, row in statistics["cards"].items():
            rate = f"{100 * row['side_won']:5.1f} %" if row["side_won"] is not None else \
                "    -  "
            rows.append(f"  {card_id} {cards()[0][card_id]['name'][:22]:22} started "
                        f"{row['started']:5d}, side won {rate}; destroyed "
                        f"{row['destroyed_per_game']:5.2f}/game, destroyed others "
                        f"{row['kills_per_game']:5.2f}/game")
        return "\n".join(rows)

    def summary(self, state: dict) -> str:
        lines = [f"Round {state['round']}, phase {state['phase']}"]
        for player in state["players"]:
            bases = ", ".join(f"{a} {hp}" for a, hp in player["bases"].items())
            line = ", ".join(f"L{lv} {name_of(s)}" if s else f"L{lv} gap"
                             for lv, s in enumerate(player["line"], start=1))
            lines.append(f"{player['name']}{' (out)' if player['out'] else ''}: {bases}; "
                         f"clearance {m.clearance(player)}; deck {len(player['deck'])}, hand "
                         f"{len(player['hand'])}, discard {len(player['discard'])}; {line}")
        winner = state.get("winner")
        if winner:
            lines.append("Result: draw" if winner["draw"] else "Winner: " + " and ".join(
                state["players"][s]["name"] for s in state["teams"][winner["team"]]))
        return "\n".join(lines)

    def tally(self, state: dict, actions: list[dict], events: list[dict]) -> dict:
        """Cards destroyed and destroying; each starting card and whether its side won."""
        tally = {"rounds": state["round"]}
        winners = set(self.winning_seats(state))
        starts = [a["card"] for a in actions if a["type"] == "start_card"]
        for index, card_id in enumerate(starts):
            seat = index // len(LEVELS)
            for key in (f"start:{card_id}", *([f"start_win:{card_id}"] if seat in winners
                                              else [])):
                tally[key] = tally.get(key, 0) + 1
        for event in events:
            if event["kind"] == "destroyed":
                key = f"destroyed:{event['card']}"
                tally[key] = tally.get(key, 0) + 1
                if event.get("by"):
                    key = f"kills:{event['by']}"
                    tally[key] = tally.get(key, 0) + 1
        return tally

    def winning_seats(self, state: dict) -> list[int]:
        winner = state.get("winner")
        if not winner or winner["team"] is None:
            return []
        return list(state["teams"][winner["team"]])
