"""The greedy player's reading of the table (ai.py): what each piece can hit, what
the enemy can put on it next turn, and what it is worth to its owner, for the base
race and for both alternate objectives. The other ai_* parts score actions on it."""

from __future__ import annotations

from companion.games.aat import model as m

WIN = 10_000.0  # an action that wins the game now
NEAR = 60.0  # an objective piece whose next action wins
MARK_COST = 2.0  # a Mark token spent (AAT-TRAIT-15): one fewer guarded unit or leader to reach
NOWHERE: list = []  # no units (shared: never changed)
# the goals a unit serves without being an objective piece (objective_worth)
PIECE_GOALS = ("evacuation", "viral")


class Reading:
    """Part of Look (ai.py): readings cached for one decision. Look.__init__ sorts the
    units by owner and theater and takes the card memo (ai_memo.py)."""

    __slots__ = ()

    def trait(self, p, name):
        """model.trait: a working trait's value, or None."""
        if "disruption" in p["tokens"]:
            return self.quiet[p["card"]].get(name)
        return self.working[p["card"]].get(name)

    def left(self, p) -> int:
        return self._health[p["card"]] - p["damage"]

    def attack(self, p) -> int:
        return self._attack[p["card"]]

    def here(self, owner: int, theater: str) -> list:
        """`owner`'s units in `theater`, in table order (a list shared: read, never change)."""
        return self._here[owner].get(theater, NOWHERE)

    def base_weight(self, owner: int) -> float:
        """What one point of damage on `owner`'s base is worth: more as it falls."""
        weight = self._weight[owner]
        if weight is None:
            base = self.bases[owner]
            left = self._health[base["card"]] - base["damage"] + self.buffer(owner)
            weight = self._weight[owner] = 3.0 + 45.0 / ((0 if left < 0 else left) + 5)
        return weight

    def buffer(self, owner: int) -> int:
        """Damage `owner`'s leaders can still take for the base while living."""
        most = 0
        health = self._health
        for p in self.leaders[owner]:
            left = health[p["card"]] - p["damage"] - 1
            if left > most:
                most = left
        return most

    def guarded(self, owner: int, theater: str) -> bool:
        key = (owner, theater)
        found = self._guarded.get(key)
        if found is None:
            found = False
            working, quiet = self.working, self.quiet
            for u in self._here[owner].get(theater, NOWHERE):
                if (quiet if "disruption" in u["tokens"] else working)[u["card"]].get(
                        "Defender"):
                    found = True
                    break
            self._guarded[key] = found
        return found

    def blockers(self, q: dict, theater: str | None = None) -> list:
        """The enemy pieces keeping unit `q` (in `theater`, by default its own) off the
        enemy base in that theater: the same for every unit of its card and owner there
        (the traits read, Fighter and Capital, work under Disruption too), and for
        every card as much a Fighter and a Capital unit as it."""
        key = (q["card"], theater or q["theater"], q["owner"])
        out = self._block.get(key)
        if out is None:
            out = self._block[key] = self._blockers(q, key[1])
        return out

    def _blockers(self, q: dict, theater: str) -> list:
        foe = 1 - q["owner"]
        if theater != self.bases[foe]["theater"]:
            return []
        mine = self.working[q["card"]]
        fighter, capital = bool(mine.get("Fighter")), bool(mine.get("Capital"))
        key = (foe, theater, fighter, capital)  # (the card's keys hold a card id first)
        out = self._block.get(key)
        if out is None:
            out = self._block[key] = []
            working, quiet = self.working, self.quiet
            for u in self._here[foe].get(theater, NOWHERE):
                theirs = (quiet if "disruption" in u["tokens"] else working)[u["card"]]
                if theirs.get("Defender") or (fighter and theirs.get("Fighter")) or (
                        capital and theirs.get("Capital")):
                    out.append(u)
        return out

    def can_hit_at(self, e: dict, t: dict, theater: str) -> bool:
        """May `e` (in `theater`) attack unit `t` were it standing there?"""
        if "disruption" in e["tokens"]:
            return False
        reach = self.memo.reach(e, t)
        if reach == "guarded":  # behind a working Defender, unless a Mark passes it
            return not self.guarded(t["owner"], theater) or bool(e["tokens"].get("mark"))
        return reach

    def hit(self, e: dict, t: dict) -> int:
        """Damage an attack of `e` puts through on unit `t` (Armor, not Stealth)."""
        return self.memo.hit(e, t, t["theater"])

    def incoming(self, t: dict, theater: str) -> int:
        """What the enemy of unit `t` in `theater` can put on it there, by their cards
        (before Stealth and Shield): can_hit_at and hit, read from the memo's tables
        for `t`'s card (one lookup an enemy, two for one that reaches `t` only past
        its guard)."""
        total = 0
        memo = self.memo
        always, past_guard = memo.onto(t, theater)
        guarded = None
        for e in self._here[1 - t["owner"]].get(theater, NOWHERE):
            tokens = e["tokens"]
            if "disruption" in tokens:
                continue
            card = e["card"]
            try:  # (the tables are filled once a rules engine: they mostly hold it)
                total += always[card]
                continue
            except KeyError:
                pass
            hit = past_guard.get(card)
            if hit is None:
                reach = memo.reach(e, t)
                if reach is not True and reach is not False:  # "guarded"
                    hit = past_guard[card] = memo.hit(e, t, theater)
                else:
                    always[card] = value = memo.hit(e, t, theater) if reach else 0
                    total += value
                    continue
            if not tokens.get("mark"):
                if guarded is None:
                    guarded = self.guarded(t["owner"], theater)
                if guarded:
                    continue
            total += hit
        return total

    def danger(self, t: dict) -> int:
        """What the enemy of `t` can put on it in its next turn (Stealth and Shield
        taken off), or the damage it takes now when it is that enemy's turn."""
        uid = t["uid"]
        found = self._danger.get(uid)
        if found is None:
            total = self.incoming(t, t["theater"])
            tokens = t["tokens"]
            if total and tokens.get("stealth", 0):
                total = total - 2 if total > 2 else 0  # (max(0, total - 2), no call)
            total -= tokens.get("shield", 0)
            found = self._danger[uid] = total if total > 0 else 0
        return found

    def doomed(self, t: dict) -> bool:
        return self.danger(t) >= self.left(t)

    def survives_in(self, p: dict, theater: str) -> bool:
        """Would `p` live through the enemy's next turn in `theater`?"""
        total = self.incoming(p, theater)
        tokens = p["tokens"]
        if total and tokens.get("stealth", 0):
            total = max(0, total - 2)
        return total - tokens.get("shield", 0) < self.left(p)

    def survival(self, p: dict, theater: str) -> float:
        """How much of unit `p` (or a card about to be deployed) is likely to be
        left to act after the enemy's turn in `theater`: a unit walking into more
        guns than it has health mostly just dies (AAT-TURN-5: it does not act first)."""
        incoming = self.incoming(p, theater)
        if not incoming:
            return 1.0
        tokens = p["tokens"]
        card = self.cards[p["card"]]
        stealth = tokens.get("stealth", 0) or (p["uid"] == "?" and "Stealth" in card["traits"])
        if stealth:
            incoming = max(0, incoming - 2)
        left = card["health"] - p["damage"] + tokens.get("shield", 0)
        if incoming >= left:
            return 0.45
        return 1.0 - 0.3 * incoming / left

    def worth(self, p: dict) -> float:
        found = self._worth.get(p["uid"])
        if found is None:
            found = self._worth[p["uid"]] = self.compute_worth(p)
        return found

    def compute_worth(self, p: dict) -> float:
        card_id = p["card"]
        card = self.cards[card_id]
        if p["kind"] == "leader":
            return 4 + 2 * len(card["orders"]) + 0.5 * (card["health"] - p["damage"]) + (
                4 if "Command" in card["traits"] else 0)
        owner = p["owner"]
        foe = 1 - owner
        theater = p["theater"]
        w = self.agent.worth.get(card_id)  # (agent.value, its cache read here)
        if w is None:
            w = self.agent.value(self.rules, card_id)
        disrupted = "disruption" in p["tokens"]
        if disrupted:
            w *= 0.6
        attack = card["attack"]
        if attack and not disrupted:
            if theater == self.bases[foe]["theater"]:
                reach = 0.35 if self.blockers(p) else 1.0
                w += attack * self.base_weight(foe) * reach * (
                    1 + (self.working[card_id].get("Repeater") or 0))
            # what it keeps off its own base and objective
            elif self._here[foe].get(theater):
                w += attack
        goal = self.goals[owner]
        if goal in PIECE_GOALS or p.get("objective"):
            w += self.objective_worth(p, owner, goal)
        else:
            w += 0.0  # what objective_worth says of any other piece
        if (self.quiet if disrupted else self.working)[card_id].get("Defender") and \
                theater == self.bases[owner]["theater"]:
            attacks, total = self._attack, 0  # (ints: the sum in any order)
            for u in self._here[foe].get(theater, NOWHERE):
                total += attacks[u["card"]]
            total = 1.2 * total  # (min(12, total), no call)
            w += total if total < 12 else 12
        return w

    def objective_worth(self, p: dict, owner: int, goal: str) -> float:
        """How much `p` does for its owner's alternate objective."""
        if p.get("objective"):
            tokens = p["tokens"]
            if goal == "crack":
                return 400.0 if "disruption" not in tokens else 80.0 + 20 * (
                    2 - min(2, tokens.get("disruption", 0)))
            need = m.WIN_TOKENS - self.state["players"][owner]["scored"]
            if goal == "signal":
                charge = tokens.get("charge", 0)
                return NEAR if charge >= need else 9.0 + 9 * charge
            if goal == "singularity":
                held = tokens.get("computation", 0)
                return NEAR if held >= 3 and need <= 1 else 7.0 + 5 * held
            if goal == "raid":
                if tokens.get("objective", 0):
                    return NEAR if need <= 1 else 28.0
                return 14.0 if p["theater"] == "Planetside" else 10.0
            return 0.0
        if goal == "evacuation":
            if "Transport" not in self.cards[p["card"]]["types"]:
                return 0.0
            need = m.WIN_TOKENS - self.state["players"][owner]["escaped"]
            if p["planetside"] and p["theater"] == "Space":
                return NEAR if need <= 1 else 26.0
            return 12.0 if p["planetside"] else 5.0
        if goal == "viral" and self.trait(p, "Mainframe"):
            held = p["tokens"].get("computation", 0)
            enemy_base = self.bases[1 - owner]
            on_base = enemy_base["tokens"].get("computation", 0)
            if p["theater"] == enemy_base["theater"] and on_base + held >= m.VIRAL_TOKENS:
                return NEAR
            return 5.0 + 4 * held
        return 0.0

    def objective_here(self, owner: int, theater: str) -> bool:
        """Does any unit of `owner` in `theater` serve its alternate objective?"""
        key = (owner, theater)
        found = self._serving.get(key)
        if found is None:
            goal = self.goals[owner]
            found = False
            every = goal in PIECE_GOALS  # else only objective pieces serve it
            for q in self._here[owner].get(theater, NOWHERE):
                if (every or q.get("objective")) and self.objective_worth(q, owner, goal) > 0:
                    found = True
                    break
            self._serving[key] = found
        return found

    def kill_value(self, t: dict) -> float:
        """What removing enemy piece `t` is worth to me (beyond its own worth: the
        base it unguards, the threat it is to my base and my objective)."""
        found = self._kill.get(t["uid"])
        if found is None:
            found = self._kill[t["uid"]] = self.compute_kill_value(t)
        return found

    def held_off(self, me: int, theater: str) -> dict:
        """My working, attacking units in `theater` that a single enemy piece keeps off
        the enemy base there: that piece's uid -> (the piece, each unit), in table order."""
        key = (me, theater)
        found = self._held_off.get(key)
        if found is None:
            found = self._held_off[key] = {}
            attack = self._attack
            for q in self._here[me].get(theater, NOWHERE):
                if "disruption" not in q["tokens"] and attack[q["card"]]:
                    blocking = self.blockers(q)
                    if len(blocking) == 1:
                        found.setdefault(blocking[0]["uid"], []).append((blocking[0], q))
        return found

    def compute_kill_value(self, t: dict) -> float:
        value = self._worth.get(t["uid"])  # (worth, its cache read here)
        if value is None:
            value = self.worth(t)
        if t["kind"] != "unit":
            return value
        owner, theater = t["owner"], t["theater"]
        me = 1 - owner
        bases, attacks = self.bases, self._attack
        # the one blocker between my unit and the enemy base
        if theater == bases[owner]["theater"]:
            for blocker, q in self.held_off(me, theater).get(t["uid"], ()):
                if blocker is t:
                    value += 0.8 * attacks[q["card"]] * self.base_weight(owner)
        attack = attacks[t["card"]]
        if attack:
            if theater == bases[me]["theater"]:
                reach = 0.4 if self.blockers(t) else 1.0
                value += 0.5 * attack * self.base_weight(me) * reach  # it is coming for me
            if self.objective_here(me, theater):
                value += 2.0 * attack
        if self.goals[me] == "crack":
            value += 2.0  # one more Incident towards the Cracker
        return value
