"""Combat, step by step exactly as R-CMB-3 orders it (docs/rulings/above-top-secret.md)."""

from __future__ import annotations

from companion.games.ats import model as m
from companion.games.ats.data import defense, encounter


def name_of(slot: dict) -> str:
    return defense(slot["card"])["name"]


class Combat:
    """One declared attack. Slots are looked up again after every step,
    because a card that leaves play leaves its slot empty."""

    def __init__(self, ctx, attacker: int, level: int, target: dict):
        self.ctx, self.state = ctx, ctx.state
        self.p, self.la = attacker, level
        self.q = target["player"]
        self.lt = target.get("level")
        self.area = target.get("area")
        self.bypass = bool(target.get("bypass"))
        self.minus = 0  # combat-only DEF modifiers on the target (R-CMB-2)
        self.target_struck = False  # R-ATT-6: a target that pre-struck does not counter

    # -- lookups ----------------------------------------------------------------------
    def slot(self, seat: int, level: int):
        return self.state["players"][seat]["line"][level - 1]

    @property
    def a(self):
        return self.slot(self.p, self.la)

    @property
    def t(self):
        return self.slot(self.q, self.lt) if self.lt else None

    def player(self, seat):
        return self.state["players"][seat]

    # -- the whole combat (generators: `yield from` wherever a player may be asked) ----
    def run(self):
        ctx, a = self.ctx, self.a
        target_text = (f"{self.player(self.q)['name']}'s {self.area}" if self.area else
                       f"{self.player(self.q)['name']}'s {name_of(self.t)}")
        ctx.emit("declared", f"{self.player(self.p)['name']}'s {name_of(a)} attacks "
                 f"{target_text}" + (" (Bypass)" if self.bypass else ""),
                 player=self.p, level=self.la, target=self.q, target_level=self.lt,
                 area=self.area)
        if (yield from self.hold_window()) or (yield from self.defending_time_shift()):
            return self.end(cancelled=True)
        if self.area:
            yield from self.base_attack()
            return self.end()
        if (yield from self.self_destruct()):
            return self.end()
        yield from self.attacking_time_shift()
        yield from self.pre_strike()
        yield from self.attack()
        yield from self.counterattack()
        self.end()

    def hold_window(self):
        """R-ENC-2 / E-08: a held card that cancels an attack declared on you."""
        defender = self.player(self.q)
        for card_id in list(defender["held"]):
            effect = encounter(card_id)["effect"]
            if effect.get("window") != "attack_declared_against_you":
                continue
            use = yield from self.ctx.ask(self.q, "use_held", [True, False],
                               f"use {encounter(card_id)['name']} to cancel this attack?",
                               card=card_id)
            if use:
                defender["held"].remove(card_id)
                defender["enc_discard"].append(card_id)
                self.ctx.emit("cancelled", f"{encounter(card_id)['name']} cancels the attack",
                              player=self.q)
                return True
        return False

    def defending_time_shift(self):
        t = self.t
        if t is None or not m.has(t, "Time Shift"):
            return False
        value = yield from self.ctx.roll(self.q, "defending Time Shift")
        cancel = value >= 4
        self.ctx.emit("rolled", f"Time Shift (defending): rolled {value}"
                      + (", the attack never happened" if cancel else ", no effect"),
                      value=value, player=self.q)
        return cancel

    def self_destruct(self):
        """R-ATT-12."""
        t, a = self.t, self.a
        if not m.has(t, "Self Destruct"):
            return False
        if m.has(a, "First Strike") or m.has(a, "Disabler") or m.unit(a) == "Covert":
            return False
        if not (yield from self.ctx.ask(self.q, "self_destruct", [True, False],
                                        f"self-destruct {name_of(t)}?", level=self.lt)):
            return False
        damage = m.eff_atk(t)
        self.ctx.emit("self_destruct", f"{name_of(t)} self-destructs", player=self.q)
        self.leave_play(self.q, self.lt)
        self.damage_card(self.p, self.la, damage, None, "blast")
        return True

    def attacking_time_shift(self):
        if not m.has(self.a, "Time Shift"):
            return
        value = yield from self.ctx.roll(self.p, "attacking Time Shift")
        if value >= 4:
            self.minus += 30
        self.ctx.emit("rolled", f"Time Shift (attacking): rolled {value}"
                      + (", target -30 DEF" if value >= 4 else ", no effect"), value=value,
                      player=self.p)

    def pre_strike(self):
        """Step 5: Disabler or First Strike on the target strikes first."""
        a, t = self.a, self.t
        if t["disabled"] or not m.can_strike(t, a):
            return
        disabler = m.has(t, "Disabler") and not m.has(a, "Disabler")
        first = (m.has(t, "First Strike") and not m.has(a, "First Strike")
                 and not m.has(a, "Disabler") and m.unit(a) != "Covert")
        if disabler or first:
            self.ctx.emit("first_strike", f"{name_of(t)} strikes first", player=self.q)
            yield from self.strike(self.q, self.lt, self.p, self.la)

    def attack(self):
        a = self.a
        if a is None or a["disabled"]:
            return
        if m.has(a, "Flanking"):
            self.minus += 10
        if m.has(a, "Infiltration"):
            self.minus += 10
        t = self.t
        before_damage = t["damage"]
        before_def = m.eff_def(t, a, self.minus)
        trap = m.has(t, "Booby-Trapped")
        warning = m.has(t, "Early Warning")
        trap_atk = m.eff_atk(t)
        dealt, destroyed = yield from self.strike(self.p, self.la, self.q, self.lt)
        if not destroyed:
            return
        excess = dealt - max(0, before_def - before_damage)
        if warning:
            excess = max(0, excess - 10)
        if excess > 0:
            yield from self.damage_area(self.q, excess, "roll-over")
        if trap and self.a is not None:
            self.ctx.emit("booby_trap", "the Booby-Trapped card explodes", player=self.q)
            self.damage_card(self.p, self.la, trap_atk, None, "booby trap")

    def counterattack(self):
        a, t = self.a, self.t
        if t is None or a is None or t["disabled"] or self.target_struck:
            return
        if not m.has(t, "Counterattack") or not m.can_strike(t, a) or m.has(a, "Stealth"):
            return
        self.ctx.emit("counterattack", f"{name_of(t)} counterattacks", player=self.q)
        yield from self.strike(self.q, self.lt, self.p, self.la)

    def base_attack(self):
        """R-CMB-6 / R-ATT-4: a strike on a base area; no card defends."""
        a = self.a
        value = yield from self.inaccuracy(self.p, a, m.eff_atk(a))
        if self.bypass:
            roll = yield from self.ctx.roll(self.p, "Bypass")
            if roll <= 3:
                value = m.half(value)
            self.ctx.emit("rolled", f"Bypass: rolled {roll}, "
                          + ("half damage" if roll <= 3 else "full damage"), value=roll,
                          player=self.p)
        yield from self.damage_area(self.q, value, "attack", self.area)

    def end(self, cancelled: bool = False) -> None:
        """Step 8: Protector tokens go from the attacker and target."""
        if cancelled:
            return  # R-ATT-14: as if it never happened, for Protector too
        for slot in (self.a, self.t):
            if slot is not None:
                slot["protector"] = False
                slot["touched"] = True

    # -- strikes and damage ---------------------------------------------------------
    def inaccuracy(self, seat, slot, value):
        if not m.has(slot, "Inaccuracy"):
            return value
        roll = yield from self.ctx.roll(seat, "Inaccuracy")
        result = 0 if roll <= 3 else (m.half(value) if roll <= 5 else value)
        self.ctx.emit("rolled", f"Inaccuracy: rolled {roll}, "
                      + ("miss" if roll <= 3 else "half damage" if roll <= 5 else "full hit"),
                      value=roll, player=seat)
        return result

    def strike(self, seat, level, victim, vlevel):
        """One card strikes another (R-GEN-1); returns (damage dealt, destroyed)."""
        striker = self.slot(seat, level)
        self.target_struck = self.target_struck or seat == self.q
        value = yield from self.inaccuracy(seat, striker, m.eff_atk(striker))
        disabler = m.has(striker, "Disabler")
        destroyed = self.damage_card(victim, vlevel, value, striker, "strike")
        victim_slot = self.slot(victim, vlevel)
        if disabler and victim_slot is not None and not victim_slot["disabled"]:
            roll = yield from self.ctx.roll(seat, "Disabler")
            if roll >= 4:
                victim_slot["disabled"] = True
            self.ctx.emit("rolled", f"Disabler: rolled {roll}"
                          + (f", {name_of(victim_slot)} is Disabled" if roll >= 4 else
                             ", no effect"), value=roll, player=seat)
        return value, destroyed

    def damage_card(self, seat, level, amount, striker, how) -> bool:
        """R-CMB-4: damage stays; destroyed when it reaches effective DEF."""
        slot = self.slot(seat, level)
        if slot is None:
            return False
        slot["damage"] += amount
        minus = self.minus if (seat, level) == (self.q, self.lt) else 0
        defence = m.eff_def(slot, striker, minus)
        self.ctx.emit("damaged", f"{name_of(slot)} takes {amount} damage ({how}): "
                      f"{slot['damage']}/{defence}", player=seat, level=level, amount=amount,
                      card=slot["card"], how=how)
        if slot["damage"] >= defence:
            self.ctx.emit("destroyed", f"{name_of(slot)} is destroyed", player=seat,
                          level=level, card=slot["card"],
                          by=striker["card"] if striker else None)
            self.leave_play(seat, level)
            return True
        return False

    def leave_play(self, seat, level) -> None:
        player = self.player(seat)
        player["discard"].append(player["line"][level - 1]["card"])
        player["line"][level - 1] = None

    def damage_area(self, seat, amount, how, area=None):
        player = self.player(seat)
        standing = m.standing_areas(player)
        if not standing or amount <= 0:
            return
        if area is None and len(standing) == 1:
            area = standing[0]
        elif area is None:
            area = yield from self.ctx.ask(
                self.p, "rollover_area", standing,
                f"{amount} damage rolls over: choose {player['name']}'s base area",
                amount=amount, target=seat)
        hit_base(self.ctx, self.state, seat, area, amount, how)


def hit_base(ctx, state, seat, area, amount, how) -> None:
    """Damage to a base area; destroyed at 0 and never beyond (R-CMB-6)."""
    player = state["players"][seat]
    before = player["bases"][area]
    player["bases"][area] = max(0, before - amount)
    ctx.emit("base_damaged", f"{player['name']}'s {area} loses {before - player['bases'][area]}"
             f" HP ({how}): {player['bases'][area]} left", player=seat, area=area,
             amount=before - player["bases"][area], how=how)
    if before > 0 and player["bases"][area] == 0:
        ctx.emit("base_destroyed", f"{player['name']}'s {area} is destroyed", player=seat,
                 area=area)


def combat(ctx, attacker: int, level: int, target: dict):
    return Combat(ctx, attacker, level, target).run()
