"""The figures every game's simulation can report alike, the defaults of
core.engine.Rules (tally, statistics, report): who won by seat order (the first
player, the second, draws) and how long a game lasted, in the rounds and turns its
state counts. A game's own figures (its reports.py) extend or replace them."""

from __future__ import annotations


def rate(part: float, whole: float):
    """part / whole to four places; None when there is no whole."""
    return round(part / whole, 4) if whole else None


def percent(value) -> str:
    """A rate as the reports print it ("-" when there is none)."""
    return "-" if value is None else f"{100 * value:.1f} %"


def seat_order_tally(state: dict, winners: list[int]) -> dict:
    """One finished game: its rounds and turns (where the state counts them) and
    whether the first player (`state["first"]`, else seat 0) won alone, shared the win
    (a tie on points that every tied player wins), the others won or nobody did."""
    out = {f"{key}s": state[key] for key in ("round", "turn") if type(state.get(key)) is int}
    first = state.get("first", 0)
    order = "draw" if not winners else "second" if first not in winners else \
        "first" if len(winners) == 1 else "shared"
    out[f"win:{order}"] = 1
    return out


def seat_order_statistics(counters: dict, games: int) -> dict:
    """The summed tallies as shares of the decided games, draws as a share of all,
    and the average length. `shared` only where a game had one: a first player's win
    shared with others is neither theirs alone nor the second player's."""
    games = max(1, games)
    get = counters.get
    decided = get("win:first", 0) + get("win:second", 0) + get("win:shared", 0)
    out = {"first_player": round(get("win:first", 0) / max(1, decided), 4),
           "second_player": round(get("win:second", 0) / max(1, decided), 4),
           "draws": round(get("win:draw", 0) / games, 4)}
    if get("win:shared", 0):
        out["shared"] = round(get("win:shared", 0) / max(1, decided), 4)
    for key in ("rounds", "turns"):
        if key in counters:
            out[f"avg_{key}"] = round(get(key, 0) / games, 2)
    return out


def seat_order_lines(statistics: dict) -> list[str]:
    """Who wins by seat order, and how long a game lasts, as report lines."""
    s = statistics
    shared = f", shared {percent(s['shared'])}" if s.get("shared") else ""
    lines = [f"first player wins {percent(s['first_player'])}, second "
             f"{percent(s['second_player'])}{shared} (of decided games); "
             f"draws {percent(s['draws'])}"]
    if "avg_rounds" in s:
        turns = f" ({s['avg_turns']} turns)" if "avg_turns" in s else ""
        lines.append(f"a game lasts {s['avg_rounds']} rounds{turns}")
    return lines
