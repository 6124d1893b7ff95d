"""How good a Top-Secret position is for the player whose turn it is, read as if the
turn ended now: the enemy's trickle, the enemy's turn, then our trickle come before we
act again.

It counts points (scored, and carried less the actions it takes to bring them to a
`*` tile), what the two trickles will bring onto each agent (Intel, Honeypots, one
piece too many), what the enemy can do to us before our next turn (a Double Agent
with Intel overloads an agent that carries three, a Comms Specialist moves a Honeypot
onto an agent beside it, a Hacker pins and robs), what we can do to the enemy after
it (the same, if the enemy does not take its carriers home first), where Intel will
lie for us to catch, and whether either side can reach 20 points in its next turn.
Everything read is public (expert_model.seen)."""

from __future__ import annotations

from functools import cache

from companion.games.ts.data import tables
from companion.games.ts.geometry import OFF, board

# the weights, tuned by simulation against the greedy AI and the expert itself
W = 10.0  # a point
ROW = 2.0  # an action spent bringing a carrier one row nearer the * tiles
LATE = 0.1  # carried points are worth less than scored ones: the race to 20 goes on
LATE_ROW = 0.04  # and less the further they are from the * tiles
AGENT = 8.0  # an agent on the board (what a Honeypot costs beside the Intel)
POT = 3.0  # Intel the agent may catch in our next turn, a point of it
P_DA = 0.85  # the enemy overloads a carrier of three with a Double Agent holding Intel
P_COMMS = 0.85  # the enemy moves a Honeypot onto an agent of ours in its reach
P_PIN = 0.6  # the enemy's Hacker pins an agent beside it
PINNED = 4.0  # an agent pinned through our next turn
MY_DA = 0.7  # we overload an enemy carrier of three that stays out of our reach
WIN = 150.0  # a side that can reach 20 points in its next turn
ESCAPE = (0.95, 0.8, 0.6, 0.4, 0.1, 0.05, 0.05, 0.05, 0.05)  # enemy carrier home, by rows
# an agent of ours on the board, by kind, beyond what it carries and catches: a Double
# Agent brings Intel home from anywhere (and overloads enemy carriers), so it is kept
KIND = {"double-agent": 5.0}
REACH_W = (1.0, 0.5, 0.25, 0.1)  # a piece that falls this many moves away


@cache
def geometry() -> tuple:
    """Per space: the rows still to go to the * tiles; the Field moves to every Field
    space (BFS); and the Field spaces within three moves with their REACH_W."""
    g = board()
    far = 99
    dist = [[far] * g.size for _ in range(g.size)]
    for start in range(g.size):
        if not g.field[start]:
            continue
        dist[start][start], edge = 0, [start]
        while edge:
            nxt = []
            for s in edge:
                for n in g.field_adjacent[s]:
                    if dist[start][n] == far:
                        dist[start][n] = dist[start][s] + 1
                        nxt.append(n)
            edge = nxt
    near = [[(t, REACH_W[dist[s][t]]) for t in range(g.size) if dist[s][t] < len(REACH_W)]
            for s in range(g.size)]
    home = g.row[g.spawn[0]]
    return [home - r for r in g.row], dist, near


@cache
def values() -> tuple:
    t = tables().intel
    return ({i: tile.value for i, tile in t.items()},
            {i: tile.honeypot for i, tile in t.items()})


_READ: dict = {}  # (loose Intel, standing blockades) -> trickles' reading; a decision's worth


def trickles(m: dict) -> tuple:
    """The next two trickles read as the dice will fall: per space the expected points
    and Honeypot chance landing there in the enemy's trickle (blockades that outlast
    our turn stand), the same in ours (no blockade known: the enemy places its own),
    where the Honeypots lie between the two (space, chance), and per space the points
    an agent there may catch in our next turn (what falls on it and near it, REACH_W).
    Pieces are followed as if no agent stopped them."""
    key = (tuple(m["board"]), tuple(m["walls"]), m["turn"])
    read = _READ.get(key)
    if read is None:
        if len(_READ) > 256:
            _READ.clear()
        turn = m["turn"]
        read = _READ[key] = _trickles(m["board"], [w > turn for w in m["walls"]])
    return read


def _trickles(cells, walls) -> tuple:
    g = board()
    size, down = g.size, g.down
    value, honey = values()
    ev1, hp1, ev2, hp2 = [0.0] * size, [0.0] * size, [0.0] * size, [0.0] * size
    hp_mid = []
    for space, piece in enumerate(cells):
        if piece is None:
            continue
        is_hp, points = honey[piece], value[piece]
        for s, p in landings(space, down[space], walls):
            if s == OFF:
                continue
            if s != space:
                if is_hp:
                    hp1[s] += p
                else:
                    ev1[s] += p * points
            if is_hp:
                hp_mid.append((s, p))
            for s2 in down[s]:
                if s2 != OFF:
                    if is_hp:
                        hp2[s2] += p * 0.5
                    else:
                        ev2[s2] += p * 0.5 * points
    return ev1, hp1, ev2, hp2, hp_mid, Catches(ev1, ev2)


class Catches(dict):
    """Space -> what an agent there may catch in our next turn: what falls on it in the
    enemy's trickle, and in ours on it and near it (REACH_W); worked out when asked."""

    def __init__(self, ev1: list, ev2: list):
        super().__init__()
        self.ev1, self.ev2 = ev1, ev2

    def __missing__(self, space: int) -> float:
        ev2 = self.ev2
        value = self[space] = self.ev1[space] + sum(ev2[t] * w for t, w in
                                                    geometry()[2][space])
        return value


def landings(space: int, below: tuple, walls: list) -> tuple:
    """Where a loose piece goes in one trickle, each way with its chance (TS-STOP,
    TS-REDIRECT, TS-OFF; crowding left out): odd die left, even die right."""
    if walls[space]:
        return ((space, 1.0),)
    left, right = below
    return ((_dest(space, left, right, walls), 0.5), (_dest(space, right, left, walls), 0.5))


def _dest(space: int, aim: int, other: int, walls: list) -> int:
    if aim != OFF and walls[aim]:
        return space if other != OFF and walls[other] else other
    return aim


def evaluate(m: dict, seat: int | None = None) -> float:
    """The worth of position `m` to `seat` (the acting player), its turn ending now."""
    me = m["await"]["player"] if seat is None else seat
    if m["over"] is not None:
        return 1e9 if m["over"] == me else -1e9
    to_go, dist, _ = geometry()
    carry = tables().limits["carry"]
    ev1, hp1, ev2, hp2, hp_mid, pot = trickles(m)
    agents, pins, turn = m["agents"], m["pins"], m["turn"]
    value = values()[0]
    steer = ("comms",) if m["settings"].get("smuggler") == "slips" else ("comms", "smuggler")
    # each agent once: ours; the enemy's, free unless our pin holds through its turn
    # (until turn + 1); what the enemy can do to us in its turn
    mine, theirs, comms_at, hackers = [], [], [], []
    my_da = enemy_da = False
    for a, x in agents.items():
        held, kind, at = x["held"], x["kind"], x["at"]
        n = len(held)
        hv = sum(map(value.__getitem__, held)) if n else 0
        if x["seat"] == me:
            mine.append((a, kind, at, held, n, hv))
            my_da = my_da or (kind == "double-agent" and n > 0)
            continue
        free = pins.get(a, 0) <= turn
        theirs.append((at, n, hv, free))
        if free:
            if kind == "double-agent":
                enemy_da = enemy_da or n > 0 or ev1[at] > 0
            elif kind in steer:
                comms_at.append((at, n > 0))
            elif kind == "hacker":
                hackers.append((at, n > 0))
    honey_threat = honeypots_sent(m, me, comms_at, hp_mid) if comms_at and hp_mid else {}

    total = W * (m["scores"][me] - m["scores"][1 - me])
    mine_home, theirs_home = [], []
    for a, kind, at, held, n, hv in mine:
        d = to_go[at]
        if n:
            mine_home.append((d, hv))
        # the enemy's trickle, then its turn
        p_hp = 1 - (1 - hp1[at]) * (1 - P_COMMS * honey_threat.get(a, 0.0))
        p_over = 0.0
        if n >= carry:
            p_over = min(1.0, ev1[at] / 2.3)
            if enemy_da:
                p_over = 1 - (1 - p_over) * (1 - P_DA)
        pinned_cost = 0.0
        for h, robs in hackers:
            apart = dist[h][at]
            if apart <= 2:
                chance = P_PIN if apart == 1 else P_PIN / 2
                pinned_cost = max(pinned_cost, chance * (PINNED + (
                    W * max(map(value.__getitem__, held)) if robs and n else 0.0)))
        # our trickle
        p_hp = 1 - (1 - p_hp) * (1 - hp2[at])
        if n >= carry:
            p_over = 1 - (1 - p_over) * (1 - min(1.0, ev2[at] / 2.3))
        keep = (1 - p_hp) * (1 - p_over)
        catch = POT * min(pot[at], 2.0 * (carry - n)) if n < carry else 0.0
        carried = max(0.0, W * hv * (1 - LATE - LATE_ROW * d) - ROW * d) if n else 0.0
        if n == carry and kind == "analyst":
            carried += W * 2.0
        total += keep * carried + (1 - p_hp) * (catch + KIND.get(kind, 0.0)) - \
            pinned_cost - p_hp * AGENT
    for at, n, hv, free in theirs:
        p_hp = hp1[at]
        if not n:
            total += p_hp * AGENT
            continue
        d = to_go[at]
        if free:
            theirs_home.append((d, hv))
        p_over = 0.0
        if n >= carry:
            p_over = min(1.0, ev1[at] / 2.3)
            if my_da:
                p_over = 1 - (1 - p_over) * (1 - MY_DA * (1 - ESCAPE[d]))
        keep = (1 - p_hp) * (1 - p_over)
        total -= keep * max(0.0, W * hv * (1 - LATE - LATE_ROW * d) - ROW * d) - p_hp * AGENT
    return total + race(m["scores"], me, mine_home, theirs_home)


def honeypots_sent(m: dict, me: int, comms_at: list, hp_mid: list) -> dict:
    """Our agent -> the chance that a Honeypot lies, after the enemy's trickle, where an
    enemy Comms Specialist (or printed Smuggler) can move it onto the agent: up for an
    action, down for an action and a piece of its Intel (TS-COMMS)."""
    g, agents, spots = board(), m["agents"], m["spots"]
    up, down, within = g.up, g.down, g.within_two
    threat: dict = {}
    for h, p in hp_mid:
        for c, paying in comms_at:
            if h not in within[c]:
                continue
            for s in up[h] + down[h] if paying else up[h]:
                victim = spots[s] if s != OFF else None
                if victim is not None and agents[victim]["seat"] == me and \
                        threat.get(victim, 0.0) < p:
                    threat[victim] = p
    return threat


def reach(held_by_dist: list, actions: int = 3) -> int:
    """The most points a side can score in one turn: carriers (rows to go, points)
    brought home with its actions (retiring is free)."""
    best = 0
    options = sorted(held_by_dist)
    for mask in range(1, 1 << len(options)):
        cost = points = 0
        for k, (d, hv) in enumerate(options):
            if mask >> k & 1:
                cost += d
                points += hv
        if cost <= actions and points > best:
            best = points
    return best


def race(scores: list, me: int, mine_home: list, theirs_home: list) -> float:
    """WIN if the enemy can reach 20 points in its turn (against us), and a third of it
    if we can in ours (if the enemy lets us). Carriers as (rows to go, points)."""
    win = tables().limits["win"]
    total = 0.0
    if scores[1 - me] + sum(hv for _, hv in theirs_home) >= win and \
            scores[1 - me] + reach(theirs_home) >= win:
        total -= WIN
    if scores[me] + sum(hv for _, hv in mine_home) >= win and \
            scores[me] + reach(mine_home) >= win:
        total += WIN / 3
    return total
