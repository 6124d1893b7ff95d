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

# the weights (tuned by simulation against the greedy AI, docs/balance.md)
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
    """Per space: its row; the Field moves to every Field space (BFS); and the Field
    spaces within three moves with their REACH_W."""
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
    return g.row, dist, near


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
    row, dist, near = geometry()
    g = board()
    ev1, hp1, ev2, hp2, hp_mid, pot = trickles(m)
    agents, pins, turn, spots = m["agents"], m["pins"], m["turn"], m["spots"]
    # pins that hold through the enemy's turn are ours (until turn + 1)
    enemy_free = {a for a, g_ in agents.items() if g_["seat"] != me and pins.get(a, 0) <= turn}
    mine = [(a, x) for a, x in agents.items() if x["seat"] == me]
    theirs = [(a, x) for a, x in agents.items() if x["seat"] != me]
    value = values()[0]

    # -- what the enemy can do to us in its turn -------------------------------------------
    enemy_da = any(x["kind"] == "double-agent" and a in enemy_free and
                   (x["held"] or ev1[x["at"]] > 0) for a, x in theirs)
    comms_at = [(x["at"], bool(x["held"])) for a, x in theirs if a in enemy_free and
                (x["kind"] == "comms" or (x["kind"] == "smuggler" and
                                          m["settings"].get("smuggler") != "slips"))]
    hackers = [(x["at"], bool(x["held"])) for a, x in theirs
               if x["kind"] == "hacker" and a in enemy_free]
    honey_threat: dict = {}
    if comms_at and hp_mid:
        up, down, within = g.up, g.down, g.within_two
        for h, p in hp_mid:
            for c, paying in comms_at:
                if h not in within[c]:
                    continue
                for s in up[h]:
                    if s != OFF and spots[s] in agents and agents[spots[s]]["seat"] == me:
                        honey_threat[spots[s]] = max(honey_threat.get(spots[s], 0.0), p)
                if paying:
                    for s in down[h]:
                        if s != OFF and spots[s] in agents and agents[spots[s]]["seat"] == me:
                            honey_threat[spots[s]] = max(honey_threat.get(spots[s], 0.0), p)

    total = W * (m["scores"][me] - m["scores"][1 - me])
    my_da, mine_home, theirs_home = False, [], []
    for a, x in mine:
        at, held = x["at"], x["held"]
        n, hv = len(held), sum(value[i] for i in held)
        if x["kind"] == "double-agent" and held:
            my_da = True
        d = 8 - row[at]
        if n:
            mine_home.append((d, hv))
        # the enemy's trickle
        p_hp = hp1[at]
        gain1 = ev1[at]
        p_over = min(1.0, gain1 / 2.3) if n >= 3 else 0.0
        # the enemy's turn
        if n >= 3 and enemy_da:
            p_over = 1 - (1 - p_over) * (1 - P_DA)
        p_hp = 1 - (1 - p_hp) * (1 - P_COMMS * honey_threat.get(a, 0.0))
        pinned_cost = 0.0
        for h, robs in hackers:
            if dist[h][at] <= 2:
                chance = P_PIN if dist[h][at] == 1 else P_PIN / 2
                pinned_cost = max(pinned_cost, chance * (PINNED + (
                    W * max(value[i] for i in held) if robs and held else 0.0)))
        # our trickle
        p_hp = 1 - (1 - p_hp) * (1 - hp2[at])
        if n >= 3:
            p_over = 1 - (1 - p_over) * (1 - min(1.0, ev2[at] / 2.3))
        keep = (1 - p_hp) * (1 - p_over)
        room = 3 - n
        catch = 0.0
        if room > 0:
            catch = POT * min(pot[at], 2.0 * room)
        carried = max(0.0, W * hv * (1 - LATE - LATE_ROW * d) - ROW * d) if n else 0.0
        if x["kind"] == "analyst" and n == 3:
            carried += W * 2.0
        total += keep * carried + (1 - p_hp) * (catch + KIND.get(x["kind"], 0.0)) - \
            pinned_cost - p_hp * AGENT
    for a, x in theirs:
        at, held = x["at"], x["held"]
        n, hv = len(held), sum(value[i] for i in held)
        d = 8 - row[at]
        if n and a in enemy_free:
            theirs_home.append((d, hv))
        p_hp = hp1[at]
        p_over = min(1.0, ev1[at] / 2.3) if n >= 3 else 0.0
        if n >= 3 and my_da:
            p_over = 1 - (1 - p_over) * (1 - MY_DA * (1 - ESCAPE[d]))
        keep = (1 - p_hp) * (1 - p_over)
        carried = max(0.0, W * hv * (1 - LATE - LATE_ROW * d) - ROW * d) if n else 0.0
        total -= keep * carried - p_hp * AGENT
    total += race(m["scores"], me, mine_home, theirs_home)
    return total


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
