"""What the home screen and the log say of a game, from its session (no Kivy): how
far a saved game is (round and phase, whose turn, when it was last played, or its
result), and the log in turns, each headed by its round and the player acting, in
that player's colour."""

from __future__ import annotations

import time
from dataclasses import dataclass, field

from companion.games import GAMES, view_of

SEAT_COLOURS = ("#d9534f", "#4a7fd0", "#4caf6a", "#e0b43c", "#9b6ad6", "#9aa0a6")
NAMED_COLOURS = {"red": "#d9534f", "blue": "#4a7fd0", "green": "#4caf6a",
                 "yellow": "#e0b43c", "purple": "#9b6ad6", "grey": "#9aa0a6",
                 "gray": "#9aa0a6", "white": "#e8e6df", "black": "#6b6f76"}


def when(saved_at: float, now: float | None = None) -> str:
    """'just now', 'today 14:05', 'yesterday 09:12', 'Mon 3 Nov' or '3 Nov 2025'."""
    now = time.time() if now is None else now
    if now - saved_at < 60:
        return "just now"
    then, today = time.localtime(saved_at), time.localtime(now)
    days = (time.mktime(today[:3] + (0, 0, 0, 0, 0, -1)) -
            time.mktime(then[:3] + (0, 0, 0, 0, 0, -1))) / 86400
    clock = time.strftime("%H:%M", then)
    if round(days) == 0:
        return f"today {clock}"
    if round(days) == 1:
        return f"yesterday {clock}"
    if days < 7:
        return time.strftime("%a %-d %b", then)
    return time.strftime("%-d %b %Y", then)


def progress(session, saved_at: float, now: float | None = None) -> dict:
    """The home screen's lines for a saved game: its name, how far it is, who plays."""
    state = session.state
    view = view_of(session.rules.game_id)
    names = [p.get("name", "") for p in state.get("players", [])]
    if session.rules.is_over(state):
        where = view.game_over(session)[0]
    else:
        status = view.status(state)
        where = f"{status['title']} · {status['turn']} to play" if status["turn"] else \
            status["title"]
    return {"game": GAMES[session.rules.game_id].name, "where": where,
            "over": session.rules.is_over(state),
            "who": ", ".join(n for n in names if n), "when": when(saved_at, now)}


def player_colour(player: dict, seat: int) -> str:
    """A player's colour as '#rrggbb': the one chosen at setup, else one per seat."""
    chosen = str(player.get("colour", "")).strip().lower()
    return NAMED_COLOURS.get(chosen, SEAT_COLOURS[seat % len(SEAT_COLOURS)])


@dataclass
class Turn:
    """A run of actions by one player under one heading ("Round 2 · Combat")."""

    title: str
    seat: int | None
    name: str
    colour: str
    lines: list = field(default_factory=list)  # (text, event)


def turns(session) -> list[Turn]:
    """The log, public events only, in turns: a new heading whenever the acting player
    or the round and phase change."""
    rules, view = session.rules, view_of(session.rules.game_id)
    players = session.states[0].get("players", [])
    out: list[Turn] = []
    for number, batch in enumerate(session.events):
        # events[0] are the setup's; events[n] those of action n - 1, taken in states[n - 1]
        state = session.states[max(0, number - 1)]
        seat = rules.acting_seat(state) if number and state.get("await") else None
        title = view.status(state)["title"]
        if not out or (out[-1].seat, out[-1].title) != (seat, title):
            player = players[seat] if seat is not None and seat < len(players) else {}
            out.append(Turn(title, seat, player.get("name", ""),
                            player_colour(player, seat or 0) if player else "#9aa0a6"))
        out[-1].lines += [(event["text"], event) for event in batch
                          if not event.get("private") and event.get("text")]
    return [turn for turn in out if turn.lines]
