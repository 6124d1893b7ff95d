"""What the greedy player (ai.py) keeps of one decision's reading for its next one.

A greedy game makes some 220 decisions, most of them in runs of one player's
combat, and the table changes little between two: an attack that kills nothing
changes its target's damage, and no piece's worth, kill value or danger reads a
unit's damage. So, live (live.py: the simulator's state, stepped in place and only
by `step`), the pieces sorted by owner and theater are kept while no piece entered,
left or changed theaters; and the readings that read no unit's damage (worth, kill
value, danger, blockers, guards, the base race's weights...) while the same seat
decides and nothing else the engine counts in model.EDITS changed, in three groups
by what they read: a base's or a leader's damage and scores renew worth and kill
values, Shield, Stealth and Mark the danger, other tokens but funds all three. Those
counts are the engine's word on what changed: keeping costs a few comparisons, where
checking the pieces would cost as much as reading them again. Outside live_only every
decision reads afresh (a test may edit a table by hand)."""

from __future__ import annotations

from companion.games.aat import model as m


class Kept:
    """One player's reading of one table: the pieces sorted as of the counts in
    `sorted_at`, each group of readings as of its own counts (`read_at`)."""

    __slots__ = ("rules", "table", "sorted_at", "pieces", "read_at", "readings")

    def __init__(self, rules, table: dict, sorted_at: tuple, pieces: tuple):
        self.rules, self.table, self.sorted_at, self.pieces = rules, table, sorted_at, pieces
        self.read_at = [None, None, None]
        self.readings = [None, None, None]


# the readings by what they read (all of them: pieces' theaters and tokens but those
# of DANGER_TOKENS and funds), each group made anew by its function:
# worth, kill value, the base race's weights, who serves an objective: a base's or
# leader's damage, scores
def worth_readings() -> tuple:
    return [None, None], {}, {}, {}  # base weights, worth, kill value, serving


# danger: Shield, Stealth, Mark (model.DANGER_TOKENS)
def danger_readings() -> tuple:
    return ({},)


# blockers, guarded, held off, threat (the seat's): no more
def table_readings() -> tuple:
    return {}, {}, {}, {}


GROUPS = (worth_readings, danger_readings, table_readings)


def kept_for(agent, rules, state: dict, seat: int, sort) -> tuple:
    """(units, leaders, here) and the readings that read no unit's damage and no flag
    of a turn (acted, instructed, commanded) for this decision: each kept from
    `agent`'s last one when the engine says nothing it reads has changed since, else
    made anew (`sort(table)`, GROUPS) and kept for the next. In Look's order: units,
    leaders, here, base weights, worth, kill value, serving, danger, blockers,
    guarded, held off, threat."""
    table = state["table"]
    if not rules.live:
        return sort(table) + worth_readings() + danger_readings() + table_readings()
    edits = m.EDITS
    sorted_at = (state["next_uid"], len(table), edits[0])
    kept = agent.kept
    if kept is None or kept.table is not table or kept.rules is not rules or \
            kept.sorted_at != sorted_at:
        kept = agent.kept = Kept(rules, table, sorted_at, sort(table))
    every = (edits[1], state["escalation"], seat)
    read_at, readings = kept.read_at, kept.readings
    for group, at in enumerate(((every, edits[2]), (every, edits[3]), every)):
        if read_at[group] != at:
            read_at[group], readings[group] = at, GROUPS[group]()
    return kept.pieces + readings[0] + readings[1] + readings[2]
