"""Combat, step by step exactly as R-CMB-3 orders it (docs/rulings/above-top-secret.md),
as a task on the state's task stack (core.tasks.Steps): each step gathers its die or
its player's choice first, then changes the table, so a combat waiting for a real die
or a choice is carried on from the state alone. A strike (R-GEN-1) runs as steps of
the combat that started it (`strike`, returning to `task["then"]`)."""

from __future__ import annotations

from companion.core.tasks import WAIT, Steps
from companion.games.ats import model as m
from companion.games.ats.data import defense, encounter


def name_of(slot: dict) -> str:
    return defense(slot["card"])["name"]


def physical(state: dict) -> bool:
    """Whether the players roll real dice and enter the results (R-DIE-1)."""
    return state["settings"]["dice"] == "physical"


def combat_task(attacker: int, level: int, target: dict) -> dict:
    """One declared attack: `minus` is the combat-only DEF modifier on the target
    (R-CMB-2); `struck`, whether the target has struck (R-ATT-6: then no counter)."""
    return COMBAT.task("combat", p=attacker, la=level, q=target["player"],
                       lt=target.get("level"), area=target.get("area"),
                       bypass=bool(target.get("bypass")), minus=0, struck=False)


class Combat(Steps):
    """Slots are looked up again at every step: a card that leaves play leaves its slot
    empty."""

    first = "declare"

    # -- lookups ------------------------------------------------------------------------
    @staticmethod
    def slot(state, seat: int, level: int):
        return state["players"][seat]["line"][level - 1]

    def a(self, state, task):
        return self.slot(state, task["p"], task["la"])

    def t(self, state, task):
        return self.slot(state, task["q"], task["lt"]) if task["lt"] else None

    # -- the whole combat ----------------------------------------------------------------
    def declare(self, state, task, events):
        players, a = state["players"], self.a(state, task)
        target = (f"{players[task['q']]['name']}'s {task['area']}" if task["area"] else
                  f"{players[task['q']]['name']}'s {name_of(self.t(state, task))}")
        events.append({"kind": "declared", "text": f"{players[task['p']]['name']}'s "
                       f"{name_of(a)} attacks {target}" + (" (Bypass)" if task["bypass"]
                                                          else ""),
                       "player": task["p"], "level": task["la"], "target": task["q"],
                       "target_level": task["lt"], "area": task["area"]})
        task["held"], task["i"] = list(players[task["q"]]["held"]), 0
        return "hold_window"

    def hold_window(self, state, task, events):
        """R-ENC-2 / E-08: a held card that cancels an attack declared on you."""
        defender = state["players"][task["q"]]
        while task["i"] < len(task["held"]):
            card_id = task["held"][task["i"]]
            if encounter(card_id)["effect"].get("window") != "attack_declared_against_you":
                task["i"] += 1
                continue
            use = self.ask(state, task, f"use{task['i']}", task["q"], "use_held",
                           [True, False], f"use {encounter(card_id)['name']} to cancel this "
                           "attack?", card=card_id)
            if use is None:
                return WAIT
            task["i"] += 1
            if use:
                defender["held"].remove(card_id)
                defender["enc_discard"].append(card_id)
                events.append({"kind": "cancelled", "text": f"{encounter(card_id)['name']} "
                               "cancels the attack", "player": task["q"]})
                return None  # R-ATT-14: as if it never happened, for Protector too
        return "defending_time_shift"

    def defending_time_shift(self, state, task, events):
        t = self.t(state, task)
        if t is not None and m.has(t, "Time Shift"):
            value = self.roll(state, task, "roll", task["q"], "defending Time Shift",
                              physical(state))
            if value is None:
                return WAIT
            events.append({"kind": "rolled", "text": f"Time Shift (defending): rolled {value}"
                           + (", the attack never happened" if value >= 4 else
                              ", no effect"), "value": value, "player": task["q"]})
            if value >= 4:
                return None  # cancelled: nothing of the attack remains (R-ATT-14)
        return "base_attack" if task["area"] else "self_destruct"

    def self_destruct(self, state, task, events):
        """R-ATT-12."""
        t, a = self.t(state, task), self.a(state, task)
        if not m.has(t, "Self Destruct") or m.has(a, "First Strike") or \
                m.has(a, "Disabler") or m.unit(a) == "Covert":
            return "attacking_time_shift"
        blow = self.ask(state, task, "blow", task["q"], "self_destruct", [True, False],
                        f"self-destruct {name_of(t)}?", level=task["lt"])
        if blow is None:
            return WAIT
        if not blow:
            return "attacking_time_shift"
        damage = m.eff_atk(t)
        events.append({"kind": "self_destruct", "text": f"{name_of(t)} self-destructs",
                       "player": task["q"]})
        leave_play(state, task["q"], task["lt"])
        self.damage_card(state, task, events, task["p"], task["la"], damage, None, "blast")
        return "end"

    def attacking_time_shift(self, state, task, events):
        if m.has(self.a(state, task), "Time Shift"):
            value = self.roll(state, task, "roll", task["p"], "attacking Time Shift",
                              physical(state))
            if value is None:
                return WAIT
            if value >= 4:
                task["minus"] += 30
            events.append({"kind": "rolled", "text": f"Time Shift (attacking): rolled {value}"
                           + (", target -30 DEF" if value >= 4 else ", no effect"),
                           "value": value, "player": task["p"]})
        return "pre_strike"

    def pre_strike(self, state, task, events):
        """Step 5: Disabler or First Strike on the target strikes first."""
        a, t = self.a(state, task), self.t(state, task)
        if t["disabled"] or not m.can_strike(t, a):
            return "attack"
        disabler = m.has(t, "Disabler") and not m.has(a, "Disabler")
        first = (m.has(t, "First Strike") and not m.has(a, "First Strike")
                 and not m.has(a, "Disabler") and m.unit(a) != "Covert")
        if not (disabler or first):
            return "attack"
        return self.target_strikes(task, events, t, "first_strike", "strikes first", "attack")

    def attack(self, state, task, events):
        a = self.a(state, task)
        if a is None or a["disabled"]:
            return "counterattack"
        if m.has(a, "Flanking"):
            task["minus"] += 10
        if m.has(a, "Infiltration"):
            task["minus"] += 10
        t = self.t(state, task)
        task["before"] = {"damage": t["damage"], "def": m.eff_def(t, a, task["minus"]),
                          "trap": m.has(t, "Booby-Trapped"),
                          "warning": m.has(t, "Early Warning"), "trap_atk": m.eff_atk(t)}
        return self.strike(task, task["p"], task["la"], task["q"], task["lt"], "roll_over")

    def roll_over(self, state, task, events):
        before, struck = task["before"], task["strike"]
        if not struck["destroyed"]:
            return "counterattack"
        excess = struck["value"] - max(0, before["def"] - before["damage"])
        if before["warning"]:
            excess = max(0, excess - 10)
        if excess > 0 and self.damage_area(state, task, events, task["q"], excess,
                                           "roll-over") is WAIT:
            return WAIT
        if before["trap"] and self.a(state, task) is not None:
            events.append({"kind": "booby_trap", "text": "the Booby-Trapped card explodes",
                           "player": task["q"]})
            self.damage_card(state, task, events, task["p"], task["la"], before["trap_atk"],
                             None, "booby trap")
        return "counterattack"

    def counterattack(self, state, task, events):
        a, t = self.a(state, task), self.t(state, task)
        if t is None or a is None or t["disabled"] or task["struck"]:
            return "end"
        if not m.has(t, "Counterattack") or not m.can_strike(t, a) or m.has(a, "Stealth"):
            return "end"
        return self.target_strikes(task, events, t, "counterattack", "counterattacks", "end")

    def base_attack(self, state, task, events):
        """R-CMB-6 / R-ATT-4: a strike on a base area; no card defends."""
        a = self.a(state, task)
        value = self.inaccuracy(state, task, events, task["p"], a, m.eff_atk(a))
        if value is WAIT:
            return WAIT
        task["value"] = value
        return "bypass"

    def bypass(self, state, task, events):
        if task["bypass"]:
            roll = self.roll(state, task, "roll", task["p"], "Bypass", physical(state))
            if roll is None:
                return WAIT
            if roll <= 3:
                task["value"] = m.half(task["value"])
            events.append({"kind": "rolled", "text": f"Bypass: rolled {roll}, " +
                           ("half damage" if roll <= 3 else "full damage"), "value": roll,
                           "player": task["p"]})
        return "base_hit"

    def base_hit(self, state, task, events):
        self.damage_area(state, task, events, task["q"], task["value"], "attack", task["area"])
        return "end"

    def end(self, state, task, events):
        """Step 8: Protector tokens go from the attacker and target."""
        for slot in (self.a(state, task), self.t(state, task)):
            if slot is not None:
                slot["protector"] = False
                slot["touched"] = True
        return None

    # -- strikes and damage ---------------------------------------------------------------
    def target_strikes(self, task, events, t, kind: str, words: str, then: str) -> str:
        """The target card strikes the attacking one (first, or in return)."""
        events.append({"kind": kind, "text": f"{name_of(t)} {words}", "player": task["q"]})
        return self.strike(task, task["q"], task["lt"], task["p"], task["la"], then)

    @staticmethod
    def strike(task, seat, level, victim, vlevel, then: str) -> str:
        """One card strikes another (R-GEN-1): the steps strike_roll, strike_hit and
        strike_disabler, then `then`; task["strike"] keeps (value dealt, destroyed)."""
        task["strike"] = {"seat": seat, "level": level, "victim": victim, "vlevel": vlevel}
        task["then"] = then
        return "strike_roll"

    def strike_roll(self, state, task, events):
        s = task["strike"]
        striker = self.slot(state, s["seat"], s["level"])
        task["struck"] = task["struck"] or s["seat"] == task["q"]
        value = self.inaccuracy(state, task, events, s["seat"], striker, m.eff_atk(striker))
        if value is WAIT:
            return WAIT
        s["value"] = value
        return "strike_hit"

    def strike_hit(self, state, task, events):
        s = task["strike"]
        striker = self.slot(state, s["seat"], s["level"])
        s["disabler"] = m.has(striker, "Disabler")
        s["destroyed"] = self.damage_card(state, task, events, s["victim"], s["vlevel"],
                                          s["value"], striker, "strike")
        return "strike_disabler"

    def strike_disabler(self, state, task, events):
        s = task["strike"]
        victim_slot = self.slot(state, s["victim"], s["vlevel"])
        if s["disabler"] and victim_slot is not None and not victim_slot["disabled"]:
            roll = self.roll(state, task, "roll", s["seat"], "Disabler", physical(state))
            if roll is None:
                return WAIT
            if roll >= 4:
                victim_slot["disabled"] = True
            events.append({"kind": "rolled", "text": f"Disabler: rolled {roll}"
                           + (f", {name_of(victim_slot)} is Disabled" if roll >= 4 else
                              ", no effect"), "value": roll, "player": s["seat"]})
        return task["then"]

    def inaccuracy(self, state, task, events, seat, slot, value):
        """A card with Inaccuracy rolls for how much of its attack lands (WAIT: asked)."""
        if not m.has(slot, "Inaccuracy"):
            return value
        roll = self.roll(state, task, "inaccuracy", seat, "Inaccuracy", physical(state))
        if roll is None:
            return WAIT
        result = 0 if roll <= 3 else (m.half(value) if roll <= 5 else value)
        events.append({"kind": "rolled", "text": f"Inaccuracy: rolled {roll}, " +
                       ("miss" if roll <= 3 else "half damage" if roll <= 5 else "full hit"),
                       "value": roll, "player": seat})
        return result

    def damage_card(self, state, task, events, seat, level, amount, striker, how) -> bool:
        """R-CMB-4: damage stays; destroyed when it reaches effective DEF."""
        slot = self.slot(state, seat, level)
        if slot is None:
            return False
        slot["damage"] += amount
        minus = task["minus"] if (seat, level) == (task["q"], task["lt"]) else 0
        defence = m.eff_def(slot, striker, minus)
        events.append({"kind": "damaged", "text": f"{name_of(slot)} takes {amount} damage "
                       f"({how}): {slot['damage']}/{defence}", "player": seat, "level": level,
                       "amount": amount, "card": slot["card"], "how": how})
        if slot["damage"] >= defence:
            events.append({"kind": "destroyed", "text": f"{name_of(slot)} is destroyed",
                           "player": seat, "level": level, "card": slot["card"],
                           "by": striker["card"] if striker else None})
            leave_play(state, seat, level)
            return True
        return False

    def damage_area(self, state, task, events, seat, amount, how, area=None):
        """Damage to a base area: the attacker picks which when it rolls over (WAIT)."""
        player = state["players"][seat]
        standing = m.standing_areas(player)
        if not standing or amount <= 0:
            return None
        if area is None and len(standing) == 1:
            area = standing[0]
        elif area is None:
            area = self.ask(state, task, "area", task["p"], "rollover_area", standing,
                            f"{amount} damage rolls over: choose {player['name']}'s base "
                            "area", amount=amount, target=seat)
            if area is None:
                return WAIT
        hit_base(state, events, seat, area, amount, how)
        return None


def leave_play(state, seat, level) -> None:
    player = state["players"][seat]
    player["discard"].append(player["line"][level - 1]["card"])
    player["line"][level - 1] = None


def hit_base(state, events, seat, area, amount, how) -> None:
    """Damage to a base area; destroyed at 0 and never beyond (R-CMB-6)."""
    player = state["players"][seat]
    before = player["bases"][area]
    player["bases"][area] = max(0, before - amount)
    events.append({"kind": "base_damaged", "text": f"{player['name']}'s {area} loses "
                   f"{before - player['bases'][area]} HP ({how}): {player['bases'][area]} left",
                   "player": seat, "area": area, "amount": before - player["bases"][area],
                   "how": how})
    if before > 0 and player["bases"][area] == 0:
        events.append({"kind": "base_destroyed", "text": f"{player['name']}'s {area} is "
                       "destroyed", "player": seat, "area": area})


COMBAT = Combat()
