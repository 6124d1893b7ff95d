"""How an attack is likely to end, worked out from the cards alone (R-CMB-3 step by step,
every die weighed by its chance): what the expert's evaluation reads to say how strong the
player about to move threatens to be, at a small fraction of playing the combat out."""

from __future__ import annotations

from companion.games.ats import model as m

SURE = ((1.0, 1.0),)  # (chance, share of the strike's value that lands)
INACCURATE = ((0.5, 0.0), (1 / 3, 0.5), (1 / 6, 1.0))  # R-ATT-9


def strikes(slot) -> tuple:
    return INACCURATE if m.has(slot, "Inaccuracy") else SURE


def landed(value: int, share: float) -> int:
    return value if share == 1.0 else (m.half(value) if share else 0)


def gap_damage(slot, bypass: bool = False) -> float:
    """Expected damage of a strike on a base area (R-CMB-6, R-ATT-4)."""
    atk = m.eff_atk(slot)
    hit = sum(p * landed(atk, s) for p, s in strikes(slot))
    return hit * 0.75 if bypass else hit  # Bypass: half on 1-3 (rounded up: about)


_KNOWN: dict = {}  # (attacker, target) as keys below -> card_attack's answer


def key(slot: dict):
    """What of a slot a combat depends on, when nothing from an Encounter is on it."""
    if slot["mods"] or slot["granted"]:
        return None
    return slot["card"], slot["damage"], slot["disabled"], slot["cloaked"], slot["protector"]


def card_attack(a: dict, t: dict) -> tuple[float, float, float]:
    """(chance the attacker is destroyed, chance the target is, expected roll-over) of an
    attack by slot `a` on slot `t`, the defender self-destructing when that pays."""
    ka, kt = key(a), key(t)
    if ka is None or kt is None:
        return _attack(a, t)
    known = _KNOWN.get((ka, kt))
    if known is None:
        if len(_KNOWN) > 100_000:
            _KNOWN.clear()
        known = _KNOWN[ka, kt] = _attack(a, t)
    return known


def _attack(a: dict, t: dict) -> tuple[float, float, float]:
    live = 0.5 if m.has(t, "Time Shift") else 1.0  # R-ATT-14: cancelled on 4-6
    a_dead, t_dead, over = _fight(a, t)
    if m.has(t, "Self Destruct") and not (m.has(a, "First Strike") or m.has(a, "Disabler")
                                          or m.unit(a) == "Covert"):
        blast = a["damage"] + m.eff_atk(t) >= m.eff_def(a)  # R-ATT-12
        if blast or t_dead > 0.5:
            a_dead, t_dead, over = float(blast), 1.0, 0.0
    return live * a_dead, live * t_dead, live * over


def _fight(a, t) -> tuple[float, float, float]:
    a_dead = t_dead = over = 0.0
    shifts = ((0.5, 30), (0.5, 0)) if m.has(a, "Time Shift") else ((1.0, 0),)
    minus0 = 10 * m.has(a, "Flanking") + 10 * m.has(a, "Infiltration")
    pre = not t["disabled"] and m.can_strike(t, a) and (
        (m.has(t, "Disabler") and not m.has(a, "Disabler")) or
        (m.has(t, "First Strike") and not m.has(a, "First Strike")
         and not m.has(a, "Disabler") and m.unit(a) != "Covert"))
    a_def = m.eff_def(a, t)
    for p_shift, shift in shifts:
        minus = minus0 + shift
        for p_pre, pre_hit in (strikes(t) if pre else ((1.0, None),)):
            p = p_shift * p_pre
            taken = a["damage"]
            if pre_hit is not None:
                taken += landed(m.eff_atk(t), pre_hit)
                if taken >= a_def:
                    a_dead += p
                    continue
                if m.has(t, "Disabler"):
                    p *= 0.5  # 4-6: the attacker is Disabled and does not strike
            remaining = max(0, m.eff_def(t, a, minus) - t["damage"])
            for p_hit, share in strikes(a):
                q = p * p_hit
                dealt = landed(m.eff_atk(a), share)
                if dealt >= m.eff_def(t, a, minus) - t["damage"]:
                    t_dead += q
                    excess = dealt - remaining - 10 * m.has(t, "Early Warning")
                    over += q * max(0, excess)
                    if m.has(t, "Booby-Trapped") and \
                            taken + m.eff_atk(t) >= m.eff_def(a):
                        a_dead += q
                    continue
                counter = (pre_hit is None and m.has(t, "Counterattack")
                           and m.can_strike(t, a) and not m.has(a, "Stealth"))
                if not counter:
                    continue
                if m.has(a, "Disabler"):
                    q *= 0.5  # 4-6: the target is Disabled and cannot strike back
                for p_back, back in strikes(t):
                    if taken + landed(m.eff_atk(t), back) >= a_def:
                        a_dead += q * p_back
    return a_dead, t_dead, over
