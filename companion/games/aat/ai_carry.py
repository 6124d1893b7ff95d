"""What the greedy player (ai.py) keeps of one decision's reading for its next one.

A greedy game makes some 220 decisions, most of them in runs of one player's combat,
and the table changes little between two: an attack that kills nothing changes its
target's damage, and no piece's worth, kill value or danger reads a unit's damage.
So, live (live.py: the simulator's state, stepped in place and only by `step`), the
pieces sorted by owner and theater are kept while no piece changed theaters (those
that entered are added, those that left taken out); and the readings that read no
unit's damage (worth, kill value, danger, blockers, guards, the base race's
weights...) while the same seat decides and nothing else the engine counts in
model.EDITS changed, in three groups by what they read: the damage of the seat's
own base or leaders, scores and an objective's tokens renew worth and kill
values (the enemy base's or its leaders' damage only those that read its weight,
pieces of one side leaving play only what reads that side: side_left), Shield,
Stealth and Mark the danger, other tokens but funds all three.
Those counts are the engine's word on what changed: keeping costs a few comparisons,
where checking the pieces would cost as much as reading them again. Outside
live_only every decision reads afresh (a test may edit a table by hand)."""

from __future__ import annotations

from companion.games.aat import model as m


def sort_pieces(table: dict) -> tuple:
    """(units by owner, leaders by owner, units by owner and theater), in table order."""
    units, leaders = ([], []), ([], [])
    here = ({"Space": [], "Planetside": []}, {"Space": [], "Planetside": []})
    try:
        for p in table.values():
            kind = p["kind"]
            if kind == "unit":
                owner = p["owner"]
                units[owner].append(p)
                here[owner][p["theater"]].append(p)
            elif kind == "leader":
                leaders[p["owner"]].append(p)
    except KeyError:  # a theater of neither name (a test's card): sorted the long way
        units, leaders = ([], []), ([], [])
        here = ({"Space": [], "Planetside": []}, {"Space": [], "Planetside": []})
        for p in table.values():
            kind = p["kind"]
            if kind == "unit":
                owner = p["owner"]
                units[owner].append(p)
                here[owner].setdefault(p["theater"], []).append(p)
            elif kind == "leader":
                leaders[p["owner"]].append(p)
    return units, leaders, here


def add_entered(pieces: tuple, table: dict, count: int) -> bool:
    """The pieces sorted (sort_pieces) with the table's last `count` pieces, those that
    entered play since, added at the end of their lists: table order still. False
    (and the lists to be thrown away) for a theater the lists do not have."""
    units, leaders, here = pieces
    for p in list(table.values())[-count:]:
        kind = p["kind"]
        if kind == "unit":
            owner = p["owner"]
            spot = here[owner].get(p["theater"])
            if spot is None:
                return False
            units[owner].append(p)
            spot.append(p)
        elif kind == "leader":
            leaders[p["owner"]].append(p)
    return True


def drop_left(pieces: tuple, table: dict, count: int) -> list | None:
    """The pieces sorted (sort_pieces) without those that left play since, `count` of
    them (in table order still): those pieces, or None (and the lists to be thrown
    away) if not so many are found gone."""
    units, leaders, here = pieces
    gone = [p for p in (*units[0], *units[1], *leaders[0], *leaders[1])
            if p["uid"] not in table]
    if len(gone) != count or not count:
        return None
    for p in gone:
        owner = p["owner"]
        if p["kind"] == "unit":
            units[owner].remove(p)  # (the same piece: no other compares equal)
            here[owner][p["theater"]].remove(p)
        else:
            leaders[owner].remove(p)
    return gone


def side_left(worth_group: tuple, table: dict, gone: list) -> bool:
    """Only pieces of one side left play (nothing else the worth group reads changed):
    the worth of that side's pieces and of every leader is kept (a unit's or base's
    worth reads the other side's pieces, the weight of the other side's base, its own
    tokens; a leader's itself), and its pieces' kill values (they read the other
    side's units, and that side's own only through the single blockers of held-off
    units in front of its base: those in front of it are read again if a piece left
    from there, or a leader, whose base then weighs anew). The rest is read again.
    False if pieces of both sides left."""
    side = gone[0]["owner"]
    weights, worth, kill, serving = worth_group
    front = table[m.BASES[side]]["theater"]
    touched = False
    for p in gone:
        if p["owner"] != side:
            return False
        if p["kind"] == "leader":
            weights[side] = None
            touched = True
        elif p["theater"] == front:
            touched = True
    for uid in list(worth):
        p = table.get(uid)
        if p is None or p["owner"] != side and p["kind"] != "leader":
            del worth[uid]
    for uid in list(kill):
        p = table.get(uid)
        if p is None or p["owner"] != side or (
                touched and p["kind"] == "unit" and p["theater"] == front):
            del kill[uid]
    serving.clear()
    return True


def front_damaged(worth_group: tuple, here: tuple, leaders: tuple, table: dict,
                  enemy: int) -> None:
    """The enemy's base or a leader of the enemy's was damaged (nothing else the worth
    group reads changed): its base's weight in the base race (which reads its
    leaders' damage) is read again, and so are the worth and kill value of what
    reads it, the units in its theater (a unit's worth reads the weight of the base
    it faces, a kill value the weight of the base a blocker screens), the bases and
    the enemy's leaders (a leader's worth reads its damage); the rest keep theirs."""
    weights, worth, kill = worth_group[:3]
    weights[enemy] = None
    front = table[m.BASES[enemy]]["theater"]
    for owner in (0, 1):
        for p in here[owner].get(front, ()):
            worth.pop(p["uid"], None)
            kill.pop(p["uid"], None)
    for p in leaders[enemy]:
        worth.pop(p["uid"], None)
        kill.pop(p["uid"], None)
    for uid in m.BASES:
        worth.pop(uid, None)
        kill.pop(uid, None)


class Kept:
    """One player's reading of one table as of the counts `at` (the state's next uid,
    the table's size, model.EDITS, the escalation, the seat): the pieces sorted, the
    three groups of readings, and all of them in Look's order (`all`)."""

    __slots__ = ("rules", "table", "at", "pieces", "readings", "all")

    def __init__(self, rules, table: dict, pieces: tuple):
        self.rules, self.table, self.pieces = rules, table, pieces
        self.at = None
        self.readings = [worth_readings(), danger_readings(), table_readings()]


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


def kept_for(agent, rules, state: dict, seat: int) -> tuple:
    """(units, leaders, here) and the readings that read no unit's damage and no flag
    of a turn (acted, instructed, commanded) for this decision: each kept from
    `agent`'s last one when the engine says nothing it reads has changed since, else
    made anew and kept for the next (renew). In Look's order: units, leaders, here,
    base weights, worth, kill value, serving, danger, blockers, guarded, held off,
    threat."""
    table = state["table"]
    if not rules.live:
        return sort_pieces(table) + worth_readings() + danger_readings() + table_readings()
    edits = m.EDITS
    at = (state["next_uid"], len(table), edits[0], edits[1], edits[2], edits[3],
          edits[4], edits[5], state["escalation"], seat)
    kept = agent.kept
    if kept is not None and kept.at == at and kept.table is table and kept.rules is rules:
        return kept.all  # (most often nothing has changed but units' damage)
    return renew(agent, rules, table, at)


def renew(agent, rules, table: dict, at: tuple) -> tuple:
    """What changed since `agent`'s last reading made anew: the sort and every reading
    when a piece entered, left or moved (the first three counts; pieces that only
    entered are added to the sort, those that only left taken out of it), every
    reading when anything all of them read changed (EDITS[1], the escalation, the
    seat), the worth group for EDITS[2] or the seat's base's damage, its part that
    reads the enemy base's (front_damaged), the danger for EDITS[3]."""
    kept = agent.kept
    if kept is None or kept.table is not table or kept.rules is not rules:
        kept = agent.kept = Kept(rules, table, sort_pieces(table))
    elif kept.at[:3] != at[:3]:
        last = kept.at
        # live, a piece enters only with a new uid and one leaving makes the table
        # smaller: as many more pieces as new uids, and none moved, is pieces entered
        entered = at[0] - last[0]
        gone = None
        if at[2] != last[2]:
            kept = agent.kept = Kept(rules, table, sort_pieces(table))
        elif entered > 0 and at[1] - last[1] == entered and \
                add_entered(kept.pieces, table, entered):
            kept.readings[:] = worth_readings(), danger_readings(), table_readings()
        elif entered or (gone := drop_left(kept.pieces, table, last[1] - at[1])) is None:
            kept = agent.kept = Kept(rules, table, sort_pieces(table))
        else:
            readings, seat = kept.readings, at[9]
            if not (last[3:5] == at[3:5] and last[8:] == at[8:] and
                    last[6 + seat] == at[6 + seat] and last[7 - seat] == at[7 - seat]
                    and side_left(readings[0], table, gone)):
                readings[0] = worth_readings()
            readings[1:] = danger_readings(), table_readings()
    else:
        readings, last = kept.readings, kept.at
        if last[3] != at[3] or last[8:] != at[8:]:
            readings[:] = worth_readings(), danger_readings(), table_readings()
        else:
            seat = at[9]
            if last[4] != at[4] or last[6 + seat] != at[6 + seat]:
                readings[0] = worth_readings()
            elif last[7 - seat] != at[7 - seat]:
                front_damaged(readings[0], kept.pieces[2], kept.pieces[1], table, 1 - seat)
            if last[5] != at[5]:
                readings[1] = danger_readings()
    kept.at = at
    readings = kept.readings
    kept.all = kept.pieces + readings[0] + readings[1] + readings[2]
    return kept.all
