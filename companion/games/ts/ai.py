"""Top-Secret's greedy computer player (the random one is the core's).

It plays what a careful beginner plays, one action at a time, by the action's
worth now, without looking further ahead: score what it carries (retiring on a
`*` tile), catch falling Intel and steer it (moves, blockades, the Comms
Specialist), keep clear of Honeypots and send them to the enemy, pin and rob an
enemy agent that carries, overload it with a Double Agent. Where the next trickle
matters it reads the board as the dice will: each loose piece falls to either
space below with even chances, or surely to the open one past a blockade."""

from __future__ import annotations

from functools import cache

from companion.core.agents import Agent
from companion.games.ts import abilities, moves
from companion.games.ts.data import tables
from companion.games.ts.geometry import OFF, board

CATCH = 8  # a point caught is worth this much to the score of an action
TRAP = 60  # a Honeypot on one of one's own agents


class GreedyAgent(Agent):
    name = "greedy"
    read: tuple = ((), None)  # the loose Intel and blockades last read, and next_falls'

    def choose(self, rules, state) -> dict:
        kind = state["await"]["kind"]
        if kind == "keep":
            return {"type": "keep", "keep": True}
        if kind == "act":  # legal_actions' list, an Engineer's far blockades kept apart
            legal = moves.listed(state) + abilities.listed(state, far_apart=True)
            legal.append({"type": "end_turn"})
        else:
            legal = rules.legal_actions(state)
        if kind != "act" and kind != "spawn":  # draws and dice: what the table gets
            return self.random.choice(legal)
        seen = (state["board"], state["walls"])  # most actions of a turn leave them be
        if self.read[0] != seen:
            self.read = ((list(seen[0]), list(seen[1])), next_falls(state))
        view = Reading(state, self.read[1])
        draw, worth, fed, nothing = self.random.random, WORTH.get, view.fed, Reading.w_end_turn
        best, top, tie = None, 0.0, 0.0
        for action in legal:  # the first of the best, ties broken by a draw each
            if type(action) is tuple:  # paid blockades, in engineer_list's order
                far = self.far_block(view, action, draw)
                if far is not None and (best is None or far[1] > top or
                                        (far[1] == top and far[2] > tie)):
                    best, top, tie = far
                continue
            luck = draw()
            kind = action["type"]
            if kind == "block" and not fed[action["at"]]:
                continue  # under no Intel it is worth less (w_block) than the end of the turn
            value = worth(kind, nothing)(view, action)
            if best is None or value > top or (value == top and luck > tie):
                best, top, tie = action, value, luck
        return best

    @staticmethod
    def far_block(view, entry, draw):
        """The best of an Engineer's paid blockades as (action, worth, draw), each
        drawn for in turn as if listed; those under no Intel are not made (w_block)."""
        _, agent_id, held, empty = entry
        fed, best, top, tie = view.fed, None, 0.0, 0.0
        for pay in held:
            for space in empty:
                luck = draw()
                if fed[space]:
                    action = {"type": "block", "agent": agent_id, "at": space, "pay": pay}
                    value = view.w_block(action)
                    if best is None or value > top or (value == top and luck > tie):
                        best, top, tie = action, value, luck
        return None if best is None else (best, top, tie)


@cache
def points_of() -> dict:
    """Intel id -> its value."""
    return {i: tile.value for i, tile in tables().intel.items()}


def next_falls(state: dict) -> tuple[list, list, list]:
    """Per space: the expected points landing there next trickle, the chance of a
    Honeypot, and whether loose Intel lies just above it (blocked or not)."""
    cells, walls, down = state["board"], state["walls"], board().down
    intel, size = tables().intel, board().size
    points, traps, fed = [0.0] * size, [0.0] * size, [False] * size
    for space, piece in enumerate(cells):
        if piece is None:
            continue
        for target in down[space]:
            if target != OFF:
                fed[target] = True
        if walls[space]:
            continue
        below = [s for s in down[space] if s == OFF or not walls[s]]
        tile = intel[piece]
        for target in below:
            if target == OFF:
                continue
            share = 1.0 / len(below)
            if tile.honeypot:
                traps[target] += share
            else:
                points[target] += share * tile.value
    return points, traps, fed


class Reading:
    """The board as the greedy player reads it for one decision (what it works out
    for one action, such as an agent's Intel's worth, is kept for the others: the
    state does not change while it decides)."""

    def __init__(self, state: dict, falls: tuple | None = None):
        self.state = state
        self.seat = state["await"]["player"]
        self.geometry = board()
        self.intel = tables().intel
        self.carry = tables().limits["carry"]
        self.points, self.traps, self.fed = falls or next_falls(state)
        self.values: dict = {}  # agent id -> the value of its Intel
        self.catches: dict = {}  # space -> the points expected there and beside it

    def mine(self, agent_id) -> bool:
        return self.state["agents"][agent_id]["seat"] == self.seat

    def held_value(self, agent_id) -> int:
        value = self.values.get(agent_id)
        if value is None:
            value = self.values[agent_id] = sum(
                map(points_of().__getitem__, self.state["agents"][agent_id]["held"]))
        return value

    def spot_value(self, space: int, agent_id: str) -> float:
        """What standing on `space` is worth to an agent (by the next trickle)."""
        room = self.carry - len(self.state["agents"][agent_id]["held"])
        return (CATCH * self.points[space] if room > 0 else
                -CATCH * self.held_value(agent_id)) - TRAP * self.traps[space]

    # -- the worth of each action -------------------------------------------------------
    def worth(self, action: dict) -> float:
        return WORTH.get(action["type"], Reading.w_end_turn)(self, action)

    def w_end_turn(self, action) -> float:
        return 0.0

    def w_done(self, action) -> float:
        return -1.0  # spawn while one can

    def w_spawn(self, action) -> float:
        roster, at = self.state["players"][self.seat]["roster"], action["at"]
        catch = self.catches.get(at)
        if catch is None:  # the same for every kind spawned there
            points = self.points
            catch = self.catches[at] = points[at] + sum(points[n] for n in
                                                        self.geometry.adjacent[at])
        return 5 + catch + roster[action["kind"]] * 0.5 - 50 * self.traps[at]

    def w_retire(self, action) -> float:
        agent = self.state["agents"][action["agent"]]
        points = self.held_value(action["agent"])
        score = self.state["players"][self.seat]["score"]
        if score + points >= tables().limits["win"]:
            return 10_000
        if agent["kind"] == "analyst" and len(agent["held"]) < 3 and \
                self.traps[agent["at"]] == 0:  # TS-ANALYST: a third piece brings a fourth
            return 10 * points - 40
        return 10 * points - 1 if points else -5

    def arrive_value(self, agent_id: str, to: int) -> float:
        agent = self.state["agents"][agent_id]
        piece = self.state["board"][to]
        held, carried = len(agent["held"]), self.held_value(agent_id)
        value = (CATCH * self.points[to] if held < self.carry else -CATCH * carried) - \
            TRAP * self.traps[to]  # spot_value(to)
        if piece is not None:
            tile = self.intel[piece]
            if tile.honeypot:
                return -TRAP * 2
            value += CATCH * tile.value if held < 3 else -CATCH * carried
            held += 1
            carried += tile.value
        row = self.geometry.row
        rows = row[to] - row[agent["at"]]
        if held:  # carrying: home to the * tiles
            return value + 3 * rows * (1 + carried / 3)
        # empty-handed: up into the falling Intel, and off what falls where it stands
        return value - 0.5 * rows - self.spot_value(agent["at"], agent_id)

    def w_move(self, action) -> float:
        return self.arrive_value(action["agent"], action["to"])

    def w_smuggle(self, action) -> float:
        return self.arrive_value(action["agent"], action["to"]) - 1

    def w_transfer(self, action) -> float:
        receiver = self.state["agents"][action["to"]]
        if len(receiver["held"]) >= 3:
            return -100
        return 6 * self.intel[action["intel"]].value if \
            self.geometry.is_spawn[receiver["at"]] and not receiver["fresh"] else -2

    def w_double(self, action) -> float:
        receiver = self.state["agents"][action["to"]]
        if self.mine(action["to"]):
            return self.w_transfer(action) - 1
        if len(receiver["held"]) >= 3:  # one too many: all of theirs back in the bag
            return CATCH * self.held_value(action["to"]) - CATCH * self.intel[
                action["intel"]].value
        return -10

    def w_comms(self, action) -> float:
        to, tile = action["to"], self.intel[action["intel"]]
        target = self.state["spots"][to]
        pay = self.intel[action["pay"]].value * CATCH if action.get("pay") else 0
        if target is not None:
            if tile.honeypot:
                return (TRAP if not self.mine(target) else -TRAP * 2) - pay
            if self.mine(target) and len(self.state["agents"][target]["held"]) < 3:
                return CATCH * tile.value - pay - 2
            return -20
        if tile.honeypot:  # a Honeypot falling towards one of ours: push it away
            space = self.state["board"].index(action["intel"])
            danger = any(s != OFF and self.state["spots"][s] and self.mine(self.state["spots"][s])
                         for s in self.geometry.down[space])
            return (TRAP / 2 if danger else -2) - pay
        return -3 - pay

    def w_pin(self, action) -> float:
        return 4 * self.held_value(action["target"]) + 1

    def w_unpin(self, action) -> float:
        return 3 * self.held_value(action["target"]) + 1

    def w_take(self, action) -> float:
        return CATCH * (self.intel[action["intel"]].value - self.intel[action["pay"]].value)

    def w_block(self, action) -> float:
        """A blockade under a loose piece sends it to the other space below: worth the
        catch it brings to ours, the Honeypot it turns away, less what it costs."""
        at, cells, spots = action["at"], self.state["board"], self.state["spots"]
        pay = self.intel[action["pay"]].value * CATCH + 2 if action.get("pay") else 0
        if not self.fed[at]:  # most blockades are far ones under no Intel: worth nothing
            return -1.0 - pay
        gain, down = -1.0, self.geometry.down
        for above in self.geometry.up[at]:
            if above == OFF or cells[above] is None:
                continue
            left, right = down[above]
            other = left if left != at else right  # the other space below that piece
            tile = self.intel[cells[above]]
            landing = spots[other] if other != OFF else None
            blocked_agent = spots[at]
            mine_there = landing is not None and self.mine(landing)
            if tile.honeypot:
                gain += TRAP / 2 * ((not mine_there) - (mine_there))
            elif mine_there:
                gain += CATCH * tile.value / 2
            if blocked_agent is None and landing is None:
                gain += 0.2
        return gain - pay


WORTH = {name[2:]: method for name, method in vars(Reading).items() if name.startswith("w_")}
