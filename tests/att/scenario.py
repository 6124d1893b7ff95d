"""Attack the Tower positions for scenario tests: a game whose boards, hands and
piles are set by the test, taking every card from where it lies so that each card
stays in exactly one place (the invariants hold), then left waiting at a chosen step."""

from __future__ import annotations

from companion.core.tasks import push
from companion.games.att import turns
from companion.games.att.data import tables
from companion.games.att.rules import AttRules

RULES = AttRules()


def new(armies=("robots", "robots"), first=0, seed=1) -> dict:
    """A game just set up, its opening hands drawn back: empty boards and hands."""
    state = RULES.new_game({"army_1": armies[0], "army_2": armies[1], "first": first}, seed)
    for player in state["players"]:
        for card in player["hand"]:
            pile = "base" if card in tables().armies[player["army"]].bases else "ability"
            player["draw"][pile].append(card)
        player["hand"] = []
    return state


def take(state: dict, seat: int, pile: str, match) -> str:
    """A card of the seat's draw (or discard) pile for which `match(card)` holds, taken out."""
    player = state["players"][seat]
    for where in (player["draw"][pile], player["discard"][pile]):
        for card in where:
            if match(card):
                where.remove(card)
                return card
    raise LookupError("no such card left")


def base(state: dict, seat: int, t: int, s: int, kind: str, troops=0, bonus=()) -> None:
    """A base of `kind` built on territory t (0-2), slot s, with troops (bonus: their
    power gains)."""
    army = tables().armies[state["players"][seat]["army"]]
    card = take(state, seat, "base", lambda c: army.bases[c] == kind)
    powers = list(bonus) + [0] * (troops - len(bonus))
    state["players"][seat]["board"][t][s] = {"card": card, "type": kind, "troops": powers}


def territory(state: dict, seat: int, t: int, *bases) -> None:
    """Bases in a territory, slot by slot: (kind, troops) pairs, None for an empty slot."""
    for s, spec in enumerate(bases):
        if spec is not None:
            base(state, seat, t, s, *spec)


def hand(state: dict, seat: int, *kinds: str) -> list[str]:
    """Ability cards of these kinds ("drone", "overclock") into the hand."""
    army = tables().armies[state["players"][seat]["army"]]
    cards = [take(state, seat, "ability", lambda c, k=k: army.abilities[c].kind == k)
             for k in kinds]
    state["players"][seat]["hand"] += cards
    return cards


def special(state: dict, seat: int, kind: str) -> str:
    """A special troop card onto the palace."""
    army = tables().armies[state["players"][seat]["army"]]
    card = take(state, seat, "ability", lambda c: army.abilities[c].kind == kind)
    state["players"][seat]["palace"].append(card)
    return card


def discard_base(state: dict, seat: int, kind: str) -> str:
    army = tables().armies[state["players"][seat]["army"]]
    card = take(state, seat, "base", lambda c: army.bases[c] == kind)
    state["players"][seat]["discard"]["base"].append(card)
    return card


def at(state: dict, tasks: list[dict]) -> list[dict]:
    """The game waiting at these tasks (the setup done); returns the events of getting there."""
    state["started"] = True
    state["tasks"] = []
    push(state, *tasks)
    state["await"] = None
    return turns.advance(state)


def attacks(state: dict, seat: int = 0) -> list[dict]:
    """The seat's attack phase, then the end of its turn."""
    return at(state, [{"do": "attacks", "p": seat}, {"do": "owed", "p": seat},
                      {"do": "cleanup", "p": seat}])


def turn_start(state: dict, seat: int = 0) -> list[dict]:
    return at(state, turns.turn_tasks(seat))


def act(state: dict, action: dict) -> list[dict]:
    """One action through the framework (checks included), the state changed in place;
    the invariants checked after it."""
    outcome = RULES.apply(state, action)
    state.clear()
    state.update(outcome.state)
    assert RULES.invariants(state) == []
    return outcome.events


def troops(state: dict, seat: int, t: int) -> list[int]:
    """Troops on each slot of a territory (None: no base)."""
    return [None if b is None else len(b["troops"])
            for b in state["players"][seat]["board"][t]]


def texts(events: list[dict]) -> list[str]:
    return [e["text"] for e in events]
