"""The greedy player's unit actions (ai.py): attacks, orders (objective orders
included), moves between theaters and Command."""

from __future__ import annotations

from companion.games.aat import model as m
from companion.games.aat.ai_reading import MARK_COST, WIN
from companion.games.aat.reach import Board


class UnitActions:
    """Part of Look (ai.py)."""

    __slots__ = ()

    def unit_action_score(self, action: dict) -> float:
        kind = action["type"]
        if kind == "attack":
            return self.attack_score(action)
        if kind == "order":
            return self.order_score(action)
        if kind == "move":
            return self.move_score(self.state["table"][action["unit"]])
        return 6.0  # undisrupt: the card's only action while disrupted

    def commands(self, action: dict) -> float:
        """A unit with Command instructs others after its first action of the turn
        (AAT-TRAIT-7); a leader's Command is counted in its orders (order_score)."""
        uid = action["unit"]
        value = self._commands.get(uid)
        if value is None:
            p = self.table[uid]
            value = 0.0
            if p["card"] in self.memo.commanders and p["kind"] == "unit" and \
                    not p["commanded"]:  # (few cards have Command)
                value = self.command_value(p)
            self._commands[uid] = value
        return 0.0 if action["type"] == "undisrupt" else value

    def attack_score(self, action: dict) -> float:
        table = self.table
        p, t = table[action["unit"]], table[action["target"]]
        owner = t["owner"]
        if owner == p["owner"]:
            return self.cleanup_score()
        card, kind, theater = t["card"], t["kind"], t["theater"]
        memo = self.memo
        struck = memo.hits.get((p["card"], "disruption" in p["tokens"], card, kind, theater))
        amount = (struck if struck is not None else memo.strike(p, t, theater))[0]  # Armor
        if not amount:
            return -1.0
        cost = MARK_COST if action["mark"] else 0.0
        held = t["tokens"]
        shields = 0
        if held:  # (most targets hold none)
            if "stealth" in held and held["stealth"]:  # (a test's count may be 0)
                return 0.25 * self.kill_value(t) - cost if kind != "base" else 1.0
            shields = held.get("shield", 0)
        dealt = amount - shields if amount > shields else 0
        left = self._health[card] - t["damage"]
        if kind == "base":
            if dealt >= left + self.buffer(owner) + 1:
                return WIN
            return dealt * self.base_weight(owner) + 0.5 * shields
        kill = self._kill.get(t["uid"])  # (kill_value, mostly read already)
        if kill is None:
            kill = self.kill_value(t)
        if dealt >= left:
            score = 6 + kill
        else:
            score = 0.5 * kill * (dealt + 0.3 * shields) / left
            if p["card"] in self.memo.fighters:  # (else retaliation is 0.0)
                return score - cost - self.retaliation(p, t, False)
        return score - cost  # no retaliation (x - 0.0 is x)

    def retaliation(self, p: dict, t: dict, kills: bool) -> float:
        """Point-Defense fires back at an attacking Fighter if it lives (AAT-TRAIT-11)."""
        if kills or not self.trait(p, "Fighter"):
            return 0.0
        value = self.trait(t, "Point-Defense")
        if not value:
            return 0.0
        if m.tokens(p, "stealth"):
            return 0.5
        value = max(0, value - m.tokens(p, "shield"))
        if value >= self.left(p):
            return self.worth(p)
        return 0.4 * self.worth(p) * value / self.left(p)

    def cleanup_score(self) -> float:
        """AAT-OBJ-8: clean up as much as the enemy's next Upload needs, and a token
        now and then when nothing better is on."""
        held = m.tokens(self.bases[self.seat], "computation")
        threat = held + self.upload_potential(self.enemy)
        if threat >= m.VIRAL_TOKENS - 1:
            return 45.0 + 2 * held
        return 1.0 + 0.5 * held

    def upload_potential(self, owner: int) -> int:
        """Computation `owner` could Upload in its next turn: on its Mainframes that
        stand where the enemy base is, plus a little it can compute first."""
        front = self.bases[1 - owner]["theater"]
        frames = [p for p in self.units[owner] if self.trait(p, "Mainframe")
                  and p["theater"] == front]
        if not frames:
            return 0
        held = sum(m.tokens(p, "computation") for p in frames)
        room = sum(m.MAINFRAME_CAP - m.tokens(p, "computation") for p in frames)
        return held + min(room, 2)

    def order_score(self, action: dict) -> float:
        table = self.state["table"]
        p = table[action["unit"]]
        name = action["order"]
        if name == "escape":
            return WIN if self.state["players"][self.seat]["escaped"] >= m.WIN_TOKENS - 1 \
                else 300.0
        if name == "upload":
            return self.upload_score(p)
        source = table[action["leader"]] if action.get("leader") else p
        order = self.cards[source["card"]]["orders"][name]
        score = -1.2 * order["funds"] + self.order_value(source, name, order["effect"])
        if action.get("leader") and not source["commanded"]:
            score += self.command_value(source)
        return score

    def order_value(self, source: dict, name, steps: list) -> float:
        """What an order's steps are worth from `source` where it stands; the same for
        every copy of its card in that theater unless a step reads the source itself
        (a "self" target, an objective order), so kept per card, order and theater."""
        theater = m.theater_of(self.state, source)
        card_id = source["card"]
        if self.memo.reads_source(card_id, name):
            return self.steps_value(steps, source, theater, False, card_id)
        key = (card_id, name, theater)
        value = self._orders.get(key)
        if value is None:
            value = self._orders[key] = self.steps_value(steps, source, theater, False, card_id)
        return value

    def command_value(self, source: dict) -> float:
        """AAT-TRAIT-7: a commander's first action a turn instructs Y units of type X."""
        command = self.trait(source, "Command")
        if not command:
            return 0.0
        able = [p for p in self.units[self.seat] if m.can_act(self.state, p)
                and not p["instructed"] and p is not source
                and command["type"] in self.cards[p["card"]]["types"]]
        return sum(sorted((self.best_unit_action(p) for p in able),
                          reverse=True)[:command["count"]])

    def best_unit_action(self, p: dict) -> float:
        if m.disrupted(p):
            return 2.0
        best = 0.0
        board = self._board  # (the table read for attacks once a decision)
        if board is None:
            board = self._board = Board(self.state, self.rules.facts)
        for uid, mark in self.rules.attack_targets(self.state, p, board):
            score = self.attack_score({"unit": p["uid"], "target": uid, "mark": mark})
            if score > best:  # (max(best, score), no call)
                best = score
        return 40.0 if best > 40.0 else best  # (min(best, 40.0))

    def upload_score(self, p: dict) -> float:
        """AAT-OBJ-8: Upload when it wins this turn or the Mainframe would be lost;
        otherwise keep the tokens aboard (the enemy cannot clean them up there) for
        one burst, unloading a full one only when no Mainframe has room left."""
        held = m.tokens(p, "computation")
        if not held:
            return -5.0
        on_base = m.tokens(self.bases[self.enemy], "computation")
        frames = [q for q in self.units[self.seat] if self.trait(q, "Mainframe")
                  and q["theater"] == p["theater"]]
        ready = sum(m.tokens(q, "computation") for q in frames if q is not p
                    and not q["acted"] and m.can_act(self.state, q))
        if on_base + held + ready >= m.VIRAL_TOKENS:
            return 500.0 + held  # it wins at the end of this turn
        if self.doomed(p):
            return 20.0 + 6 * held
        room = sum(m.MAINFRAME_CAP - m.tokens(q, "computation") for q in frames)
        if held >= m.MAINFRAME_CAP and not room:
            return 8.0 + 2 * held
        return -1.0

    def objective_order_value(self, name: str, source: dict) -> float:
        player = self.state["players"][self.seat]
        need = m.WIN_TOKENS - player["scored"]
        if name == "fire":
            return WIN
        if name == "ascend":
            return WIN if need <= 1 else 150.0
        if name == "load-supplies":
            return 45.0
        charge = m.tokens(source, "charge")
        if name == "transmit":
            if charge >= need:
                return WIN
            if charge >= 2 or (charge and self.doomed(source)):
                return 40.0 * charge
            return -5.0
        if charge >= 2:
            return -5.0
        return 30.0 if not (charge and self.doomed(source)) else 5.0

    def move_score(self, p: dict) -> float:
        goal = self.goal
        there = m.other(p["theater"])
        if p["card"] in self.rules.raiders:  # AAT-OBJ-4
            carrying = m.tokens(p, "objective")
            if p["theater"] == "Planetside":
                if carrying:
                    need = m.WIN_TOKENS - self.state["players"][self.seat]["scored"]
                    return WIN if need <= 1 else 70.0
                return -5.0
            if carrying:
                return -5.0
            return 35.0 if self.survives_in(p, there) else -2.0
        if goal == "evacuation" and m.has_type(self.cards, p, "Transport"):
            if p["theater"] == "Planetside":
                return 32.0 if self.survives_in(p, there) else 14.0
            return -5.0 if p["planetside"] else 10.0
        if goal == "viral" and self.trait(p, "Mainframe"):
            if there == self.front:
                return 12.0 + 4 * m.tokens(p, "computation")
            return -5.0
        return self.position_value(p, there) - self.position_value(p, p["theater"]) - 2.0

    def unless_below(self, action: dict, floor: float) -> float | None:
        """A move's or a Shield or Stealth order's score (Look.score), or None if it is
        surely below `floor`."""
        if action["type"] == "move":
            return self.move_unless_below(action, floor)
        return self.order_unless_below(action, floor)

    def order_unless_below(self, action: dict, floor: float) -> float | None:
        """A unit's Shield or Stealth order (memo.guarding): its step's value on each own
        unit there (unit_step_value) is at most its worth times the share of its health
        that n tokens (twice n for Stealth) guard, times 0.6, the danger (read only
        past this bound) scaling it down; 0.3 for a unit under Stealth already."""
        p = self.table[action["unit"]]
        name = action["order"]
        card = p["card"]
        op, n = self.memo.guarding(card)[name]
        command = self.commands(action)
        guard = 2 * n if op == "stealth" else n
        top = -3.0
        for q in self.pool(self.seat, m.theater_of(self.state, p)):
            if op == "stealth" and q["tokens"].get("stealth"):
                bound = 0.3
            else:  # max(worth, 0.0) * min(1.0, guard / max(1, left)) * 0.6, no calls
                worth, left = self.worth(q), self.left(q)
                share = guard / (left if left > 1 else 1)
                bound = (0.0 if worth < 0.0 else worth) * (
                    share if share < 1.0 else 1.0) * 0.6
            if bound > top:
                top = bound
        top += command - 1.2 * self.cards[card]["orders"][name]["funds"]
        if top + 1e-9 * (1.0 + abs(top)) < floor:  # (a margin far above rounding's)
            return None
        return self.unit_action_score(action) + command

    def move_unless_below(self, action: dict, floor: float) -> float | None:
        """A move's score (Look.score), or None if it is surely below `floor`: in the
        general case (move_score's last line) what the unit does from the other theater,
        less 2 (plus its Command), bounds it from above, as the survival there is at
        most 1 and what it does where it stands (raw_position, survival) at least 0;
        rounding keeps that order, so the bound holds for the floats too."""
        p = self.table[action["unit"]]
        there = m.other(p["theater"])
        if p["card"] in self.rules.raiders or (
                self.goal == "evacuation" and m.has_type(self.cards, p, "Transport")) or (
                self.goal == "viral" and self.trait(p, "Mainframe")):
            return self.move_score(p) + self.commands(action)
        command = self.commands(action)
        raw = self.raw_position(p, there)
        if raw - 2.0 + command < floor:
            return None
        return raw * self.survival(p, there) - self.position_value(p, p["theater"]) - 2.0 + \
            command
