"""The order of play of a declared table: phases, turns, rounds, the limits checked as a
turn or round ends, triggers after every action, and the end of the game.

A round begins with its first player and ends when play comes round to them again (the
players out of the game skipped). A trigger fires when its condition becomes true (it
was false before the action), so `score >= 5: +1 coin` pays once, not after every
action; `out` and `end` are the same either way."""

from __future__ import annotations

from companion.declared import model


class Turns:
    """Part of DeclaredRules (rules.py)."""

    # -- prompts ----------------------------------------------------------------------------
    def ask(self, state: dict, prompt: dict) -> None:
        """A prompt (a discard down to a limit) before play goes on; prompts queue."""
        if state["await"] and state["await"]["kind"] != "turn":
            state["queue"].append(prompt)
        else:
            if state["await"]:
                state["queue"].insert(0, state["await"])
            state["await"] = prompt

    def prompt_done(self, state: dict) -> list:
        """The current prompt is answered: the next queued one, or back to the turn."""
        then = state["await"].get("then")
        state["await"] = state["queue"].pop(0) if state["queue"] else self.turn_prompt(state)
        if then == "pass" and state["await"]["kind"] == "turn":
            return self.pass_turn(state, checked=True)
        if then == "round" and state["await"]["kind"] == "turn":
            return self.begin_turn(state, self.turn_seat_after_round(state))
        return []

    def turn_prompt(self, state: dict) -> dict:
        return {"player": state["turn"]["seat"], "kind": "turn"}

    # -- phases and turns -------------------------------------------------------------------
    def next_phase(self, state: dict) -> list:
        turn, seat = state["turn"], state["turn"]["seat"]
        events = self.run(state, self.table.phases[turn["phase"]]["end"], seat)
        if state["ended"] or state["turn"] is not turn or turn["seat"] != seat:
            return events
        if turn["phase"] + 1 < len(self.table.phases):
            turn["phase"] += 1
            phase = self.table.phases[turn["phase"]]
            events.append({"kind": "phase", "text": f"{phase['name']}"})
            return events + self.run(state, phase["start"], seat)
        return events + self.pass_turn(state)

    def pass_turn(self, state: dict, checked: bool = False) -> list:
        """The turn ends: end-of-turn effects and limits, then the next player (or the
        round ends first)."""
        seat = state["turn"]["seat"]
        events = [] if checked else self.run(state, self.table.data["turns"]["end_of_turn"], seat)
        if state["ended"]:
            return events
        if not checked and self.over_limits(state, "end_of_turn", [seat], "pass"):
            return events
        following = self.next_seat(state, seat)
        if following is None:
            return events
        if self.position(state, following) <= self.position(state, seat):
            return events + self.end_round(state)
        return events + self.begin_turn(state, following)

    def end_round(self, state: dict) -> list:
        events = self.run(state, self.table.data["turns"]["end_of_round"], state["turn"]["seat"])
        if state["ended"]:
            return events
        state["turn"]["round"] += 1
        if state["turn"]["round"] > self.table.data["end"]["rounds"]:
            return events + self.finish(state, "round cap")
        if self.over_limits(state, "end_of_round", model.seats_in(state), "round"):
            return events
        return events + self.begin_turn(state, self.turn_seat_after_round(state))

    def turn_seat_after_round(self, state: dict) -> int:
        first = state["turn"]["first"]
        return first if not state["players"][first]["out"] else self.next_seat(state, first)

    def begin_turn(self, state: dict, seat: int) -> list:
        turn = state["turn"]
        turn.update(seat=seat, phase=0, number=turn["number"] + 1)
        state["await"] = self.turn_prompt(state)
        events = [{"kind": "turn", "player": seat,
                   "text": f"{state['players'][seat]['name']}'s turn"}]
        events += self.run(state, self.table.data["turns"]["start_of_turn"], seat)
        if not state["ended"] and turn["seat"] == seat:
            events += self.run(state, self.table.phases[0]["start"], seat)
        return events

    def next_seat(self, state: dict, seat: int) -> int | None:
        """The next player still in, in the declared order (None: nobody else is in)."""
        count, way = len(state["players"]), 1 if self.order == "clockwise" else -1
        for step in range(1, count + 1):
            candidate = (seat + way * step) % count
            if not state["players"][candidate]["out"]:
                return candidate if candidate != seat or step == count else None
        return None

    def position(self, state: dict, seat: int) -> int:
        """How far round the table from the round's first player."""
        way = 1 if self.order == "clockwise" else -1
        return (way * (seat - state["turn"]["first"])) % len(state["players"])

    def over_limits(self, state: dict, moment: str, seats: list, then: str) -> bool:
        """Discard prompts for every player over a limit at `moment`; True when any."""
        asked = False
        for limit in self.table.data["limits"] if state["tracked"] else ():
            if limit["at"] != moment:
                continue
            for seat in seats:
                key = self.table.zone_key(limit["zone"], seat)
                over = len(state["zones"][key]) - limit["max"]
                if over > 0 and self.table.role_key("discard", seat):
                    prompt = {"player": seat, "kind": "discard", "left": over, "from": key,
                              "to": self.table.role_key("discard", seat), "then": None}
                    state["queue"].append(prompt)
                    asked = True
        if asked:
            state["queue"][-1]["then"] = then
            state["await"] = state["queue"].pop(0)
        return asked

    # -- triggers and the end ---------------------------------------------------------------
    def after_action(self, state: dict) -> list:
        """Triggers (on becoming true), the declared end, the last player standing."""
        events, fired = [], []
        for index, trigger in enumerate(self.table.data["triggers"]):
            seats = model.seats_in(state) if trigger["per_player"] else [None]
            for seat in seats:
                key = f"{index}" if seat is None else f"{index}.{seat}"
                scope = state["await"]["player"] if seat is None and state["await"] else seat
                if state["ended"] or not model.holds(self.table, state, trigger["when"], scope):
                    continue
                fired.append(key)
                if key not in state["fired"]:
                    events += self.run(state, [dict(e, why=trigger["when"]) for e in
                                               trigger["do"]], scope)
        state["fired"] = fired
        end = self.table.data["end"]
        if not state["ended"] and end["when"] and model.holds(self.table, state, end["when"],
                                                             None):
            events += self.finish(state, end["when"])
        if not state["ended"] and len(state["players"]) > 1 and \
                len(model.seats_in(state)) <= 1:
            events += self.finish(state, "last player standing")
        return events

    def put_out(self, state: dict, seat: int, why: str = "") -> list:
        if state["players"][seat]["out"]:
            return []
        state["players"][seat]["out"] = True
        events = [{"kind": "out", "player": seat, "text": f"{state['players'][seat]['name']} "
                   f"is out" + (f" ({why})" if why else "")}]
        state["queue"] = [p for p in state["queue"] if p["player"] != seat]
        if state["await"] and state["await"]["player"] == seat and not state["ended"] and \
                len(model.seats_in(state)) > 1:
            if state["turn"]["seat"] == seat:
                state["await"] = self.turn_prompt(state)
                following = self.next_seat(state, seat)
                events += self.begin_turn(state, following)
            else:
                state["await"] = state["queue"].pop(0) if state["queue"] else \
                    self.turn_prompt(state)
        return events

    def finish(self, state: dict, why: str, winners: list | None = None) -> list:
        if state["ended"]:
            return []
        winners = self.winners(state) if winners is None else winners
        state["ended"] = {"winners": winners, "why": why}
        state["await"], state["queue"] = None, []
        names = " and ".join(state["players"][s]["name"] for s in winners)
        return [{"kind": "ended", "text": f"Game over ({why}): " +
                 (f"{names} win{'s' if len(winners) == 1 else ''}" if winners else "a draw")}]

    def winners(self, state: dict) -> list:
        rule = self.table.data["end"]["winner"]
        playing = model.seats_in(state) or list(range(len(state["players"])))
        if rule["rule"] == "last_standing":
            return playing if len(playing) == 1 else []
        values = {s: state["counters"]["seats"][s][rule["counter"]] for s in playing}
        if rule["rule"] == "first_to":
            reached = [s for s, v in values.items() if v >= rule["value"]]
            if reached:
                return reached
        best = (min if rule["rule"] == "lowest" else max)(values.values())
        return [s for s, v in values.items() if v == best]
