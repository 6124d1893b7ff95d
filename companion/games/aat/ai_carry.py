"""What the greedy player (ai.py) keeps of one decision's reading for its next one.

A greedy game makes some 220 decisions, most of them in runs of one player's
combat, and the table changes little between two: an attack that kills nothing
changes its target's damage, and no piece's worth, kill value or danger reads a
unit's damage. So, live (live.py: the simulator's state, stepped in place and only
by `step`), the pieces sorted by owner and theater are kept while no piece entered,
left or changed theaters; and the readings that read no unit's damage (worth, kill
value, danger, blockers, guards, the base race's weights...) while the same seat
decides and nothing else the engine counts in model.EDITS changed (tokens, a base's
or a leader's damage, scores). Those counts are the engine's word on what changed:
keeping costs a few comparisons, where checking the pieces would cost as much as
reading them again. Outside live_only every decision reads afresh (a test may edit a
table by hand)."""

from __future__ import annotations

from companion.games.aat import model as m


class Kept:
    """One player's reading of one table, as of the counts in `sorted_at` (the sort)
    and `read_at` (the readings)."""

    __slots__ = ("rules", "table", "sorted_at", "pieces", "read_at", "readings")

    def __init__(self, rules, table: dict, sorted_at: tuple, pieces: tuple):
        self.rules, self.table, self.sorted_at, self.pieces = rules, table, sorted_at, pieces
        self.read_at = self.readings = None


def fresh_readings() -> tuple:
    """(base weights, worth, danger, kill value, blockers, guarded, serving, held off,
    threat): the readings that read no unit's damage and no flag of a turn (acted,
    instructed, commanded); all but the threat (the seat's) read the seat by none."""
    return [None, None], {}, {}, {}, {}, {}, {}, {}, {}


def kept_for(agent, rules, state: dict, seat: int, sort) -> tuple:
    """(units, leaders, here) and the seat-free readings for this decision: kept from
    `agent`'s last one when the engine says nothing they read has changed since,
    else made anew (`sort(table)`, fresh_readings) and kept for the next."""
    table = state["table"]
    if not rules.live:
        return sort(table) + fresh_readings()
    edits = m.EDITS
    sorted_at = (state["next_uid"], len(table), edits[0])
    kept = agent.kept
    if kept is None or kept.table is not table or kept.rules is not rules or \
            kept.sorted_at != sorted_at:
        kept = agent.kept = Kept(rules, table, sorted_at, sort(table))
    read_at = (edits[1], state["escalation"], seat)
    if kept.read_at != read_at:
        kept.read_at, kept.readings = read_at, fresh_readings()
    return kept.pieces + kept.readings
