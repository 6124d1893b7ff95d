"""Geheime Mission for the simulator: its setup, each game's tally (the cards held and
played, suitcases, ties, snatches), the statistics and report, and the replay summary."""

from __future__ import annotations

from companion.core.viewing import plural


class Reports:
    """Part of GmRules (rules.py)."""

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
        lines += [f"{p['name']}: {plural(p['suitcases'], 'suitcase')}" for p in state["players"]]
        if state["await"] is None:
            lines.append("Result: draw" if state["winner"] is None else
                         f"Winner: {names[state['winner']]}")
        return "\n".join(lines)
