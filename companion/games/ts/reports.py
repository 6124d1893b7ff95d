"""Top-Secret's figures for `pnp simulate` (issue 22, section 5): who wins by seat
order and how long games last (the core's figures), how games end, how often each
agent kind's abilities are used, and what Honeypots do: how often one takes an agent,
and how often that decides the game (the loser lost at least the final margin more
points to Honeypots than the winner did). Also the simulator's setup and the replay
summary."""

from __future__ import annotations

from companion.core.figures import percent, seat_order_lines
from companion.games.ts.data import tables

ABILITIES = {"double", "comms", "smuggle", "pin", "unpin", "take", "block"}


class Reports:
    """Part of TsRules (rules.py)."""

    def simulation_setup(self, seats: int) -> dict:
        if seats != 2:
            raise ValueError("Top-Secret is played by 2")
        return {"players": [{"name": "Seat 1"}, {"name": "Seat 2"}], "first": 0, "bag": "app"}

    def tally(self, state: dict, actions: list[dict], events: list[dict]) -> dict:
        out = super().tally(state, actions, events)  # rounds, turns, the winner's seat order
        ended = state["ended"] or ""
        out["end:" + ("win" if "reaches" in ended else "stalled" if "no agent" in ended
                      else "rounds")] = 1
        # by the acting agent's kind: as printed, a Smuggler's ability is a "comms" action
        used = {tables().agents[a["agent"]][1] for a in actions if a["type"] in ABILITIES}
        if any(e["kind"] == "analyst" for e in events):
            used.add("analyst")
        for kind in used:
            out[f"used:{kind}"] = 1
        lost = [0, 0]
        for event in events:
            if event["kind"] == "honeypot":
                out["honeypots"] = out.get("honeypots", 0) + 1
                lost[event["player"]] += event["lost"] + 1  # an agent is worth a point too
        if out.get("honeypots"):
            out["honeypot_games"] = 1
        winner = state["winner"]
        if winner is not None:
            scores = [p["score"] for p in state["players"]]
            margin = scores[winner] - scores[1 - winner]
            if lost[1 - winner] - lost[winner] >= max(1, margin):
                out["honeypot_decided"] = 1
        return out

    def statistics(self, counters: dict, games: int) -> dict:
        out = super().statistics(counters, games)  # by seat order, the average length
        games = max(1, games)
        get = counters.get
        out.update({
            "ends": {k: round(get(f"end:{k}", 0) / games, 4)
                     for k in ("win", "stalled", "rounds")},
            "kinds_used": {k: round(get(f"used:{k}", 0) / games, 4) for k in tables().kinds},
            "honeypot_games": round(get("honeypot_games", 0) / games, 4),
            "honeypots_per_game": round(get("honeypots", 0) / games, 2),
            "honeypot_decided": round(get("honeypot_decided", 0) / games, 4)})
        return out

    def report(self, statistics: dict) -> str:
        s = statistics
        lines = seat_order_lines(s)
        lines[-1] += "; ends: " + ", ".join(f"{k} {percent(v)}" for k, v in s["ends"].items())
        return "\n".join([
            *lines,
            "games in which each kind's ability is used: " +
            ", ".join(f"{tables().kind_names[k]} {percent(v)}"
                      for k, v in s["kinds_used"].items()),
            f"a Honeypot takes an agent in {percent(s['honeypot_games'])} of games "
            f"({s['honeypots_per_game']} a game) and decides {percent(s['honeypot_decided'])}"])

    def summary(self, state: dict) -> str:
        from companion.games.ts import view

        return "\n".join([view.status(state)["title"], view.scores(state),
                          state["ended"] or view.prompt(state)])
