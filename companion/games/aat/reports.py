"""Against All Tyrants for the simulator: its setup, tallies, statistics, reports
and the replay summary."""

from __future__ import annotations

from companion.games.aat import model as m
from companion.games.aat.data import SUBFACTIONS

PATHS = ("base", "objective", "fatigue", "draw")


class Reports:
    """Part of AatRules (rules.py)."""

    def simulation_setup(self, seats: int) -> dict:
        if seats != 2:
            raise ValueError("Against All Tyrants is a game for 2 players")
        return {"players": [{"name": "Seat 1"}, {"name": "Seat 2"}],
                "subfaction_1": "freedom-fighters", "subfaction_2": "first-leaders-navy",
                "attacker": "random", "cards": "virtual"}

    def winning_seats(self, state: dict) -> list[int]:
        return list((state.get("result") or {}).get("winners", []))

    def tally(self, state: dict, actions: list[dict], events: list[dict]) -> dict:
        """Per game: the winner's seat, role and subfaction, the win path, the turns,
        and every card played from hand or put into play, by id."""
        result = state.get("result") or {"winners": [], "path": "unfinished"}
        tally = {"turns": state["turn"], f"path:{result['path']}": 1}
        for player in state["players"]:
            key = f"games:{player['role']}:{player['subfaction']}"
            tally[key] = tally.get(key, 0) + 1
        for seat in result["winners"]:
            player = state["players"][seat]
            for key in (f"win_seat:{seat}", f"win_role:{player['role']}",
                        f"win_sub:{player['subfaction']}",
                        f"win:{player['role']}:{player['subfaction']}"):
                tally[key] = tally.get(key, 0) + 1
            if result["path"] == "objective":
                tally[f"objective:{m.objective(state, seat)}"] = 1
        for event in events:
            if event["kind"] in ("played", "entered"):
                key = f"{event['kind']}:{event['card']}"
                tally[key] = tally.get(key, 0) + 1
        return tally

    def statistics(self, counters: dict, games: int) -> dict:
        games = max(1, games)
        share = {path: round(counters.get(f"path:{path}", 0) / games, 4) for path in PATHS}
        roles = {role: round(counters.get(f"win_role:{role}", 0) / games, 4)
                 for role in ("attacker", "defender")}
        subs = {}
        for role in ("attacker", "defender"):
            for sub in SUBFACTIONS:
                played = counters.get(f"games:{role}:{sub}", 0)
                if played:
                    subs[f"{sub} as {role}"] = round(
                        counters.get(f"win:{role}:{sub}", 0) / played, 4)
        played = {k.split(":", 1)[1]: v for k, v in counters.items()
                  if k.startswith("played:")}
        entered = {k.split(":", 1)[1]: v for k, v in counters.items()
                   if k.startswith("entered:")}
        decks = {k.rsplit(":", 1)[1] for k in counters if k.startswith("games:")}
        used = {c for sub in decks if sub in self.decks for c in self.deck_cards[sub]
                if self.cards[c]["kind"] != "Base"}
        return {"avg_turns": round(counters.get("turns", 0) / games, 2), "paths": share,
                "role_wins": roles, "win_rates": subs,
                "objectives": {k.split(":", 1)[1]: v for k, v in counters.items()
                               if k.startswith("objective:")},
                "cards_played": dict(sorted(played.items())),
                "cards_entered": dict(sorted(entered.items())),
                "cards_never_used": sorted(used - set(played) - set(entered))}

    def report(self, statistics: dict) -> str:
        paths = ", ".join(f"{k} {100 * v:.1f} %" for k, v in statistics["paths"].items())
        rows = [f"average turns: {statistics['avg_turns']}", f"win paths: {paths}",
                "role wins: " + ", ".join(f"{k} {100 * v:.1f} %"
                                          for k, v in statistics["role_wins"].items())]
        rows += [f"  {k}: {100 * v:.1f} % won" for k, v in statistics["win_rates"].items()]
        if statistics["objectives"]:
            rows.append("objectives completed: " + ", ".join(
                f"{k} {v}" for k, v in sorted(statistics["objectives"].items())))
        rows.append(f"cards played from hand: {len(statistics['cards_played'])} distinct; "
                    "never played nor put into play: "
                    f"{', '.join(statistics['cards_never_used']) or 'none'}")
        return "\n".join(rows)

    def summary(self, state: dict) -> str:
        lines = [f"Turn {state['turn']}, phase {state['phase']}, escalation "
                 f"{state['escalation']} ({state['incidents']} incidents)"]
        for seat, player in enumerate(state["players"]):
            base = m.base(state, seat)
            here = ", ".join(f"{self.cards[p['card']]['name']} ({p['theater'][0]}, "
                             f"{p['damage']} dmg)" for p in m.units(state, seat))
            lines.append(f"{player['name']} ({SUBFACTIONS[player['subfaction']]}, "
                         f"{player['role']}): base {m.remaining(self.cards, base)} HP; "
                         f"{self.progress(state, seat)}; deck {len(player['deck'])}, hand "
                         f"{len(player['hand'])}; units: {here or 'none'}")
        result = state.get("result")
        if result:
            names = [state["players"][s]["name"] for s in result["winners"]]
            lines.append(f"Winner: {' and '.join(names)} ({result['path']})" if names
                         else "Result: draw")
        return "\n".join(lines)
