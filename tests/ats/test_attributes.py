"""The fifteen attributes (R-ATT-*) and the interactions the rulebook names."""

from companion.games.ats import model as m


def no_encounter(table):
    """Roll 1 for the Encounter roll, if one is awaited (R-ENC-1 skips it on an empty deck)."""
    if table.waiting("turn_start"):
        table.act({"type": "roll", "value": 1})


def to_cleanup(table):
    """Seat 0 ends its turn; seat 1 rolls no encounter, draws and ends its turn."""
    table.state["players"][1]["deck"] = [table.card(level=5)]
    table.put(1, 5, defense=90)  # no gap for the drawn card, so no Reinforce prompt
    table.act({"type": "end_turn"})
    no_encounter(table)
    table.act({"type": "draw"})
    table.act({"type": "end_turn"})


# -- R-ATT-1 First Strike --------------------------------------------------------------
def test_r_att_1_first_strike_target_strikes_first(table):
    table.put(0, 1, atk=90, defense=30)
    table.put(1, 1, atk=30, defense=40, attributes=["First Strike"])
    table.attack(1, 1)
    assert table.slot(0, 1) is None
    assert table.slot(1, 1)["damage"] == 0


def test_r_att_1_two_first_strikes_normal_order(table):
    table.put(0, 1, atk=40, defense=30, attributes=["First Strike"])
    table.put(1, 1, atk=30, defense=40, attributes=["First Strike"])
    table.attack(1, 1)
    assert table.slot(1, 1) is None
    assert table.slot(0, 1)["damage"] == 0


def test_r_att_1_disabler_attacker_suppresses_first_strike(table):
    table.put(0, 1, atk=40, defense=30, attributes=["Disabler"])
    table.put(1, 1, atk=30, defense=40, attributes=["First Strike"])
    table.attack(1, 1)
    assert table.slot(1, 1) is None
    assert table.slot(0, 1)["damage"] == 0


def test_r_att_1_first_strike_attacker_blocks_self_destruct(table):
    table.put(0, 1, atk=40, defense=30, attributes=["First Strike"])
    table.put(1, 1, atk=90, defense=40, attributes=["Self Destruct"])
    table.attack(1, 1)  # no Self Destruct prompt
    assert table.slot(1, 1) is None
    assert table.slot(0, 1)["damage"] == 0


# -- R-ATT-2 Disabler ------------------------------------------------------------------
def test_r_att_2_disabler_pre_strikes_and_4_disables_the_attacker(table):
    table.put(0, 1, atk=90, defense=90)
    table.put(1, 1, atk=10, defense=40, attributes=["Disabler"])
    table.attack(1, 1)
    table.roll(4)
    assert table.slot(0, 1)["disabled"]
    assert table.slot(1, 1)["damage"] == 0  # a Disabled attacker does not strike


def test_r_att_2_disabler_roll_of_3_has_no_effect(table):
    table.put(0, 1, atk=90, defense=90)
    table.put(1, 1, atk=10, defense=40, attributes=["Disabler"])
    table.attack(1, 1)
    table.roll(3)
    table.choose("HQ")
    assert not table.slot(0, 1)["disabled"]
    assert table.slot(1, 1) is None


def test_r_att_2_disabler_pre_strikes_a_first_strike_attacker(table):
    table.put(0, 1, atk=90, defense=90, attributes=["First Strike"])
    table.put(1, 1, atk=10, defense=40, attributes=["Disabler"])
    table.attack(1, 1)
    table.roll(6)
    assert table.slot(0, 1)["damage"] == 10 and table.slot(0, 1)["disabled"]
    assert table.slot(1, 1)["damage"] == 0


def test_r_att_2_disabler_vs_disabler_no_priority(table):
    table.put(0, 1, atk=10, defense=90, attributes=["Disabler"])
    table.put(1, 1, atk=10, defense=90, attributes=["Disabler"])
    table.attack(1, 1)
    table.roll(5)  # the attacker struck first and rolls for its strike
    assert table.slot(1, 1)["damage"] == 10 and table.slot(1, 1)["disabled"]
    assert table.slot(0, 1)["damage"] == 0  # no Counterattack: the target never strikes


def test_r_att_2_disabler_vs_disabler_with_counterattack_each_rolls(table):
    table.put(0, 1, atk=10, defense=90, attributes=["Disabler"])
    table.put(1, 1, atk=20, defense=90, attributes=["Disabler", "Counterattack"])
    table.attack(1, 1)
    table.roll(2, 6)  # the attacker's roll fails; the counterattack's roll disables
    damaged = [e["player"] for e in table.events if e["kind"] == "damaged"]
    assert damaged == [1, 0]
    assert table.slot(0, 1)["damage"] == 20 and table.slot(0, 1)["disabled"]
    assert not table.slot(1, 1)["disabled"]


def test_r_att_2_disabled_target_does_not_counterattack(table):
    table.put(0, 1, atk=10, defense=50, attributes=["Disabler"])
    table.put(1, 1, atk=40, defense=90, attributes=["Counterattack"])
    table.attack(1, 1)
    table.roll(4)
    assert table.slot(1, 1)["disabled"]
    assert table.slot(0, 1)["damage"] == 0


def test_r_att_2_no_disabler_roll_when_the_struck_card_is_destroyed(table):
    table.put(0, 1, atk=40, attributes=["Disabler"])
    table.put(1, 1, defense=40)
    table.attack(1, 1)
    assert table.slot(1, 1) is None
    assert table.state["await"] == {"kind": "turn_start", "player": 1}


# -- R-ATT-3 Booby-Trapped ---------------------------------------------------------------
def test_r_att_3_booby_trap_kills_the_attacker_after_roll_over(table):
    table.put(0, 1, atk=90, defense=40)
    table.put(1, 1, atk=40, defense=40, attributes=["Booby-Trapped"])
    table.attack(1, 1)
    table.choose("TEST")
    assert table.bases(1)["TEST"] == 50
    assert table.slot(0, 1) is None  # 40 >= 40
    assert set(table.bases(0).values()) == {100}  # nothing reaches the attacker's bases


def test_r_att_3_booby_trap_below_def_leaves_damage(table):
    table.put(0, 1, atk=40, defense=50)
    table.put(1, 1, atk=40, defense=40, attributes=["Booby-Trapped"])
    table.attack(1, 1)
    assert table.slot(0, 1)["damage"] == 40


def test_r_att_3_booby_trap_adds_to_damage_already_there(table):
    table.put(0, 1, atk=40, defense=50)["damage"] = 20
    table.put(1, 1, atk=30, defense=40, attributes=["Booby-Trapped"])
    table.attack(1, 1)
    assert table.slot(0, 1) is None


def test_r_att_3_booby_trap_uses_effective_atk_and_no_roll(table):
    table.put(0, 1, atk=90, defense=90, unit="Land")
    trap = table.put(1, 1, atk=30, defense=10, unit="Air",
                     attributes=["Booby-Trapped", "Inaccuracy"])
    trap["mods"].append({"stat": "atk", "amount": 60, "until": {"event": "cleanup"}})
    table.attack(1, 1)
    table.choose("HQ")  # 90 - (10 + 10 Air) = 70 rolls over; no Inaccuracy roll follows
    assert table.slot(0, 1) is None


def test_r_att_3_not_triggered_by_self_destruct(table):
    table.put(0, 1, atk=40, defense=90)
    table.put(1, 1, atk=30, defense=40, attributes=["Booby-Trapped", "Self Destruct"])
    table.attack(1, 1)
    table.choose(True)
    assert table.slot(0, 1)["damage"] == 30
    assert "booby_trap" not in table.kinds()


def test_r_att_3_not_triggered_when_the_trap_card_attacks(table):
    table.put(0, 1, atk=10, defense=10, attributes=["Booby-Trapped"])
    table.put(1, 1, atk=50, defense=90, attributes=["Counterattack"])
    table.attack(1, 1)
    assert table.slot(0, 1) is None
    assert table.slot(1, 1)["damage"] == 10


def test_r_att_3_not_triggered_while_disabled(table):
    table.put(0, 1, atk=40, defense=40)
    table.put(1, 1, atk=40, defense=40, attributes=["Booby-Trapped"])["disabled"] = True
    table.attack(1, 1)
    assert table.slot(1, 1) is None
    assert table.slot(0, 1)["damage"] == 0


def test_r_unit_3_booby_trap_reaches_a_space_attacker(table):
    table.put(0, 1, atk=40, defense=40, unit="Space")
    table.put(1, 1, atk=40, defense=40, unit="Land", attributes=["Booby-Trapped"])
    table.attack(1, 1)
    assert table.slot(0, 1) is None


# -- R-ATT-4 Bypass ----------------------------------------------------------------------
def test_r_att_4_bypass_1_to_3_half_rounded_up(table):
    table.put(0, 1, atk=50, attributes=["Bypass"])
    table.put(1, 1, defense=40)
    table.put(1, 2, defense=40)
    table.attack(1, area="HQ", bypass=True)
    table.roll(3)
    assert table.bases(1)["HQ"] == 70  # half of 50 is 30


def test_r_att_4_bypass_4_to_6_full(table):
    table.put(0, 1, atk=50, attributes=["Bypass"])
    table.attack(1, area="LAB", bypass=True)
    table.roll(4)
    assert table.bases(1)["LAB"] == 50


def test_r_att_4_bypass_rolls_inaccuracy_first(table):
    table.put(0, 1, atk=50, attributes=["Bypass", "Inaccuracy"])
    table.attack(1, area="HQ", bypass=True)
    table.roll(5, 2)  # Inaccuracy 5: 30; Bypass 2: half of 30 is 20
    assert table.bases(1)["HQ"] == 80
    purposes = [e["text"].split(":")[0] for e in table.events if e["kind"] == "rolled"]
    assert purposes == ["Inaccuracy", "Bypass"]


def test_r_att_4_only_bypass_attacks_a_base_directly(table):
    table.put(0, 1, atk=50)
    error = table.rejected({"type": "attack", "level": 1,
                            "target": {"player": 1, "area": "HQ", "bypass": True}})
    assert error.rule == "R-ATT-4"


def test_r_att_4_bypass_needs_a_standing_area(table):
    table.put(0, 1, atk=50, attributes=["Bypass"])
    table.bases(1)["HQ"] = 0
    error = table.rejected({"type": "attack", "level": 1,
                            "target": {"player": 1, "area": "HQ", "bypass": True}})
    assert error.rule == "R-CMB-6"


def test_r_att_4_bypass_card_may_still_attack_cards(table):
    table.put(0, 1, atk=50, attributes=["Bypass"])
    table.put(1, 1, defense=50)
    table.attack(1, 1)
    assert table.slot(1, 1) is None


# -- R-ATT-5 Cloaking --------------------------------------------------------------------
def test_r_att_5_cloaking_nomination_at_cleanup_gives_30_next_round(table):
    table.put(0, 3, atk=40, defense=50, attributes=["Cloaking"])
    other = table.put(0, 1, atk=20, defense=20)
    to_cleanup(table)
    assert table.state["await"] == {"kind": "cloak", "player": 0}
    table.act({"type": "cloak", "level": 1})
    slot = table.slot(0, 1)
    assert slot["card"] == other["card"] and slot["cloaked"]
    assert (m.eff_atk(slot), m.eff_def(slot)) == (50, 50)
    assert table.state["round"] == 3


def test_r_att_5_cloak_removed_at_the_next_cleanup(table):
    table.put(0, 1, atk=20, defense=20)["cloaked"] = True
    to_cleanup(table)
    assert not table.slot(0, 1)["cloaked"]


def test_r_att_5_one_nomination_however_many_cloaking_cards(table):
    table.put(0, 1, attributes=["Cloaking"])
    table.put(0, 2, attributes=["Cloaking"])
    to_cleanup(table)
    table.act({"type": "cloak", "level": 2})
    assert table.state["await"] == {"kind": "turn_start", "player": 1}
    assert [s["cloaked"] for s in table.state["players"][0]["line"][:2]] == [False, True]


def test_r_att_5_nomination_needs_a_cloaking_card_cleared_by_the_marker(table):
    table.state["players"][0]["clearance"] = 2
    table.put(0, 3, attributes=["Cloaking"])
    to_cleanup(table)
    table.act({"type": "skip"})  # the clearance advance
    assert table.state["await"] == {"kind": "turn_start", "player": 1}  # no cloak prompt


def test_r_att_5_cloak_adds_30_atk_in_combat(table):
    table.put(0, 1, atk=40)["cloaked"] = True
    table.put(1, 1, defense=70)
    table.attack(1, 1)
    assert table.slot(1, 1) is None


def test_r_att_5_cloak_suppressed_while_disabled(table):
    slot = table.put(0, 1, atk=40, defense=40)
    slot.update(cloaked=True, disabled=True)
    assert (m.eff_atk(slot), m.eff_def(slot)) == (40, 40)


# -- R-ATT-6 Counterattack ---------------------------------------------------------------
def test_r_att_6_survivor_strikes_back_with_full_atk(table):
    table.put(0, 1, atk=10, defense=90)
    table.put(1, 1, atk=30, defense=90, attributes=["Counterattack"])
    table.attack(1, 1)
    assert table.slot(0, 1)["damage"] == 30
    assert table.kinds().count("counterattack") == 1


def test_r_att_6_no_counterattack_when_the_target_is_destroyed(table):
    table.put(0, 1, atk=40, defense=10)
    table.put(1, 1, atk=90, defense=40, attributes=["Counterattack"])
    table.attack(1, 1)
    assert table.slot(0, 1)["damage"] == 0


def test_r_att_6_counterattack_can_destroy_the_attacker(table):
    table.put(0, 1, atk=10, defense=30)
    table.put(1, 1, atk=30, defense=90, attributes=["Counterattack"])
    table.attack(1, 1)
    assert table.slot(0, 1) is None


# -- R-ATT-7 Early Warning ---------------------------------------------------------------
def test_r_att_7_early_warning_reduces_roll_over_by_10(table):
    table.put(0, 1, atk=90)
    table.put(1, 1, defense=40, attributes=["Early Warning"])
    table.attack(1, 1)
    table.choose("HQ")
    assert table.bases(1)["HQ"] == 60  # 50 - 10


def test_r_att_7_early_warning_can_cancel_a_small_roll_over(table):
    table.put(0, 1, atk=50)
    table.put(1, 1, defense=40, attributes=["Early Warning"])
    table.attack(1, 1)
    assert table.slot(1, 1) is None
    assert set(table.bases(1).values()) == {100}


def test_r_att_7_disabled_early_warning_does_nothing(table):
    table.put(0, 1, atk=90)
    table.put(1, 1, defense=40, attributes=["Early Warning"])["disabled"] = True
    table.attack(1, 1)
    table.choose("HQ")
    assert table.bases(1)["HQ"] == 50


# -- R-ATT-8 Flanking and Infiltration ---------------------------------------------------
def test_r_att_8_flanking_gives_the_target_minus_10(table):
    table.put(0, 1, atk=30, attributes=["Flanking"])
    table.put(1, 1, defense=40)
    table.attack(1, 1)
    assert table.slot(1, 1) is None


def test_r_att_8_infiltration_gives_the_target_minus_10(table):
    table.put(0, 1, atk=30, attributes=["Infiltration"])
    table.put(1, 1, defense=40)
    table.attack(1, 1)
    assert table.slot(1, 1) is None


def test_r_att_8_flanking_and_infiltration_stack(table):
    table.put(0, 1, atk=20, attributes=["Flanking", "Infiltration"])
    table.put(1, 1, defense=40)
    table.attack(1, 1)
    assert table.slot(1, 1) is None


def test_r_att_8_the_minus_counts_in_the_roll_over(table):
    table.put(0, 1, atk=50, attributes=["Flanking"])
    table.put(1, 1, defense=40)
    table.attack(1, 1)
    table.choose("OPS")
    assert table.bases(1)["OPS"] == 80  # 50 - (40 - 10)


def test_r_att_8_not_on_counterattacks(table):
    table.put(0, 1, atk=10, defense=40)
    table.put(1, 1, atk=30, defense=90, attributes=["Counterattack", "Flanking"])
    table.attack(1, 1)
    assert table.slot(0, 1)["damage"] == 30  # 30 < 40: no -10 for the attacker


# -- R-ATT-9 Inaccuracy ------------------------------------------------------------------
def test_r_att_9_inaccuracy_1_to_3_misses(table):
    table.put(0, 1, atk=60, attributes=["Inaccuracy"])
    table.put(1, 1, defense=40)
    table.attack(1, 1)
    table.roll(3)
    assert table.slot(1, 1)["damage"] == 0


def test_r_att_9_inaccuracy_4_to_5_half(table):
    table.put(0, 1, atk=50, attributes=["Inaccuracy"])
    table.put(1, 1, defense=40)
    table.attack(1, 1)
    table.roll(5)
    assert table.slot(1, 1)["damage"] == 30


def test_r_att_9_inaccuracy_6_full(table):
    table.put(0, 1, atk=50, attributes=["Inaccuracy"])
    table.put(1, 1, defense=40)
    table.attack(1, 1)
    table.roll(6)
    table.choose("HQ")
    assert table.bases(1)["HQ"] == 90


def test_r_att_9_inaccuracy_rolls_for_a_pre_strike(table):
    table.put(0, 1, atk=10, defense=90)
    table.put(1, 1, atk=40, defense=90, attributes=["First Strike", "Inaccuracy"])
    table.attack(1, 1)
    table.roll(4)
    assert table.slot(0, 1)["damage"] == 20  # half of 40


def test_r_att_9_inaccuracy_rolls_for_a_counterattack(table):
    table.put(0, 1, atk=10, defense=90)
    table.put(1, 1, atk=40, defense=90, attributes=["Counterattack", "Inaccuracy"])
    table.attack(1, 1)
    table.roll(2)
    assert table.slot(0, 1)["damage"] == 0  # a miss still uses the counterattack
    assert table.kinds().count("counterattack") == 1


# -- R-ATT-10 Intel ----------------------------------------------------------------------
def test_r_att_10_intel_self_plus_1_allows_a_higher_level_attack(table):
    table.state["players"][0]["clearance"] = 1
    table.put(0, 1, attributes=["Intel"])
    table.put(0, 2, atk=40)
    table.put(1, 2, defense=40)
    attack = {"type": "attack", "level": 2, "target": {"player": 1, "level": 2}}
    assert table.rejected(attack).rule == "R-CLR-2"
    table.act({"type": "intel", "level": 1, "mode": "self"})
    table.act(attack)
    assert table.slot(1, 2) is None
    assert m.clearance(table.state["players"][0]) == 1  # the +1 ended with the turn


def test_r_att_10_intel_opponent_minus_1_through_their_next_turn(table):
    table.put(0, 1, attributes=["Intel"])
    rival = table.state["players"][1]
    rival["clearance"] = 2
    rival["deck"] = [table.card(level=1)]
    table.put(1, 1, atk=40)
    table.put(1, 2, atk=40)
    table.put(0, 2, defense=40)
    table.act({"type": "intel", "level": 1, "mode": "opponent", "player": 1})
    table.act({"type": "end_turn"})
    no_encounter(table)
    table.act({"type": "draw"})
    assert m.clearance(table.state["players"][1]) == 1
    error = table.rejected({"type": "attack", "level": 2, "target": {"player": 0, "level": 2}})
    assert error.rule == "R-CLR-2"
    table.act({"type": "end_turn"})
    assert m.clearance(table.state["players"][1]) == 2


def test_r_att_10_intel_once_per_turn(table):
    table.put(0, 1, attributes=["Intel"])
    table.put(0, 2, attributes=["Intel"])
    table.act({"type": "intel", "level": 1, "mode": "self"})
    error = table.rejected({"type": "intel", "level": 2, "mode": "self"})
    assert error.rule == "R-ATT-10"


def test_r_att_10_intel_only_before_the_attack(table):
    table.put(0, 1, attributes=["Intel"])
    table.state["turn"]["attacked"] = True
    error = table.rejected({"type": "intel", "level": 1, "mode": "self"})
    assert error.rule == "R-ATT-10"


def test_r_att_10_intel_needs_a_cleared_non_disabled_card(table):
    table.state["players"][0]["clearance"] = 2
    table.put(0, 3, attributes=["Intel"])
    table.put(0, 1, attributes=["Intel"])["disabled"] = True
    assert table.rejected({"type": "intel", "level": 3, "mode": "self"}).rule == "R-ATT-10"
    assert table.rejected({"type": "intel", "level": 1, "mode": "self"}).rule == "R-ATT-10"


def test_r_clr_4_intel_is_clamped_to_5(table):
    table.put(0, 1, attributes=["Intel"])
    table.act({"type": "intel", "level": 1, "mode": "self"})
    assert m.clearance(table.state["players"][0]) == 5


# -- R-ATT-11 Protector -------------------------------------------------------------------
def test_r_att_11_protector_token_after_a_full_round_untouched(table):
    table.put(0, 1, atk=10, defense=50, attributes=["Protector"])
    to_cleanup(table)
    slot = table.slot(0, 1)
    assert slot["protector"] and m.eff_def(slot) == 60


def test_r_att_11_no_token_for_a_card_placed_this_round(table):
    table.put(0, 1, attributes=["Protector"])["placed"] = 2
    to_cleanup(table)
    assert not table.slot(0, 1)["protector"]


def test_r_att_11_no_token_for_a_card_attacked_this_round(table):
    table.put(1, 1, atk=10, defense=90, attributes=["Protector"])
    table.put(0, 1, atk=10, defense=90)
    table.attack(1, 1)
    table.state["players"][1]["deck"] = [table.card(level=5)]
    table.put(1, 5, defense=90)
    no_encounter(table)
    table.act({"type": "draw"})
    table.act({"type": "end_turn"})
    assert table.slot(1, 1) is not None and not table.slot(1, 1)["protector"]


def test_r_att_11_protector_counts_then_goes_after_combat(table):
    table.put(0, 1, atk=40)
    table.put(1, 1, defense=40, attributes=["Protector"])["protector"] = True
    table.attack(1, 1)
    assert table.slot(1, 1)["damage"] == 40  # 40 < 40 + 10
    assert not table.slot(1, 1)["protector"]


def test_r_att_11_attacking_removes_the_token(table):
    table.put(0, 1, atk=10, attributes=["Protector"])["protector"] = True
    table.put(1, 1, defense=90)
    table.attack(1, 1)
    assert not table.slot(0, 1)["protector"]


def test_r_att_11_using_intel_removes_the_token(table):
    table.put(0, 1, attributes=["Intel", "Protector"])["protector"] = True
    table.act({"type": "intel", "level": 1, "mode": "self"})
    assert not table.slot(0, 1)["protector"]


# -- R-ATT-12 Self Destruct --------------------------------------------------------------
def test_r_att_12_self_destruct_deals_target_atk_and_destroys_the_attacker(table):
    table.put(0, 1, atk=90, defense=40)
    table.put(1, 1, atk=40, defense=40, attributes=["Self Destruct"])
    table.attack(1, 1)
    assert table.state["await"]["choice"] == "self_destruct"
    assert table.state["await"]["player"] == 1
    table.choose(True)
    assert table.slot(0, 1) is None and table.slot(1, 1) is None
    assert set(table.bases(1).values()) == {100}  # the attacker never struck


def test_r_att_12_self_destruct_below_def_leaves_damage(table):
    table.put(0, 1, atk=90, defense=50)
    table.put(1, 1, atk=40, defense=40, attributes=["Self Destruct"])
    table.attack(1, 1)
    table.choose(True)
    assert table.slot(0, 1)["damage"] == 40
    assert table.state["players"][1]["discard"] == [table.made[-1]]


def test_r_att_12_self_destruct_may_be_declined(table):
    table.put(0, 1, atk=40, defense=50)
    table.put(1, 1, atk=40, defense=40, attributes=["Self Destruct"])
    table.attack(1, 1)
    table.choose(False)
    assert table.slot(1, 1) is None
    assert table.slot(0, 1)["damage"] == 0


def test_r_att_12_no_self_destruct_against_disabler(table):
    table.put(0, 1, atk=40, defense=50, attributes=["Disabler"])
    table.put(1, 1, atk=90, defense=40, attributes=["Self Destruct"])
    table.attack(1, 1)  # no prompt: the Disabler strikes and destroys the target
    assert table.slot(1, 1) is None
    assert table.slot(0, 1)["damage"] == 0


def test_r_att_12_self_destruct_is_not_a_strike(table):
    """No Air bonus, no Inaccuracy roll, and it reaches a Space attacker."""
    table.put(0, 1, atk=40, defense=40, unit="Space")
    table.put(1, 1, atk=40, defense=40, unit="Land",
              attributes=["Self Destruct", "Inaccuracy"])
    table.attack(1, 1)
    table.choose(True)
    assert table.slot(0, 1) is None


def test_r_att_12_self_destruct_against_a_stealth_attacker(table):
    table.put(0, 1, atk=40, defense=40, attributes=["Stealth"])
    table.put(1, 1, atk=40, defense=40, attributes=["Self Destruct"])
    table.attack(1, 1)
    table.choose(True)
    assert table.slot(0, 1) is None


def test_r_att_12_disabled_card_cannot_self_destruct(table):
    table.put(0, 1, atk=40, defense=40)
    table.put(1, 1, atk=40, defense=40, attributes=["Self Destruct"])["disabled"] = True
    table.attack(1, 1)
    assert table.slot(1, 1) is None and table.slot(0, 1)["damage"] == 0


# -- R-ATT-13 Stealth --------------------------------------------------------------------
def test_r_att_13_stealth_cannot_be_counterattacked(table):
    table.put(0, 1, atk=10, defense=30, attributes=["Stealth"])
    table.put(1, 1, atk=90, defense=90, attributes=["Counterattack"])
    table.attack(1, 1)
    assert table.slot(0, 1)["damage"] == 0
    assert "counterattack" not in table.kinds()


def test_r_att_13_stealth_still_suffers_pre_strikes(table):
    table.put(0, 1, atk=40, defense=30, attributes=["Stealth"])
    table.put(1, 1, atk=30, defense=40, attributes=["First Strike"])
    table.attack(1, 1)
    assert table.slot(0, 1) is None


def test_r_att_13_stealth_still_suffers_booby_traps(table):
    table.put(0, 1, atk=40, defense=30, attributes=["Stealth"])
    table.put(1, 1, atk=30, defense=40, attributes=["Booby-Trapped"])
    table.attack(1, 1)
    assert table.slot(0, 1) is None


# -- R-ATT-14 Time Shift -----------------------------------------------------------------
def test_r_att_14_defending_4_to_6_cancels_the_attack(table):
    table.put(0, 1, atk=90)["protector"] = True
    table.put(1, 1, defense=40, attributes=["Time Shift"])["protector"] = True
    table.attack(1, 1)
    table.roll(4)
    assert table.slot(1, 1)["damage"] == 0
    assert table.slot(0, 1)["protector"] and table.slot(1, 1)["protector"]
    assert not table.slot(1, 1)["touched"]
    assert table.state["await"] == {"kind": "turn_start", "player": 1}  # the attack is spent


def test_r_att_14_defending_1_to_3_no_effect(table):
    table.put(0, 1, atk=90)
    table.put(1, 1, defense=40, attributes=["Time Shift"])
    table.attack(1, 1)
    table.roll(3)
    table.choose("HQ")
    assert table.slot(1, 1) is None


def test_r_att_14_cancel_stops_all_further_rolls(table):
    table.put(0, 1, atk=90, attributes=["Time Shift", "Inaccuracy"])
    table.put(1, 1, defense=40, attributes=["Time Shift", "Self Destruct"])
    table.attack(1, 1)
    table.roll(6)
    assert table.state["await"] == {"kind": "turn_start", "player": 1}


def test_r_att_14_attacking_4_to_6_target_minus_30(table):
    table.put(0, 1, atk=40, attributes=["Time Shift"])
    table.put(1, 1, defense=70)
    table.attack(1, 1)
    table.roll(4)
    assert table.slot(1, 1) is None


def test_r_att_14_attacking_1_to_3_no_effect(table):
    table.put(0, 1, atk=40, attributes=["Time Shift"])
    table.put(1, 1, defense=70)
    table.attack(1, 1)
    table.roll(3)
    assert table.slot(1, 1)["damage"] == 40


def test_r_att_14_time_shift_minus_30_happens_before_the_pre_strike(table):
    table.put(0, 1, atk=40, defense=90, attributes=["Time Shift"])
    table.put(1, 1, atk=10, defense=70, attributes=["Disabler"])
    table.attack(1, 1)
    table.roll(5, 1)  # Time Shift first, then the Disabler's roll after its pre-strike
    assert table.slot(0, 1)["damage"] == 10
    assert table.slot(1, 1) is None


# -- R-ATT-15 Attributes in general ----------------------------------------------------
def test_r_att_15_granted_attribute_works_like_a_printed_one(table):
    table.put(0, 1, atk=30)["granted"].append({"attr": "Flanking",
                                                 "until": {"event": "cleanup"}})
    table.put(1, 1, defense=40)
    table.attack(1, 1)
    assert table.slot(1, 1) is None


def test_r_att_15_granting_an_attribute_already_held_adds_nothing(table):
    table.put(0, 1, atk=20, attributes=["Flanking"])["granted"].append(
        {"attr": "Flanking", "until": {"event": "cleanup"}})
    table.put(1, 1, defense=40)
    table.attack(1, 1)
    assert table.slot(1, 1)["damage"] == 20  # 40 - 10 once


def test_r_att_15_disabled_card_attributes_do_nothing(table):
    table.put(0, 1, atk=90, defense=30)
    table.put(1, 1, atk=30, defense=40, attributes=["First Strike"])["disabled"] = True
    table.attack(1, 1)
    table.choose("HQ")
    assert table.slot(0, 1)["damage"] == 0


def test_r_att_5_a_clearance_advanced_this_cleanup_counts_for_cloaking(table):
    table.state["players"][0]["clearance"] = 2
    table.put(0, 3, attributes=["Cloaking"])
    table.put(0, 1, defense=20)
    to_cleanup(table)
    table.act({"type": "advance", "levels": [1]})
    assert table.state["await"] == {"kind": "cloak", "player": 0}
