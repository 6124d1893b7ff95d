"""Combat step by step (R-CMB-*), cited by ruling id."""

from companion.games.ats import model as m


def test_r_cmb_4_damage_below_def_stays_until_cleanup(table):
    table.put(0, 1, atk=30)
    table.put(1, 1, defense=50)
    table.attack(1, 1)
    assert table.slot(1, 1)["damage"] == 30
    assert table.state["await"]["player"] == 1  # the opponent's turn begins


def test_r_cmb_4_destroyed_when_damage_reaches_def(table):
    table.put(0, 1, atk=50)
    table.put(1, 1, defense=50)
    table.attack(1, 1)
    assert table.slot(1, 1) is None
    assert "destroyed" in table.kinds()


def test_r_cmb_5_excess_rolls_over_to_a_base_the_attacker_chooses(table):
    table.put(0, 2, atk=90)
    table.put(1, 2, defense=50)
    table.attack(2, 2)
    assert table.state["await"]["choice"] == "rollover_area"
    assert table.state["await"]["player"] == 0
    table.choose("LAB")
    assert table.bases(1)["LAB"] == 60


def test_r_cmb_6_a_gap_lets_the_attacker_hit_a_base_area(table):
    table.put(0, 3, atk=40)
    table.attack(3, 2, area="OPS")
    assert table.bases(1)["OPS"] == 60


def test_r_cmb_1_target_within_one_level(table):
    table.put(0, 1, atk=40)
    table.put(1, 3, defense=40)
    error = table.rejected({"type": "attack", "level": 1, "target": {"player": 1, "level": 3}})
    assert error.rule == "R-CLR-2"


def test_r_clr_2_clearance_caps_the_attacking_card(table):
    table.put(0, 3, atk=40)
    table.put(1, 3, defense=40)
    table.state["players"][0]["clearance"] = 2
    error = table.rejected({"type": "attack", "level": 3, "target": {"player": 1, "level": 3}})
    assert error.rule == "R-CLR-2"
    table.state["players"][0]["clearance"] = 3
    table.attack(3, 3)
    assert table.slot(1, 3) is None


def test_r_unit_2_air_gets_10_def_against_land_only(table):
    table.put(0, 1, atk=50, unit="Land")
    table.put(1, 1, defense=50, unit="Air")
    table.attack(1, 1)
    assert table.slot(1, 1)["damage"] == 50  # 50 < 60: survives


def test_r_unit_1_anti_air_ignores_the_air_bonus(table):
    table.put(0, 1, atk=50, unit="Anti-Air")
    table.put(1, 1, defense=50, unit="Air")
    table.attack(1, 1)
    assert table.slot(1, 1) is None


def test_r_unit_3_space_only_attackable_by_missile_or_space(table):
    table.put(0, 1, atk=90, unit="Land")
    table.put(1, 1, defense=40, unit="Space")
    error = table.rejected({"type": "attack", "level": 1, "target": {"player": 1, "level": 1}})
    assert error.rule == "R-UNIT-3"


def test_r_unit_4_missile_attacks_space_and_ignores_air_bonus(table):
    table.put(0, 1, atk=50, unit="Missile")
    table.put(1, 1, defense=50, unit="Space")
    table.attack(1, 1)
    assert table.slot(1, 1) is None
    assert m.eff_def(table.put(1, 2, defense=50, unit="Air"),
                     table.slot(0, 1) or table.put(0, 1, unit="Missile")) == 50


# -- unit types (R-UNIT-*) -------------------------------------------------------------
def test_r_unit_1_land_has_no_modifiers(table):
    table.put(0, 1, atk=40, unit="Land")
    table.put(1, 1, defense=40, unit="Land")
    table.attack(1, 1)
    assert table.slot(1, 1) is None


def test_r_unit_2_air_bonus_not_against_air(table):
    table.put(0, 1, atk=50, unit="Air")
    table.put(1, 1, defense=50, unit="Air")
    table.attack(1, 1)
    assert table.slot(1, 1) is None


def test_r_unit_2_air_bonus_against_a_land_counterattack(table):
    table.put(0, 1, atk=10, defense=50, unit="Air")
    table.put(1, 1, atk=50, defense=90, unit="Land", attributes=["Counterattack"])
    table.attack(1, 1)
    assert table.slot(0, 1)["damage"] == 50  # 50 < 50 + 10: the Air attacker survives


def test_r_unit_5_air_bonus_not_against_covert(table):
    table.put(0, 1, atk=50, unit="Covert")
    table.put(1, 1, defense=50, unit="Air")
    table.attack(1, 1)
    assert table.slot(1, 1) is None


def test_r_unit_5_covert_is_immune_to_a_first_strike_pre_strike(table):
    table.put(0, 1, atk=40, defense=30, unit="Covert")
    table.put(1, 1, atk=90, defense=40, attributes=["First Strike"])
    table.attack(1, 1)
    assert table.slot(1, 1) is None
    assert table.slot(0, 1)["damage"] == 0
    assert "first_strike" not in table.kinds()


def test_r_unit_5_self_destruct_cannot_be_used_against_covert(table):
    table.put(0, 1, atk=40, defense=30, unit="Covert")
    table.put(1, 1, atk=90, defense=40, attributes=["Self Destruct"])
    table.attack(1, 1)  # no Self Destruct prompt: the combat resolves at once
    assert table.slot(1, 1) is None
    assert table.slot(0, 1)["damage"] == 0


def test_r_unit_5_disabler_still_pre_strikes_covert(table):
    table.put(0, 1, atk=90, defense=90, unit="Covert")
    table.put(1, 1, atk=10, defense=40, attributes=["Disabler"])
    table.attack(1, 1)
    table.roll(4)
    assert table.slot(0, 1)["disabled"]
    assert table.slot(0, 1)["damage"] == 10
    assert table.slot(1, 1)["damage"] == 0  # the Disabled attacker never struck


def test_r_unit_3_space_attacks_space(table):
    table.put(0, 1, atk=40, unit="Space")
    table.put(1, 1, defense=40, unit="Space")
    table.attack(1, 1)
    assert table.slot(1, 1) is None


def test_r_unit_3_space_may_attack_any_type(table):
    table.put(0, 1, atk=40, unit="Space")
    table.put(1, 1, defense=40, unit="Land")
    table.attack(1, 1)
    assert table.slot(1, 1) is None


def test_r_unit_3_non_missile_target_cannot_pre_strike_a_space_attacker(table):
    table.put(0, 1, atk=40, defense=40, unit="Space")
    table.put(1, 1, atk=90, defense=40, unit="Land", attributes=["First Strike"])
    table.attack(1, 1)
    assert table.slot(1, 1) is None
    assert table.slot(0, 1)["damage"] == 0


def test_r_unit_3_non_missile_disabler_never_rolls_against_space(table):
    table.put(0, 1, atk=10, defense=40, unit="Space")
    table.put(1, 1, atk=50, defense=90, unit="Air", attributes=["Disabler", "Counterattack"])
    table.attack(1, 1)  # no Disabler roll is awaited
    assert table.slot(0, 1)["damage"] == 0
    assert table.slot(1, 1)["damage"] == 10
    assert table.state["await"] == {"kind": "turn_start", "player": 1}


def test_r_unit_3_non_missile_target_cannot_counterattack_a_space_attacker(table):
    table.put(0, 1, atk=10, defense=40, unit="Space")
    table.put(1, 1, atk=50, defense=90, unit="Anti-Air", attributes=["Counterattack"])
    table.attack(1, 1)
    assert table.slot(0, 1)["damage"] == 0
    assert "counterattack" not in table.kinds()


def test_r_unit_3_missile_target_may_counterattack_a_space_attacker(table):
    table.put(0, 1, atk=10, defense=40, unit="Space")
    table.put(1, 1, atk=50, defense=90, unit="Missile", attributes=["Counterattack"])
    table.attack(1, 1)
    assert table.slot(0, 1) is None


def test_r_unit_4_missile_ignores_the_air_bonus(table):
    table.put(0, 1, atk=50, unit="Missile")
    table.put(1, 1, defense=50, unit="Air")
    table.attack(1, 1)
    assert table.slot(1, 1) is None


def test_r_unit_4_missile_still_faces_other_def_modifiers(table):
    table.put(0, 1, atk=50, unit="Missile")
    target = table.put(1, 1, defense=50, unit="Air")
    target["protector"] = True
    table.attack(1, 1)
    assert table.slot(1, 1)["damage"] == 50  # 50 < 50 + 10 Protector


# -- effective values and combat steps (R-CMB-*) --------------------------------------
def test_r_cmb_2_def_never_below_10(table):
    table.put(0, 1, atk=10, attributes=["Flanking", "Infiltration"])
    table.put(1, 1, defense=20)
    table.attack(1, 1)
    assert table.slot(1, 1) is None  # 20 - 20 = 0, floored to 10: 10 damage destroys


def test_r_cmb_2_atk_never_below_0(table):
    slot = table.put(0, 1, atk=10)
    slot["mods"].append({"stat": "atk", "amount": -30, "until": {"event": "cleanup"}})
    assert m.eff_atk(slot) == 0


def test_r_cmb_3_each_card_strikes_once_no_counter_after_pre_strike(table):
    table.put(0, 1, atk=10, defense=90)
    table.put(1, 1, atk=30, defense=90, attributes=["First Strike", "Counterattack"])
    table.attack(1, 1)
    assert table.slot(0, 1)["damage"] == 30  # the pre-strike only
    assert table.kinds().count("first_strike") == 1
    assert "counterattack" not in table.kinds()


def test_r_cmb_4_expiring_def_bonus_never_destroys(table):
    table.put(0, 1, atk=50)
    target = table.put(1, 1, defense=40)
    target["mods"].append({"stat": "def", "amount": 30,
                           "until": {"event": "turn_start", "player": 1}})
    table.attack(1, 1)  # 50 < 70: survives; then seat 1's turn begins and the +30 ends
    assert table.state["await"] == {"kind": "turn_start", "player": 1}
    assert table.slot(1, 1)["mods"] == []
    assert table.slot(1, 1)["damage"] == 50


def test_r_cmb_5_roll_over_counts_damage_already_on_the_target(table):
    table.put(0, 1, atk=60)
    table.put(1, 1, defense=50)["damage"] = 30
    table.attack(1, 1)
    table.choose("HQ")
    assert table.bases(1)["HQ"] == 60  # 60 - (50 - 30) = 40 rolls over


def test_r_cmb_5_single_standing_area_takes_the_roll_over_without_a_choice(table):
    table.put(0, 1, atk=90)
    table.put(1, 1, defense=50)
    table.bases(1).update(HQ=0, OPS=0, TEST=0)
    table.attack(1, 1)
    assert table.bases(1)["LAB"] == 60


def test_r_cmb_5_no_roll_over_from_a_counterattack(table):
    table.put(0, 1, atk=10, defense=10)
    table.put(1, 1, atk=90, defense=90, attributes=["Counterattack"])
    table.attack(1, 1)
    assert table.slot(0, 1) is None
    assert set(table.bases(0).values()) == {100}


def test_r_cmb_5_no_roll_over_from_a_pre_strike(table):
    table.put(0, 1, atk=10, defense=10)
    table.put(1, 1, atk=90, defense=90, attributes=["First Strike"])
    table.attack(1, 1)
    assert table.slot(0, 1) is None
    assert set(table.bases(0).values()) == {100}


def test_r_cmb_6_base_attack_ignores_def_modifiers_and_defenders(table):
    table.put(0, 2, atk=40, attributes=["Flanking", "Time Shift"])
    table.put(1, 1, atk=90, defense=90, attributes=["First Strike", "Counterattack"])
    table.attack(2, 2, area="HQ")  # no Time Shift roll, nobody strikes back
    assert table.bases(1)["HQ"] == 60
    assert table.slot(0, 2)["damage"] == 0


def test_r_cmb_6_base_damage_stops_at_0_and_never_spills(table):
    table.put(0, 1, atk=90)
    table.bases(1)["OPS"] = 30
    table.attack(1, 1, area="OPS")
    assert table.bases(1) == {"HQ": 100, "OPS": 0, "TEST": 100, "LAB": 100}
    assert "base_destroyed" in table.kinds()


def test_r_cmb_6_a_destroyed_area_cannot_be_chosen(table):
    table.put(0, 1, atk=40)
    table.bases(1)["OPS"] = 0
    error = table.rejected({"type": "attack", "level": 1,
                            "target": {"player": 1, "level": 1, "area": "OPS"}})
    assert error.rule == "R-CMB-6"


def test_r_cmb_6_roll_over_cannot_go_to_a_destroyed_area(table):
    table.put(0, 1, atk=90)
    table.put(1, 1, defense=40)
    table.bases(1)["OPS"] = 0
    table.attack(1, 1)
    assert table.state["await"]["options"] == ["HQ", "TEST", "LAB"]


def test_r_cmb_1_a_gap_is_only_reachable_within_one_level(table):
    table.put(0, 1, atk=40)
    error = table.rejected({"type": "attack", "level": 1,
                            "target": {"player": 1, "level": 3, "area": "HQ"}})
    assert error.rule == "R-CLR-2"


def test_r_cmb_1_a_base_area_needs_a_gap(table):
    table.put(0, 1, atk=40)
    table.put(1, 1, defense=40)
    error = table.rejected({"type": "attack", "level": 1,
                            "target": {"player": 1, "level": 1, "area": "HQ"}})
    assert error.rule == "R-CMB-1"


def test_r_cmb_1_attack_with_a_card_in_your_line(table):
    table.put(1, 1, defense=40)
    error = table.rejected({"type": "attack", "level": 1, "target": {"player": 1, "level": 1}})
    assert error.rule == "R-CMB-1"


def test_r_cmb_1_attack_an_opposing_player(table):
    table.put(0, 1, atk=40)
    table.put(0, 2, defense=40)
    error = table.rejected({"type": "attack", "level": 1, "target": {"player": 0, "level": 2}})
    assert error.rule == "R-TEAM-1"


def test_r_cmb_7_a_disabled_card_cannot_attack(table):
    table.put(0, 1, atk=40)["disabled"] = True
    table.put(1, 1, defense=40)
    error = table.rejected({"type": "attack", "level": 1, "target": {"player": 1, "level": 1}})
    assert error.rule == "R-CMB-7"


def test_r_cmb_7_disabled_target_loses_its_cloak_but_keeps_protector(table):
    table.put(0, 1, atk=50)
    target = table.put(1, 1, defense=40)
    target.update(disabled=True, cloaked=True, protector=True)
    table.attack(1, 1)
    assert table.slot(1, 1) is None  # 50 >= 40 + 10 Protector; the +30 cloak is suppressed


def test_r_unit_1_anti_air_counterattack_faces_no_air_bonus(table):
    table.put(0, 1, atk=10, defense=50, unit="Air")
    table.put(1, 1, atk=50, defense=90, unit="Anti-Air", attributes=["Counterattack"])
    table.attack(1, 1)
    assert table.slot(0, 1) is None


def test_r_clr_2_uncleared_cards_defend_fully(table):
    table.state["players"][1]["clearance"] = 1
    table.put(0, 3, atk=90, defense=30)
    table.put(1, 3, atk=30, defense=40, attributes=["First Strike"])
    table.attack(3, 3)
    assert table.slot(0, 3) is None


def test_r_clr_2_a_cleared_card_reaches_one_level_up(table):
    table.state["players"][0]["clearance"] = 1
    table.put(0, 1, atk=40)
    table.put(1, 2, defense=40)
    table.attack(1, 2)
    assert table.slot(1, 2) is None


def test_r_att_9_inaccuracy_on_a_gap_attack(table):
    table.put(0, 1, atk=50, attributes=["Inaccuracy"])
    table.attack(1, 1, area="HQ")
    table.roll(2)
    assert table.bases(1)["HQ"] == 100


def test_r_cmb_3_counterattack_after_first_strike_was_suppressed(table):
    """A First Strike target facing a Covert attacker did not pre-strike, so it may still
    counterattack."""
    table.put(0, 1, atk=10, defense=90, unit="Covert")
    table.put(1, 1, atk=30, defense=90, attributes=["First Strike", "Counterattack"])
    table.attack(1, 1)
    assert table.slot(0, 1)["damage"] == 30
    assert "first_strike" not in table.kinds() and "counterattack" in table.kinds()


def test_r_att_14_disabled_time_shift_does_not_roll(table):
    table.put(0, 1, atk=40)
    table.put(1, 1, defense=40, attributes=["Time Shift"])["disabled"] = True
    table.attack(1, 1)
    assert table.slot(1, 1) is None


def test_r_gen_1_half_rounds_up_to_a_multiple_of_10():
    assert [m.half(v) for v in (0, 10, 30, 50, 110)] == [0, 10, 20, 30, 60]
