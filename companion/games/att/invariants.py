"""Attack the Tower: invariants the simulator and property tests check after every action.

They run after every one of a simulated game's actions, so they are written as one pass
over each player's cards and boards (a study plays hundreds of thousands of actions)."""

from __future__ import annotations

from companion.games.att.data import tables

_CARD_SETS: dict = {}  # army id -> the set of its cards, None if two are alike


def card_set(army) -> frozenset | None:
    if army.id not in _CARD_SETS:
        cards = frozenset(army.cards)
        _CARD_SETS[army.id] = cards if len(cards) == len(army.cards) else None
    return _CARD_SETS[army.id]


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
            places = [*player["hand"], *player["palace"], *in_play[seat], *draw["base"],
                      *draw["ability"], *discard["base"], *discard["ability"]]
            wrong = []
            board = [base for territory in player["board"] for base in territory
                     if base is not None]
            places += [base["card"] for base in board]
            for base in board:
                troops = base["troops"]
                if base["card"] not in bases or troops and (
                        len(troops) > per_base or min(troops) < 0):
                    wrong.append(f"ATT-BASES: seat {seat} has a base wrongly built "
                                 "or manned")
            # with the army's cards distinct, the places hold each once exactly when they
            # are as many and the same set (what comparing them sorted tells)
            cards = _CARD_SETS.get(army.id) or card_set(army)
            if len(places) != len(army.cards) or (
                    set(places) != cards if cards is not None else
                    sorted(places) != army.cards):
                broken.append(f"ATT-DECK: seat {seat}'s cards are lost or in two places")
            broken += wrong
            if not player["palace"]:
                continue
            troops = [army.special(c) for c in player["palace"]]
            if None in troops:
                broken.append(f"ATT-SPECIAL: seat {seat} has a card on the palace that is none")
                continue
            names = [t["name"] for t in troops if t["unique"]]
            if len(set(names)) < len(names):
                broken.append(f"ATT-SPECIAL: seat {seat} has two of a Unique troop")
        return broken
