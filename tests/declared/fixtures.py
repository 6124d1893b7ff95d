"""A small declared game as the loader hands it on (pnp.load.table's Game.table), with its
cards: every effect, a trigger per player and a shared one, a limit, two phases, a
die with faces that are not all numbers, each player's own deck (the addendum)."""

from __future__ import annotations

import copy

from companion.core.session import Session
from companion.declared.spec import register_table
from companion.games import rules_for


def effect(op, when=None, **fields):
    return {"op": op, "when": when, **fields}


def counter(id_, start=0, low=None, high=None, per="player", step=1, name=None):
    return {"id": id_, "name": name or id_.capitalize(), "per": per, "start": start,
            "min": low, "max": high, "step": step, "track": None, "token": None}


def zone(id_, per="shared", show="hidden", role=None, cards=(), shuffle=None, name=None):
    return {"id": id_, "name": name or id_.capitalize(), "per": per, "show": show,
            "role": role, "shuffle": show == "hidden" if shuffle is None else shuffle,
            "cards": list(cards)}


CREW = [f"crew/C-{n:02d}#{copy_}" for n in range(1, 6) for copy_ in (1, 2)]
OWN = ["kit/K-01#1", "kit/K-02#1"]


def cards() -> dict:
    out = {}
    for card in CREW:
        number = int(card[7:9])
        out[card] = {"component": "crew", "item": card[5:9], "name": f"Crew {number}",
                     "fields": {"power": number, "suit": "moon" if number % 2 else "sun"}}
    for card in OWN:
        out[card] = {"component": "kit", "item": card[4:8], "name": f"Kit {card[6:8]}",
                     "fields": {"power": 1}}
    return out


def table(**changes) -> dict:
    base = {
        "players": {"min": 2, "max": 4, "names": ["Ann", "Bob"],
                    "colors": ["#aa0000", "#0000aa", "#00aa00", "#aaaa00"], "teams": None,
                    "first": "chosen", "first_rule": None, "order": "clockwise"},
        "counters": [counter("hp", 10, 0, 20, name="Hit points"), counter("score", 0, 0),
                     counter("coins", 0), counter("escalation", 0, 0, 10, per="shared")],
        "zones": [zone("deck", role="pile", cards=CREW, name="Draw pile"),
                  zone("hand", per="player", show="private", role="hand"),
                  zone("played", per="player", show="public", role="play", name="In play"),
                  zone("discard", show="public", role="discard"),
                  zone("kit", per="player", show="public", cards=OWN, shuffle=False)],
        "cards": cards(),
        "dice": [{"id": "d6", "name": "d6", "faces": [str(n) for n in range(1, 7)],
                  "piece": None},
                 {"id": "power-die", "name": "Power die", "faces": ["1", "2", "Star"],
                  "piece": "dice/power-die"}],
        "setup": [effect("deal", count="3", **{"from": "deck", "to": "hand"})],
        "turns": {"phases": [
            {"id": "draw", "name": "Draw", "allows": ["draw"], "max": {},
             "start": [effect("draw", count="1", who="self", **{"from": "deck", "to": "hand"})],
             "end": []},
            {"id": "play", "name": "Play", "allows": None, "max": {}, "start": [], "end": []}],
            "start_of_turn": [], "end_of_turn": [],
            "end_of_round": [effect("change", counter="escalation", by="1", to=None,
                                    who="self")]},
        "triggers": [{"when": "hp <= 0", "per_player": True, "do": [effect("out")]},
                     {"when": "escalation >= 10", "per_player": False, "do": [effect("end")]},
                     {"when": "score >= 5", "per_player": True,
                      "do": [effect("change", counter="coins", by="1", to=None, who="self")]}],
        "limits": [{"zone": "hand", "max": 5, "at": "end_of_turn"}],
        "effects": {"crew": [effect("change", counter="score", by="card.power", to=None,
                                    who="self"),
                             effect("draw", when="card.suit == 'moon'", count="1", who="self",
                                    **{"from": "deck", "to": "hand"})]},
        "end": {"when": None, "winner": {"rule": "highest", "counter": "score", "value": None},
                "rounds": 50},
    }
    for key, value in changes.items():
        base[key] = value
    return copy.deepcopy(base)


def game(game_id="tiny-table", **changes):
    """Register the table (changed) and return its rules."""
    register_table(game_id, "Tiny Table", table(**changes))
    return rules_for(game_id)


def session(game_id="tiny-table", seed=1, seats=2, first=0, cards="tracked", **changes):
    rules = game(game_id, **changes)
    setup = {"players": [{"name": n} for n in ("Ann", "Bob", "Cleo", "Dan")[:seats]]}
    if cards is not None:  # None: the setup says nothing (a table with no cards option)
        setup["cards"] = cards
    if first is not None:
        setup["first"] = first
    return Session(rules, setup, seed)


def hand(state, seat=0):
    return state["zones"][f"hand.{seat}"]


def act(session, **action):
    return session.apply(action)
