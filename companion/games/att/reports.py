"""Attack the Tower for the simulator: its setups (every pairing of armies), each game's
tally (match-up, seat and army of the winner, how it ended, its length, every ability
kind and troop type played, bases built, attacks, palace battles), the balance report
(issue 23, section 6; the length's spread, issue 35) and the replay summary."""

from __future__ import annotations

from collections import Counter

from companion.core.figures import percent, rate
from companion.games.att import model
from companion.games.att.data import tables


def matchup(state: dict) -> str:
    return "-".join(p["army"] for p in state["players"])


def quantile(histogram: list[tuple[int, int]], share: float):
    """The value at `share` of a sorted [(value, count)] histogram."""
    total = sum(count for _, count in histogram)
    seen = 0
    for value, count in histogram:
        seen += count
        if seen >= share * total:
            return value
    return None


def length_statistics(lengths: list[tuple[int, int]]) -> dict:
    """A game's length in rounds (issue 35): median and quartiles, and the shares of games
    over in round 1 and in round 2."""
    total = max(1, sum(count for _, count in lengths))
    ended = dict(lengths)
    return {"median": quantile(lengths, 0.5), "q1": quantile(lengths, 0.25),
            "q3": quantile(lengths, 0.75), "round_1": round(ended.get(1, 0) / total, 4),
            "round_2": round(ended.get(2, 0) / total, 4),
            "within_2": round((ended.get(1, 0) + ended.get(2, 0)) / total, 4)}


class Reports:
    """Part of AttRules (rules.py)."""

    def summary(self, state: dict) -> str:
        from companion.games.att import view

        return "\n".join([view.status(state)["title"], *view.board_lines(state),
                          state["ended"] or view.prompt(state)])

    def simulation_setup(self, seats: int) -> dict:
        if seats != 2:
            raise ValueError("Attack the Tower is played by 2")
        return {"players": [{"name": "Seat 1"}, {"name": "Seat 2"}], "first": 0,
                "army_1": "robots", "army_2": "robots"}

    def simulation_setups(self, seats: int) -> list[dict]:
        """Every pairing of armies, each in both seatings."""
        base = self.simulation_setup(seats)
        armies = list(self.tables.armies)
        return [{**base, "army_1": a, "army_2": b} for a in armies for b in armies]

    def tally(self, state: dict, actions: list[dict], events: list[dict]) -> dict:
        m = matchup(state)
        out = Counter({"rounds": state["round"], "turns": state["turn"], f"m:{m}": 1,
                       f"m_turns:{m}": state["turn"], f"m_rounds:{m}": state["round"],
                       f"length:{state['round']}": 1})
        winner, first = state["winner"], state["first"]
        out[f"m_first:{m}:{state['players'][first]['army']}"] += 1
        ended = state["ended"] or ""
        out["end:" + ("palace" if "palace" in ended else "rounds")] += 1
        if winner is None:
            out[f"m_draw:{m}"] += 1
        else:
            order = "first" if winner == first else "second"
            army = state["players"][winner]["army"]
            out[f"m_won:{m}:{order}"] += 1
            out[f"m_won:{m}:seat{winner}"] += 1
            out[f"m_army:{m}:{army}"] += 1
            out[f"m_army:{m}:{army}:{order}"] += 1
        played = set()
        for event in events:
            kind = event["kind"]
            if kind == "play":
                seat = event["player"]
                army = state["players"][seat]["army"]
                played.add(f"{army}:{model.army(state, seat).abilities[event['card']].kind}")
                played.add(f"{army}:{event['card']}")
            elif kind in ("attack", "build", "fallen", "recruit"):
                out[f"n:{kind}"] += 1
                if kind == "recruit":
                    army = state["players"][event["player"]]["army"]
                    played.add(f"troop:{army}:{event['troop']}")
        for key in played:
            out[key if key.startswith("troop:") else f"played:{key}"] += 1
        return dict(out)

    def statistics(self, counters: dict, games: int) -> dict:
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
            pairs = [f"{a}-{b}" for a in armies for b in armies if a != b and army in (a, b)]
            n = sum(get(f"m:{m}", 0) for m in pairs)
            row = {"games": n, "win_rate": rate(sum(get(f"m_army:{m}:{army}", 0)
                                                    for m in pairs), n)}
            for order in ("first", "second"):  # seated first, seated second
                seated = sum(get(f"m_first:{m}:{army}", 0) for m in pairs)
                if order == "second":
                    seated = n - seated
                row[order] = rate(sum(get(f"m_army:{m}:{army}:{order}", 0) for m in pairs), seated)
            army_rates[army] = row
        kinds = {f"{army}:{ability.kind}" for army in armies
                 for ability in tables().armies[army].abilities.values()}
        cards = {}
        for army in armies:
            ids = sorted(tables().armies[army].abilities)
            cards[army] = {"cards": len(ids),
                           "never_played": [c for c in ids if not get(f"played:{army}:{c}", 0)],
                           "least_played": rate(min((get(f"played:{army}:{c}", 0) for c in ids),
                                                    default=0), games)}
        lengths = sorted((int(k.split(":")[1]), v) for k, v in counters.items()
                         if k.startswith("length:"))
        return {"matchups": matchups, "armies": army_rates,
                "capped": round(get("end:rounds", 0) / games, 4),
                "capped_games": get("end:rounds", 0),
                "avg_turns": round(get("turns", 0) / games, 2),
                "avg_rounds": round(get("rounds", 0) / games, 2),
                "rounds": {"median": quantile(lengths, 0.5), "p90": quantile(lengths, 0.9),
                           "max": lengths[-1][0] if lengths else None},
                "length": length_statistics(lengths),
                "played": {k: round(get(f"played:{k}", 0) / games, 4) for k in sorted(kinds)},
                "troops": {f"{army}:{kind}": round(get(f"troop:{army}:{kind}", 0) / games, 4)
                           for army in armies for kind in tables().troops},
                "cards": cards,
                "per_game": {k: round(get(f"n:{k}", 0) / games, 2)
                             for k in ("attack", "fallen", "build", "recruit")}}

    def report(self, statistics: dict) -> str:
        lines = ["Match-ups (seat 1 army - seat 2 army; seat 1 starts):"]
        for m, row in statistics["matchups"].items():
            lines.append(f"  {m}: {row['games']} games, first player wins "
                         f"{percent(row['first_player'])}, seat 1 {percent(row['seat_1'])}, "
                         f"draws {percent(row['draws'])}, "
                         f"{row['avg_turns']} turns ({row['avg_rounds']} rounds)")
        for army, row in statistics["armies"].items():
            if row["games"]:
                lines.append(f"  {army} against the others: wins {percent(row['win_rate'])} "
                             f"of {row['games']} games (first {percent(row['first'])}, "
                             f"second {percent(row['second'])})")
        length = statistics["rounds"]
        lines.append(f"Stopped by the round cap: {statistics['capped_games']} games "
                     f"({100 * statistics['capped']:.2f} %); "
                     f"{statistics['avg_turns']} turns a game ({statistics['avg_rounds']} rounds; "
                     f"median {length['median']}, 90 % within {length['p90']}, "
                     f"longest {length['max']})")
        spread = statistics["length"]
        lines.append(f"Rounds: quartiles {spread['q1']} / {spread['median']} / {spread['q3']}; "
                     f"over in round 1: {percent(spread['round_1'])}, in round 2: "
                     f"{percent(spread['round_2'])}")
        per = statistics["per_game"]
        lines.append(f"A game: {per['attack']} attacks, {per['fallen']} territories fallen, "
                     f"{per['build']} bases built, {per['recruit']} troops recruited")
        lines.append("Troops recruited (share of games): " + ", ".join(
            f"{k} {percent(v)}" for k, v in statistics["troops"].items()))
        lines.append("Abilities played (share of games):")
        lines += [f"  {k}: {percent(v)}" for k, v in statistics["played"].items()]
        for army, row in statistics["cards"].items():
            never = ", ".join(row["never_played"]) or "none"
            lines.append(f"  {army}: cards never played: {never} (of {row['cards']}; the least "
                         f"played in {percent(row['least_played'])} of games)")
        return "\n".join(lines)
