"""What games' view modules (docs/game-interface.md, section 3) say alike: the players'
names by seat, the toolbar's status (the title, whose decision it is, the prompt) and
the head of the game-over screen (who won, how it ended, how long it took). The words
of prompts and moves stay each game's own."""

from __future__ import annotations


def names(state: dict) -> list[str]:
    """The players' names, seat by seat."""
    return [p["name"] for p in state["players"]]


def acting(state: dict) -> str:
    """The name of the player the state waits for ("" when it waits for nobody)."""
    wait = state["await"] or {}
    return state["players"][wait["player"]]["name"] if "player" in wait else ""


def status(state: dict, title: str, prompt: str) -> dict:
    """The toolbar's status: `title` (round and phase) in full, the acting player's name
    (none once the game is over) and seat, and the prompt."""
    wait = state["await"]
    return {"title": title, "turn": acting(state),
            "acting_seat": wait["player"] if wait else None, "prompt": prompt}


def result(state: dict) -> str:
    """The game-over screen's result line: the one winner in `state["winner"]`, or a draw."""
    winner = state["winner"]
    return "A draw" if winner is None else f"{names(state)[winner]} wins"


def ending(session) -> list[str]:
    """The game-over details' first lines: how the game ended (`state["ended"]`) and how
    long it took."""
    state = session.state
    return [state["ended"] or "", f"{state['round']} rounds, {len(session.actions)} actions"]


def plural(count: int, noun: str) -> str:
    """"1 suitcase", "3 suitcases": a count in words every table says alike."""
    return f"{count} {noun}" + ("" if count == 1 else "s")
