"""Attack the Tower: invariants the simulator and property tests check after every action.

They run after every one of a simulated game's actions (a study plays hundreds of
thousands), so they read as little as is sound. What was last found sound for a seat
and army is kept as copies: a board equal to its copy is not read again (two in three:
a step changes one side's board at most, often none), and of a changed one only the
territories that differ; the cards' places are compared as a set only when a pile
differs from its copy or the cards built changed (most actions move no card). Being
copies, a change made behind the engine's back, even in place, is still seen. A
palace's special troops are judged once for each set of cards met."""

from __future__ import annotations

from companion.games.att.data import tables

_CARD_SETS: dict = {}  # army id -> the set of its cards, None if two are alike
_SOUND: dict = {}  # (army id, seat) -> the cards' places last found sound: (a copy of each
# pile, the cards built)
_PALACES: dict = {}  # (army id, seat, *palace cards) -> what is wrong with them, if anything
_BOARDS: dict = {}  # (army id, seat) -> the board last found sound: (its copy, its cards by
# territory, its cards)


def card_set(army) -> frozenset | None:
    if army.id not in _CARD_SETS:
        cards = frozenset(army.cards)
        _CARD_SETS[army.id] = cards if len(cards) == len(army.cards) else None
    return _CARD_SETS[army.id]


def palace_faults(army, seat: int, palace) -> tuple:
    """A special troop only from a special card; one Unique troop of a name."""
    troops = [army.special(c) for c in palace]
    if None in troops:
        return (f"ATT-SPECIAL: seat {seat} has a card on the palace that is none",)
    names = [t["name"] for t in troops if t["unique"]]
    if len(set(names)) < len(names):
        return (f"ATT-SPECIAL: seat {seat} has two of a Unique troop",)
    return ()


def read_board(known: tuple, board: list, bases: dict, per_base: int) -> tuple:
    """(the cards built, how many bases are wrongly built or manned) of a board not equal
    to the copy kept for `known`: a territory equal to its kept copy is not read again
    (a step changes one territory or two), the others are read and copied, and the
    board's copy and cards are kept if sound."""
    kept = _BOARDS.get(known)
    rows, cards = (kept[0], kept[1]) if kept is not None else ((), ())
    copies, by_territory, wrong = [], [], 0
    for t, territory in enumerate(board):
        if t < len(rows) and rows[t] == territory:
            copies.append(rows[t])
            by_territory.append(cards[t])
            continue
        row, built = [], []
        for base in territory:
            if base is None:
                row.append(None)
                continue
            card = base["card"]
            built.append(card)
            troops = base["troops"]
            if card not in bases or troops and (len(troops) > per_base or min(troops) < 0):
                wrong += 1
            row.append({**base, "troops": [*troops]})
        copies.append(row)
        by_territory.append(tuple(built))
    built = ()
    for cards in by_territory:
        built += cards
    if not wrong:
        _BOARDS[known] = (copies, by_territory, built)
    return built, wrong


class Invariants:
    """Part of AttRules (rules.py)."""

    def invariants(self, state: dict, previous=None) -> list[str]:
        """Every card of an army in exactly one place; at most two troops a base; a special
        troop only from a special card; one Unique troop of a name."""
        broken = []
        data = tables()
        per_base, armies = data.limits["per_base"], data.armies
        in_play = state["in_play"]
        for seat, player in enumerate(state["players"]):
            army = armies[player["army"]]
            bases = army.bases
            draw, discard = player["draw"], player["discard"]
            known = (army.id, seat)
            board = player["board"]
            kept = _BOARDS.get(known)
            if kept is not None and kept[0] == board:  # as last found sound
                built, wrong = kept[2], 0
            else:
                built, wrong = read_board(known, board, bases, per_base)
            palace = player["palace"]
            hand, here = player["hand"], in_play[seat]
            piles = (hand, palace, here, draw["base"], draw["ability"], discard["base"],
                     discard["ability"])
            sound = _SOUND.get(known)
            if sound is None or sound[1] is not built and sound[1] != built or \
                    sound[0] != piles:
                places = (*hand, *palace, *here, *draw["base"], *draw["ability"],
                          *discard["base"], *discard["ability"], *built)
                # with the army's cards distinct, the places hold each once exactly when
                # they are as many and the same set (what comparing them sorted tells)
                cards = _CARD_SETS.get(army.id) or card_set(army)
                if len(places) != len(army.cards) or (
                        set(places) != cards if cards is not None else
                        sorted(places) != army.cards):
                    broken.append(f"ATT-DECK: seat {seat}'s cards are lost or in two places")
                else:  # the piles copied: a change made to them in place is seen
                    _SOUND[known] = (([*hand], [*palace], [*here], [*draw["base"]],
                                      [*draw["ability"]], [*discard["base"]],
                                      [*discard["ability"]]), built)
            if wrong:
                broken += [f"ATT-BASES: seat {seat} has a base wrongly built or manned"] * wrong
            if palace:  # a palace's few cards are met again and again: judged once
                key = (army.id, seat, *palace)
                faults = _PALACES.get(key)
                if faults is None:
                    faults = _PALACES[key] = palace_faults(army, seat, palace)
                if faults:
                    broken += faults
        return broken
