"""Against All Tyrants for the simulator: its setup, tallies, statistics, reports
and the replay summary."""

from __future__ import annotations

from companion.core.figures import rate
from companion.games.aat import model as m
from companion.games.aat.data import SUBFACTIONS

PATHS = ("base", "objective", "fatigue", "draw")
ROLES = ("attacker", "defender")
WIN_PATHS = ("objective", "base", "fatigue")


def pairings() -> list[tuple[str, str]]:
    """Every (attacker subfaction, defender subfaction), mirrors included."""
    return [(a, d) for a in SUBFACTIONS for d in SUBFACTIONS]


class Reports:
    """Part of AatRules (rules.py)."""

    def simulation_setup(self, seats: int) -> dict:
        if seats != 2:
            raise ValueError("Against All Tyrants is a game for 2 players")
        return {"players": [{"name": "Seat 1"}, {"name": "Seat 2"}],
                "subfaction_1": "freedom-fighters", "subfaction_2": "first-leaders-navy",
                "attacker": "random", "cards": "virtual"}

    def simulation_setups(self, seats: int) -> list[dict]:
        """Every pairing of the three subfactions (attacker, defender), mirrors
        included, each with the attacker in seat 1 and then in seat 2: 18 setups, so
        neither the seat nor the first turn favours a side."""
        base = self.simulation_setup(seats)
        out = []
        for attacker, defender in pairings():
            for seat in (0, 1):
                subs = (attacker, defender) if seat == 0 else (defender, attacker)
                out.append({**base, "subfaction_1": subs[0], "subfaction_2": subs[1],
                            "attacker": seat})
        return out

    def winning_seats(self, state: dict) -> list[int]:
        return list((state.get("result") or {}).get("winners", []))

    def tally(self, state: dict, actions: list[dict], events: list[dict]) -> dict:
        """Per game: the pairing (attacker > defender), who won it and how, the seat,
        the turns, and every card played from hand or put into play, by id."""
        result = state.get("result") or {"winners": [], "path": "unfinished"}
        players = state["players"]
        att = next(s for s in (0, 1) if players[s]["role"] == "attacker")
        pair = f"{players[att]['subfaction']}>{players[1 - att]['subfaction']}"
        tally = {"turns": state["turn"], f"path:{result['path']}": 1, f"pair:{pair}": 1,
                 f"pair_turns:{pair}": state["turn"], f"attacker_seat:{att}": 1,
                 f"pair_escalation:{pair}": state["escalation"]}
        for player in players:
            key = f"games:{player['role']}:{player['subfaction']}"
            tally[key] = tally.get(key, 0) + 1
        for seat in result["winners"]:
            player = players[seat]
            role, sub = player["role"], player["subfaction"]
            for key in (f"win_seat:{seat}", f"win_role:{role}", f"win_sub:{sub}",
                        f"win:{role}:{sub}", f"pair_win:{pair}:{role}",
                        f"pair_path:{pair}:{role}:{result['path']}",
                        f"win_path:{role}:{sub}:{result['path']}"):
                tally[key] = tally.get(key, 0) + 1
            if result["path"] == "objective":
                tally[f"objective:{m.objective(state, seat)}"] = 1
        for seat, player in enumerate(players):  # how far each objective got
            tally[f"progress:{player['role']}:{player['subfaction']}"] = \
                self.progress_count(state, seat)
        seen = set()
        for seat, player in enumerate(players):  # AAT-SET-1: Infiltrate units start in play
            for card_id in self.decks[player["subfaction"]]["special"]:
                if "Infiltrate" in self.cards[card_id]["traits"]:
                    seen.add((seat, card_id))
                    tally[f"entered:{card_id}"] = tally.get(f"entered:{card_id}", 0) + 1
        started = False  # what entered before the first turn is counted above
        for event in events:
            started = started or event["kind"] == "turn"
            if event["kind"] in ("played", "entered") and started:
                key = f"{event['kind']}:{event['card']}"
                tally[key] = tally.get(key, 0) + 1
                seen.add((event["player"], event["card"]))
        for seat, card_id in seen:  # in how many games a card came out, and won
            tally[f"in:{card_id}"] = tally.get(f"in:{card_id}", 0) + 1
            if seat in result["winners"]:
                tally[f"in_win:{card_id}"] = tally.get(f"in_win:{card_id}", 0) + 1
        return tally

    def progress_count(self, state: dict, seat: int) -> int:
        """Objective progress at the end, as a number: tokens scored, Transports
        escaped, Computation on the enemy base, or escalation for the Cracker."""
        player = state["players"][seat]
        kind = m.objective(state, seat)
        if kind == "evacuation":
            return player["escaped"]
        if kind == "viral":
            return m.tokens(m.base(state, 1 - seat), "computation")
        if kind == "crack":
            return state["escalation"]
        return player["scored"]

    def statistics(self, counters: dict, games: int) -> dict:
        games = max(1, games)
        get = counters.get
        share = {path: round(get(f"path:{path}", 0) / games, 4) for path in PATHS}
        roles = {role: round(get(f"win_role:{role}", 0) / games, 4) for role in ROLES}
        pairs = {}
        for attacker, defender in pairings():
            key = f"{attacker}>{defender}"
            n = get(f"pair:{key}", 0)
            if n:
                pairs[key] = {"games": n,
                              "attacker": rate(get(f"pair_win:{key}:attacker", 0), n),
                              "defender": rate(get(f"pair_win:{key}:defender", 0), n),
                              "win_paths": {role: {
                                  path: rate(get(f"pair_path:{key}:{role}:{path}", 0),
                                             get(f"pair_win:{key}:{role}", 0))
                                  for path in WIN_PATHS} for role in ROLES},
                              "avg_turns": round(get(f"pair_turns:{key}", 0) / n, 2),
                              "avg_escalation": round(get(f"pair_escalation:{key}", 0) / n, 2)}
        factions = {}
        for sub in SUBFACTIONS:
            # the games against the other two subfactions (a mirror is won by the
            # subfaction either way), in each role and overall
            row = {"games": 0, "wins": 0}
            for role in ROLES:
                n = sum(get(f"pair:{a}>{d}", 0) for a, d in pairings()
                        if a != d and (a if role == "attacker" else d) == sub)
                won = sum(get(f"pair_win:{a}>{d}:{role}", 0) for a, d in pairings()
                          if a != d and (a if role == "attacker" else d) == sub)
                row[f"{role}_games"], row[f"{role}_win_rate"] = n, rate(won, n)
                row["games"] += n
                row["wins"] += won
            row["win_rate"] = rate(row["wins"], row["games"])
            paths = {}
            for role in ROLES:
                wins = get(f"win:{role}:{sub}", 0)
                paths[role] = {path: rate(get(f"win_path:{role}:{sub}:{path}", 0), wins)
                               for path in WIN_PATHS}
                played = get(f"games:{role}:{sub}", 0)
                row[f"{role}_progress"] = rate(get(f"progress:{role}:{sub}", 0), played)
            total = sum(get(f"win:{role}:{sub}", 0) for role in ROLES)
            paths["all"] = {path: rate(sum(get(f"win_path:{role}:{sub}:{path}", 0)
                                           for role in ROLES), total) for path in WIN_PATHS}
            row["win_paths"] = paths
            factions[sub] = row
        played = {k.split(":", 1)[1]: v for k, v in counters.items()
                  if k.startswith("played:")}
        entered = {k.split(":", 1)[1]: v for k, v in counters.items()
                   if k.startswith("entered:")}
        decks = {k.rsplit(":", 1)[1] for k in counters if k.startswith("games:")}
        used = {c for sub in decks if sub in self.decks for c in self.deck_cards[sub]
                if self.cards[c]["kind"] != "Base"}
        # a main-deck card is played from hand; Special Forces and objective cards
        # only ever enter play
        never = sorted(c for c in used if not played.get(c) and (
            self.cards[c]["pile"] == "main" or not entered.get(c)))
        return {"avg_turns": round(get("turns", 0) / games, 2), "paths": share,
                "role_wins": roles, "subfactions": factions,
                "pairings": pairs,
                "seat_wins": {str(s): round(get(f"win_seat:{s}", 0) / games, 4)
                              for s in (0, 1)},
                "objectives": {k.split(":", 1)[1]: v for k, v in counters.items()
                               if k.startswith("objective:")},
                "cards_played": dict(sorted(played.items())),
                "cards_entered": dict(sorted(entered.items())),
                "card_win_rates": {c: rate(get(f"in_win:{c}", 0), get(f"in:{c}", 0))
                                   for c in sorted(used) if get(f"in:{c}", 0)},
                "cards_never_played": never}

    def report(self, statistics: dict) -> str:
        def pct(value) -> str:
            return "  -  " if value is None else f"{100 * value:4.1f} %"

        paths = ", ".join(f"{k} {100 * v:.1f} %" for k, v in statistics["paths"].items())
        rows = [f"average turns: {statistics['avg_turns']}", f"win paths: {paths}",
                "role wins: " + ", ".join(f"{k} {100 * v:.1f} %"
                                          for k, v in statistics["role_wins"].items()),
                "seat wins: " + ", ".join(f"seat {int(k) + 1} {100 * v:.1f} %"
                                          for k, v in statistics["seat_wins"].items())]
        subs = statistics.get("subfactions") or {}
        if subs:
            rows.append("subfaction (vs the other two)  win     as att  as def   "
                        "wins by objective/base/fatigue: as attacker | as defender | all")
            for sub, row in subs.items():
                ways = " | ".join("/".join(pct(row["win_paths"][who][p]).strip()
                                           for p in WIN_PATHS)
                                  for who in ("attacker", "defender", "all"))
                rows.append(f"  {SUBFACTIONS[sub]:<28}{pct(row['win_rate'])}  "
                            f"{pct(row['attacker_win_rate'])}  {pct(row['defender_win_rate'])}"
                            f"   {ways}")
        pairs = statistics.get("pairings") or {}
        if pairs:
            rows.append("pairing (attacker > defender)              games  attacker "
                        "defender  turns  escalation   wins by objective/base/fatigue: "
                        "attacker | defender")
            for key, row in pairs.items():
                att, dfd = key.split(">")
                name = f"{SUBFACTIONS[att]} > {SUBFACTIONS[dfd]}"
                ways = " | ".join("/".join(pct(row["win_paths"][who][p]).strip()
                                           for p in WIN_PATHS) for who in ROLES)
                rows.append(f"  {name:<42}{row['games']:>5}   {pct(row['attacker'])}   "
                            f"{pct(row['defender'])}  {row['avg_turns']:>5}  "
                            f"{row['avg_escalation']:>5}        {ways}")
        if subs:
            rows.append("objective progress at the end (average): " + ", ".join(
                f"{SUBFACTIONS[sub]} {role} {row[f'{role}_progress']:.2f}"
                for sub, row in subs.items() for role in ROLES
                if row.get(f"{role}_progress") is not None))
        if statistics["objectives"]:
            rows.append("objectives completed: " + ", ".join(
                f"{k} {v}" for k, v in sorted(statistics["objectives"].items())))
        rows.append(f"cards played from hand: {len(statistics['cards_played'])} distinct; "
                    "never played (main deck: from hand; others: into play): "
                    f"{', '.join(statistics.get('cards_never_played', [])) or 'none'}")
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
