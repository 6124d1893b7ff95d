"""The order of play: phases, turns, rounds, the limits checked as a turn or a round
ends, the triggers checked after every action, and the end of the game.

A round is every player still in taking one turn, from `turn.first` (an addition to
docs/save-format.md: the seat the round began with, so a round ends however many go
out). Triggers fire when their `when` becomes true (it did not hold after the previous
action: `state["holding"]`, an addition), not again after every action while it stays
true: "score >= 5 gives a coin" gives one coin, as a designer means it. Triggers are
checked again after any fired (one trigger's effect may make another true), at most
CHAINED times after one action, so two triggers that undo each other cannot loop.

The end (`end.when`) reads like a trigger: when it names a player's own counter or zone
it is checked for every player still in ("score >= 10": anyone's), else once. A round
past the round cap is never begun: the game ends with the round it reached.

Teams (`players.teams`; docs/format.md leaves their end open): a team wins together
(a winner's teammates win with them, those out too), and the last team standing wins,
however many of its players are still in. The players' own `finish` names its winners
as they are."""

from __future__ import annotations

from companion.declared.model import distance, holds, next_seat, order, seats_in, value

ROUND_CAP = "round cap"
CHAINED = 8  # passes of the triggers after one action (each pass: every trigger once)


class Turns:
    """Part of DeclaredRules (rules.py)."""

    def turn_prompt(self, state: dict) -> dict:
        return {"player": state["turn"]["seat"], "kind": "turn"}

    def phase(self, state: dict) -> dict:
        return self.decl.phases[state["turn"]["phase"]]

    def advance_phase(self, state: dict) -> list:
        """The `phase` action: the next phase; after the last, the turn passes."""
        turn = state["turn"]
        if turn["phase"] + 1 >= len(self.decl.phases):
            return self.pass_turn(state)
        events = self.run(state, self.phase(state)["end"], turn["seat"])
        turn["phase"] += 1
        turn.pop("done", None)  # a phase's `max` counts within the phase
        events.append({"kind": "phase", "text": f"{self.phase(state)['name']}"})
        return events + self.run(state, self.phase(state)["start"], turn["seat"])

    def over_limit(self, state: dict, at: str, seat: int) -> list[dict]:
        """The discard prompts the limits `at` a turn's or a round's end ask of a seat."""
        if not state["tracked"]:
            return []
        prompts = []
        for limit in self.decl.table["limits"]:
            if limit["at"] != at:
                continue
            key = self.decl.key(limit["zone"], seat)
            excess = len(state["zones"][key]) - limit["max"]
            to = self.decl.role_key("discard", seat)
            if excess > 0 and to is not None:
                prompts.append({"player": seat, "kind": "discard", "left": excess,
                                "from": key, "to": to, "then": None})
        return prompts

    def pass_turn(self, state: dict) -> list:
        """The turn ends: a limit over first (the player discards down, then this goes
        on), the phase's and the turn's end effects, then the next turn."""
        seat = state["turn"]["seat"]
        prompts = self.over_limit(state, "end_of_turn", seat)
        if prompts:
            return self.open(state, prompts, "pass")
        events = self.run(state, self.phase(state)["end"], seat)
        events += self.run(state, self.decl.table["turns"]["end_of_turn"], seat)
        return events + self.next_turn(state)

    def open(self, state: dict, prompts: list, then: str) -> list:
        """Prompts asked one after another; the last one's `then` goes on afterwards."""
        prompts[-1]["then"] = then
        state["await"], *rest = prompts
        state["queue"] += rest
        return [{"kind": "limit", "seat": p["player"],
                 "text": f"{state['players'][p['player']]['name']} discards down to the "
                         f"limit ({p['left']} to discard)"} for p in prompts]

    def next_turn(self, state: dict) -> list:
        """The seat after the one in turn plays next; past the round's last, the round ends."""
        if state["ended"] is not None:
            return []
        seat = state["turn"]["seat"]
        after = next_seat(state, self.decl, seat)
        if after is None and not state["players"][seat]["out"]:
            after = seat  # a game for one: each of its turns is a round
        if after is None:
            return self.check_end(state)
        first = state["turn"]["first"]
        if distance(state, self.decl, first, after) <= distance(state, self.decl, first, seat):
            prompts = [p for s in order(state, self.decl, after)
                       for p in self.over_limit(state, "end_of_round", s)]
            if prompts:
                return self.open(state, prompts, "round")
            return self.finish_round(state)
        return self.start_turn(state, after)

    def finish_round(self, state: dict) -> list:
        turn = state["turn"]
        events = self.run(state, self.decl.table["turns"]["end_of_round"], turn["seat"])
        if state["ended"] is not None:
            return events
        if turn["round"] >= self.decl.table["end"]["rounds"]:
            return events + self.finish(state, self.winners(state), ROUND_CAP)
        turn["round"] += 1
        events += self.check_end(state)  # "round > 6": over before round 7's first turn
        if state["ended"] is not None:
            return events
        after = next_seat(state, self.decl, turn["seat"])
        if after is None:
            after = turn["seat"]
        turn["first"] = after
        events.append({"kind": "round", "text": f"Round {turn['round']}"})
        return events + self.start_turn(state, after)

    def start_turn(self, state: dict, seat: int) -> list:
        turn = state["turn"]
        turn.update(seat=seat, phase=0, number=turn["number"] + 1)
        turn.pop("done", None)
        state["await"] = self.turn_prompt(state)
        events = [{"kind": "turn", "seat": seat, "text": f"{state['players'][seat]['name']}'s "
                                                       f"turn"}]
        events += self.run(state, self.decl.table["turns"]["start_of_turn"], seat)
        return events + self.run(state, self.phase(state)["start"], seat)

    def after_prompt(self, state: dict) -> list:
        """A discard prompt answered: the next prompt, or the turn again (and what the
        prompt held up: the turn passing, the round ending)."""
        then = state["await"].get("then")
        if state["queue"]:
            state["await"] = state["queue"].pop(0)
            if then:
                last = state["queue"][-1] if state["queue"] else state["await"]
                last["then"] = last["then"] or then
            return []
        state["await"] = self.turn_prompt(state)
        if then == "pass":
            return self.pass_turn(state)
        if then == "round":
            return self.finish_round(state)
        return []

    # -- after every action -----------------------------------------------------------------
    def settle(self, state: dict) -> list:
        """After every action: the triggers, the end, and a seat in turn that went out."""
        events = self.check_triggers(state)
        events += self.check_end(state)
        if state["ended"] is None:
            events += self.drop_prompts_of_the_out(state)
        if state["ended"] is None and state["await"]["kind"] == "turn" and \
                state["players"][state["turn"]["seat"]]["out"]:
            events += self.next_turn(state)
        return events

    def drop_prompts_of_the_out(self, state: dict) -> list:
        """Discard prompts of players who went out are dropped; what the last of them held
        up (the turn passing, the round ending) goes on as if answered."""
        out = [p["out"] for p in state["players"]]
        then = None
        for prompt in state["queue"]:
            if out[prompt["player"]]:
                then = then or prompt["then"]
        state["queue"] = [p for p in state["queue"] if not out[p["player"]]]
        if then and state["queue"]:
            state["queue"][-1]["then"] = state["queue"][-1]["then"] or then
            then = None
        wait = state["await"]
        if wait["kind"] != "discard" or not out[wait["player"]]:
            if then and wait["kind"] == "discard":  # the open one holds it up now
                wait["then"] = wait["then"] or then
            return []
        wait["left"] = 0
        if then:
            wait["then"] = wait["then"] or then
        return self.after_prompt(state)

    def check_triggers(self, state: dict) -> list:
        """The triggers that became true fire; again while one fired (CHAINED at most)."""
        events = []
        for _ in range(CHAINED):
            fired = self.trigger_pass(state, events)
            if not fired or state["ended"] is not None:
                break
        return events

    def trigger_pass(self, state: dict, events: list) -> bool:
        """Every trigger once (per player still in, where it reads a player's own); the
        events added to `events`; whether any fired."""
        before, now, fired = set(state["holding"]), [], False
        for number, trigger in enumerate(self.decl.table["triggers"]):
            scopes = seats_in(state) if trigger["per_player"] else [None]
            for seat in scopes:
                key = f"{number}:{seat}" if seat is not None else str(number)
                scope = seat if seat is not None else state["turn"]["seat"]
                if state["ended"] is not None or not holds(self.decl, state, trigger["when"],
                                                           scope):
                    continue
                now.append(key)
                if key not in before:
                    fired = True
                    events += self.run(state, trigger["do"], scope)
                    if state["ended"] is not None and state["ended"]["why"] == "the rules":
                        state["ended"]["why"] = trigger["when"]
        state["holding"] = now
        return fired

    def check_end(self, state: dict) -> list:
        if state["ended"] is not None:
            return []
        end = self.decl.table["end"]
        if end["when"] and any(holds(self.decl, state, end["when"], seat)
                               for seat in self.end_scopes(state)):
            return self.finish(state, self.winners(state), end["when"])
        winner = end["winner"]
        if winner["rule"] == "first_to":
            reached = [s for s in seats_in(state)
                       if value(state, winner["counter"], s) >= winner["value"]]
            if reached:
                name = self.decl.counters[winner["counter"]]["name"]
                return self.finish(state, self.with_teammates(state, reached),
                                   f"{name} {winner['value']} reached")
        standing = seats_in(state)
        if len(state["players"]) > 1 and len(self.sides(state, standing)) <= 1:
            return self.finish(state, self.with_teammates(state, standing), "last standing")
        return []

    def sides(self, state: dict, seats: list[int]) -> set:
        """The sides the seats are on: their teams, or each seat its own."""
        if not self.decl.table["players"]["teams"]:
            return set(seats)
        return {state["players"][s]["team"] for s in seats}

    def with_teammates(self, state: dict, seats: list[int]) -> list[int]:
        """The seats and, in a game of teams, every seat of their teams."""
        if not self.decl.table["players"]["teams"]:
            return sorted(seats)
        teams = self.sides(state, seats)
        return [s for s, p in enumerate(state["players"]) if p["team"] in teams]

    def end_scopes(self, state: dict) -> list[int]:
        """Whom `end.when` is read for: every player still in when it names a player's own
        counter or zone, else the seat in turn (its value is then the same for all)."""
        if self.decl.end_per_player:
            return seats_in(state)
        return [state["turn"]["seat"]]

    def winners(self, state: dict) -> list[int]:
        """The winners by `end.winner`, among the players still in."""
        rule = self.decl.table["end"]["winner"]
        seats = seats_in(state)
        counter = rule["counter"]
        if rule["rule"] == "last_standing" or not seats or counter is None:
            return self.with_teammates(state, seats)
        values = {s: value(state, counter, s) for s in seats}
        if rule["rule"] == "first_to":
            reached = [s for s in seats if values[s] >= rule["value"]]
            if reached:
                return self.with_teammates(state, reached)
        best = min(values.values()) if rule["rule"] == "lowest" else max(values.values())
        return self.with_teammates(state, [s for s in seats if values[s] == best])

    def finish(self, state: dict, winners: list[int], why: str) -> list:
        state["ended"] = {"winners": sorted(winners), "why": why}
        state["await"] = None
        state["queue"] = []
        names = " and ".join(state["players"][s]["name"] for s in sorted(winners)) or "nobody"
        verb = "wins" if len(winners) == 1 else "win"
        return [{"kind": "end", "winners": sorted(winners),
                 "text": f"The game ends ({why}): {names} {verb}"}]

    def put_out(self, state: dict, seat: int) -> list:
        if state["players"][seat]["out"]:
            return []
        state["players"][seat]["out"] = True
        return [{"kind": "out", "seat": seat,
                 "text": f"{state['players'][seat]['name']} is out of the game"}]
