"""Turns, rounds, Sacrifice, Cleanup and winning (R-TURN-1, R-SAC-1, R-SAC-2, R-CLN-1,
R-CLR-3, R-CMB-6, R-WIN-1)."""


from companion.games.ats import model as m
from tests.ats.scenario import RULES

END = {"type": "end_turn"}


def no_encounter(table):
    """Roll 1 for the Encounter roll, if one is awaited (R-ENC-1 skips it on an empty deck)."""
    if table.waiting("turn_start"):
        table.act({"type": "roll", "value": 1})


def player(table, seat):
    return table.state["players"][seat]


def seat1_turn(table):
    """Seat 0 ends its turn; seat 1 rolls no encounter and draws."""
    if not player(table, 1)["deck"]:
        player(table, 1)["deck"] = [table.card(level=5)]
        table.put(1, 5, defense=90)  # no gap for the drawn card, so no Reinforce prompt
    table.act(END)
    no_encounter(table)
    table.act({"type": "draw"})


def to_cleanup(table):
    seat1_turn(table)
    table.act(END)


# -- R-TURN-1 the turn ---------------------------------------------------------------------
def test_r_turn_1_turn_is_encounter_roll_then_draw_then_main(table):
    drawn = table.card(level=2)
    player(table, 1)["deck"] = [drawn]
    player(table, 1)["enc_deck"] = ["E-04"]
    table.act(END)
    assert table.state["await"] == {"kind": "turn_start", "player": 1}
    assert table.rejected({"type": "draw"}).rule == "F-PROMPT"
    table.act({"type": "roll", "value": 1})
    assert table.state["await"] == {"kind": "draw", "player": 1}
    assert table.rejected(END).rule == "F-PROMPT"
    table.act({"type": "draw"})
    assert table.state["await"] == {"kind": "main", "player": 1}
    assert player(table, 1)["hand"] == [drawn] and player(table, 1)["deck"] == []


def test_r_enc_1_no_encounter_roll_with_an_empty_encounter_deck(table):
    player(table, 1)["deck"] = [table.card(level=2)]
    player(table, 1)["enc_deck"] = []
    table.act(END)
    assert table.state["await"] == {"kind": "draw", "player": 1}


def test_r_turn_1_end_turn_passes_to_the_opponent(table):
    table.act(END)
    assert table.state["turn"]["player"] == 1
    assert table.state["round"] == 2 and table.state["phase"] == "turn"


def test_r_turn_1_one_attack_per_turn(table):
    table.put(0, 1, atk=10)
    table.put(1, 1, defense=90)
    table.attack(1, 1)
    assert table.state["await"] == {"kind": "turn_start", "player": 1}
    table.state["await"] = {"kind": "main", "player": 0}
    table.state["turn"] = {"player": 0, "attacked": True, "sacrificed": False, "intel": False}
    error = table.rejected({"type": "attack", "level": 1, "target": {"player": 1, "level": 1}})
    assert error.rule == "R-TURN-1"


def test_r_die_1_a_roll_is_1_to_6(table):
    player(table, 1)["enc_deck"] = ["E-04"]
    table.act(END)
    assert table.rejected({"type": "roll", "value": 7}).rule == "F-DIE"


# -- R-SAC-1 Sacrifice ---------------------------------------------------------------------
def test_r_sac_1_swap_a_line_card_for_a_same_level_card(table):
    old = table.put(0, 2, atk=10)
    old["damage"] = 20
    new = table.card(level=2)
    player(table, 0)["hand"] = [new]
    table.act({"type": "sacrifice", "swaps": [{"level": 2, "card": new}]})
    slot = table.slot(0, 2)
    assert slot["card"] == new and slot["damage"] == 0 and not slot["protector"]
    assert player(table, 0)["discard"] == [old["card"]] and player(table, 0)["hand"] == []
    assert table.state["await"] == {"kind": "turn_start", "player": 1}  # instead of attacking


def test_r_sac_1_fills_gaps_and_swaps_several_at_once(table):
    table.put(0, 1)
    one, three = table.card(level=1), table.card(level=3)
    player(table, 0)["hand"] = [one, three]
    table.act({"type": "sacrifice", "swaps": [{"level": 1, "card": one},
                                              {"level": 3, "card": three}]})
    assert table.slot(0, 1)["card"] == one and table.slot(0, 3)["card"] == three


def test_r_sac_1_ignores_clearance(table):
    player(table, 0)["clearance"] = 1
    five = table.card(level=5)
    player(table, 0)["hand"] = [five]
    table.act({"type": "sacrifice", "swaps": [{"level": 5, "card": five}]})
    assert table.slot(0, 5)["card"] == five


def test_r_sac_1_needs_a_same_level_card_from_hand(table):
    table.put(0, 2)
    wrong = table.card(level=3)
    player(table, 0)["hand"] = [wrong]
    error = table.rejected({"type": "sacrifice", "swaps": [{"level": 2, "card": wrong}]})
    assert error.rule == "R-SAC-1"
    error = table.rejected({"type": "sacrifice", "swaps": [{"level": 2, "card": "D2-01"}]})
    assert error.rule == "R-SAC-1"


def test_r_sac_1_must_place_at_least_one_card(table):
    assert table.rejected({"type": "sacrifice", "swaps": []}).rule == "R-SAC-1"


def test_r_sac_1_one_card_per_level(table):
    a, b = table.card(level=2), table.card(level=2)
    player(table, 0)["hand"] = [a, b]
    error = table.rejected({"type": "sacrifice", "swaps": [{"level": 2, "card": a},
                                                           {"level": 2, "card": b}]})
    assert error.rule == "R-SAC-1"


def test_r_sac_1_not_after_attacking(table):
    card = table.card(level=2)
    player(table, 0)["hand"] = [card]
    table.state["turn"]["attacked"] = True
    error = table.rejected({"type": "sacrifice", "swaps": [{"level": 2, "card": card}]})
    assert error.rule == "R-SAC-1"


def test_r_sac_1_not_after_a_cancelled_attack(table):
    """R-ATT-14: a Time-Shifted attack is still spent, so the turn passes."""
    table.put(0, 1, atk=40)
    table.put(1, 1, defense=40, attributes=["Time Shift"])
    player(table, 0)["hand"] = [table.card(level=1)]
    table.attack(1, 1)
    table.roll(5)
    assert table.state["turn"]["player"] == 1
    assert len(player(table, 0)["hand"]) == 1


# -- R-CLN-1 Cleanup -------------------------------------------------------------------------
def test_r_cln_1_repairs_damage_and_ends_disabled_and_round_effects(table):
    slot = table.put(0, 1, defense=90)
    slot.update(damage=50, disabled=True, cloaked=True)
    slot["mods"].append({"stat": "def", "amount": -20, "until": {"event": "cleanup"}})
    to_cleanup(table)
    slot = table.slot(0, 1)
    assert (slot["damage"], slot["disabled"], slot["cloaked"], slot["mods"]) == (0, False,
                                                                               False, [])


def test_r_cln_1_reinforce_is_mandatory(table):
    card = table.card(level=2)
    player(table, 0)["hand"] = [card]
    to_cleanup(table)
    assert table.state["await"] == {"kind": "reinforce", "player": 0, "level": 2}
    assert table.rejected({"type": "skip"}).rule == "F-PROMPT"
    assert table.rejected({"type": "reinforce", "card": "D2-01"}).rule == "R-CLN-1"
    table.act({"type": "reinforce", "card": card})
    assert table.slot(0, 2)["card"] == card and player(table, 0)["hand"] == []


def test_r_cln_1_command_holder_reinforces_first(table):
    mine, theirs = table.card(level=2), table.card(level=3)
    player(table, 0)["hand"] = [mine]
    player(table, 1)["hand"] = [theirs]
    to_cleanup(table)
    assert table.state["await"] == {"kind": "reinforce", "player": 0, "level": 2}
    table.act({"type": "reinforce", "card": mine})
    assert table.state["await"] == {"kind": "reinforce", "player": 1, "level": 3}


def test_r_cln_1_hand_limit_7_discarding_one_at_a_time(table):
    hand = [table.card(level=5) for _ in range(9)]
    table.put(0, 5)
    player(table, 0)["hand"] = list(hand)
    to_cleanup(table)
    assert table.state["await"] == {"kind": "discard", "player": 0}
    assert table.rejected({"type": "discard", "card": "D1-01"}).rule == "R-CLN-1"
    table.act({"type": "discard", "card": hand[0]})
    assert table.state["await"] == {"kind": "discard", "player": 0}
    table.act({"type": "discard", "card": hand[1]})
    assert player(table, 0)["hand"] == hand[2:]
    assert player(table, 0)["discard"] == hand[:2]
    assert table.state["await"] == {"kind": "turn_start", "player": 1}


def test_r_cln_1_no_hand_limit_during_the_round(table):
    player(table, 0)["hand"] = [table.card(level=5) for _ in range(9)]
    player(table, 0)["deck"] = [table.card(level=5)]
    table.state["await"] = {"kind": "draw", "player": 0}
    table.act({"type": "draw"})
    assert len(player(table, 0)["hand"]) == 10


def test_r_cln_1_command_passes_and_the_round_increments(table):
    to_cleanup(table)
    assert table.state["command"] == 1 and table.state["round"] == 3
    assert table.state["order"] == [1, 0]
    assert table.state["await"] == {"kind": "turn_start", "player": 1}


# -- R-CLR-3 advancing clearance ----------------------------------------------------------
def test_r_clr_3_advance_one_level_by_discarding_printed_def(table):
    player(table, 0)["clearance"] = 2
    payer = table.put(0, 1, defense=20)
    to_cleanup(table)
    assert table.state["await"] == {"kind": "advance", "player": 0}
    table.act({"type": "advance", "levels": [1]})
    assert player(table, 0)["clearance"] == 3
    assert table.slot(0, 1) is None and player(table, 0)["discard"] == [payer["card"]]


def test_r_clr_3_costs_are_10_20_30_40(table):
    for marker, cost in ((1, 10), (2, 20), (3, 30), (4, 40)):
        player(table, 0)["clearance"] = marker
        player(table, 0)["line"] = [None] * 5
        table.put(0, 1, defense=cost - 10)
        table.put(0, 2, defense=cost)
        assert RULES.advance_options(table.state, 0) == [(2,), (1, 2)]


def test_r_clr_3_underpaying_is_rejected_and_bonuses_do_not_count(table):
    player(table, 0)["clearance"] = 2
    table.put(0, 1, defense=10)["protector"] = True  # effective 20, printed 10
    table.put(0, 2, defense=10)
    to_cleanup(table)
    assert table.rejected({"type": "advance", "levels": [1]}).rule == "R-CLR-3"
    table.act({"type": "advance", "levels": [1, 2]})
    assert player(table, 0)["clearance"] == 3


def test_r_clr_3_one_level_per_cleanup_and_the_gap_stays_open(table):
    player(table, 0)["clearance"] = 1
    table.put(0, 1, defense=90)
    table.put(0, 2, defense=90)
    player(table, 0)["hand"] = [table.card(level=1)]
    to_cleanup(table)
    table.act({"type": "advance", "levels": [1]})
    assert player(table, 0)["clearance"] == 2
    assert table.state["await"] == {"kind": "turn_start", "player": 1}
    assert table.slot(0, 1) is None  # Reinforce came before: the gap waits


def test_r_clr_3_advancing_is_optional_and_stops_at_5(table):
    player(table, 0)["clearance"] = 4
    table.put(0, 1, defense=90)
    to_cleanup(table)
    table.act({"type": "skip"})
    assert player(table, 0)["clearance"] == 4
    assert player(table, 1)["clearance"] == 5  # seat 1, at 5, was never asked
    assert table.state["await"] == {"kind": "turn_start", "player": 1}


# -- R-CMB-6 / R-WIN-1 bases and elimination ------------------------------------------
def test_r_cmb_6_a_destroyed_area_stays_destroyed(table):
    table.put(0, 1, atk=90)
    table.bases(1)["HQ"] = 20
    table.attack(1, 1, area="HQ")
    assert table.bases(1)["HQ"] == 0
    player(table, 1)["deck"] = [table.card(level=5)]
    table.put(1, 5, defense=90)
    no_encounter(table)
    table.act({"type": "draw"})
    table.act(END)  # Cleanup repairs cards, never base areas
    assert table.bases(1)["HQ"] == 0
    assert not player(table, 1)["out"]


def test_r_win_1_losing_the_last_base_area_ends_the_game(table):
    table.put(0, 1, atk=40)
    table.bases(1).update(HQ=0, OPS=0, TEST=0, LAB=30)
    table.attack(1, 1, area="LAB")
    assert player(table, 1)["out"]
    assert table.state["phase"] == "over" and table.state["await"] is None
    assert table.state["winner"] == {"team": 0, "draw": False}
    assert table.rejected(END).rule == "F-OVER"


def test_r_win_1_roll_over_can_take_the_last_area(table):
    table.put(0, 1, atk=90)
    table.put(1, 1, defense=40)
    table.bases(1).update(HQ=0, OPS=0, TEST=0, LAB=50)
    table.attack(1, 1)
    assert table.state["winner"] == {"team": 0, "draw": False}


# -- R-SAC-2 one swap at a time -------------------------------------------------------------
def swap(level, card):
    return {"type": "swap", "level": level, "card": card}


def test_r_sac_2_several_swaps_one_at_a_time_then_end_the_turn(table):
    old = table.put(0, 2, atk=10)
    two, four, spare = table.card(level=2), table.card(level=4), table.card(level=1)
    player(table, 0)["hand"] = [two, four, spare]
    table.act(swap(2, two))
    assert table.state["await"] == {"kind": "main", "player": 0}  # the turn goes on
    assert table.slot(0, 2)["card"] == two and player(table, 0)["discard"] == [old["card"]]
    legal = RULES.legal_actions(table.state)
    assert {a["type"] for a in legal} == {"swap", "end_turn"}  # no attack after a swap
    assert {a["level"] for a in legal if a["type"] == "swap"} == {1, 4}  # level 2 is done
    table.act(swap(4, four))
    assert table.state["await"] == {"kind": "main", "player": 0}  # `spare` could go in L1
    table.act(END)
    assert table.state["turn"]["player"] == 1
    assert player(table, 0)["hand"] == [spare]


def test_r_sac_2_the_turn_ends_when_no_card_could_make_another_swap(table):
    one = table.card(level=1)
    player(table, 0)["hand"] = [one, table.card(level=1)]
    table.act(swap(1, one))  # the other level-1 card cannot go in level 1 again
    assert table.state["turn"]["player"] == 1


def test_r_sac_2_one_swap_per_level_and_no_attack_or_intel_after(table):
    table.put(0, 1, atk=40, attributes=["Intel"])
    table.put(1, 1, defense=90)
    a, b, c = table.card(level=2), table.card(level=2), table.card(level=3)
    player(table, 0)["hand"] = [a, b, c]
    table.act(swap(2, a))
    assert table.rejected(swap(2, b)).rule == "R-SAC-2"
    assert table.rejected({"type": "attack", "level": 1,
                           "target": {"player": 1, "level": 1}}).rule == "R-TURN-1"
    assert table.rejected({"type": "intel", "level": 1, "mode": "self"}).rule == "R-ATT-10"
    assert table.rejected({"type": "sacrifice", "swaps": [{"level": 3, "card": c}]}
                          ).rule == "R-SAC-1"


def test_r_sac_2_not_after_attacking_or_a_whole_sacrifice(table):
    card = table.card(level=2)
    player(table, 0)["hand"] = [card]
    table.state["turn"]["attacked"] = True
    assert table.rejected(swap(2, card)).rule == "R-SAC-1"
    table.state["turn"].update(attacked=False, sacrificed=True)  # R-SAC-1's, all at once
    assert table.rejected(swap(2, card)).rule == "R-SAC-1"


def test_r_sac_2_needs_a_same_level_card_from_hand(table):
    wrong = table.card(level=3)
    player(table, 0)["hand"] = [wrong]
    assert table.rejected(swap(2, wrong)).rule == "R-SAC-1"
    assert table.rejected(swap(9, wrong)).rule == "R-SAC-2"


def test_r_sac_2_swaps_in_turn_give_the_same_table_as_one_sacrifice(table):
    table.put(0, 1)
    one, three = table.card(level=1), table.card(level=3)
    player(table, 0)["hand"] = [one, three, table.card(level=5)]
    start = table.state
    table.act({"type": "sacrifice", "swaps": [{"level": 1, "card": one},
                                              {"level": 3, "card": three}]})
    together = table.state["players"][0]
    table.state = start
    table.act(swap(3, three))
    table.act(swap(1, one))
    table.act(END)
    apart = table.state["players"][0]
    assert apart["line"] == together["line"] and apart["hand"] == together["hand"]
    assert sorted(apart["discard"]) == sorted(together["discard"])


def test_r_win_1_drawing_from_an_empty_deck_is_out(table):
    player(table, 1)["deck"] = []
    table.act(END)
    no_encounter(table)
    table.act({"type": "draw"})
    assert player(table, 1)["out"]
    assert table.state["winner"] == {"team": 0, "draw": False}
    assert "eliminated" in table.kinds()


def test_r_clr_4_effective_clearance_is_clamped(table):
    player(table, 0)["clearance"] = 1
    player(table, 0)["clr_mods"].append({"amount": -1, "until": {"event": "turn_end"}})
    assert m.clearance(player(table, 0)) == 1


def test_r_turn_1_intel_then_sacrifice(table):
    table.put(0, 1, attributes=["Intel"])
    card = table.card(level=2)
    player(table, 0)["hand"] = [card]
    table.act({"type": "intel", "level": 1, "mode": "self"})
    table.act({"type": "sacrifice", "swaps": [{"level": 2, "card": card}]})
    assert table.slot(0, 2)["card"] == card


def test_r_win_1_a_player_out_by_their_own_encounter_ends_their_turn(table):
    """Three players (R-TEAM-1): seat 0's Cattle Mutilations takes its own last area."""
    state = table.state
    state["players"].append(m.new_player({"team": 2}, 2))
    state.update(teams=[[0], [1], [2]], starters=[0, 0, 0], order=[0, 1, 2])
    player(table, 0).update(enc_deck=["E-04"], deck=[table.card(level=5)])
    table.bases(0).update(HQ=0, OPS=0, TEST=0, LAB=10)
    state["await"] = {"kind": "turn_start", "player": 0}
    table.act({"type": "roll", "value": 6})
    assert player(table, 0)["out"] and table.state["phase"] == "turn"
    assert table.state["await"] == {"kind": "turn_start", "player": 1}
