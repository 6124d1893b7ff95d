"""Encounter rolls and the twelve Encounter cards (R-DIE-1, R-ENC-*, R-EFF-*)."""

import pytest

from companion.games.ats import model as m


def no_encounter(table):
    """Roll 1 for the Encounter roll, if one is awaited (R-ENC-1 skips it on an empty deck)."""
    if table.waiting("turn_start"):
        table.act({"type": "roll", "value": 1})


def player(table, seat):
    return table.state["players"][seat]


def encounter(table, card_id, roll=6):
    """Seat 0's turn starts with `card_id` on top of its Encounter deck."""
    player(table, 0)["enc_deck"] = [card_id, "E-12"]
    player(table, 0)["deck"] = [table.card(level=5)]
    table.state["await"] = {"kind": "turn_start", "player": 0}
    table.act({"type": "roll", "value": roll})


def draw_and_end(table):
    table.act({"type": "draw"})
    table.act({"type": "end_turn"})


# -- the roll ------------------------------------------------------------------------------
@pytest.mark.parametrize("roll", [1, 2, 3, 4])
def test_r_die_1_roll_1_to_4_no_encounter(table, roll):
    encounter(table, "E-04", roll)
    assert player(table, 0)["enc_deck"] == ["E-04", "E-12"]
    assert table.state["await"] == {"kind": "draw", "player": 0}


@pytest.mark.parametrize("roll", [5, 6])
def test_r_enc_1_roll_5_or_6_reveals_the_drawers_own_top_card(table, roll):
    player(table, 1)["enc_deck"] = ["E-09"]
    encounter(table, "E-04", roll)
    assert player(table, 0)["enc_deck"] == ["E-12"]
    assert player(table, 0)["enc_discard"] == ["E-04"]
    assert player(table, 1)["enc_deck"] == ["E-09"]
    assert table.state["await"] == {"kind": "draw", "player": 0}


def test_r_enc_1_empty_encounter_deck_skips_the_step(table):
    player(table, 0)["enc_deck"] = []
    table.state["await"] = {"kind": "turn_start", "player": 0}
    table.act({"type": "roll", "value": 6})
    assert table.state["await"] == {"kind": "draw", "player": 0}
    assert "encounter" not in table.kinds()


# -- the cards (R-EFF-1) -------------------------------------------------------------------
def test_r_eff_1_e01_everyone_discards_one_card_of_their_choice(table):
    a, b, c = table.card(), table.card(), table.card()
    player(table, 0)["hand"] = [a, b]
    player(table, 1)["hand"] = [c]
    encounter(table, "E-01")
    assert table.state["await"]["player"] == 0  # the drawer first
    table.choose(b)
    assert table.state["await"]["player"] == 1
    table.choose(c)
    assert player(table, 0)["hand"] == [a] and player(table, 0)["discard"] == [b]
    assert player(table, 1)["hand"] == [] and player(table, 1)["discard"] == [c]


def test_r_eff_1_e01_an_empty_hand_discards_nothing(table):
    encounter(table, "E-01")
    assert table.state["await"] == {"kind": "draw", "player": 0}


def test_r_eff_1_e02_every_air_card_minus_20_def_until_cleanup(table):
    table.put(0, 1, defense=50, unit="Air")
    table.put(0, 2, defense=50, unit="Land")
    theirs = table.put(1, 1, defense=20, unit="Air")
    theirs["damage"] = 10
    encounter(table, "E-02")
    assert m.eff_def(table.slot(0, 1)) == 30 and m.eff_def(table.slot(0, 2)) == 50
    assert m.eff_def(table.slot(1, 1)) == 10  # the floor
    assert table.slot(1, 1)["card"] == theirs["card"]  # lowering DEF destroys nothing
    assert table.slot(0, 1)["mods"][0]["until"] == {"event": "cleanup"}


def test_r_eff_1_e03_drawer_disables_an_opposing_card_of_level_1_to_3(table):
    for level in (1, 3, 4):
        table.put(1, level)
    table.put(0, 2)
    encounter(table, "E-03")
    assert table.state["await"]["player"] == 0
    assert table.state["await"]["options"] == [[1, 1], [1, 3]]
    table.choose([1, 3])
    assert table.slot(1, 3)["disabled"] and not table.slot(1, 1)["disabled"]


def test_r_eff_1_e03_disabled_card_cannot_attack_until_cleanup(table):
    table.put(1, 3, atk=40)
    table.put(0, 3, defense=90)
    encounter(table, "E-03")
    table.choose([1, 3])
    draw_and_end(table)
    player(table, 1)["deck"] = [table.card(level=3)]
    no_encounter(table)
    table.act({"type": "draw"})
    error = table.rejected({"type": "attack", "level": 3, "target": {"player": 0, "level": 3}})
    assert error.rule == "R-CMB-7"
    table.act({"type": "end_turn"})  # Cleanup: the Disabled state ends
    table.act({"type": "reinforce", "card": player(table, 0)["hand"][0]})
    assert not table.slot(1, 3)["disabled"]


def test_r_eff_1_e04_every_standing_area_of_every_player_loses_10(table):
    table.bases(1)["OPS"] = 0
    encounter(table, "E-04")
    assert table.bases(0) == {"HQ": 90, "OPS": 90, "TEST": 90, "LAB": 90}
    assert table.bases(1) == {"HQ": 90, "OPS": 0, "TEST": 90, "LAB": 90}


def test_r_win_1_e04_eliminating_everyone_at_once_is_a_draw(table):
    for seat in (0, 1):
        table.bases(seat).update(HQ=0, OPS=0, TEST=0, LAB=10)
    encounter(table, "E-04")
    assert player(table, 0)["out"] and player(table, 1)["out"]
    assert table.state["winner"] == {"team": None, "draw": True}


def test_r_win_1_e04_eliminates_the_opponent(table):
    table.bases(1).update(HQ=0, OPS=0, TEST=0, LAB=10)
    encounter(table, "E-04")
    assert table.state["winner"] == {"team": 0, "draw": False}


def test_r_eff_1_e05_granted_bypass_for_this_turn(table):
    table.put(0, 3, atk=40)
    table.put(0, 1, atk=10)
    encounter(table, "E-05")
    table.choose([0, 3])
    table.act({"type": "draw"})
    table.attack(3, area="TEST", bypass=True)
    table.roll(6)
    assert table.bases(1)["TEST"] == 60
    assert table.slot(0, 3)["granted"] == []  # ended with the turn


def test_r_eff_1_e06_plus_30_def_until_the_drawers_next_turn(table):
    table.put(0, 1, defense=40)
    table.put(1, 5, defense=90)
    player(table, 1)["deck"] = [table.card(level=5), table.card(level=5)]
    player(table, 0)["enc_deck"] = ["E-06"]
    player(table, 0)["deck"] = [table.card(level=5), table.card(level=5)]
    table.state["await"] = {"kind": "turn_start", "player": 0}
    table.act({"type": "roll", "value": 6})
    table.choose([0, 1])
    assert m.eff_def(table.slot(0, 1)) == 70
    draw_and_end(table)
    no_encounter(table)
    draw_and_end(table)  # Cleanup: the +30 lasts until seat 0's next turn
    table.act({"type": "reinforce", "card": player(table, 0)["hand"][0]})
    assert m.eff_def(table.slot(0, 1)) == 70
    no_encounter(table)  # seat 1 has Command now
    draw_and_end(table)
    assert table.state["await"] == {"kind": "draw", "player": 0}  # no encounter cards left
    assert m.eff_def(table.slot(0, 1)) == 40


def test_r_eff_1_e07_plus_20_atk_and_first_strike_this_turn(table):
    table.put(0, 1, atk=20, defense=30)
    table.put(1, 1, atk=90, defense=40, attributes=["Self Destruct", "First Strike"])
    encounter(table, "E-07")
    table.choose([0, 1])
    assert m.eff_atk(table.slot(0, 1)) == 40 and m.has(table.slot(0, 1), "First Strike")
    table.act({"type": "draw"})
    table.attack(1, 1)  # no Self Destruct, no pre-strike: 40 destroys the target
    assert table.slot(1, 1) is None and table.slot(0, 1)["damage"] == 0
    assert table.slot(0, 1)["mods"] == [] and table.slot(0, 1)["granted"] == []


def test_r_eff_1_e08_is_held_not_in_hand(table):
    encounter(table, "E-08")
    assert player(table, 0)["held"] == ["E-08"]
    assert player(table, 0)["hand"] == [] and player(table, 0)["enc_discard"] == []


def test_r_eff_1_e08_cancels_an_attack_declared_against_its_holder(table):
    table.put(0, 1, atk=90)["protector"] = True
    table.put(1, 1, defense=40)
    player(table, 1)["held"] = ["E-08"]
    table.attack(1, 1)
    assert table.state["await"]["choice"] == "use_held"
    assert table.state["await"]["player"] == 1
    table.choose(True)
    assert table.slot(1, 1)["damage"] == 0 and table.slot(0, 1)["protector"]
    assert player(table, 1)["held"] == [] and player(table, 1)["enc_discard"] == ["E-08"]
    assert table.state["await"] == {"kind": "turn_start", "player": 1}  # the attack is spent


def test_r_eff_1_e08_comes_before_defending_time_shift(table):
    table.put(0, 1, atk=90)
    table.put(1, 1, defense=40, attributes=["Time Shift"])
    player(table, 1)["held"] = ["E-08"]
    table.attack(1, 1)
    table.choose(True)
    assert table.state["await"] == {"kind": "turn_start", "player": 1}  # no Time Shift roll


def test_r_eff_1_e08_cancels_a_base_attack(table):
    table.put(0, 1, atk=50, attributes=["Bypass"])
    player(table, 1)["held"] = ["E-08"]
    table.attack(1, area="HQ", bypass=True)
    table.choose(True)
    assert table.bases(1)["HQ"] == 100


def test_r_eff_1_e08_may_be_declined(table):
    table.put(0, 1, atk=30)
    table.put(1, 1, defense=40)
    player(table, 1)["held"] = ["E-08"]
    table.attack(1, 1)
    table.choose(False)
    assert table.slot(1, 1)["damage"] == 30


def test_r_eff_1_e09_raises_the_marker_for_free(table):
    player(table, 0)["clearance"] = 1
    encounter(table, "E-09")
    assert player(table, 0)["clearance"] == 2
    assert player(table, 0)["clr_mods"] == []


def test_r_clr_3_e09_does_not_use_up_the_cleanup_advance(table):
    player(table, 0)["clearance"] = 1
    table.put(0, 1, defense=90)
    table.put(0, 5, defense=90)
    table.put(1, 5, defense=90)
    player(table, 1)["deck"] = [table.card(level=5)]
    encounter(table, "E-09")
    table.act({"type": "draw"})
    table.act({"type": "end_turn"})
    no_encounter(table)
    draw_and_end(table)
    assert table.state["await"] == {"kind": "advance", "player": 0}


def test_r_eff_1_e09_at_4_repairs_a_base_area_instead(table):
    player(table, 0)["clearance"] = 4
    table.bases(0).update(HQ=90, OPS=50, TEST=0)
    encounter(table, "E-09")
    assert table.state["await"]["options"] == ["HQ", "OPS"]  # LAB at 100 HP: not offered
    table.choose("OPS")
    assert player(table, 0)["clearance"] == 4
    assert table.bases(0) == {"HQ": 90, "OPS": 70, "TEST": 0, "LAB": 100}


def test_r_eff_1_e09_at_5_never_lowers_the_marker(table):
    """The cap of 4 stops a raise; a step that cannot raise changes nothing (otherwise)."""
    table.bases(0)["OPS"] = 50
    encounter(table, "E-09")
    assert player(table, 0)["clearance"] == 5
    table.choose("OPS")
    assert table.bases(0)["OPS"] == 70


def test_r_eff_1_e10_looks_at_the_opponents_hand_and_reorders_the_top_3(table):
    secret = table.card()
    player(table, 1)["hand"] = [secret]
    top = [table.card(level=5) for _ in range(4)]
    player(table, 0)["enc_deck"] = ["E-10"]
    player(table, 0)["deck"] = list(top)
    table.state["await"] = {"kind": "turn_start", "player": 0}
    table.act({"type": "roll", "value": 5})
    looked = next(e for e in table.events if e["kind"] == "looked")
    assert looked["cards"] == [secret] and looked["private"]
    assert len(table.state["await"]["options"]) == 6
    table.choose([top[2], top[0], top[1]])
    assert player(table, 0)["deck"] == [top[2], top[0], top[1], top[3]]
    assert player(table, 0)["hand"] == []  # not a draw


def test_r_eff_1_e10_with_a_short_deck_peeks_what_there_is(table):
    player(table, 0)["enc_deck"] = ["E-10"]
    only = table.card(level=5)
    player(table, 0)["deck"] = [only]
    table.state["await"] = {"kind": "turn_start", "player": 0}
    table.act({"type": "roll", "value": 5})
    assert table.state["await"] == {"kind": "draw", "player": 0}
    assert player(table, 0)["deck"] == [only] and not player(table, 0)["out"]


def test_r_eff_1_e11_search_one_then_put_one_under(table):
    wanted, other, kept = table.card(level=5), table.card(level=5), table.card(level=1)
    player(table, 0)["hand"] = [kept]
    player(table, 0)["enc_deck"] = ["E-11"]
    player(table, 0)["deck"] = [other, wanted]
    table.state["await"] = {"kind": "turn_start", "player": 0}
    table.act({"type": "roll", "value": 5})
    table.choose(wanted)
    table.choose(kept)
    assert player(table, 0)["hand"] == [wanted]
    assert player(table, 0)["deck"] == [other, kept]


def test_r_eff_1_e11_empty_deck_does_nothing(table):
    player(table, 0)["enc_deck"] = ["E-11"]
    player(table, 0)["hand"] = [table.card()]
    table.state["await"] = {"kind": "turn_start", "player": 0}
    table.act({"type": "roll", "value": 5})
    assert table.state["await"] == {"kind": "draw", "player": 0}
    assert len(player(table, 0)["hand"]) == 1


def test_r_eff_1_e12_repairs_a_base_area_and_own_line_cards(table):
    table.bases(0).update(HQ=0, OPS=90, TEST=40)
    table.put(0, 1, defense=90)["damage"] = 50
    table.put(1, 1, defense=90)["damage"] = 50
    encounter(table, "E-12")
    # HQ stays destroyed; LAB, at full HP, would regain nothing
    assert table.state["await"]["options"] == ["OPS", "TEST"]
    table.choose("OPS")
    assert table.bases(0)["OPS"] == 100  # never above 100
    assert table.slot(0, 1)["damage"] == 0 and table.slot(1, 1)["damage"] == 50


def test_r_eff_1_a_base_area_at_full_hp_is_never_offered_for_repair(table):
    """R-EFF-1 (repair_base: up to `amount` HP, never above 100) with R-EFF-0 (a step
    with no legal choice does nothing): areas at 100 HP regain nothing, so they are not
    choices; with every standing area at 100 HP, no choice is asked and the card's next
    step resolves."""
    table.bases(0).update(HQ=0)
    table.put(0, 1, defense=90)["damage"] = 50
    encounter(table, "E-12")
    assert table.state["await"] == {"kind": "draw", "player": 0}  # no area to choose
    assert table.bases(0) == {"HQ": 0, "OPS": 100, "TEST": 100, "LAB": 100}
    assert table.slot(0, 1)["damage"] == 0  # the card's second step still resolves


def test_r_eff_1_one_damaged_area_is_the_only_one_offered(table):
    table.bases(0)["TEST"] = 95
    encounter(table, "E-12")
    assert table.state["await"]["options"] == ["TEST"]
    table.choose("TEST")
    assert table.bases(0)["TEST"] == 100
