"""Attack the Tower rules engine. Rule ids (ATT-*) refer to docs/rulings/attack-the-tower.md,
which this follows exactly.

The order of play is a list of tasks in the state (flow.py): the setup (cards.py), the
turns (turn.py), abilities (abilities.py) and battles (battle.py, damage.py). The app
keeps the decks: draws are random from the state's generator, and hands are private
(view.private_seat)."""

from __future__ import annotations

from companion.core import rng
from companion.core.engine import Rejected, Rules
from companion.core.names import plain_text
from companion.core.shapes import Either, Flag, Int, ListOf, OneOf, Record, Text, Tuple
from companion.games.att import SPEC, abilities, battle, cards, flow, model, reports, turn  # noqa: F401
from companion.games.att.data import GAME_ID, tables

STATE_VERSION = 1
ABILITY_PROMPTS = ("abilities", "window", "attacks")
CARD, SLOT, TROOP = Text(), Tuple(Int(), Int()), Tuple(Int(), Int(), Int())
ACTIONS = {  # every action's fields, checked by the framework before a rule reads them
    "draw": Record(bases=Int()), "burn": Record(), "keep": Record(),
    "place": Record(at=SLOT), "build": Record(at=SLOT, card=CARD),
    "rebuild": Record(at=SLOT, base=Text()), "play": Record(card=CARD),
    "discard": Record(card=CARD), "lose": Record(card=CARD),
    "attack": Record(**{"from": Int()}, to=Int(), specials=ListOf(CARD)),
    "renew": Record(renew=Flag()),
    "kill": Record(target=Either(  # battle.py: a piece on the other side's board
        Tuple(OneOf("troop"), Int(), Int(), Int()), Tuple(OneOf("base"), Int(), Int()),
        Tuple(OneOf("special"), CARD), Tuple(OneOf("palace")))),
    "sacrifice": Record(troop=TROOP), "boost": Record(troop=TROOP),
    "done": Record(), "stop": Record(), "pass": Record(), "suggest": Record(),
    "end_turn": Record(),
}


class AttRules(Rules):
    game_id = GAME_ID
    save_version = STATE_VERSION
    spec = SPEC
    actions = ACTIONS

    def __init__(self):
        self.tables = tables()

    # -- a new game ------------------------------------------------------------------------
    def new_game(self, setup: dict, seed: int) -> dict:
        names, armies, first = check_setup(setup, tuple(self.tables.armies))
        state = {"game": GAME_ID, "version": STATE_VERSION, "rng": rng.seed_state(seed),
                 "round": 1, "turn": 1, "first": 0,
                 "players": [new_player(name, army)
                             for name, army in zip(names, armies, strict=True)],
                 "mods": [turn.fresh_mods(), turn.fresh_mods()], "in_play": [[], []],
                 "attacked": [], "joined": [], "battle": None, "last": None,
                 "tasks": [], "started": False, "winner": None, "ended": None,
                 "await": None}
        for player in state["players"]:
            for pile in model.PILES:
                rng.shuffle(state, player["draw"][pile])
        state["first"] = rng.randint(state, 0, 1) if first == "lots" else first
        state["tasks"] = turn.opening(state["first"])
        flow.advance(state, turn.checks)
        return state

    # -- what may be done --------------------------------------------------------------------
    def legal_actions(self, state: dict) -> list[dict]:
        if not state["tasks"]:
            return []
        task = flow.current(state)
        return flow.TASKS[task["do"]].legal(state, task)

    def accepts(self, state: dict) -> set[str]:
        """The answers of the prompt; where abilities may be played, "play" even when
        none can, so that a refused card names ATT-ABILITY."""
        types = {action["type"] for action in self.legal_actions(state)}
        if state["await"]["kind"] in ABILITY_PROMPTS:
            types.add("play")
        return types

    def step(self, state: dict, action: dict) -> list[dict]:
        events = flow.answer(state, action)
        return events + flow.advance(state, turn.checks)

    # -- results ---------------------------------------------------------------------------
    def winning_seats(self, state: dict) -> list[int]:
        return [] if state["winner"] is None else [state["winner"]]

    def invariants(self, state: dict, previous=None) -> list[str]:
        return reports.invariants(state)

    def tally(self, state: dict, actions: list[dict], events: list[dict]) -> dict:
        return reports.tally(state, actions, events)

    def statistics(self, counters: dict, games: int) -> dict:
        return reports.statistics(counters, games)

    def report(self, statistics: dict) -> str:
        return reports.report(statistics)

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


def new_player(name: str, army_id: str) -> dict:
    army = tables().armies[army_id]
    empty = [[None] * tables().limits["slots"] for _ in range(tables().limits["territories"])]
    return {"name": name, "army": army_id, "hand": [], "burns": 0, "palace": [],
            "draw": {"base": sorted(army.bases), "ability": sorted(army.abilities)},
            "discard": {"base": [], "ability": []}, "board": empty}


def check_setup(setup, armies: tuple) -> tuple[list[str], list[str], object]:
    """The players' names, their armies and who starts, refusing a malformed setup."""
    if not isinstance(setup, dict):
        raise Rejected("ATT-SETUP", "the setup is a mapping")
    players = setup.get("players", [{"name": "Player 1"}, {"name": "Player 2"}])
    if not isinstance(players, list) or len(players) != 2 or not all(
            isinstance(p, dict) for p in players):
        raise Rejected("ATT-SETUP", "Attack the Tower is played by 2 players")
    names = [p.get("name") or f"Player {i + 1}" for i, p in enumerate(players)]
    if not all(plain_text(n) for n in names):
        raise Rejected("ATT-SETUP", "a player's name is short text")
    chosen = [setup.get("army_1", "robots"), setup.get("army_2", "robots")]
    if not all(isinstance(a, str) and a in armies for a in chosen):
        raise Rejected("ATT-CORSAIRS", f"each player's army is one of {', '.join(armies)}")
    first = setup.get("first", "lots")
    if first != "lots" and not (type(first) is int and first in (0, 1)):
        raise Rejected("ATT-FIRST", "first: 'lots', 0 or 1")
    return names, chosen, first
