"""Top-Secret's figures for `pnp simulate` (issue 22, section 5): who wins by seat
order, how games end and how long they last, how often each agent kind's abilities
are used, and what Honeypots do: how often one takes an agent, and how often that
decides the game (the loser lost at least the final margin more points to
Honeypots than the winner did)."""

from __future__ import annotations

from companion.games.ts.data import tables

ABILITY_KIND = {"double": "double-agent", "comms": "comms", "smuggle": "smuggler",
                "pin": "hacker", "unpin": "hacker", "take": "hacker", "block": "engineer"}


def tally(state: dict, actions: list[dict], events: list[dict]) -> dict:
    out = {"rounds": state["round"], "turns": state["turn"]}
    winner = state["winner"]
    order = "draw" if winner is None else ("first" if winner == state["first"] else "second")
    out[f"win:{order}"] = 1
    ended = state["ended"] or ""
    out["end:" + ("win" if "reaches" in ended else "stalled" if "no agent" in ended
                  else "rounds")] = 1
    used = {ABILITY_KIND[a["type"]] for a in actions if a["type"] in ABILITY_KIND}
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
    if winner is not None:
        scores = [p["score"] for p in state["players"]]
        margin = scores[winner] - scores[1 - winner]
        if lost[1 - winner] - lost[winner] >= max(1, margin):
            out["honeypot_decided"] = 1
    return out


def statistics(counters: dict, games: int) -> dict:
    games = max(1, games)
    get = counters.get
    decided = sum(get(f"win:{k}", 0) for k in ("first", "second"))
    return {"first_player": round(get("win:first", 0) / max(1, decided), 4),
            "second_player": round(get("win:second", 0) / max(1, decided), 4),
            "draws": round(get("win:draw", 0) / games, 4),
            "avg_rounds": round(get("rounds", 0) / games, 2),
            "avg_turns": round(get("turns", 0) / games, 2),
            "ends": {k: round(get(f"end:{k}", 0) / games, 4)
                     for k in ("win", "stalled", "rounds")},
            "kinds_used": {k: round(get(f"used:{k}", 0) / games, 4) for k in tables().kinds},
            "honeypot_games": round(get("honeypot_games", 0) / games, 4),
            "honeypots_per_game": round(get("honeypots", 0) / games, 2),
            "honeypot_decided": round(get("honeypot_decided", 0) / games, 4)}


def report(statistics: dict) -> str:
    def pct(value) -> str:
        return f"{100 * value:.1f} %"

    s = statistics
    return "\n".join([
        f"first player wins {pct(s['first_player'])}, second {pct(s['second_player'])} "
        f"(of decided games); draws {pct(s['draws'])}",
        f"a game lasts {s['avg_rounds']} rounds ({s['avg_turns']} turns); ends: " +
        ", ".join(f"{k} {pct(v)}" for k, v in s["ends"].items()),
        "games in which each kind's ability is used: " +
        ", ".join(f"{tables().kind_names[k]} {pct(v)}" for k, v in s["kinds_used"].items()),
        f"a Honeypot takes an agent in {pct(s['honeypot_games'])} of games "
        f"({s['honeypots_per_game']} a game) and decides {pct(s['honeypot_decided'])}"])
