"""Above Top Secret: the cleanup (R-CLN-1): reinforce, advance clearance, cloak,
discard, pass the Command token."""

from __future__ import annotations

from companion.core.engine import Rejected
from companion.games.ats import model as m
from companion.games.ats.combat import name_of
from companion.games.ats.data import (
    CLEARANCE_COST,
    HAND_LIMIT,
    LEVELS,
    defense,
)


class Cleanup:
    """Part of AtsRules (rules.py)."""

    def begin_cleanup(self, state) -> list[dict]:
        """R-CLN-1 steps 1 and 2 for everyone; then the steps that need choices."""
        state["phase"] = "cleanup"
        state["turn"] = None
        m.expire(state, "cleanup")
        events = [{"kind": "cleanup", "text": f"Cleanup of round {state['round']}"}]
        for seat, player in enumerate(state["players"]):
            for slot in player["line"]:
                if not slot:
                    continue
                slot["disabled"] = slot["cloaked"] = False
                if (not slot["touched"] and not slot["protector"]
                        and slot["placed"] < state["round"] and m.has(slot, "Protector")):
                    slot["protector"] = True
                    events.append({"kind": "protector", "text": f"{player['name']}'s "
                                   f"{name_of(slot)} gains the Protector token",
                                   "player": seat, "card": slot["card"]})
                slot["touched"] = False
                slot["damage"] = 0
        state["cleanup"] = {"step": 3, "pos": 0}
        return events + self.next_cleanup(state)

    def next_cleanup(self, state) -> list[dict]:
        """Find the next player and step that needs a decision (R-CLN-1 3-6)."""
        cleanup = state["cleanup"]
        order = [s for s in state["order"] if not state["players"][s]["out"]]
        while cleanup["step"] <= 6:
            while cleanup["pos"] < len(order):
                seat = order[cleanup["pos"]]
                wait = self.cleanup_wait(state, seat, cleanup["step"])
                if wait:
                    state["await"] = wait
                    return []
                cleanup["pos"] += 1
            cleanup["step"] += 1
            cleanup["pos"] = 0
        return self.pass_command(state)

    def next_player_in_cleanup(self, state) -> list[dict]:
        """Steps 4 and 5 take one decision per player: go on to the next one."""
        state["cleanup"]["pos"] += 1
        return self.next_cleanup(state)

    def cleanup_wait(self, state, seat, step) -> dict | None:
        player = state["players"][seat]
        if step == 3:
            if None not in player["line"] or not player["hand"]:
                return None
            if state["settings"]["cards"] == "tracked":  # any gap, while a card is unknown
                fillable = range(1, 6) if m.UNKNOWN in player["hand"] else ()
            else:
                fillable = {defense(c)["level"] for c in player["hand"]}
            done = state["cleanup"].get("none", {}).get(str(seat), ())
            for level, slot in enumerate(player["line"], start=1):
                if slot is None and level in fillable and level not in done:
                    return {"kind": "reinforce", "player": seat, "level": level}
        elif step == 4:
            if player["clearance"] < 5 and sum(
                    defense(s["card"])["def"] for s in player["line"] if s) >= CLEARANCE_COST[
                    player["clearance"] + 1]:
                return {"kind": "advance", "player": seat}
        elif step == 5:
            if any(m.has(s, "Cloaking") for s in player["line"][:player["clearance"]] if s):
                return {"kind": "cloak", "player": seat}
        elif step == 6 and len(player["hand"]) > HAND_LIMIT:
            return {"kind": "discard", "player": seat}
        return None

    def on_reinforce(self, state, action) -> list[dict]:
        wait = state["await"]
        seat, level = wait["player"], wait["level"]
        player = state["players"][seat]
        card_id = action.get("card")
        if card_id is None and state["settings"]["cards"] == "tracked":
            state["cleanup"].setdefault("none", {}).setdefault(str(seat), []).append(level)
            return self.next_cleanup(state)
        if card_id not in m.hand_choices(state, seat, level):
            raise Rejected("R-CLN-1", f"reinforce level {level} with a level-{level} card "
                           "from your hand")
        m.take_from_hand(player, card_id)
        player["line"][level - 1] = m.new_slot(card_id, state["round"])
        return [{"kind": "reinforced", "text": f"{player['name']} reinforces level {level} "
                 f"with {defense(card_id)['name']}", "player": seat}] + self.next_cleanup(state)

    def on_advance(self, state, action) -> list[dict]:
        seat = state["await"]["player"]
        if action["type"] == "skip":
            return self.next_player_in_cleanup(state)
        levels = action.get("levels")
        levels = tuple(sorted(levels)) if isinstance(levels, list) and all(
            isinstance(lv, int) for lv in levels) else None
        if levels not in self.advance_options(state, seat):
            raise Rejected("R-CLR-3", "discard line cards whose printed DEF reaches the cost")
        player = state["players"][seat]
        for level in levels:
            player["discard"].append(player["line"][level - 1]["card"])
            player["line"][level - 1] = None
        player["clearance"] += 1
        return [{"kind": "advanced", "text": f"{player['name']} advances to clearance "
                 f"{player['clearance']}", "player": seat}] + self.next_player_in_cleanup(state)

    def on_cloak(self, state, action) -> list[dict]:
        seat = state["await"]["player"]
        if action["type"] == "skip":
            return self.next_player_in_cleanup(state)
        player = state["players"][seat]
        level = action.get("level")
        slot = player["line"][level - 1] if level in LEVELS else None
        if not slot:
            raise Rejected("R-ATT-5", "cloak one of your line cards")
        slot["cloaked"] = True
        for lv, s in self.line(state, seat):
            if s and m.has(s, "Cloaking") and lv <= player["clearance"]:
                s["protector"], s["touched"] = False, True
                break
        return [{"kind": "cloaked", "text": f"{player['name']} cloaks {name_of(slot)}",
                 "player": seat}] + self.next_player_in_cleanup(state)

    def on_discard(self, state, action) -> list[dict]:
        seat = state["await"]["player"]
        player = state["players"][seat]
        card_id = action.get("card")
        if card_id not in m.hand_choices(state, seat):
            raise Rejected("R-CLN-1", "discard a card from your hand")
        m.take_from_hand(player, card_id)
        player["discard"].append(card_id)
        return [{"kind": "discarded", "text": f"{player['name']} discards down toward "
                 f"{HAND_LIMIT}", "player": seat}] + self.next_cleanup(state)

    def pass_command(self, state) -> list[dict]:
        """R-CLN-1 step 7 and R-TEAM-1."""
        teams = state["teams"]
        alive = {p["team"] for p in state["players"] if not p["out"]}
        current = state["command"]
        nxt = next(t for t in [(current + i) % len(teams) for i in range(1, len(teams) + 1)]
                   if t in alive)
        if nxt != current:
            state["starters"][nxt] = self.next_starter(state, nxt)
        state["command"] = nxt
        state["round"] += 1
        state["cleanup"] = None
        starter = teams[nxt][state["starters"][nxt]]
        return [{"kind": "command", "text": f"The ATS Command token passes to "
                 f"{state['players'][starter]['name']}", "player": starter}] + \
            self.begin_round(state)

    def next_starter(self, state, team) -> int:
        members = state["teams"][team]
        index = state["starters"][team]
        for step in range(1, len(members) + 1):
            candidate = (index + step) % len(members)
            if not state["players"][members[candidate]]["out"]:
                return candidate
        return index
