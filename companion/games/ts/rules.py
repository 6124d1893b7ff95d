"""Top-Secret rules engine. Rule ids (TS-*) refer to docs/rulings/top-secret.md, which
this follows exactly.

A turn (TS-TURN): the trickle (trickle.py), spawning (TS-SPAWN), then up to three
actions (moves.py, abilities.py) until the player ends the turn; then blockades and
pins placed by the other player run out (TS-ENGINEER, TS-PIN). The bag and the dice
are the app's (`bag: app`: one tap draws and rolls) or the table's (`bag: physical`:
each draw is entered by its kind, each die by its face)."""

from __future__ import annotations

from companion.core import rng
from companion.core.engine import Rejected, Rules
from companion.core.shapes import Flag, Int, Maybe, Record, Text
from companion.games.ts import SPEC, abilities, moves, trickle
from companion.games.ts.data import tables
from companion.games.ts.invariants import Invariants
from companion.games.ts.model import intel_name, to_bag
from companion.games.ts.reports import Reports
from companion.games.ts.setup import STATE_VERSION, SetupSteps

ACT = {"move", "transfer", "retire", "double", "comms", "smuggle", "pin", "unpin", "take",
       "block", "end_turn"}
ACCEPTS = {"trickle": {"trickle"}, "draw": {"draw"}, "roll": {"roll"},
           "spawn": {"spawn", "done"}, "act": ACT, "analyst_draw": {"draw"},
           "keep": {"keep"}}
AGENT, INTEL, SPACE = Text(), Text(), Int()
ACTIONS = {  # every action's fields, checked by the framework before a rule reads them
    "trickle": Record(), "draw": Record(intel=Text()), "roll": Record(value=Int()),
    "spawn": Record(kind=Text(), at=SPACE), "done": Record(), "end_turn": Record(),
    "keep": Record(keep=Flag()),
    "move": Record(agent=AGENT, to=SPACE), "smuggle": Record(agent=AGENT, to=SPACE),
    "retire": Record(agent=AGENT),
    "transfer": Record(agent=AGENT, intel=INTEL, to=AGENT),
    "double": Record(agent=AGENT, intel=INTEL, to=AGENT),
    "comms": Record(agent=AGENT, intel=INTEL, to=SPACE, pay=Maybe(INTEL)),
    "pin": Record(agent=AGENT, target=AGENT), "unpin": Record(agent=AGENT, target=AGENT),
    "take": Record(agent=AGENT, target=AGENT, intel=INTEL, pay=Maybe(INTEL)),
    "block": Record(agent=AGENT, at=SPACE, pay=Maybe(INTEL)),
}


class TsRules(SetupSteps, Reports, Invariants, Rules):
    save_version = STATE_VERSION
    spec = SPEC
    actions = ACTIONS

    def __init__(self):
        self.tables = tables()
        self.kinds_of = {kind: [a for a, (_, k) in self.tables.agents.items() if k == kind]
                         for kind in self.tables.kinds}

    def start_turn(self, state: dict, seat: int) -> None:
        state["actions"] = self.tables.limits["actions"]
        state["hacked"], state["took"], state["rolling"] = [], [], []
        state["due"] = trickle.draws_due(state)  # TS-DRAW: decided before the first draw
        self.next_trickle_prompt(state, seat)

    def next_trickle_prompt(self, state: dict, seat: int) -> None:
        """App: one tap draws and rolls. Physical: each due draw, then each die."""
        if state["settings"]["bag"] == "app":
            state["await"] = {"kind": "trickle", "player": seat}
        elif state["due"] and state["bag"]:
            state["await"] = {"kind": "draw", "player": seat, "space": state["due"][0]}
        else:
            colour = self.tables.colours[len(state["rolling"])]
            state["await"] = {"kind": "roll", "player": seat, "die": colour}

    # -- what may be done --------------------------------------------------------------------
    def accepts(self, state: dict) -> set[str]:
        return ACCEPTS[state["await"]["kind"]]

    def legal_actions(self, state: dict) -> list[dict]:
        wait = state["await"]
        if wait is None:
            return []
        kind = wait["kind"]
        if kind == "trickle":
            return [{"type": "trickle"}]
        if kind in ("draw", "analyst_draw"):
            return [{"type": "draw", "intel": k} for k in self.kinds_in_bag(state)]
        if kind == "roll":
            return [{"type": "roll", "value": v} for v in range(1, 7)]
        if kind == "spawn":
            return moves.spawn_options(state) + [{"type": "done"}]
        if kind == "keep":
            return [{"type": "keep", "keep": True}, {"type": "keep", "keep": False}]
        listed = moves.listed(state)
        listed += abilities.listed(state)
        listed.append({"type": "end_turn"})
        return listed

    def kinds_in_bag(self, state: dict) -> list[str]:
        return sorted({self.tables.intel[i].kind for i in state["bag"]})

    # -- doing it -------------------------------------------------------------------------------
    def step(self, state: dict, action: dict) -> list[dict]:
        kind, seat = state["await"]["kind"], state["await"]["player"]
        kind_of_action = action["type"]
        if kind == "trickle":
            return self.app_trickle(state, seat)
        if kind == "draw":
            return self.physical_draw(state, action, seat)
        if kind == "roll":
            return self.physical_roll(state, action, seat)
        if kind == "spawn":
            if kind_of_action == "done":
                return self.to_actions(state, seat)
            events = moves.spawn(state, action)
            if not moves.can_spawn(state, seat):
                events += self.to_actions(state, seat)
            return events
        if kind in ("analyst_draw", "keep"):
            return self.analyst_step(state, action, seat)
        return self.act(state, action, seat)

    # -- the trickle --------------------------------------------------------------------------
    def app_trickle(self, state: dict, seat: int) -> list[dict]:
        events = []
        for space in state.pop("due"):
            if state["bag"]:
                pick = state["bag"][rng.randint(state, 0, len(state["bag"]) - 1)]
                events.append(trickle.place(state, space, pick))
        roll = rng.randint(state, 0, 6 ** len(self.tables.colours) - 1)  # six dice at once
        dice = []
        for _ in self.tables.colours:
            roll, face = divmod(roll, 6)
            dice.append(face + 1)
        return events + trickle.resolve(state, dice) + self.after_trickle(state, seat)

    def physical_draw(self, state: dict, action: dict, seat: int) -> list[dict]:
        piece = self.tile_of_kind(state, action.get("intel"), "TS-DRAW")
        events = [trickle.place(state, state["due"].pop(0), piece)]
        self.next_trickle_prompt(state, seat)
        return events

    def tile_of_kind(self, state: dict, kind, rule: str) -> str:
        for piece in state["bag"]:
            if self.tables.intel[piece].kind == kind:
                return piece
        raise Rejected(rule, "name a kind of Intel that is in the bag (colour and value, "
                             "or a colour's Honeypot)")

    def physical_roll(self, state: dict, action: dict, seat: int) -> list[dict]:
        state["rolling"].append(action["value"])  # the face is checked by the framework
        if len(state["rolling"]) < len(self.tables.colours):
            self.next_trickle_prompt(state, seat)
            return []
        dice, state["rolling"], state["due"] = state["rolling"], [], []
        return trickle.resolve(state, dice) + self.after_trickle(state, seat)

    def after_trickle(self, state: dict, seat: int) -> list[dict]:
        if moves.can_spawn(state, seat):
            state["await"] = {"kind": "spawn", "player": seat}
            return []
        return self.to_actions(state, seat)

    def to_actions(self, state: dict, seat: int) -> list[dict]:
        state["await"] = {"kind": "act", "player": seat}
        return []

    # -- actions --------------------------------------------------------------------------------
    def act(self, state: dict, action: dict, seat: int) -> list[dict]:
        kind = action["type"]
        if kind == "end_turn":
            return self.end_turn(state, seat)
        if kind in ("move", "transfer", "retire"):
            events = getattr(moves, kind)(state, action)
            if kind == "retire":
                events += self.after_retire(state, action["agent"], events[-1], seat)
            return events
        return abilities.use(state, action)

    def after_retire(self, state: dict, agent_id: str, retired: dict, seat: int) -> list:
        """TS-WIN first: a retirement that reaches 20 wins at once, and the game is over
        before an Analyst's draw; otherwise an Analyst retiring with three pieces draws
        one more (TS-ANALYST)."""
        won = self.check_win(state)
        if won:
            return won
        kind = self.tables.agents[agent_id][1]
        if kind == "analyst" and retired["count"] == 3 and state["bag"]:
            if state["settings"]["bag"] == "physical":
                state["await"] = {"kind": "analyst_draw", "player": seat}
                return []
            pick = state["bag"][rng.randint(state, 0, len(state["bag"]) - 1)]
            return self.analyst_drawn(state, pick, seat)
        return []

    def analyst_drawn(self, state: dict, piece: str, seat: int) -> list[dict]:
        state["bag"].remove(piece)
        events = [{"kind": "analyst", "intel": piece, "player": seat,
                   "text": f"The Analyst draws {intel_name(piece)}"}]
        if self.tables.intel[piece].honeypot:  # TS-ANALYST: scores nothing, back in the bag
            to_bag(state, piece)
            events[0]["text"] += ": it goes back into the bag"
            state["await"] = {"kind": "act", "player": seat}
            return events + self.check_win(state)
        state["analyst"] = piece
        state["await"] = {"kind": "keep", "player": seat}
        return events

    def analyst_step(self, state: dict, action: dict, seat: int) -> list[dict]:
        if state["await"]["kind"] == "analyst_draw":
            return self.analyst_drawn(state, self.tile_of_kind(state, action.get("intel"),
                                                               "TS-ANALYST"), seat)
        keep = action.get("keep")
        if keep not in (True, False):
            raise Rejected("TS-ANALYST", "keep: true or false")
        piece, state["analyst"] = state["analyst"], None
        player = state["players"][seat]
        state["await"] = {"kind": "act", "player": seat}
        if keep:
            player["score"] += self.tables.intel[piece].value
            player["scored"].append(piece)
            text = f"{player['name']} keeps {intel_name(piece)}: " \
                   f"{self.tables.intel[piece].value} more points"
        else:
            to_bag(state, piece)
            text = f"{player['name']} puts {intel_name(piece)} back into the bag"
        return [{"kind": "kept" if keep else "returned", "intel": piece, "player": seat,
                 "text": text}] + self.check_win(state)

    def check_win(self, state: dict) -> list[dict]:
        """TS-WIN: 20 points wins at once."""
        for seat, player in enumerate(state["players"]):
            if player["score"] >= self.tables.limits["win"]:
                return self.finish(state, seat, f"{player['name']} reaches "
                                   f"{player['score']} points and wins")
        return []

    # -- the end of a turn -------------------------------------------------------------------
    def end_turn(self, state: dict, seat: int) -> list[dict]:
        turn = state["turn"]
        if state["walls"].count(0) != len(state["walls"]):
            state["walls"] = [until if until > turn else 0 for until in state["walls"]]
        if state["pins"]:
            state["pins"] = {a: until for a, until in state["pins"].items() if until > turn}
        for agent in state["agents"].values():
            agent["fresh"] = False
        state["turn"] += 1
        following = 1 - seat
        events = [{"kind": "turn_end", "player": seat,
                   "text": f"{state['players'][seat]['name']} ends the turn"}]
        if following == state["first"]:
            state["round"] += 1
        ended = self.stalled(state)
        if ended:
            return events + ended
        self.start_turn(state, following)
        return events

    def stalled(self, state: dict) -> list[dict]:
        """TS-END: no one can score any more, or the last round is over."""
        if not state["agents"] and not any(any(p["roster"].values())
                                           for p in state["players"]):
            return self.by_points(state, "no agent is left to score")
        if state["round"] > self.tables.limits["rounds"]:
            return self.by_points(state, f"round {self.tables.limits['rounds']} is over")
        return []

    def by_points(self, state: dict, why: str) -> list[dict]:
        scores = [p["score"] for p in state["players"]]
        if scores[0] == scores[1]:
            return self.finish(state, None, f"{why}: {scores[0]} : {scores[1]}, a draw")
        winner = 0 if scores[0] > scores[1] else 1
        return self.finish(state, winner, f"{why}: {scores[0]} : {scores[1]}, "
                           f"{state['players'][winner]['name']} wins")

    def finish(self, state: dict, winner, text: str) -> list[dict]:
        state["winner"], state["ended"], state["await"] = winner, text, None
        return [{"kind": "game_over", "text": text}]
