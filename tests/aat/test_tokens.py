"""Every token (AAT-TOK-*, AAT-GEN-2)."""

from __future__ import annotations


def effect_card(t, step, types=("Tactic",)):
    return t.card(kind="Effect", theaters=(), types=list(types), effect=step)


def test_damage_tokens_stay_and_repair_removes_them(t):
    """AAT-TOK-1: damage stays until a card repairs it."""
    hurt = t.put(0, "Planetside", damage=3, health=5)
    fix = effect_card(t, {"repair": 2, "target": "own-unit"}, ("Support",))
    t.hand(0, fix)
    t.start("deploy")
    t.act({"type": "play", "card": fix})
    t.choose(hurt)
    assert t.damage(hurt) == 1


def test_shields_stop_effect_damage_one_token_a_point(t):
    """AAT-TOK-2: Shields apply to effects too; only as many as needed are removed."""
    foe = t.put(1, "Planetside", tokens={"shield": 5}, health=9)
    hit = effect_card(t, {"damage": 3, "target": "enemy-unit"})
    t.hand(0, hit)
    t.start("deploy")
    t.act({"type": "play", "card": hit})
    t.choose(foe)
    assert t.damage(foe) == 0 and t.tokens(foe, "shield") == 2


def test_stealth_is_spent_only_by_damage(t):
    """AAT-TOK-3: Disruption and other tokens placed by effects do not spend Stealth and
    are not stopped by it; damage of 1 or more is negated and spends one token."""
    foe = t.put(1, "Planetside", tokens={"stealth": 2}, health=9)
    jam = effect_card(t, [{"disrupt": 1, "target": "enemy-unit"},
                          {"damage": 4, "target": "enemy-unit"}])
    t.hand(0, jam)
    t.start("deploy")
    t.act({"type": "play", "card": jam})
    t.choose(foe)
    assert t.tokens(foe, "disruption") == 1 and t.tokens(foe, "stealth") == 2
    t.choose(foe)
    assert t.damage(foe) == 0 and t.tokens(foe, "stealth") == 1


def test_charge_tokens_only_by_card_texts_and_lost_with_the_unit(t):
    """AAT-TOK-4, AAT-GEN-2: tokens leave with the card."""
    beacon = t.put(0, "Planetside", card="NV-08", tokens={"charge": 1}, damage=4)
    gun = t.put(1, "Planetside", attack=1)
    t.start(current=1, spare=True)
    t.attack(gun, beacon)
    assert t.piece(beacon) is None


def test_disruption_stops_orders_and_protection_and_is_removed_one_per_action(t):
    """AAT-TOK-5: a disrupted unit's only action removes one token; it does not
    protect; a disrupted base likewise; tokens stay until removed."""
    jammed = t.put(0, "Space", attack=3, tokens={"disruption": 2})
    t.base(0)["tokens"]["disruption"] = 1
    t.start(spare=True)
    assert t.rejected({"type": "attack", "unit": jammed, "target": "b1",
                       "mark": False}).rule == "AAT-TOK-5"
    assert {"type": "undisrupt", "unit": "b0"} in t.legal()
    assert {"type": "order", "unit": "b0", "order": 0} not in t.legal()
    t.act({"type": "undisrupt", "unit": jammed})
    assert t.tokens(jammed, "disruption") == 1
    t.act({"type": "undisrupt", "unit": "b0"})
    assert t.base(0)["tokens"] == {}


def test_computation_tokens_never_above_three_on_a_mainframe(t):
    """AAT-TOK-6, AAT-TRAIT-14, AAT-GEN-2: the Mainframe cap is the only cap."""
    frame = t.put(0, "Planetside", traits=["Mainframe"], types=["Computer"])
    boost = effect_card(t, {"compute": 5}, ("Function",))
    t.hand(0, boost)
    t.start("deploy")
    t.act({"type": "play", "card": boost})
    assert t.tokens(frame, "computation") == 3


def test_funds_tokens_are_public_on_the_base_and_uncapped(t):
    """AAT-TOK-7: Funds from effects sit on the base, no cap."""
    cash = effect_card(t, {"funds": 7}, ("Resource",))
    t.hand(0, cash)
    t.base(0)["tokens"]["funds"] = 9
    t.start("deploy")
    t.act({"type": "play", "card": cash})
    assert t.tokens("b0", "funds") == 16


def test_mark_tokens_are_spent_by_the_unit_holding_them(t):
    """AAT-TOK-8: a unit with no Mark cannot spend one."""
    plain = t.put(0, "Space", attack=1)
    lead = t.leader(1)
    t.start(spare=True)
    assert t.rejected({"type": "attack", "unit": plain, "target": lead,
                       "mark": True}).rule == "AAT-TOK-8"


def test_mark_effect_puts_marks_on_units_only(t):
    """AAT-TOK-8 with the mark effect (docs/against-all-tyrants-cards.md)."""
    mine = t.put(0, "Planetside")
    marker = effect_card(t, {"mark": 2, "target": "own-units"}, ("Support",))
    t.hand(0, marker)
    t.start("deploy")
    t.act({"type": "play", "card": marker})
    assert t.tokens(mine, "mark") == 2


def test_incident_and_escalation_tokens_are_shared(t):
    """AAT-TOK-9, AAT-ESC-1: both players' destroyed units count on one track."""
    fighter = t.put(0, "Space", attack=1, traits=["Fighter"], health=3)
    flak = t.put(1, "Space", traits=["Point-Defense 3"], health=9)
    gun = t.put(0, "Space", attack=9)
    t.start(spare=True)
    t.attack(fighter, flak)
    assert t.piece(fighter) is None and t.state["incidents"] == 1
    t.attack(gun, flak)
    assert t.piece(flak) is None and t.state["incidents"] == 2


def test_objective_tokens_are_counted_per_player(t):
    """AAT-TOK-10, AAT-OBJ-2: scored tokens are the owner's, beside their base."""
    assert [p["scored"] for p in t.state["players"]] == [0, 0]
    assert t.rules.score(t.state, 1, 2, "test")[0]["kind"] == "scored"
    assert [p["scored"] for p in t.state["players"]] == [0, 2]
