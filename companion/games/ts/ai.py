"""Top-Secret's greedy computer player (the random one is the core's).

It plays what a careful beginner plays, one action at a time, by the action's
worth now, without looking further ahead: score what it carries (retiring on a
`*` tile), catch falling Intel and steer it (moves, blockades, the Comms
Specialist), keep clear of Honeypots and send them to the enemy, pin and rob an
enemy agent that carries, overload it with a Double Agent. Where the next trickle
matters it reads the board as the dice will: each loose piece falls to either
space below with even chances, or surely to the open one past a blockade."""

from __future__ import annotations

from companion.core.agents import Agent
from companion.games.ts.data import tables
from companion.games.ts.geometry import OFF, board

CATCH = 8  # a point caught is worth this much to the score of an action
TRAP = 60  # a Honeypot on one of one's own agents


class GreedyAgent(Agent):
    name = "greedy"

    def choose(self, rules, state) -> dict:
        legal = rules.legal_actions(state)
        kind = state["await"]["kind"]
        if kind == "keep":
            return {"type": "keep", "keep": True}
        if kind != "act" and kind != "spawn":  # draws and dice: what the table gets
            return self.random.choice(legal)
        view = Reading(state)
        scored = [(view.worth(a), self.random.random(), a) for a in legal]
        best = max(scored, key=lambda s: (s[0], s[1]))
        return best[2]


class Reading:
    """The board as the greedy player reads it for one decision."""

    def __init__(self, state: dict):
        self.state = state
        self.seat = state["await"]["player"]
        self.geometry = board()
        self.intel = tables().intel
        self.falls = self.next_falls()

    def next_falls(self) -> list:
        """Per space: (expected points landing there next trickle, chance of a Honeypot)."""
        cells, walls = self.state["board"], self.state["walls"]
        out = [[0.0, 0.0] for _ in range(self.geometry.size)]
        for space, piece in enumerate(cells):
            if piece is None or walls[space]:
                continue
            below = [s for s in self.geometry.down[space] if s == OFF or not walls[s]]
            for target in below:
                if target == OFF:
                    continue
                share = 1.0 / len(below)
                tile = self.intel[piece]
                if tile.honeypot:
                    out[target][1] += share
                else:
                    out[target][0] += share * tile.value
        return out

    def mine(self, agent_id) -> bool:
        return self.state["agents"][agent_id]["seat"] == self.seat

    def held_value(self, agent_id) -> int:
        return sum(self.intel[i].value for i in self.state["agents"][agent_id]["held"])

    def spot_value(self, space: int, agent_id: str) -> float:
        """What standing on `space` is worth to an agent (by the next trickle)."""
        points, trap = self.falls[space]
        room = tables().limits["carry"] - len(self.state["agents"][agent_id]["held"])
        return (CATCH * points if room > 0 else -CATCH * self.held_value(agent_id)) - \
            TRAP * trap

    # -- the worth of each action -------------------------------------------------------
    def worth(self, action: dict) -> float:
        return getattr(self, f"w_{action['type']}", lambda a: 0.0)(action)

    def w_end_turn(self, action) -> float:
        return 0.0

    def w_done(self, action) -> float:
        return -1.0  # spawn while one can

    def w_spawn(self, action) -> float:
        roster = self.state["players"][self.seat]["roster"]
        catch = self.falls[action["at"]][0] + sum(self.falls[n][0] for n in
                                                   self.geometry.adjacent[action["at"]])
        return 5 + catch + roster[action["kind"]] * 0.5 - 50 * self.falls[action["at"]][1]

    def w_retire(self, action) -> float:
        agent = self.state["agents"][action["agent"]]
        points = self.held_value(action["agent"])
        score = self.state["players"][self.seat]["score"]
        if score + points >= tables().limits["win"]:
            return 10_000
        if agent["kind"] == "analyst" and len(agent["held"]) < 3 and \
                self.falls[agent["at"]][1] == 0:  # TS-ANALYST: a third piece brings a fourth
            return 10 * points - 40
        return 10 * points - 1 if points else -5

    def arrive_value(self, agent_id: str, to: int) -> float:
        agent = self.state["agents"][agent_id]
        piece = self.state["board"][to]
        value = self.spot_value(to, agent_id)
        held = len(agent["held"])
        if piece is not None:
            tile = self.intel[piece]
            if tile.honeypot:
                return -TRAP * 2
            value += CATCH * tile.value if held < 3 else -CATCH * self.held_value(agent_id)
            held += 1
        carried = self.held_value(agent_id) + (self.intel[piece].value if piece else 0)
        rows = self.geometry.row[to] - self.geometry.row[agent["at"]]
        if held:  # carrying: home to the * tiles
            value += 3 * rows * (1 + carried / 3)
        else:  # empty-handed: up into the falling Intel
            value -= 0.5 * rows
        return value - self.spot_value(agent["at"], agent_id) * (held == 0)

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
        gain = -1.0
        for above in (s for s in self.geometry.up[at] if s != OFF and cells[s] is not None):
            other = next(s for s in self.geometry.down[above] if s != at)
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
