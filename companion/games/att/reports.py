"""Attack the Tower for the simulator and the checks: the invariants, each game's tally
(match-up, seat and army of the winner, how it ended, its length, every ability kind
played, bases built, attacks, palace battles) and the balance report (issue 23,
section 6)."""

from __future__ import annotations

from collections import Counter

from companion.games.att import model
from companion.games.att.data import tables


def invariants(state: dict) -> list[str]:
    """Every card of an army in exactly one place; at most two troops a base; a special
    troop only from a special card; one Unique troop of a name."""
    broken = []
    for seat, player in enumerate(state["players"]):
        army = model.army(state, seat)
        places = player["hand"] + player["palace"] + state["in_play"][seat] + [
            base["card"] for _, _, base in model.slots(player)]
        for pile in model.PILES:
            places += player["draw"][pile] + player["discard"][pile]
        if Counter(places) != Counter(list(army.bases) + list(army.abilities)):
            broken.append(f"ATT-DECK: seat {seat}'s cards are lost or in two places")
        for _, _, base in model.slots(player):
            if len(base["troops"]) > tables().limits["per_base"] or min(
                    base["troops"], default=0) < 0 or base["card"] not in army.bases:
                broken.append(f"ATT-BASES: seat {seat} has a base wrongly built or manned")
        troops = [army.special(c) for c in player["palace"]]
        if None in troops:
            broken.append(f"ATT-SPECIAL: seat {seat} has a card on the palace that is none")
            continue
        names = Counter(t["name"] for t in troops if t["unique"])
        if any(n > 1 for n in names.values()):
            broken.append(f"ATT-SPECIAL: seat {seat} has two of a Unique troop")
    return broken


def matchup(state: dict) -> str:
    return "-".join(p["army"] for p in state["players"])


def tally(state: dict, actions: list[dict], events: list[dict]) -> dict:
    m = matchup(state)
    out = Counter({"rounds": state["round"], "turns": state["turn"], f"m:{m}": 1,
                   f"m_turns:{m}": state["turn"], f"m_rounds:{m}": state["round"]})
    winner = state["winner"]
    ended = state["ended"] or ""
    out["end:" + ("palace" if "palace" in ended else "rounds")] += 1
    if winner is None:
        out[f"m_draw:{m}"] += 1
    else:
        out[f"m_won:{m}:{'first' if winner == state['first'] else 'second'}"] += 1
        out[f"m_won:{m}:seat{winner}"] += 1
        out[f"m_army:{m}:{state['players'][winner]['army']}"] += 1
    played = set()
    for event in events:
        kind = event["kind"]
        if kind == "play":
            ability = model.army(state, event["player"]).abilities[event["card"]]
            played.add(f"{state['players'][event['player']]['army']}:{ability.kind}")
        elif kind in ("attack", "build", "fallen", "recruit"):
            out[f"n:{kind}"] += 1
    for key in played:
        out[f"played:{key}"] += 1
    return dict(out)


def rate(part, whole):
    return round(part / whole, 4) if whole else None


def statistics(counters: dict, games: int) -> dict:
    get = counters.get
    games = max(1, games)
    armies = list(tables().armies)
    matchups = {}
    for a in armies:
        for b in armies:
            m = f"{a}-{b}"
            n = get(f"m:{m}", 0)
            if not n:
                continue
            matchups[m] = {"games": n,
                           "first_player": rate(get(f"m_won:{m}:first", 0), n),
                           "seat_1": rate(get(f"m_won:{m}:seat0", 0), n),
                           "draws": rate(get(f"m_draw:{m}", 0), n),
                           "avg_turns": round(get(f"m_turns:{m}", 0) / n, 2),
                           "avg_rounds": round(get(f"m_rounds:{m}", 0) / n, 2)}
    army_rates = {}
    for army in armies:  # against the other armies, both seatings together
        n = sum(get(f"m:{a}-{b}", 0) for a in armies for b in armies
                if a != b and army in (a, b))
        won = sum(get(f"m_army:{a}-{b}:{army}", 0) for a in armies for b in armies
                  if a != b and army in (a, b))
        army_rates[army] = {"games": n, "win_rate": rate(won, n)}
    kinds = {f"{army}:{ability.kind}" for army in armies
             for ability in tables().armies[army].abilities.values()}
    return {"matchups": matchups, "armies": army_rates,
            "capped": round(get("end:rounds", 0) / games, 4),
            "avg_turns": round(get("turns", 0) / games, 2),
            "avg_rounds": round(get("rounds", 0) / games, 2),
            "played": {k: round(get(f"played:{k}", 0) / games, 4) for k in sorted(kinds)},
            "per_game": {k: round(get(f"n:{k}", 0) / games, 2)
                         for k in ("attack", "fallen", "build", "recruit")}}


def report(statistics: dict) -> str:
    lines = ["Match-ups (seat 1 army - seat 2 army):"]
    for m, row in statistics["matchups"].items():
        lines.append(f"  {m}: {row['games']} games, first player wins {pct(row['first_player'])}"
                     f", seat 1 {pct(row['seat_1'])}, draws {pct(row['draws'])}, "
                     f"{row['avg_turns']} turns ({row['avg_rounds']} rounds)")
    for army, row in statistics["armies"].items():
        if row["games"]:
            lines.append(f"  {army} against the others: wins {pct(row['win_rate'])} "
                         f"of {row['games']} games")
    lines.append(f"Stopped by the round cap: {pct(statistics['capped'])}; "
                 f"{statistics['avg_turns']} turns a game ({statistics['avg_rounds']} rounds)")
    per = statistics["per_game"]
    lines.append(f"A game: {per['attack']} attacks, {per['fallen']} territories fallen, "
                 f"{per['build']} bases built, {per['recruit']} troops recruited")
    lines.append("Abilities played (share of games):")
    lines += [f"  {k}: {pct(v)}" for k, v in statistics["played"].items()]
    return "\n".join(lines)


def pct(value) -> str:
    return "-" if value is None else f"{100 * value:.1f} %"
