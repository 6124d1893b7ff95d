"""Attack the Tower: invariants the simulator and property tests check after every action."""

from __future__ import annotations

from companion.games.att import model
from companion.games.att.data import tables


class Invariants:
    """Part of AttRules (rules.py)."""

    def invariants(self, state: dict, previous=None) -> list[str]:
        """Every card of an army in exactly one place; at most two troops a base; a special
        troop only from a special card; one Unique troop of a name."""
        broken = []
        per_base = tables().limits["per_base"]
        for seat, player in enumerate(state["players"]):
            army = model.army(state, seat)
            built = [base for _, _, base in model.slots(player)]
            places = player["hand"] + player["palace"] + state["in_play"][seat] + [
                base["card"] for base in built]
            for pile in model.PILES:
                places += player["draw"][pile] + player["discard"][pile]
            places.sort()  # sorted lists are equal exactly when the multisets are
            if places != army.cards:
                broken.append(f"ATT-DECK: seat {seat}'s cards are lost or in two places")
            for base in built:
                if len(base["troops"]) > per_base or min(
                        base["troops"], default=0) < 0 or base["card"] not in army.bases:
                    broken.append(f"ATT-BASES: seat {seat} has a base wrongly built or manned")
            troops = [army.special(c) for c in player["palace"]]
            if None in troops:
                broken.append(f"ATT-SPECIAL: seat {seat} has a card on the palace that is none")
                continue
            names = [t["name"] for t in troops if t["unique"]]
            if len(set(names)) < len(names):
                broken.append(f"ATT-SPECIAL: seat {seat} has two of a Unique troop")
        return broken
