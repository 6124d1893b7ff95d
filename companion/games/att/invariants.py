"""Attack the Tower: invariants the simulator and property tests check after every action.

They run after every one of a simulated game's actions (a study plays hundreds of
thousands), so they are one pass over each player's boards, and the cards' places are
compared as a set only when they differ from the last places found sound for that seat
and army (most actions move no card: comparing the two tuples costs a fifth of it); a
palace's special troops are judged once for each set of cards met."""

from __future__ import annotations

from companion.games.att.data import tables

_CARD_SETS: dict = {}  # army id -> the set of its cards, None if two are alike
_SOUND: dict = {}  # (army id, seat) -> the cards' places last found sound, as a tuple
_PALACES: dict = {}  # (army id, seat, *palace cards) -> what is wrong with them, if anything


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
            wrong = None
            built = []
            for territory in player["board"]:
                for base in territory:
                    if base is not None:
                        card = base["card"]
                        built.append(card)
                        troops = base["troops"]
                        if card not in bases or troops and (
                                len(troops) > per_base or min(troops) < 0):
                            if wrong is None:
                                wrong = []
                            wrong.append(f"ATT-BASES: seat {seat} has a base wrongly built "
                                         "or manned")
            palace = player["palace"]
            places = (*player["hand"], *palace, *in_play[seat], *draw["base"],
                      *draw["ability"], *discard["base"], *discard["ability"], *built)
            known = (army.id, seat)
            if places != _SOUND.get(known):
                # with the army's cards distinct, the places hold each once exactly when
                # they are as many and the same set (what comparing them sorted tells)
                cards = _CARD_SETS.get(army.id) or card_set(army)
                if len(places) != len(army.cards) or (
                        set(places) != cards if cards is not None else
                        sorted(places) != army.cards):
                    broken.append(f"ATT-DECK: seat {seat}'s cards are lost or in two places")
                else:
                    _SOUND[known] = places
            if wrong:
                broken += wrong
            if palace:  # a palace's few cards are met again and again: judged once
                key = (army.id, seat, *palace)
                faults = _PALACES.get(key)
                if faults is None:
                    faults = _PALACES[key] = palace_faults(army, seat, palace)
                if faults:
                    broken += faults
        return broken
